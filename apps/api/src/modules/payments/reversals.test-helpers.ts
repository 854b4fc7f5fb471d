import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { checkouts, deposits } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { checkoutIdOf, checkoutUrl, GOOD, type heldWebhooks, payOnPage } from './payments.test-helpers';
import { signedWebhook, stripeEvent } from './stripe-webhook.test-helpers';
import { testWebhookSecret } from './test-gateway';

/**
 * Money that leaves outside the app, as the gateway reports it: Stripe-shaped events signed with
 * the test gateway's secret, sent to its webhook (the same normalizer and rules as Stripe's).
 */
export function outsideEvents(t: TestApp, hooks: ReturnType<typeof heldWebhooks>) {
  const secret = testWebhookSecret(t.app.config.cookieSecret);
  const send = async (type: string, object: Record<string, unknown>) => {
    const { rawBody, signature } = signedWebhook(stripeEvent(type, object), secret);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/test-gateway',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: rawBody,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().content as { received: boolean; duplicate: boolean };
  };
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  return {
    send,
    /** A USD card deposit paid on the hosted page and credited by its webhook. */
    async cardDeposit(amount: string) {
      const u = await makeUser(t);
      const url = await checkoutUrl(
        await t.request({
          method: 'POST',
          url: '/api/Payment/card/checkout',
          token: u.token,
          payload: { assetId: await assetId(t, 'USD'), amount },
        }),
      );
      const id = checkoutIdOf((await payOnPage(t, url, GOOD)).headers.location as string);
      await hooks.release();
      const [c] = await t.services.db.select().from(checkouts).where(eq(checkouts.id, id));
      const [d] = await t.services.db
        .select()
        .from(deposits)
        .where(eq(deposits.id, c?.depositId ?? ''));
      if (!d?.gatewayReference) throw new Error('no deposit');
      return { u, d: d as typeof d & { gatewayReference: string } };
    },
    /** The cardholder's bank takes the payment back (a chargeback). */
    dispute(paymentIntent: string, amount: string, id = `dp_${randomUUID().slice(0, 12)}`) {
      return send('charge.dispute.created', {
        id,
        object: 'dispute',
        amount: cents(amount),
        currency: 'usd',
        charge: `ch_${paymentIntent.slice(3)}`,
        payment_intent: paymentIntent,
        reason: 'fraudulent',
        status: 'needs_response',
      });
    },
    /** Refunded in the gateway's dashboard, not by the back office: `total` refunded so far. */
    refundedOutside(paymentIntent: string, paid: string, total: string) {
      return send('charge.refunded', {
        id: `ch_${paymentIntent.slice(3)}`,
        object: 'charge',
        payment_intent: paymentIntent,
        amount: cents(paid),
        amount_refunded: cents(total),
        currency: 'usd',
        refunded: total === paid,
      });
    },
  };
}

/** Converts `amount` of one ticker to another through the API (lock, then convert). */
export async function convert(t: TestApp, token: string, from: string, to: string, amount: string) {
  const lock = await t.request({
    method: 'POST',
    url: '/api/AssetConvert/lock',
    token,
    payload: { leftAssetId: await assetId(t, from), rightAssetId: await assetId(t, to) },
  });
  expect(lock.statusCode, lock.body).toBe(200);
  return t.request({
    method: 'POST',
    url: '/api/AssetConvert/convert',
    token,
    payload: { transactionLockId: lock.json().content.id, amount },
  });
}
