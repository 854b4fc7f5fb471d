import { describe, expect, it } from 'vitest';
import { compileTestToken } from './compile-test-token';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from './test-token.artifact';

describe('the local chains’ USDT stand-in', () => {
  it('is the compiled test-token.sol (the artifact is regenerated when the source changes)', () => {
    const compiled = compileTestToken();
    expect(compiled.bytecode).toBe(TEST_TOKEN_BYTECODE);
    expect(compiled.abi).toEqual(JSON.parse(JSON.stringify(TEST_TOKEN_ABI)));
  }, 60_000);
});
