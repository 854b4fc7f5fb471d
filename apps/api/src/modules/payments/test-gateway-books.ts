import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  testGatewayOutbox,
  testGatewayPayments,
  testGatewaySessions,
  testGatewaySubscriptions,
} from '../../db/schema';

export type SessionRow = typeof testGatewaySessions.$inferSelect;
export type SubscriptionRow = typeof testGatewaySubscriptions.$inferSelect;
export type PaymentRow = typeof testGatewayPayments.$inferSelect;

/** The test gateway's own tables (what a real gateway keeps on its side). */
export const books = {
  async insertSession(db: DbOrTx, v: typeof testGatewaySessions.$inferInsert): Promise<SessionRow> {
    await db
      .insert(testGatewaySessions)
      .values(v)
      .onConflictDoNothing({ target: testGatewaySessions.idempotencyKey });
    const [row] = await db
      .select()
      .from(testGatewaySessions)
      .where(eq(testGatewaySessions.idempotencyKey, v.idempotencyKey));
    if (!row) throw new Error('test gateway session missing');
    return row;
  },
  async session(db: DbOrTx, id: string, forUpdate = false): Promise<SessionRow | undefined> {
    const q = db.select().from(testGatewaySessions).where(eq(testGatewaySessions.id, id)).limit(1);
    const [row] = await (forUpdate ? q.for('update') : q);
    return row;
  },
  async updateSession(db: DbOrTx, id: string, set: Partial<typeof testGatewaySessions.$inferInsert>) {
    await db.update(testGatewaySessions).set(set).where(eq(testGatewaySessions.id, id));
  },
  async insertPayment(db: DbOrTx, v: typeof testGatewayPayments.$inferInsert) {
    await db.insert(testGatewayPayments).values(v);
  },
  async payment(db: DbOrTx, id: string, forUpdate = false): Promise<PaymentRow | undefined> {
    const q = db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, id)).limit(1);
    const [row] = await (forUpdate ? q.for('update') : q);
    return row;
  },
  async addRefund(db: DbOrTx, id: string, amount: string) {
    await db
      .update(testGatewayPayments)
      .set({ refunded: sql`${testGatewayPayments.refunded} + ${amount}::numeric` })
      .where(eq(testGatewayPayments.id, id));
  },
  async insertSubscription(db: DbOrTx, v: typeof testGatewaySubscriptions.$inferInsert) {
    await db.insert(testGatewaySubscriptions).values(v);
  },
  async subscription(db: DbOrTx, id: string, forUpdate = false): Promise<SubscriptionRow | undefined> {
    const q = db.select().from(testGatewaySubscriptions).where(eq(testGatewaySubscriptions.id, id)).limit(1);
    const [row] = await (forUpdate ? q.for('update') : q);
    return row;
  },
  async subscriptionOfCustomer(db: DbOrTx, customer: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(testGatewaySubscriptions)
      .where(
        and(
          eq(testGatewaySubscriptions.customer, customer),
          inArray(testGatewaySubscriptions.status, ['active', 'past_due']),
        ),
      )
      .limit(1);
    return row;
  },
  async updateSubscription(
    db: DbOrTx,
    id: string,
    set: Partial<typeof testGatewaySubscriptions.$inferInsert>,
  ) {
    await db.update(testGatewaySubscriptions).set(set).where(eq(testGatewaySubscriptions.id, id));
  },
  /** Subscriptions whose period has ended (a renewal is due) or whose retries have run out. */
  dueSubscriptions(db: DbOrTx, now: Date) {
    return db
      .select()
      .from(testGatewaySubscriptions)
      .where(
        and(
          inArray(testGatewaySubscriptions.status, ['active', 'past_due']),
          lte(testGatewaySubscriptions.periodEnd, now),
        ),
      )
      .orderBy(asc(testGatewaySubscriptions.periodEnd))
      .limit(100);
  },
  /** Queues an event for delivery; false when one with this id was queued before. */
  async enqueue(db: DbOrTx, id: string, type: string, payload: string): Promise<boolean> {
    const rows = await db
      .insert(testGatewayOutbox)
      .values({ id, type, payload })
      .onConflictDoNothing()
      .returning({ id: testGatewayOutbox.id });
    return rows.length === 1;
  },
  async hasEvent(db: DbOrTx, id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: testGatewayOutbox.id })
      .from(testGatewayOutbox)
      .where(eq(testGatewayOutbox.id, id));
    return !!row;
  },
  dueEvents(db: DbOrTx, now: Date, limit = 50) {
    return db
      .select()
      .from(testGatewayOutbox)
      .where(and(isNull(testGatewayOutbox.deliveredAt), lte(testGatewayOutbox.nextAttemptAt, now)))
      .orderBy(asc(testGatewayOutbox.createdAt))
      .limit(limit);
  },
  async delivered(db: DbOrTx, id: string) {
    await db.update(testGatewayOutbox).set({ deliveredAt: new Date() }).where(eq(testGatewayOutbox.id, id));
  },
  async failed(db: DbOrTx, id: string, attempts: number, error: string) {
    // 1 s, 2 s, 4 s … at most a minute between tries, as long as it takes (Stripe retries for days).
    const wait = Math.min(60_000, 1000 * 2 ** Math.min(attempts, 6));
    await db
      .update(testGatewayOutbox)
      .set({ attempts, lastError: error.slice(0, 500), nextAttemptAt: new Date(Date.now() + wait) })
      .where(eq(testGatewayOutbox.id, id));
  },
};
