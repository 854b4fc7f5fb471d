import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, deposits, premiumSubscriptions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { capturedLog, completedSession, expectRefusal } from './session-match.test-helpers';
import { type StripeStandIn, startStripeStandIn } from './stripe-standin.test-helpers';
import { signedWebhook, stripeEvent } from './stripe-webhook.test-helpers';

// PAYMENT_GATEWAY=stripe, the real `stripe` library against the loopback stand-in: the same rule as
// the test gateway. A completion names our checkout in client_reference_id (which any Payment Link
// of the account accepts in its URL); only the session we opened, at its amount, settles it.
const SECRET = 'whsec_session_match';
const log = capturedLog();
let t: TestApp;
let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({
    env: {
      LOG_LEVEL: 'info',
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_session_match',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${stripe.port}`,
      PUBLIC_URL: 'https://exchange.example',
    },
    logStream: log.stream,
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const hook = async (type: string, object: Record<string, unknown>) => {
  const { rawBody, signature } = signedWebhook(stripeEvent(type, object), SECRET);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: rawBody,
  });
  expect(res.statusCode, res.body).toBe(200);
};
const checkoutOf = async (userId: string) => {
  const [c] = await t.services.db.select().from(checkouts).where(eq(checkouts.userId, userId));
  if (!c?.sessionId) throw new Error('no checkout');
  return c as typeof c & { sessionId: string };
};
const eurOf = async (userId: string) =>
  (await t.services.ledger.balances(userId)).get(await assetId(t, 'EUR'))?.toString() ?? '0';
const depositStatus = async (id: string | null) =>
  (
    await t.services.db
      .select()
      .from(deposits)
      .where(eq(deposits.id, id ?? ''))
  )[0]?.status;

async function depositCheckout(amount: string) {
  const u = await makeUser(t);
  const res = await t.request({
    method: 'POST',
    url: '/api/Payment/card/checkout',
    token: u.token,
    payload: { assetId: await assetId(t, 'EUR'), amount },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { u, c: await checkoutOf(u.id) };
}

describe('a completion applies only to the session we opened, at its amount (Stripe)', () => {
  it('a Payment Link session of 1 EUR naming our 5,000 EUR checkout credits nothing', async () => {
    const { u, c } = await depositCheckout('5000');
    for (const names of [{ client_reference_id: c.id, metadata: {} }, { metadata: { checkoutId: c.id } }]) {
      const from = log.lines.length;
      await hook(
        'checkout.session.completed',
        completedSession({ id: 'cs_live_link', amount_total: 100, currency: 'eur', ...names }),
      );
      expect(await depositStatus(c.depositId)).toBe(2);
      expect(await eurOf(u.id)).toBe('0');
      expectRefusal(log, from, c.id, 'session');
    }
    const ours = { id: c.sessionId, client_reference_id: c.id, metadata: { checkoutId: c.id } };
    for (const [over, reason] of [
      [{ amount_total: 100, currency: 'eur' }, 'amount'],
      [{ amount_total: 500_000, currency: 'gbp' }, 'currency'],
      [{ amount_total: 500_000, currency: 'eur', mode: 'subscription' }, 'mode'],
    ] as const) {
      const from = log.lines.length;
      await hook('checkout.session.completed', completedSession({ ...ours, ...over }));
      expect(await eurOf(u.id)).toBe('0');
      expectRefusal(log, from, c.id, reason);
    }
    // Ours, at its amount: credited.
    await hook(
      'checkout.session.completed',
      completedSession({ ...ours, amount_total: 500_000, currency: 'eur' }),
    );
    expect(await depositStatus(c.depositId)).toBe(1);
    expect(await eurOf(u.id)).toBe('5000');
  });

  it('no session stored yet: Stripe is asked again with the checkout idempotency key', async () => {
    const { u, c } = await depositCheckout('5000');
    await t.services.db.update(checkouts).set({ sessionId: null }).where(eq(checkouts.id, c.id));
    const creates = () => stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const before = creates();
    const from = log.lines.length;
    await hook(
      'checkout.session.completed',
      completedSession({
        id: 'cs_live_link_2',
        amount_total: 500_000,
        currency: 'eur',
        client_reference_id: c.id,
        metadata: { checkoutId: c.id },
      }),
    );
    expect(await eurOf(u.id)).toBe('0');
    expectRefusal(log, from, c.id, 'session');
    // One more create, replayed by Stripe for the same key: the session first opened, now stored.
    expect(creates()).toBe(before + 1);
    const again = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    expect(again?.idempotencyKey).toBe(`checkout-${c.id}`);
    expect((await checkoutOf(u.id)).sessionId).toBe(c.sessionId);
    await hook(
      'checkout.session.completed',
      completedSession({
        id: c.sessionId,
        amount_total: 500_000,
        currency: 'eur',
        client_reference_id: c.id,
        metadata: { checkoutId: c.id },
      }),
    );
    expect(await eurOf(u.id)).toBe('5000');
  });

  it('premium: a pricing-table subscription naming our checkout does not start premium', async () => {
    const u = await makeUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/User/premium/checkout',
      token: u.token,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = await checkoutOf(u.id);
    const from = log.lines.length;
    await hook(
      'checkout.session.completed',
      completedSession({
        id: 'cs_live_table',
        mode: 'subscription',
        amount_total: 100,
        currency: 'usd',
        client_reference_id: c.id,
        metadata: {},
        subscription: 'sub_foreign',
        customer: 'cus_foreign',
        payment_intent: null,
      }),
    );
    expectRefusal(log, from, c.id, 'session');
    const [usr] = await t.services.db.select().from(users).where(eq(users.id, u.id));
    expect(usr?.premiumUntil).toBeNull();
    const [sub] = await t.services.db
      .select()
      .from(premiumSubscriptions)
      .where(eq(premiumSubscriptions.userId, u.id));
    expect(sub).toMatchObject({ status: 'pending', gatewayReference: null });
  });
});
