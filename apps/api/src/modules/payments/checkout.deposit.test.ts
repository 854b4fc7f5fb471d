import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, deposits, testGatewaySessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLedger } from '../ledger/ledger.repository';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { checkoutIdOf, checkoutUrl, DECLINED, GOOD, heldWebhooks, payOnPage } from './payments.test-helpers';

let t: TestApp;
let usd: string;
let btc: string;
let hooks: ReturnType<typeof heldWebhooks>;
beforeAll(async () => {
  t = await createTestApp();
  usd = await assetId(t, 'USD');
  btc = await assetId(t, 'BTC');
  hooks = heldWebhooks(t);
});
afterAll(() => t.close());

const usdOf = async (token: string) =>
  (
    (await t.request({ method: 'GET', url: '/api/Wallets', token })).json().content as {
      ticker: string;
      amount: string;
    }[]
  ).find((w) => w.ticker === 'USD')?.amount;
const checkout = (token: string, payload: object) =>
  t.request({ method: 'POST', url: '/api/Payment/card/checkout', token, payload });
const status = (token: string, id: string) =>
  t.request({ method: 'GET', url: `/api/Payment/checkout/${id}`, token });
const depositOf = async (checkoutId: string) => {
  const [c] = await t.services.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  const [d] = await t.services.db
    .select()
    .from(deposits)
    .where(eq(deposits.id, c?.depositId ?? ''));
  return d;
};

describe('card deposits on the hosted checkout', () => {
  it('credits once, on the webhook only, even when the gateway sends the event twice', async () => {
    const u = await makeUser(t);
    const url = await checkoutUrl(await checkout(u.token, { assetId: usd, amount: '250.50' }));
    expect((await t.app.inject({ method: 'GET', url })).body).toContain('250.50 USD');
    const paid = await payOnPage(t, url, GOOD);
    expect(paid.statusCode).toBe(303);
    const id = checkoutIdOf(paid.headers.location as string);
    expect((await status(u.token, id)).json().content).toMatchObject({
      status: 'processing',
      purpose: 'deposit',
    });
    expect(await usdOf(u.token)).toBe('0');

    expect(await hooks.release()).toBe(1);
    expect((await status(u.token, id)).json().content).toMatchObject({
      status: 'succeeded',
      amount: '250.5',
      currency: 'USD',
    });
    expect(await usdOf(u.token)).toBe('250.5');
    expect(await depositOf(id)).toMatchObject({
      status: 1,
      method: 'card',
      cardLast4: '4242',
      cardBrand: 'visa',
    });

    // The same signed event delivered again (the gateway did not see our 2xx): nothing more.
    const last = hooks.seen.at(-1);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/test-gateway',
      headers: { 'content-type': 'application/json', 'stripe-signature': last?.signature ?? '' },
      payload: last?.payload ?? '',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().content).toEqual({ received: true, duplicate: true });
    expect(await usdOf(u.token)).toBe('250.5');
    expect(await auditLedger(t.services.db)).toEqual({ unbalanced: [], drift: [], negative: [] });
  });

  it('a decline shows on the return page; leaving the page cancels it at the gateway, and a late payment is refused there', async () => {
    const u = await makeUser(t);
    const url = await checkoutUrl(await checkout(u.token, { assetId: usd, amount: '40' }));
    const declined = await payOnPage(t, url, DECLINED);
    expect(declined.statusCode).toBe(402);
    await hooks.release();
    const [s] = await t.services.db
      .select()
      .from(testGatewaySessions)
      .where(eq(testGatewaySessions.id, url.split('/').pop() ?? ''));
    const id = s?.clientReferenceId ?? '';
    expect((await status(u.token, id)).json().content).toMatchObject({
      status: 'declined',
      message: 'Your card was declined.',
    });

    const cancel = await t.request({
      method: 'POST',
      url: `/api/Payment/checkout/${id}/cancel`,
      token: u.token,
    });
    expect(cancel.json().content).toMatchObject({ status: 'cancelled' });
    expect(await depositOf(id)).toMatchObject({ status: 0 });
    const late = await payOnPage(t, url, GOOD);
    expect(late.statusCode).toBe(200);
    expect(late.body).toContain('expired');
    await hooks.release();
    expect(await usdOf(u.token)).toBe('0');
  });

  it("refuses crypto, too many decimals, over the limit, and another user's checkout", async () => {
    const u = await makeUser(t);
    expect((await checkout(u.token, { assetId: btc, amount: '1' })).json().error.code).toBe('NOT_FIAT');
    expect((await checkout(u.token, { assetId: usd, amount: '10.001' })).json().error.code).toBe(
      'TOO_MANY_DECIMALS',
    );
    const over = await checkout(u.token, { assetId: usd, amount: '10000.01' });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toMatchObject({ code: 'CARD_LIMIT', params: { max: '10000', ticker: 'USD' } });
    expect((await checkout(u.token, { assetId: usd, amount: '-5' })).statusCode).toBe(400);
    expect(
      (await checkout(u.token, { assetId: usd, amount: '5', cardNumber: '4242424242424242' })).statusCode,
    ).toBe(400);

    const url = await checkoutUrl(await checkout(u.token, { assetId: usd, amount: '5' }));
    const [s] = await t.services.db
      .select()
      .from(testGatewaySessions)
      .where(eq(testGatewaySessions.id, url.split('/').pop() ?? ''));
    const other = await makeUser(t);
    expect((await status(other.token, s?.clientReferenceId ?? '')).statusCode).toBe(404);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/Payment/checkout/${s?.clientReferenceId}/cancel`,
          token: other.token,
        })
      ).statusCode,
    ).toBe(404);
    expect((await status(u.token, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('the reconciliation credits, once, a payment whose webhook never came', async () => {
    const u = await makeUser(t);
    const url = await checkoutUrl(await checkout(u.token, { assetId: usd, amount: '12' }));
    const id = checkoutIdOf((await payOnPage(t, url, GOOD)).headers.location as string);
    // Not yet old enough: left alone (the webhook may still come).
    expect(await t.services.payments.reconciliation.pass(new Date(Date.now() - 60_000))).toBe(0);
    expect(await usdOf(u.token)).toBe('0');
    expect(await t.services.payments.reconciliation.pass(new Date(Date.now() + 1000))).toBeGreaterThanOrEqual(
      1,
    );
    expect(await usdOf(u.token)).toBe('12');
    expect((await status(u.token, id)).json().content.status).toBe('succeeded');
    // The gateway's own delivery arrives afterwards: it changes nothing.
    await hooks.release();
    expect(await usdOf(u.token)).toBe('12');
    expect(await auditLedger(t.services.db)).toEqual({ unbalanced: [], drift: [], negative: [] });
  });

  it('the reconciliation closes an abandoned checkout at the gateway', async () => {
    const u = await makeUser(t);
    const url = await checkoutUrl(await checkout(u.token, { assetId: usd, amount: '7' }));
    const [s] = await t.services.db
      .select()
      .from(testGatewaySessions)
      .where(eq(testGatewaySessions.id, url.split('/').pop() ?? ''));
    await t.services.payments.reconciliation.pass(new Date(Date.now() + 1000));
    expect((await status(u.token, s?.clientReferenceId ?? '')).json().content.status).toBe('cancelled');
    expect((await payOnPage(t, url, GOOD)).body).toContain('expired');
  });
});

describe('production with the test gateway (it takes no money)', () => {
  it('refuses card checkouts until a real gateway is configured', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production', DEMO: 'false' } });
    try {
      const u = await makeUser(prod);
      const res = await prod.request({
        method: 'POST',
        url: '/api/Payment/card/checkout',
        token: u.token,
        payload: { assetId: await assetId(prod, 'USD'), amount: '10' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        code: 'PAYMENTS_NOT_CONFIGURED',
        error: 'Card payments are not available on this server yet.',
      });
      expect(
        (
          await prod.request({
            method: 'POST',
            url: '/api/User/premium/checkout',
            token: u.token,
            payload: {},
          })
        ).statusCode,
      ).toBe(503);
      expect(await prod.services.db.select().from(deposits)).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});
