import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, deposits, premiumSubscriptions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { claims } from '../auth/auth.test-helpers';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { type StripeStandIn, startStripeStandIn } from './stripe-standin.test-helpers';
import { signedWebhook, stripeEvent } from './stripe-webhook.test-helpers';

// The whole product with PAYMENT_GATEWAY=stripe: the real `stripe` library talks to a loopback
// stand-in that answers Stripe's documented responses, and webhooks are signed by the library.
const SECRET = 'whsec_local_flow_secret';
let t: TestApp;
let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({
    env: {
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_local_flow',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${stripe.port}`,
      PUBLIC_URL: 'https://exchange.example',
    },
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const hook = async (type: string, object: Record<string, unknown>) => {
  const { rawBody, signature } = signedWebhook(stripeEvent(type, object), SECRET);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: rawBody,
  });
};
const last = (path: RegExp) => [...stripe.requests].reverse().find((r) => path.test(r.path));

describe('Stripe as the gateway', () => {
  it('a card deposit: Checkout in payment mode, credited by the signed webhook with the card from Stripe', async () => {
    const u = await makeUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/Payment/card/checkout',
      token: u.token,
      payload: { assetId: await assetId(t, 'EUR'), amount: '19.99' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_/);
    const call = last(/^\/v1\/checkout\/sessions$/);
    const [c] = await t.services.db.select().from(checkouts).where(eq(checkouts.userId, u.id));
    expect(call?.idempotencyKey).toBe(`checkout-${c?.id}`);
    expect(call?.body).toMatchObject({
      mode: 'payment',
      client_reference_id: c?.id,
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '1999',
      success_url: `https://exchange.example/payment/return?id=${c?.id}`,
      cancel_url: `https://exchange.example/payment/return?id=${c?.id}&cancelled=1`,
    });

    const done = await hook('checkout.session.completed', {
      id: c?.sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: c?.id,
      metadata: { checkoutId: c?.id },
      payment_intent: 'pi_flow_1',
      amount_total: 1999,
      currency: 'eur',
      customer: null,
      subscription: null,
    });
    expect(done.statusCode, done.body).toBe(200);
    const [d] = await t.services.db
      .select()
      .from(deposits)
      .where(eq(deposits.id, c?.depositId ?? ''));
    expect(d).toMatchObject({
      status: 1,
      amount: '19.99',
      gatewayReference: 'pi_flow_1',
      cardLast4: stripe.state.card.last4,
    });

    // Support refunds it: Stripe is asked with the deposit's idempotency key, in minor units.
    const admin = await makeUser(t, { role: 'admin' });
    const refund = await t.request({
      method: 'POST',
      url: `/api/Admin/deposits/${d?.id}/refund`,
      token: admin.token,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const r = last(/^\/v1\/refunds$/);
    expect(r?.body).toMatchObject({ payment_intent: 'pi_flow_1', amount: '1999' });
    expect(r?.idempotencyKey).toBe(`refund-${d?.id}`);
  });

  it('premium: Checkout in subscription mode, then renewal events, cancel at period end and the portal', async () => {
    // A GBP user pays the server's price, USD 49 (decision 0039).
    const u = await makeUser(t, { currency: 'GBP' });
    const res = await t.request({
      method: 'POST',
      url: '/api/User/premium/checkout',
      token: u.token,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const [sub] = await t.services.db
      .select()
      .from(premiumSubscriptions)
      .where(eq(premiumSubscriptions.userId, u.id));
    expect(last(/^\/v1\/checkout\/sessions$/)?.body).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '4900',
      'line_items[0][price_data][recurring][interval]': 'year',
      'subscription_data[metadata][subscriptionId]': sub?.id,
    });
    const now = Math.floor(Date.now() / 1000);
    const paid = await hook('invoice.paid', {
      id: 'in_flow_1',
      object: 'invoice',
      customer: 'cus_flow',
      currency: 'usd',
      amount_paid: 4900,
      billing_reason: 'subscription_create',
      status_transitions: { paid_at: now },
      lines: { object: 'list', data: [{ period: { start: now, end: now + 365 * 86_400 } }] },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_flow', metadata: { subscriptionId: sub?.id } },
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const confirm = await t.request({
      method: 'POST',
      url: '/api/User/premium',
      token: u.token,
      payload: {},
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const token = confirm.json().content.jwToken as string;
    expect(claims(token).premium).toBe(true);
    expect(confirm.json().content.subscription).toMatchObject({
      amount: '49',
      currency: 'USD',
      cardLast4: stripe.state.card.last4,
    });

    const del = await t.request({ method: 'DELETE', url: '/api/User/premium', token });
    expect(del.statusCode, del.body).toBe(200);
    expect(last(/^\/v1\/subscriptions\/sub_flow$/)?.body).toMatchObject({ cancel_at_period_end: 'true' });
    // The customer came with the first invoice: the portal opens for it.
    expect(
      (await t.request({ method: 'POST', url: '/api/User/premium/portal', token, payload: {} })).statusCode,
    ).toBe(200);
    expect(last(/^\/v1\/billing_portal\/sessions$/)?.body).toMatchObject({
      customer: 'cus_flow',
      return_url: 'https://exchange.example/premium/manage',
    });
  });
});
