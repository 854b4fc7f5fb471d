import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, deposits, premiumSubscriptions, users } from '../../db/schema';
import { countChanges, tableCounts } from '../../security/route-table';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { checkoutUrl, heldWebhooks } from './payments.test-helpers';
import { testWebhookSecret } from './test-gateway';
import { invoiceObject } from './test-gateway-events';

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  // Nothing reaches the webhook but what each test sends.
  heldWebhooks(t);
  secret = testWebhookSecret(t.app.config.cookieSecret);
});
afterAll(() => t.close());

const unix = (d = new Date()) => Math.floor(d.getTime() / 1000);
function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${randomUUID().replaceAll('-', '')}`,
) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: unix(),
    livemode: false,
    type,
    data: { object },
  });
}
/** Signed by the `stripe` library's own test helper, as Stripe signs (t=…,v1=HMAC). */
const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? secret,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
const send = (payload: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/test-gateway',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });

async function depositCheckout(amount: string) {
  const u = await makeUser(t);
  const url = await checkoutUrl(
    await t.request({
      method: 'POST',
      url: '/api/Payment/card/checkout',
      token: u.token,
      payload: { assetId: await assetId(t, 'USD'), amount },
    }),
  );
  const [c] = await t.services.db
    .select()
    .from(checkouts)
    .where(eq(checkouts.sessionId, url.split('/').pop() ?? ''));
  if (!c) throw new Error('no checkout');
  const completed = (pi = `pi_${randomUUID().slice(0, 8)}`) =>
    stripeEvent('checkout.session.completed', {
      id: c.sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: c.id,
      metadata: { checkoutId: c.id },
      payment_intent: pi,
      amount_total: Number(amount) * 100,
      currency: 'usd',
      customer: null,
      subscription: null,
    });
  return { u, c, completed };
}

const depositRow = async (id: string | null) =>
  (
    await t.services.db
      .select()
      .from(deposits)
      .where(eq(deposits.id, id ?? ''))
  )[0];

describe('webhook signatures (the stripe library signs; the endpoint verifies with it)', () => {
  it('a valid event is applied once even when sent twice', async () => {
    const { c, completed } = await depositCheckout('30');
    const payload = completed();
    const first = await send(payload, sign(payload));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().content).toEqual({ received: true, duplicate: false });
    const second = await send(payload, sign(payload));
    expect(second.json().content).toEqual({ received: true, duplicate: true });
    expect(await depositRow(c.depositId)).toMatchObject({ status: 1, amount: '30' });
  });

  it('a bad signature, a stale timestamp, no signature and an unknown type change nothing', async () => {
    const { c, completed } = await depositCheckout('31');
    const payload = completed();
    const before = await tableCounts(t);
    const rowsBefore = [
      await depositRow(c.depositId),
      (await t.services.db.select().from(checkouts).where(eq(checkouts.id, c.id)))[0],
    ];
    const wrong = await send(payload, sign(payload, { secret: 'whsec_not_ours' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('WEBHOOK_SIGNATURE');
    const stale = await send(payload, sign(payload, { timestamp: unix() - 301 }));
    expect(stale.statusCode).toBe(400);
    expect((await send(payload)).statusCode).toBe(400);
    const tampered = await send(payload.replace('"paid"', '"unpaid"'), sign(payload));
    expect(tampered.statusCode).toBe(400);
    const unknown = stripeEvent('customer.created', { id: 'cus_x', object: 'customer' });
    const ignored = await send(unknown, sign(unknown));
    expect(ignored.statusCode).toBe(200);
    expect(countChanges(before, await tableCounts(t))).toEqual([]);
    // (Whole-database text is not compared: the background jobs renew their leases meanwhile.)
    expect([
      await depositRow(c.depositId),
      (await t.services.db.select().from(checkouts).where(eq(checkouts.id, c.id)))[0],
    ]).toEqual(rowsBefore);
    expect(await depositRow(c.depositId)).toMatchObject({ status: 2 });
  });

  it('a webhook needs no XSRF token or session, but a gateway that is not configured answers 404', async () => {
    const payload = stripeEvent('customer.created', { id: 'cus_y' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
      payload,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('GATEWAY_NOT_CONFIGURED');
  });
});

describe('events out of order end in the right state', () => {
  async function premiumCheckout() {
    const u = await makeUser(t);
    await checkoutUrl(
      await t.request({ method: 'POST', url: '/api/User/premium/checkout', token: u.token, payload: {} }),
    );
    const [sub] = await t.services.db
      .select()
      .from(premiumSubscriptions)
      .where(eq(premiumSubscriptions.userId, u.id));
    if (!sub) throw new Error('no subscription');
    const gw = `sub_${randomUUID().slice(0, 8)}`;
    const invoice = (start: Date, end: Date, paid: boolean) =>
      invoiceObject({
        id: `in_${randomUUID().slice(0, 8)}`,
        customer: 'cus_1',
        subscription: gw,
        metadata: { subscriptionId: sub.id },
        amount: '49',
        currency: 'USD',
        periodStart: start,
        periodEnd: end,
        paid,
        reason: 'subscription_cycle',
        at: new Date(),
      });
    const deliver = async (type: string, object: Record<string, unknown>) => {
      const p = stripeEvent(type, object);
      expect((await send(p, sign(p))).statusCode).toBe(200);
    };
    const state = async () => {
      const [s] = await t.services.db
        .select()
        .from(premiumSubscriptions)
        .where(eq(premiumSubscriptions.id, sub.id));
      const [usr] = await t.services.db.select().from(users).where(eq(users.id, u.id));
      return { status: s?.status, renewal: s?.renewalDate, premiumUntil: usr?.premiumUntil ?? null };
    };
    return { sub, gw, invoice, deliver, state };
  }
  const year = (from: Date, n = 1) => {
    const d = new Date(from);
    d.setUTCFullYear(d.getUTCFullYear() + n);
    return d;
  };

  it('the first invoice before the checkout completion: active either way, until the period end', async () => {
    const p = await premiumCheckout();
    const now = new Date();
    await p.deliver('invoice.paid', p.invoice(now, year(now), true));
    expect((await p.state()).status).toBe('active');
    const [c] = await t.services.db.select().from(checkouts).where(eq(checkouts.subscriptionId, p.sub.id));
    await p.deliver('checkout.session.completed', {
      id: c?.sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: c?.id,
      metadata: {},
      subscription: p.gw,
      customer: 'cus_1',
      payment_intent: null,
      amount_total: 4900,
      currency: 'usd',
    });
    const s = await p.state();
    expect(s.status).toBe('active');
    expect(s.premiumUntil?.getTime()).toBeGreaterThanOrEqual(year(now).getTime() - 1000);
  });

  it('a failure delivered after the success of the same renewal changes nothing', async () => {
    const p = await premiumCheckout();
    const now = new Date();
    await p.deliver('invoice.paid', p.invoice(now, year(now), true));
    await p.deliver('invoice.paid', p.invoice(year(now), year(now, 2), true));
    await p.deliver('invoice.payment_failed', p.invoice(year(now), year(now, 2), false));
    const s = await p.state();
    expect(s.status).toBe('active');
    expect(s.renewal?.getTime()).toBe(Math.floor(year(now, 2).getTime() / 1000) * 1000);
  });

  it('an end delivered before a late payment of an old period: it stays ended', async () => {
    const p = await premiumCheckout();
    const now = new Date();
    await p.deliver('invoice.paid', p.invoice(now, year(now), true));
    await p.deliver('customer.subscription.deleted', {
      id: p.gw,
      object: 'subscription',
      ended_at: unix(now),
      metadata: { subscriptionId: p.sub.id },
    });
    await p.deliver('invoice.paid', p.invoice(year(now), year(now, 2), true));
    const s = await p.state();
    expect(s.status).toBe('cancelled');
    expect(s.premiumUntil?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('a grace period whose failure is older than the grace days is already over', async () => {
    const p = await premiumCheckout();
    const start = new Date(Date.now() - 400 * 86_400_000);
    await p.deliver('invoice.paid', p.invoice(start, year(start), true));
    const failedAt = new Date(Date.now() - 8 * 86_400_000);
    const payload = JSON.stringify({
      ...JSON.parse(stripeEvent('invoice.payment_failed', p.invoice(year(start), year(start, 2), false))),
      created: unix(failedAt),
    });
    expect((await send(payload, sign(payload))).statusCode).toBe(200);
    const s = await p.state();
    expect(s.status).toBe('past_due');
    expect(s.premiumUntil?.getTime()).toBeLessThan(Date.now());
  });
});
