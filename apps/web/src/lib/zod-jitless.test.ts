import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { config } from 'zod/v4/core';

describe('zod without eval', () => {
  it('runs jitless, so it never probes `new Function` (forbidden by the CSP)', () => {
    expect(config().jitless).toBe(true);
  });
});
