import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { checkouts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeUser } from '../ledger/ledger.test-helpers';
import { type StripeStandIn, startStripeStandIn } from '../payments/stripe-standin.test-helpers';

// Premium's price is an amount in a currency the server chose (PREMIUM_PRICES), never "49" put in
// front of whatever display currency the user picked: JPY 49 is about USD 0.33.
const startPremium = (t: TestApp, token: string) =>
  t.request({ method: 'POST', url: '/api/User/premium/checkout', token, payload: {} });
const checkoutOf = async (t: TestApp, userId: string) =>
  (await t.services.db.select().from(checkouts).where(eq(checkouts.userId, userId)))[0];

describe('premium price (default table: USD 49)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a JPY user is charged USD 49, and is shown exactly that', async () => {
    const u = await makeUser(t, { currency: 'JPY' });
    const shown = await t.request({ method: 'GET', url: '/api/Premium/price', token: u.token });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().content).toEqual({ amount: '49', currency: 'USD' });
    const res = await startPremium(t, u.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await checkoutOf(t, u.id)).toMatchObject({ amount: '49', currency: 'USD' });
    const page = await t.app.inject({ method: 'GET', url: res.json().content.url });
    expect(page.body).toContain('49.00 USD');
    // A guest's display currency (X-Currency) gets the same answer.
    const guest = await t.app.inject({
      method: 'GET',
      url: '/api/Premium/price',
      headers: { 'x-currency': 'JPY' },
    });
    expect(guest.json().content).toEqual({ amount: '49', currency: 'USD' });
  });
});

describe('premium price per currency (PREMIUM_PRICES)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PREMIUM_PRICES: 'EUR:45, JPY:7500, USD:49' } });
  });
  afterAll(() => t.close());

  it("charges the table's price in the user's currency, or the first one", async () => {
    for (const [display, amount, currency] of [
      ['JPY', '7500', 'JPY'],
      ['EUR', '45', 'EUR'],
      ['USD', '49', 'USD'],
      ['GBP', '45', 'EUR'],
    ] as const) {
      const u = await makeUser(t, { currency: display });
      const shown = await t.request({ method: 'GET', url: '/api/Premium/price', token: u.token });
      expect(shown.json().content).toEqual({ amount, currency });
      expect((await startPremium(t, u.token)).statusCode).toBe(200);
      expect(await checkoutOf(t, u.id)).toMatchObject({ amount, currency });
    }
  });

  it('refuses a table it cannot charge, naming the setting', () => {
    for (const bad of ['', 'USD', 'USD:0', 'XYZ:10', 'JPY:49.5', 'USD:49,USD:50'])
      expect(() => loadConfig({ PREMIUM_PRICES: bad === '' ? ' ' : bad })).toThrow(/PREMIUM_PRICES/);
  });
});

describe('premium with a Stripe price (STRIPE_PRICE_PREMIUM)', () => {
  let t: TestApp;
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    stripe.state.prices.set('price_premium', {
      id: 'price_premium',
      object: 'price',
      currency: 'usd',
      unit_amount: 4900,
      recurring: { interval: 'year', interval_count: 1 },
      currency_options: { usd: { unit_amount: 4900 }, eur: { unit_amount: 4900 } },
    });
    t = await createTestApp({
      env: {
        PAYMENT_GATEWAY: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_price',
        STRIPE_WEBHOOK_SECRET: 'whsec_price',
        STRIPE_PRICE_PREMIUM: 'price_premium',
        STRIPE_API_URL: `http://127.0.0.1:${stripe.port}`,
        PREMIUM_PRICES: 'USD:49,EUR:45',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  const sessions = () =>
    stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

  it('uses the price when it charges what the server shows, refuses when it does not', async () => {
    const usd = await makeUser(t, { currency: 'USD' });
    expect((await startPremium(t, usd.token)).statusCode).toBe(200);
    expect(sessions().at(-1)?.body).toMatchObject({
      'line_items[0][price]': 'price_premium',
      currency: 'usd',
    });

    // The dashboard price says EUR 49 where the server shows and records EUR 45: nothing is opened.
    const eur = await makeUser(t, { currency: 'EUR' });
    const before = sessions().length;
    const res = await startPremium(t, eur.token);
    expect(res.statusCode, res.body).toBe(503);
    expect(sessions().length).toBe(before);
  });
});
