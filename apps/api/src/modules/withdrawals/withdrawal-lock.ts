import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/**
 * Locks a user's withdrawals for `hours` from now (WITHDRAWAL_LOCK_HOURS), in the caller's
 * transaction: after a password change or reset, a factor removed, or an admin's reset of the
 * factors (decision 0054). A lock already running longer is kept (greatest); 0 hours changes nothing.
 */
export async function lockWithdrawals(tx: DbOrTx, userId: string, hours: number): Promise<void> {
  if (hours <= 0) return;
  const until = sql`now() + ${hours} * interval '1 hour'`;
  await tx
    .update(users)
    .set({
      withdrawalsLockedUntil: sql`greatest(coalesce(${users.withdrawalsLockedUntil}, ${until}), ${until})`,
    })
    .where(eq(users.id, userId));
}
