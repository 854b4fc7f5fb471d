import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { checkouts, gatewayEvents } from '../../db/schema';

export type CheckoutRow = typeof checkouts.$inferSelect;

export async function insertCheckout(db: DbOrTx, v: typeof checkouts.$inferInsert): Promise<CheckoutRow> {
  const [row] = await db.insert(checkouts).values(v).returning();
  if (!row) throw new Error('checkout insert returned nothing');
  return row;
}

export async function findCheckout(db: DbOrTx, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id)).limit(1);
  return row;
}

export async function findCheckoutForUpdate(db: DbOrTx, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id)).for('update').limit(1);
  return row;
}

export async function setCheckoutSession(db: DbOrTx, id: string, sessionId: string): Promise<void> {
  await db.update(checkouts).set({ sessionId, updatedAt: new Date() }).where(eq(checkouts.id, id));
}

/**
 * Moves a checkout that is still payable (open, or declined: the payer may try another card) to
 * `status`; undefined when it had already ended (paid or cancelled).
 */
export async function settleCheckout(
  db: DbOrTx,
  id: string,
  status: 'paid' | 'declined' | 'cancelled',
  message: string | null = null,
): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .update(checkouts)
    .set({ status, message, updatedAt: new Date() })
    .where(and(eq(checkouts.id, id), inArray(checkouts.status, ['open', 'declined'])))
    .returning();
  return row;
}

/** Checkouts still payable and older than `olderThan`: the reconciliation asks the gateway about them. */
export function staleCheckouts(db: DbOrTx, olderThan: Date, limit = 100) {
  return db
    .select()
    .from(checkouts)
    .where(and(inArray(checkouts.status, ['open', 'declined']), lt(checkouts.createdAt, olderThan)))
    .orderBy(checkouts.createdAt)
    .limit(limit);
}

/**
 * Records that this gateway event is being applied, in the transaction that applies it. False when
 * it was applied before (a redelivery): the caller then changes nothing.
 */
export async function claimEvent(
  db: DbOrTx,
  gateway: string,
  eventId: string,
  type: string,
): Promise<boolean> {
  const rows = await db
    .insert(gatewayEvents)
    .values({ gateway, eventId, type })
    .onConflictDoNothing()
    .returning({ id: gatewayEvents.eventId });
  return rows.length === 1;
}

export async function eventCount(db: DbOrTx, gateway: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(gatewayEvents)
    .where(eq(gatewayEvents.gateway, gateway));
  return row?.n ?? 0;
}

/** The gateway says it was paid: that stands whatever the checkout's state (even after our cancel). */
export async function markCheckoutPaid(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(checkouts)
    .set({ status: 'paid', message: null, updatedAt: new Date() })
    .where(and(eq(checkouts.id, id), ne(checkouts.status, 'paid')));
}

export async function findCheckoutOfSubscription(db: DbOrTx, subscriptionId: string) {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(eq(checkouts.subscriptionId, subscriptionId))
    .limit(1);
  return row;
}
