import { and, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { premiumPayments, premiumSubscriptions, users } from '../../db/schema';

export type SubscriptionRow = typeof premiumSubscriptions.$inferSelect;

/** The user's pending, active or past-due subscription (at most one, by the partial unique index). */
export async function findLiveSubscription(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(premiumSubscriptions)
    .where(
      and(
        eq(premiumSubscriptions.userId, userId),
        inArray(premiumSubscriptions.status, ['pending', 'active', 'past_due']),
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
    'userId' | 'startDate' | 'renewalDate' | 'amount' | 'currency' | 'gateway'
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

/** Premium lasts while premium_until is in the future; null ends it. */
export async function setPremiumUntil(db: DbOrTx, userId: string, until: Date | null): Promise<void> {
  await db.update(users).set({ premiumUntil: until }).where(eq(users.id, userId));
}

/** The subscription a gateway event is about: by our id (the metadata) or the gateway's id; locked. */
export async function findSubscriptionForEvent(
  db: DbOrTx,
  gateway: string,
  ids: { subscriptionId: string | null; gatewayReference: string | null },
) {
  const byOurs = ids.subscriptionId && /^[0-9a-f-]{36}$/i.test(ids.subscriptionId);
  const where = byOurs
    ? eq(premiumSubscriptions.id, ids.subscriptionId as string)
    : ids.gatewayReference
      ? and(
          eq(premiumSubscriptions.gateway, gateway),
          eq(premiumSubscriptions.gatewayReference, ids.gatewayReference),
        )
      : undefined;
  if (!where) return undefined;
  const [row] = await db.select().from(premiumSubscriptions).where(where).for('update').limit(1);
  return row;
}

export async function updateSubscription(
  db: DbOrTx,
  id: string,
  set: Partial<typeof premiumSubscriptions.$inferInsert>,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(premiumSubscriptions)
    .set(set)
    .where(eq(premiumSubscriptions.id, id))
    .returning();
  return row;
}

/** The payment's receipt, once per invoice; false when it was recorded before. */
export async function insertPayment(db: DbOrTx, v: typeof premiumPayments.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(premiumPayments)
    .values(v)
    .onConflictDoNothing()
    .returning({ id: premiumPayments.id });
  return rows.length === 1;
}

export function listReceipts(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(premiumPayments)
    .where(eq(premiumPayments.userId, userId))
    .orderBy(desc(premiumPayments.paidAt))
    .limit(100);
}

export type PaymentRow = typeof premiumPayments.$inferSelect;

export async function findPayment(db: DbOrTx, id: string, forUpdate = false) {
  const q = db.select().from(premiumPayments).where(eq(premiumPayments.id, id)).limit(1);
  const [row] = await (forUpdate ? q.for('update') : q);
  return row;
}

export async function updatePayment(
  db: DbOrTx,
  id: string,
  set: Partial<typeof premiumPayments.$inferInsert>,
) {
  const [row] = await db.update(premiumPayments).set(set).where(eq(premiumPayments.id, id)).returning();
  return row;
}

/** Moves premium_until by a SQL expression of its current value (greatest/least keep events order-free). */
export async function movePremiumUntil(db: DbOrTx, userId: string, to: SQL): Promise<void> {
  await db.update(users).set({ premiumUntil: to }).where(eq(users.id, userId));
}
