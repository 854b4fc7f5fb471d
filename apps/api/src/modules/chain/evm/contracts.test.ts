import { describe, expect, it } from 'vitest';
import { COIN_REFUSER_ABI, COIN_REFUSER_BYTECODE } from './coin-refuser.artifact';
import { CONTRACTS, compileContract } from './compile-contracts';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from './test-token.artifact';
import { TRANSFER_RELAY_ABI, TRANSFER_RELAY_BYTECODE } from './transfer-relay.artifact';

const ARTIFACTS: Record<string, { abi: unknown; bytecode: string }> = {
  TestToken: { abi: TEST_TOKEN_ABI, bytecode: TEST_TOKEN_BYTECODE },
  CoinRefuser: { abi: COIN_REFUSER_ABI, bytecode: COIN_REFUSER_BYTECODE },
  TransferRelay: { abi: TRANSFER_RELAY_ABI, bytecode: TRANSFER_RELAY_BYTECODE },
};

describe('the local chains’ contracts (the USDT stand-in, a contract that refuses coins, a contract that relays tokens)', () => {
  for (const c of CONTRACTS)
    it(`${c.name} is the compiled ${c.source} (the artifact is regenerated when the source changes)`, () => {
      const compiled = compileContract(c);
      expect(compiled.bytecode).toBe(ARTIFACTS[c.name]?.bytecode);
      expect(compiled.abi).toEqual(JSON.parse(JSON.stringify(ARTIFACTS[c.name]?.abi)));
    }, 60_000);
});
