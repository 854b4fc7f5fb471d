import type { FeedUpdate, PublicExchange } from '@vaultline/shared';

/**
 * A live update onto the page's copy of an exchange, unless it is older than what the page shows.
 * On a watched network it also carries the confirmations, the stage and the payout hash.
 */
export function applyFeedUpdate(e: PublicExchange | undefined, u: FeedUpdate): PublicExchange | undefined {
  if (!e || e.id !== u.id || Date.parse(u.updatedAt) < Date.parse(e.updatedAt)) return e;
  return {
    ...e,
    status: u.status,
    adminNotes: u.adminNotes,
    transactionHash: u.transactionHash,
    updatedAt: u.updatedAt,
    ...(u.depositConfirmations !== undefined ? { depositConfirmations: u.depositConfirmations } : {}),
    ...(u.requiredConfirmations !== undefined ? { requiredConfirmations: u.requiredConfirmations } : {}),
    ...(u.stage !== undefined ? { stage: u.stage } : {}),
    ...(u.payoutHash !== undefined ? { payoutHash: u.payoutHash } : {}),
  };
}
