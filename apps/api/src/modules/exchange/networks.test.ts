import { MEMO_TICKERS, usesMemoTicker, WalletType } from '@vaultline/shared';
import { describe, expect, it } from 'vitest';
import { ASSETS } from '../../db/reference-data';
import { usesMemo, validMemo } from './networks';

// The web shows the memo / tag field from the shared MEMO_TICKERS list; the server accepts a memo
// from its own network table. If they disagree, a guest is either refused a memo the form asked
// for, or never offered one the network needs.
describe('memo networks: the shared list and the server table agree', () => {
  const crypto = ASSETS.filter((a) => a.type === WalletType.Crypto).map((a) => a.ticker);

  it('every asset uses a memo exactly when MEMO_TICKERS names it', () => {
    const server = crypto.filter((t) => usesMemo(t));
    expect(server.sort()).toEqual([...MEMO_TICKERS].sort());
    for (const t of crypto) expect(usesMemoTicker(t), t).toBe(usesMemo(t));
  });

  it('each memo network accepts a plain memo and the others none', () => {
    for (const t of MEMO_TICKERS) expect(validMemo(t, '12345'), t).toBe(true);
    expect(usesMemoTicker('BTC')).toBe(false);
    expect(validMemo('BTC', '12345')).toBe(false);
  });
});
