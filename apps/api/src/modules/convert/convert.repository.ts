import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, RunStatement, Statement } from '../../db/client';
import { conversions, priceLocks } from '../../db/schema';

export type LockRow = typeof priceLocks.$inferSelect;
export type ConversionRow = typeof conversions.$inferSelect;

const SETTLE: Statement = {
  name: 'convert_settle',
  text: `select outcome, conversion_id, ticker, decimals, minimum_usd, left_usd
         from convert_settle($1, $2, $3, $4, $5, $6)`,
};

export type SettleOutcome =
  | 'OK'
  | 'AUTH'
  | 'LOCK_NOT_FOUND'
  | 'LOCK_USED'
  | 'LOCK_CANCELLED'
  | 'LOCK_EXPIRED'
  | 'ASSET_NOT_FOUND'
  | 'INVALID_AMOUNT'
  | 'TOO_MANY_DECIMALS'
  | 'BELOW_MINIMUM'
  | 'INSUFFICIENT_FUNDS'
  | 'AMOUNT_TOO_SMALL';

export interface SettleResult {
  outcome: SettleOutcome;
  conversion_id: string | null;
  ticker: string | null;
  decimals: number | null;
  minimum_usd: string | null;
  left_usd: string | null;
}

/**
 * Settles a lock in one prepared statement and one round trip (SQL function convert_settle,
 * migration 0005): the lock claimed, the ledger entry posted and the conversion recorded, or a
 * refusal code with nothing changed.
 */
export async function settleLock(
  run: RunStatement,
  v: {
    lockId: string;
    userId: string;
    tokenVersion: number;
    amount: string;
    defaultMinimumUsd: string;
    defaultFeeRate: string;
  },
): Promise<SettleResult> {
  const [row] = await run<SettleResult>(SETTLE, [
    v.lockId,
    v.userId,
    v.tokenVersion,
    v.amount,
    v.defaultMinimumUsd,
    v.defaultFeeRate,
  ]);
  if (!row) throw new Error('convert_settle returned no row');
  return row;
}

/** The caller's own lock; someone else's is simply not found. */
export async function findOwnLock(db: DbOrTx, id: string, userId: string): Promise<LockRow | undefined> {
  const [row] = await db
    .select()
    .from(priceLocks)
    .where(and(eq(priceLocks.id, id), eq(priceLocks.userId, userId)))
    .limit(1);
  return row;
}

export async function cancelLock(db: DbOrTx, id: string, userId: string): Promise<LockRow | undefined> {
  const [row] = await db
    .update(priceLocks)
    .set({ cancelledAt: sql`now()` })
    .where(
      and(
        eq(priceLocks.id, id),
        eq(priceLocks.userId, userId),
        isNull(priceLocks.usedAt),
        isNull(priceLocks.cancelledAt),
      ),
    )
    .returning();
  return row;
}

export async function findOwnConversion(db: DbOrTx, id: string, userId: string) {
  const [row] = await db
    .select()
    .from(conversions)
    .where(and(eq(conversions.id, id), eq(conversions.userId, userId)))
    .limit(1);
  return row;
}

export function listOwnConversions(db: DbOrTx, userId: string, limit: number, offset = 0) {
  return db
    .select()
    .from(conversions)
    .where(eq(conversions.userId, userId))
    .orderBy(desc(conversions.creationDate), desc(conversions.id))
    .limit(limit)
    .offset(offset);
}

export async function countOwnConversions(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(conversions).where(eq(conversions.userId, userId));
  return row?.n ?? 0;
}
