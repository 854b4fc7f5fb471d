import { Decimal, toPlain } from '@vaultline/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { spendingHolds } from '../../db/schema';
import { spendingOnHoldError } from './ledger.service';

/**
 * Spending holds (decision 0038): money a user owes the house because a card payment was taken back
 * after it was spent. The database refuses every debit of a held user's accounts (trigger
 * postings_spending_on_hold, migration 0028); `assertCanSpend` says the same thing up front, for a
 * path that wants to refuse before it starts, and `spendingOnHold` turns the database's refusal
 * into the same answer.
 */
/** The user's holds not cleared yet: what they owe, per asset. */
export async function openHolds(db: DbOrTx, userId: string): Promise<Map<string, Decimal>> {
  const rows = await db
    .select({ assetId: spendingHolds.assetId, amount: spendingHolds.amount })
    .from(spendingHolds)
    .where(and(eq(spendingHolds.userId, userId), isNull(spendingHolds.clearedAt)));
  const owed = new Map<string, Decimal>();
  for (const r of rows) owed.set(r.assetId, (owed.get(r.assetId) ?? new Decimal(0)).add(r.amount));
  return owed;
}

/** Throws SPENDING_ON_HOLD (409) when the user may not spend: the one check every spending path shares. */
export async function assertCanSpend(db: DbOrTx, userId: string): Promise<void> {
  if ((await openHolds(db, userId)).size > 0) throw spendingOnHoldError();
}

export async function insertHold(db: DbOrTx, v: typeof spendingHolds.$inferInsert) {
  const [row] = await db
    .insert(spendingHolds)
    .values({ ...v, amount: toPlain(new Decimal(v.amount)) })
    .onConflictDoNothing()
    .returning();
  return row;
}
