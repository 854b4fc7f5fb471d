import type { PublicExchange } from '@vaultline/shared';
import { describe, expect, it } from 'vitest';
import { exchangeRefreshMs } from './manual-deposit-api';

const at = (status: number, expiresAt = '2025-01-01T12:30:00.000Z') =>
  ({ status, expiresAt }) as PublicExchange;
const now = (iso: string) => Date.parse(iso);

describe('exchangeRefreshMs', () => {
  it('reads every 60 s (spec-1 §9), never again once successful', () => {
    expect(exchangeRefreshMs(undefined)).toBe(60_000);
    expect(exchangeRefreshMs(at(2), now('2025-01-01T13:00:00Z'))).toBe(60_000);
    expect(exchangeRefreshMs(at(0), now('2025-01-01T13:00:00Z'))).toBe(60_000);
    expect(exchangeRefreshMs(at(1))).toBe(false);
  });

  it('looks every 5 s for five minutes once an unpaid exchange is past its time', () => {
    expect(exchangeRefreshMs(at(3), now('2025-01-01T12:29:59Z'))).toBe(60_000);
    expect(exchangeRefreshMs(at(3), now('2025-01-01T12:30:00Z'))).toBe(5_000);
    expect(exchangeRefreshMs(at(3), now('2025-01-01T12:34:59Z'))).toBe(5_000);
    expect(exchangeRefreshMs(at(3), now('2025-01-01T12:35:00Z'))).toBe(60_000);
  });
});
