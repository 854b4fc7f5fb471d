import type { PublicExchange } from '@vaultline/shared';
import { describe, expect, it } from 'vitest';
import { historyItem, publicExchange } from '../../history/test/fixtures';
import { applyFeedUpdate } from './apply-feed-update';

const base: PublicExchange = {
  ...publicExchange(historyItem(1, { status: 2 })),
  network: 'ETH',
  stage: 'confirming',
  depositConfirmations: 1,
  requiredConfirmations: 12,
};

describe('a live update onto the page', () => {
  it('moves the confirmations, the stage and the payout hash of a watched exchange', () => {
    const next = applyFeedUpdate(base, {
      id: base.id,
      status: 2,
      adminNotes: null,
      transactionHash: '0xabc',
      updatedAt: new Date(Date.parse(base.updatedAt) + 1000).toISOString(),
      depositConfirmations: 5,
      requiredConfirmations: 12,
      stage: 'sending',
      payoutHash: '0xdef',
    });
    expect(next).toMatchObject({
      depositConfirmations: 5,
      stage: 'sending',
      payoutHash: '0xdef',
      transactionHash: '0xabc',
    });
  });

  it('leaves the chain fields alone when the update has none, and drops an older update', () => {
    const later = new Date(Date.parse(base.updatedAt) + 1000).toISOString();
    const plain = applyFeedUpdate(base, {
      id: base.id,
      status: 1,
      adminNotes: 'ok',
      transactionHash: null,
      updatedAt: later,
    });
    expect(plain).toMatchObject({ status: 1, depositConfirmations: 1, stage: 'confirming' });
    const older = new Date(Date.parse(base.updatedAt) - 1000).toISOString();
    expect(
      applyFeedUpdate(base, {
        id: base.id,
        status: 1,
        adminNotes: null,
        transactionHash: null,
        updatedAt: older,
      }),
    ).toBe(base);
  });
});
