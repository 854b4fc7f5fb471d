import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { premiumSubscriptions, users } from '../../db/schema';

export type SubscriptionRow = typeof premiumSubscriptions.$inferSelect;

/** The user's pending or active subscription (at most one, by the partial unique index). */
export async function findLiveSubscription(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(premiumSubscriptions)
    .where(
      and(
        eq(premiumSubscriptions.userId, userId),
        inArray(premiumSubscriptions.status, ['pending', 'active']),
      ),
    )
    .limit(1);
  return row;
}

/** The newest paid subscription (active or cancelled), for the manage page. */
export async function findLatestPaidSubscription(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(premiumSubscriptions)
    .where(and(eq(premiumSubscriptions.userId, userId), ne(premiumSubscriptions.status, 'pending')))
    .orderBy(desc(premiumSubscriptions.createdAt))
    .limit(1);
  return row;
}

export async function insertPendingSubscription(
  db: DbOrTx,
  v: Pick<
    typeof premiumSubscriptions.$inferInsert,
    'userId' | 'startDate' | 'renewalDate' | 'amount' | 'currency' | 'gateway' | 'cardLast4' | 'cardBrand'
  >,
): Promise<SubscriptionRow> {
  const [row] = await db
    .insert(premiumSubscriptions)
    .values({ ...v, status: 'pending' })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Removes a payment that did not go through: nothing is kept of a declined card. */
export async function deletePendingSubscription(db: DbOrTx, id: string): Promise<void> {
  await db
    .delete(premiumSubscriptions)
    .where(and(eq(premiumSubscriptions.id, id), eq(premiumSubscriptions.status, 'pending')));
}

export async function activateSubscription(
  db: DbOrTx,
  id: string,
  paid: { gatewayReference: string; cardBrand: string },
) {
  const [row] = await db
    .update(premiumSubscriptions)
    .set({ status: 'active', ...paid })
    .where(and(eq(premiumSubscriptions.id, id), eq(premiumSubscriptions.status, 'pending')))
    .returning();
  return row;
}

export async function cancelActiveSubscription(db: DbOrTx, userId: string, at: Date) {
  const [row] = await db
    .update(premiumSubscriptions)
    .set({ status: 'cancelled', cancelledAt: at })
    .where(and(eq(premiumSubscriptions.userId, userId), eq(premiumSubscriptions.status, 'active')))
    .returning();
  return row;
}

/** Premium lasts while premium_until is in the future; null ends it. */
export async function setPremiumUntil(db: DbOrTx, userId: string, until: Date | null): Promise<void> {
  await db.update(users).set({ premiumUntil: until }).where(eq(users.id, userId));
}
