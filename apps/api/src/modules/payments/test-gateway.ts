import { createHmac } from 'node:crypto';
import { Decimal, toPlain } from '@vaultline/shared';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import {
  GatewayRefusedError,
  type PaymentGateway,
  toMinor,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
} from './gateway';
import { normalizeStripeEvent } from './stripe-events';
import { stripeLib } from './stripe-lib';
import { createBilling } from './test-gateway-billing';
import { books, type SessionRow } from './test-gateway-books';
import { type CardCheck, cardBrand, checkCard, type TypedCard } from './test-gateway-cards';
import { event, newId, sessionObject } from './test-gateway-events';

/** The test gateway's webhook secret: derived from the app's secret, so every instance shares it. */
export const testWebhookSecret = (appSecret: string) =>
  `whsec_${createHmac('sha256', appSecret).update('test-gateway-webhooks').digest('base64url')}`;

export interface TestGatewayDeps {
  db: Db;
  webhookSecret: string;
  /** Days a subscription stays past due before the gateway gives up and ends it. */
  graceDays: number;
  /** After a commit that queued events: deliver them now rather than at the next pass. */
  kick?: () => void;
  /**
   * False in production (config.cardPaymentsEnabled): its page takes no card and nothing renews,
   * so no balance or premium is ever granted for money nobody paid.
   */
  takesPayments: boolean;
}

/**
 * The built-in test gateway (DECISIONS §7): offline, with its own hosted page under /gateway/test/,
 * its own books in the database, and Stripe-shaped events signed with Stripe's scheme and delivered
 * to our webhook until it answers 2xx. No money moves.
 */
export function createTestGateway(deps: TestGatewayDeps) {
  const { db, webhookSecret, graceDays } = deps;
  const kick = () => deps.kick?.();
  const { enqueue, paySession, renew, endSubscription } = createBilling();

  const gateway: PaymentGateway = {
    id: 'test',
    async createCheckout(req) {
      const s = await books.insertSession(db, {
        id: newId('cs_test'),
        idempotencyKey: `checkout-${req.checkoutId}`,
        mode: req.mode,
        status: 'open',
        amount: toPlain(new Decimal(req.amount)),
        currency: req.currency,
        description: req.description,
        email: req.email,
        customer: req.customerId ?? null,
        clientReferenceId: req.checkoutId,
        metadata: {
          checkoutId: req.checkoutId,
          ...(req.subscriptionId ? { subscriptionId: req.subscriptionId } : {}),
        },
        successUrl: req.successUrl,
        cancelUrl: req.cancelUrl,
      });
      return { sessionId: s.id, url: `/gateway/test/checkout/${s.id}` };
    },
    async expireCheckout(sessionId) {
      const out = await db.transaction(async (tx) => {
        const s = await books.session(tx, sessionId, true);
        if (!s) throw new Error(`No such checkout session: ${sessionId}`);
        if (s.status === 'complete') return 'completed' as const;
        if (s.status === 'open') {
          await books.updateSession(tx, s.id, { status: 'expired' });
          await enqueue(tx, event('checkout.session.expired', sessionObject(s, 'expired')));
        }
        return 'expired' as const;
      });
      kick();
      return out;
    },
    async retrieveCheckout(sessionId) {
      const s = await books.session(db, sessionId);
      if (!s) throw new GatewayRefusedError(`No such checkout session: ${sessionId}`);
      if (s.status === 'open') return { status: 'open', url: `/gateway/test/checkout/${s.id}` };
      if (s.status !== 'complete') return { status: s.status };
      const p = s.paymentIntent ? await books.payment(db, s.paymentIntent) : undefined;
      return {
        status: 'complete',
        event: {
          id: `retrieved_${s.id}`,
          created: new Date(),
          type: 'checkout.completed',
          checkoutId: s.clientReferenceId,
          sessionId: s.id,
          paid: true,
          mode: s.mode,
          amount: toPlain(new Decimal(s.amount)),
          currency: s.currency.toUpperCase(),
          paymentReference: s.paymentIntent,
          subscription: s.subscription,
          customer: s.customer,
          card: p ? { last4: p.last4, brand: p.brand } : null,
        },
      };
    },
    async cancelAtPeriodEnd(subscription) {
      await books.updateSubscription(db, subscription, { cancelAtPeriodEnd: true });
    },
    async cancelNow(subscription) {
      await db.transaction(async (tx) => {
        const sub = await books.subscription(tx, subscription, true);
        if (sub && sub.status !== 'canceled') await endSubscription(tx, sub, new Date());
      });
      kick();
    },
    async refund(req) {
      const refundId = `re_${createHmac('sha256', 'refund').update(req.idempotencyKey).digest('hex').slice(0, 24)}`;
      await db.transaction(async (tx) => {
        const p = await books.payment(tx, req.paymentReference, true);
        if (!p) throw new GatewayRefusedError(`No such payment_intent: ${req.paymentReference}`);
        // The same idempotency key refunds once: its event id is derived from the key.
        const evtId = `evt_${refundId}`;
        const refunded = new Decimal(p.refunded).add(req.amount);
        if (await books.hasEvent(tx, evtId)) return;
        if (refunded.gt(p.amount)) throw new GatewayRefusedError('Refund amount exceeds the payment.');
        const e = event('charge.refunded', {
          id: `ch_${p.id.slice(3)}`,
          object: 'charge',
          payment_intent: p.id,
          amount: toMinor(p.amount, p.currency),
          amount_refunded: toMinor(toPlain(refunded), p.currency),
          currency: p.currency.toLowerCase(),
          refunded: refunded.eq(p.amount),
        });
        const payload = e.payload.replace(`"id":"${e.id}"`, `"id":"${evtId}"`);
        if (await books.enqueue(tx, evtId, e.type, payload)) await books.addRefund(tx, p.id, req.amount);
      });
      kick();
      return { refundId };
    },
    async portalUrl(customer, returnUrl) {
      const sub = await books.subscriptionOfCustomer(db, customer);
      if (!sub) return null;
      return `/gateway/test/portal/${customer}?return=${encodeURIComponent(returnUrl)}`;
    },
    async verifyWebhook(rawBody, signature) {
      let e: Stripe.Event;
      try {
        if (!signature) throw new Error('no signature header');
        e = await stripeLib().webhooks.constructEventAsync(
          rawBody,
          signature,
          webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'bad signature');
      }
      return normalizeStripeEvent(e, {
        cardOfPaymentIntent: async (pi) => {
          const p = await books.payment(db, pi);
          return p ? { last4: p.last4, brand: p.brand } : null;
        },
        cardOfSubscription: async (id) => {
          const s = await books.subscription(db, id);
          return s ? { last4: s.last4, brand: s.brand } : null;
        },
        paymentOfInvoice: async (invoiceId) => `pi_${invoiceId.slice(3)}`,
      });
    },
  };

  return {
    gateway,
    /** The hosted page's "Pay": a good card completes the session; a declined one is reported. */
    async pay(
      sessionId: string,
      card: TypedCard,
    ): Promise<{
      outcome: 'paid' | 'declined' | 'invalid' | 'closed' | 'unavailable';
      message?: string;
      session?: SessionRow;
    }> {
      if (!deps.takesPayments) return { outcome: 'unavailable' };
      const check = checkCard(card);
      const out = await db.transaction(async (tx) => {
        const s = await books.session(tx, sessionId, true);
        if (s?.status !== 'open') return { outcome: 'closed' as const, ...(s ? { session: s } : {}) };
        if (!check.ok) {
          if (check.declined)
            await enqueue(
              tx,
              event('payment_intent.payment_failed', {
                id: newId('pi'),
                object: 'payment_intent',
                status: 'requires_payment_method',
                metadata: { checkoutId: s.clientReferenceId },
                last_payment_error: { type: 'card_error', code: 'card_declined', message: check.message },
              }),
            );
          return {
            outcome: check.declined ? ('declined' as const) : ('invalid' as const),
            message: check.message,
            session: s,
          };
        }
        await paySession(tx, s, check);
        return { outcome: 'paid' as const, session: s };
      });
      kick();
      return out;
    },
    session: (id: string) => books.session(db, id),
    subscriptionOfCustomer: (customer: string) => books.subscriptionOfCustomer(db, customer),
    /** The portal's "Update card": the new card is checked, kept (last 4, brand, how it renews), and a past-due renewal retried. */
    async updateCard(customer: string, card: TypedCard): Promise<CardCheck> {
      if (!deps.takesPayments)
        return { ok: false, declined: false, message: 'Card payments are not available on this server.' };
      const check = checkCard(card);
      if (!check.ok && !check.declined) return check;
      await db.transaction(async (tx) => {
        const sub = await books.subscriptionOfCustomer(tx, customer);
        if (!sub) return;
        const n = card.number.replace(/[\s-]/g, '');
        const next = {
          last4: n.slice(-4),
          brand: cardBrand(n),
          renewal: check.ok ? 'ok' : check.message,
        };
        await books.updateSubscription(tx, sub.id, next);
        if (sub.status === 'past_due' && check.ok) await renew(tx, { ...sub, ...next }, new Date());
      });
      kick();
      return check;
    },
    /**
     * What the gateway does on its own as time passes: renewals due, cancellations at the period's
     * end, and past-due subscriptions ended once the retries have run out (graceDays).
     */
    async renewDue(now = new Date()): Promise<number> {
      if (!deps.takesPayments) return 0;
      let n = 0;
      for (const sub of await books.dueSubscriptions(db, now)) {
        await db.transaction(async (tx) => {
          const s = await books.subscription(tx, sub.id, true);
          if (!s || s.status === 'canceled' || s.periodEnd > now) return;
          if (s.cancelAtPeriodEnd) await endSubscription(tx, s, s.periodEnd);
          else if (s.status === 'past_due') {
            if (s.periodEnd.getTime() + graceDays * 86_400_000 <= now.getTime())
              await endSubscription(tx, s, now);
          } else await renew(tx, s, now);
          n++;
        });
      }
      if (n) kick();
      return n;
    },
  };
}
export type TestGateway = ReturnType<typeof createTestGateway>;
