import { describe, expect, it } from 'vitest';
import { exchangeActions } from './exchange-view';

const manual = {
  status: 2,
  difference: null,
  refundedAt: null,
  network: null,
  transactionHash: 'ab',
  holdReason: null,
};

describe('what an admin can do with an exchange', () => {
  it('manual network: approve or reject; a differing amount is requoted or refunded', () => {
    expect(exchangeActions(manual)).toEqual(['approve', 'reject']);
    expect(exchangeActions({ ...manual, difference: '-0.1' })).toEqual(['requote', 'refund', 'reject']);
    expect(exchangeActions({ ...manual, status: 1 })).toEqual([]);
  });

  it('watched network: nothing while the chain settles it; what the hold asks for once held', () => {
    const watched = { ...manual, network: 'ETH', transactionHash: '0xab' };
    expect(exchangeActions(watched)).toEqual([]);
    expect(exchangeActions({ ...watched, holdReason: 'noRefundAddress' })).toEqual(['requote', 'refund']);
    expect(exchangeActions({ ...watched, holdReason: 'manualPayout' })).toEqual(['approve']);
    // A failed payout is retried in Networks, not decided here.
    expect(exchangeActions({ ...watched, holdReason: 'payoutFailed' })).toEqual([]);
    // No deposit yet: as on a manual network (e.g. fail it).
    expect(exchangeActions({ ...watched, transactionHash: null, status: 3 })).toEqual(['approve', 'reject']);
  });
});
