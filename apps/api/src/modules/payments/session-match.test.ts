import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, deposits, premiumSubscriptions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLedger } from '../ledger/ledger.repository';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { checkoutUrl, GOOD, heldWebhooks, payOnPage } from './payments.test-helpers';
import { capturedLog, completedSession, expectRefusal } from './session-match.test-helpers';
import { signedWebhook, stripeEvent } from './stripe-webhook.test-helpers';
import { testWebhookSecret } from './test-gateway';

// The built-in test gateway: a signed completion applies only to the session we opened for the
// checkout, at its amount, currency and mode. A Payment Link or pricing table on the same account
// accepts ?client_reference_id=, so naming our checkout proves nothing.
const log = capturedLog();
let t: TestApp;
let hooks: ReturnType<typeof heldWebhooks>;
let secret: string;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: log.stream });
  hooks = heldWebhooks(t);
  secret = testWebhookSecret(t.app.config.cookieSecret);
});
afterAll(() => t.close());

const send = async (type: string, object: Record<string, unknown>) => {
  const { rawBody, signature } = signedWebhook(stripeEvent(type, object), secret);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/test-gateway',
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

async function depositCheckout(amount: string) {
  const u = await makeUser(t);
  const url = await checkoutUrl(
    await t.request({
      method: 'POST',
      url: '/api/Payment/card/checkout',
      token: u.token,
      payload: { assetId: await assetId(t, 'EUR'), amount },
    }),
  );
  return { u, url, c: await checkoutOf(u.id) };
}

/** Nothing moved: the deposit still pending, no balance, the checkout still open. */
async function unchanged(userId: string, c: { id: string; depositId: string | null }) {
  const [d] = await t.services.db
    .select()
    .from(deposits)
    .where(eq(deposits.id, c.depositId ?? ''));
  expect(d).toMatchObject({ status: 2, journalEntryId: null });
  expect(await eurOf(userId)).toBe('0');
  const [row] = await t.services.db.select().from(checkouts).where(eq(checkouts.id, c.id));
  expect(row?.status).toBe('open');
}

describe('a completion applies only to the session we opened, at its amount (test gateway)', () => {
  it('a foreign session naming our checkout in client_reference_id or metadata changes nothing', async () => {
    const { u, url, c } = await depositCheckout('5000');
    let from = log.lines.length;
    await send(
      'checkout.session.completed',
      completedSession({
        id: 'cs_test_payment_link_1',
        amount_total: 100,
        currency: 'eur',
        client_reference_id: c.id,
        metadata: {},
      }),
    );
    await unchanged(u.id, c);
    expectRefusal(log, from, c.id, 'session');

    from = log.lines.length;
    await send(
      'checkout.session.completed',
      completedSession({
        id: 'cs_test_pricing_table_1',
        amount_total: 500_000,
        currency: 'eur',
        client_reference_id: null,
        metadata: { checkoutId: c.id },
      }),
    );
    await unchanged(u.id, c);
    expectRefusal(log, from, c.id, 'session');

    // Our own session, paid on its page, still settles afterwards.
    expect((await payOnPage(t, url, GOOD)).statusCode).toBe(303);
    expect(await hooks.release()).toBe(1);
    expect(await eurOf(u.id)).toBe('5000');
    expect((await auditLedger(t.services.db)).unbalanced).toEqual([]);
  });

  it('our session with another amount, currency or mode changes nothing', async () => {
    const { u, url, c } = await depositCheckout('5000');
    const ours = { id: c.sessionId, client_reference_id: c.id, metadata: { checkoutId: c.id } };
    for (const [over, reason] of [
      [{ amount_total: 100, currency: 'eur' }, 'amount'],
      [{ amount_total: 500_000, currency: 'usd' }, 'currency'],
      [{ amount_total: 500_000, currency: 'eur', mode: 'subscription' }, 'mode'],
    ] as const) {
      const from = log.lines.length;
      await send('checkout.session.completed', completedSession({ ...ours, ...over }));
      await unchanged(u.id, c);
      expectRefusal(log, from, c.id, reason);
    }
    expect((await payOnPage(t, url, GOOD)).statusCode).toBe(303);
    expect(await hooks.release()).toBe(1);
    expect(await eurOf(u.id)).toBe('5000');
  });

  it('no session stored yet: the gateway is asked for the one it opened for this checkout', async () => {
    const { u, url, c } = await depositCheckout('5000');
    // As after a crash between the gateway's answer and our write of its session id.
    await t.services.db.update(checkouts).set({ sessionId: null }).where(eq(checkouts.id, c.id));
    const from = log.lines.length;
    await send(
      'checkout.session.completed',
      completedSession({
        id: 'cs_test_payment_link_2',
        amount_total: 500_000,
        currency: 'eur',
        client_reference_id: c.id,
        metadata: {},
      }),
    );
    await unchanged(u.id, c);
    expectRefusal(log, from, c.id, 'session');
    // The session asked for again is the one we had opened, and it is stored now.
    expect((await checkoutOf(u.id)).sessionId).toBe(c.sessionId);
    expect((await payOnPage(t, url, GOOD)).statusCode).toBe(303);
    expect(await hooks.release()).toBe(1);
    expect(await eurOf(u.id)).toBe('5000');
  });

  it('premium: a foreign subscription session naming our checkout does not start premium', async () => {
    const u = await makeUser(t, { currency: 'EUR' });
    const url = await checkoutUrl(
      await t.request({ method: 'POST', url: '/api/User/premium/checkout', token: u.token, payload: {} }),
    );
    const c = await checkoutOf(u.id);
    const from = log.lines.length;
    await send(
      'checkout.session.completed',
      completedSession({
        id: 'cs_test_pricing_table_2',
        mode: 'subscription',
        amount_total: 100,
        currency: c.currency.toLowerCase(),
        client_reference_id: c.id,
        metadata: {},
        subscription: 'sub_foreign',
        customer: 'cus_foreign',
        payment_intent: null,
      }),
    );
    expectRefusal(log, from, c.id, 'session');
    const premium = async () => {
      const [usr] = await t.services.db.select().from(users).where(eq(users.id, u.id));
      const [sub] = await t.services.db
        .select()
        .from(premiumSubscriptions)
        .where(eq(premiumSubscriptions.userId, u.id));
      return { until: usr?.premiumUntil ?? null, status: sub?.status, ref: sub?.gatewayReference };
    };
    expect(await premium()).toEqual({ until: null, status: 'pending', ref: null });
    expect((await payOnPage(t, url, GOOD)).statusCode).toBe(303);
    expect(await hooks.release()).toBe(2);
    const after = await premium();
    expect(after.status).toBe('active');
    expect(after.ref).toMatch(/^sub_/);
    expect(after.ref).not.toBe('sub_foreign');
    expect(after.until?.getTime()).toBeGreaterThan(Date.now());
  });
});
