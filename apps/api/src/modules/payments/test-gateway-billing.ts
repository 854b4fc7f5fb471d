import type { DbOrTx } from '../../db/client';
import { books, type SessionRow, type SubscriptionRow } from './test-gateway-books';
import { event, invoiceObject, newId, type OutboxEvent, sessionObject } from './test-gateway-events';

const addYear = (d: Date) => {
  const x = new Date(d);
  x.setUTCFullYear(x.getUTCFullYear() + 1);
  return x;
};

/**
 * The test gateway's billing, in the caller's transaction: a session paid, a subscription renewed
 * (or its renewal refused) and ended, each with the events Stripe would send for it.
 */
export function createBilling() {
  const enqueue = async (tx: DbOrTx, ...events: OutboxEvent[]) => {
    for (const e of events) await books.enqueue(tx, e.id, e.type, e.payload);
  };

  /** A successful payment of a session: its books, then the events Stripe would send. */
  async function paySession(tx: DbOrTx, s: SessionRow, card: { last4: string; brand: string }) {
    const now = new Date();
    const suffix = newId('x').slice(2);
    const pi = `pi_${suffix}`;
    await books.insertPayment(tx, { id: pi, amount: s.amount, currency: s.currency, ...card });
    if (s.mode === 'payment') {
      const done = { ...s, paymentIntent: pi, status: 'complete' as const };
      await books.updateSession(tx, s.id, { status: 'complete', paymentIntent: pi });
      await enqueue(tx, event('checkout.session.completed', sessionObject(done, 'complete'), now));
      return;
    }
    const customer = s.customer ?? newId('cus');
    const sub = newId('sub');
    const metadata = { subscriptionId: s.metadata.subscriptionId ?? '', checkoutId: s.clientReferenceId };
    const periodEnd = addYear(now);
    await books.insertSubscription(tx, {
      id: sub,
      customer,
      status: 'active',
      amount: s.amount,
      currency: s.currency,
      periodStart: now,
      periodEnd,
      ...card,
      renewal: 'ok',
      metadata,
    });
    const done = { ...s, customer, subscription: sub, status: 'complete' as const };
    await books.updateSession(tx, s.id, { status: 'complete', customer, subscription: sub });
    const invoice = invoiceObject({
      id: `in_${suffix}`,
      customer,
      subscription: sub,
      metadata,
      amount: s.amount,
      currency: s.currency,
      periodStart: now,
      periodEnd,
      paid: true,
      reason: 'subscription_create',
      at: now,
    });
    // Stripe sends these in no set order; the invoice often first.
    await enqueue(
      tx,
      event('invoice.paid', invoice, now),
      event('checkout.session.completed', sessionObject(done, 'complete'), now),
    );
  }

  /** A renewal of a subscription whose period has ended, with its saved card. */
  async function renew(tx: DbOrTx, sub: SubscriptionRow, now: Date) {
    const start = sub.periodEnd;
    const end = addYear(start);
    const suffix = newId('x').slice(2);
    const base = {
      id: `in_${suffix}`,
      customer: sub.customer,
      subscription: sub.id,
      metadata: sub.metadata,
      amount: sub.amount,
      currency: sub.currency,
      periodStart: start,
      periodEnd: end,
      reason: 'subscription_cycle' as const,
      at: now,
    };
    if (sub.renewal === 'ok') {
      await books.insertPayment(tx, {
        id: `pi_${suffix}`,
        amount: sub.amount,
        currency: sub.currency,
        last4: sub.last4,
        brand: sub.brand,
      });
      await books.updateSubscription(tx, sub.id, { status: 'active', periodStart: start, periodEnd: end });
      await enqueue(tx, event('invoice.paid', invoiceObject({ ...base, paid: true }), now));
      return;
    }
    if (sub.status === 'active') {
      await books.updateSubscription(tx, sub.id, { status: 'past_due' });
      await enqueue(tx, event('invoice.payment_failed', invoiceObject({ ...base, paid: false }), now));
    }
  }

  async function endSubscription(tx: DbOrTx, sub: SubscriptionRow, at: Date) {
    await books.updateSubscription(tx, sub.id, { status: 'canceled' });
    await enqueue(
      tx,
      event(
        'customer.subscription.deleted',
        {
          id: sub.id,
          object: 'subscription',
          status: 'canceled',
          customer: sub.customer,
          ended_at: Math.floor(at.getTime() / 1000),
          canceled_at: Math.floor(at.getTime() / 1000),
          metadata: sub.metadata,
        },
        at,
      ),
    );
  }
  return { enqueue, paySession, renew, endSubscription };
}
