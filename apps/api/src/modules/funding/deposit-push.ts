import type { FeedService } from '../feed/feed.service';

type DepositState = {
  id: string;
  userId: string;
  status: number;
  adminNotes: string | null;
  transactionHash: string | null;
};

/**
 * A deposit's new state, after its change has committed: to its owner's open pages (and the admins),
 * with `extra` fields of the feed's event (a watched network's confirmations).
 */
export function pushDeposit(
  feed: Pick<FeedService, 'publish'>,
  row: DepositState,
  extra: { depositConfirmations?: number | null; requiredConfirmations?: number | null } = {},
) {
  feed.publish(
    {
      id: row.id,
      status: row.status,
      adminNotes: row.adminNotes,
      transactionHash: row.transactionHash,
      updatedAt: new Date().toISOString(),
      ...extra,
    },
    { userId: row.userId },
  );
}
