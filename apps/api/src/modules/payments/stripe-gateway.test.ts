import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutRequest, PaymentGateway } from './gateway';
import { createStripeGateway } from './stripe-gateway';
import { type StripeStandIn, startStripeStandIn } from './stripe-standin.test-helpers';
import { stripeError } from './stripe-standin-routes.test-helpers';

// The Stripe adapter's calls, made by the real `stripe` library against a loopback stand-in of the
// API: what is sent (form parameters, idempotency keys) and how Stripe's answers are read.
let standIn: StripeStandIn;
let stripe: PaymentGateway;
const gateway = (pricePremium?: string) =>
  createStripeGateway({
    secretKey: 'sk_test_local',
    webhookSecret: 'whsec_local',
    pricePremium,
    api: standIn.api,
  });
beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = gateway();
});
afterAll(() => standIn.close());

let n = 0;
const checkout = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  checkoutId: `chk-${++n}`,
  mode: 'payment',
  amount: '49.5',
  currency: 'USD',
  description: 'Deposit 49.50 USD',
  email: 'payer@example.com',
  successUrl: 'https://app.test/checkout/done',
  cancelUrl: 'https://app.test/checkout/cancelled',
  ...over,
});
const sent = (method: string, path: string) =>
  standIn.requests.filter((r) => r.method === method && r.path === path);
const lastSent = (method: string, path: string) => {
  const found = sent(method, path).at(-1);
  if (!found) throw new Error(`no ${method} ${path} was sent`);
  return found;
};
const price = 'line_items[0][price_data]';

describe('Stripe checkout', () => {
  it('creates a payment session with the amount in cents, keyed by our checkout id', async () => {
    const req = checkout();
    const session = await stripe.createCheckout(req);
    const call = lastSent('POST', '/v1/checkout/sessions');
    expect(call.authorization).toBe('Bearer sk_test_local');
    expect(call.idempotencyKey).toBe(`checkout-${req.checkoutId}`);
    expect(call.body).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      [`${price}[unit_amount]`]: '4950',
      [`${price}[currency]`]: 'usd',
      [`${price}[product_data][name]`]: 'Deposit 49.50 USD',
      client_reference_id: req.checkoutId,
      'metadata[checkoutId]': req.checkoutId,
      'payment_intent_data[metadata][checkoutId]': req.checkoutId,
      'payment_intent_data[description]': 'Deposit 49.50 USD',
      success_url: 'https://app.test/checkout/done',
      cancel_url: 'https://app.test/checkout/cancelled',
      customer_email: 'payer@example.com',
    });
    expect(call.body).not.toHaveProperty('customer');
    expect(call.body).not.toHaveProperty(`${price}[recurring][interval]`);
    expect(session).toEqual({ sessionId: expect.stringMatching(/^cs_test_/), url: expect.any(String) });
    expect(session.url).toBe(standIn.state.sessions.get(session.sessionId)?.url);
  });

  it('sends the same key for the same checkout, so a retry gets the session already made', async () => {
    const req = checkout();
    const first = await stripe.createCheckout(req);
    const again = await stripe.createCheckout(req);
    const keys = sent('POST', '/v1/checkout/sessions')
      .slice(-2)
      .map((r) => r.idempotencyKey);
    expect(keys).toEqual([`checkout-${req.checkoutId}`, `checkout-${req.checkoutId}`]);
    expect(again).toEqual(first);
    const other = await stripe.createCheckout(checkout());
    expect(other.sessionId).not.toBe(first.sessionId);
  });

  it('sends yen without minor digits, and refuses an amount finer than the currency before calling', async () => {
    await stripe.createCheckout(checkout({ amount: '5000', currency: 'JPY' }));
    expect(lastSent('POST', '/v1/checkout/sessions').body).toMatchObject({
      [`${price}[unit_amount]`]: '5000',
      [`${price}[currency]`]: 'jpy',
    });
    const before = standIn.requests.length;
    await expect(stripe.createCheckout(checkout({ amount: '49.5', currency: 'JPY' }))).rejects.toThrow(
      /decimals/,
    );
    expect(standIn.requests.length).toBe(before);
  });

  it('names a known customer instead of the e-mail', async () => {
    await stripe.createCheckout(checkout({ customerId: 'cus_known' }));
    const call = lastSent('POST', '/v1/checkout/sessions');
    expect(call.body.customer).toBe('cus_known');
    expect(call.body).not.toHaveProperty('customer_email');
  });

  it('subscribes yearly at an inline price, our ids in the subscription metadata', async () => {
    const req = checkout({ mode: 'subscription', amount: '99', subscriptionId: 'sub-ours-1' });
    await stripe.createCheckout(req);
    const call = lastSent('POST', '/v1/checkout/sessions');
    expect(call.body).toMatchObject({
      mode: 'subscription',
      [`${price}[unit_amount]`]: '9900',
      [`${price}[currency]`]: 'usd',
      [`${price}[recurring][interval]`]: 'year',
      'subscription_data[metadata][subscriptionId]': 'sub-ours-1',
      'subscription_data[metadata][checkoutId]': req.checkoutId,
      client_reference_id: req.checkoutId,
    });
    expect(Object.keys(call.body).filter((k) => k.startsWith('payment_intent_data'))).toEqual([]);
    await expect(stripe.createCheckout(checkout({ mode: 'subscription' }))).rejects.toThrow(/subscriptionId/);
  });

  it('subscribes at the configured price when there is one, in the payer currency', async () => {
    standIn.state.prices.set('price_premium_yearly', {
      id: 'price_premium_yearly',
      object: 'price',
      currency: 'usd',
      unit_amount: 4950,
      recurring: { interval: 'year', interval_count: 1 },
      currency_options: { usd: { unit_amount: 4950 }, eur: { unit_amount: 4950 } },
    });
    const req = checkout({ mode: 'subscription', currency: 'EUR', subscriptionId: 'sub-ours-2' });
    await gateway('price_premium_yearly').createCheckout(req);
    // Asked first: the price charges what the server shows (decision 0039).
    expect(lastSent('GET', '/v1/prices/price_premium_yearly').query).toEqual({
      'expand[0]': 'currency_options',
    });
    const call = lastSent('POST', '/v1/checkout/sessions');
    expect(call.body).toMatchObject({
      'line_items[0][price]': 'price_premium_yearly',
      'line_items[0][quantity]': '1',
      currency: 'eur',
      'subscription_data[metadata][subscriptionId]': 'sub-ours-2',
    });
    expect(Object.keys(call.body).filter((k) => k.startsWith(price))).toEqual([]);
    // The price is for subscriptions only: a payment still has its own amount.
    await gateway('price_premium_yearly').createCheckout(checkout());
    expect(lastSent('POST', '/v1/checkout/sessions').body[`${price}[unit_amount]`]).toBe('4950');
  });

  it('says so when Stripe answers a session without a hosted page', async () => {
    const undo = standIn.respond('POST', '/v1/checkout/sessions', {
      body: { id: 'cs_test_embedded', url: null },
    });
    await expect(stripe.createCheckout(checkout())).rejects.toThrow(
      'cs_test_embedded has no hosted page url',
    );
    undo();
    await expect(stripe.createCheckout(checkout())).resolves.toMatchObject({ url: expect.any(String) });
  });
});

describe('Stripe checkout expiry', () => {
  const openSession = async () => (await stripe.createCheckout(checkout())).sessionId;

  it('expires an open session', async () => {
    const id = await openSession();
    expect(await stripe.expireCheckout(id)).toBe('expired');
    expect(lastSent('POST', `/v1/checkout/sessions/${id}/expire`)).toBeDefined();
    expect(standIn.state.sessions.get(id)?.status).toBe('expired');
    // Asked again (a retry), Stripe refuses; the session is expired all the same.
    expect(await stripe.expireCheckout(id)).toBe('expired');
  });

  it("answers 'completed' when Stripe refuses because the session was paid first", async () => {
    const id = await openSession();
    const session = standIn.state.sessions.get(id);
    if (session) session.status = 'complete';
    expect(await stripe.expireCheckout(id)).toBe('completed');
    expect(lastSent('GET', `/v1/checkout/sessions/${id}`)).toBeDefined();
  });

  it('passes on a refusal while the session is still open', async () => {
    const id = await openSession();
    standIn.respond(
      'POST',
      `/v1/checkout/sessions/${id}/expire`,
      stripeError(400, 'Something else is wrong.'),
    );
    await expect(stripe.expireCheckout(id)).rejects.toThrow('Something else is wrong.');
  });
});

describe('Stripe checkout retrieval (reconciliation)', () => {
  it('answers an open session with its hosted page, an expired one by its status', async () => {
    const { sessionId: id, url } = await stripe.createCheckout(checkout());
    expect(await stripe.retrieveCheckout(id)).toEqual({ status: 'open', url });
    await stripe.expireCheckout(id);
    expect(await stripe.retrieveCheckout(id)).toEqual({ status: 'expired' });
  });

  it('reads a paid session as its completion webhook would, card included', async () => {
    const req = checkout();
    const id = (await stripe.createCheckout(req)).sessionId;
    Object.assign(standIn.state.sessions.get(id) ?? {}, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_reconciled',
    });
    standIn.state.card = { brand: 'amex', last4: '0005' };
    expect(await stripe.retrieveCheckout(id)).toEqual({
      status: 'complete',
      event: {
        id: `retrieved_${id}`,
        created: expect.any(Date),
        type: 'checkout.completed',
        checkoutId: req.checkoutId,
        sessionId: id,
        paid: true,
        mode: req.mode,
        amount: req.amount,
        currency: req.currency,
        paymentReference: 'pi_reconciled',
        subscription: null,
        customer: null,
        card: { brand: 'amex', last4: '0005' },
      },
    });
    expect(lastSent('GET', '/v1/payment_intents/pi_reconciled').query).toEqual({
      'expand[0]': 'latest_charge',
    });
  });

  it('refuses to settle a status it does not know', async () => {
    const id = (await stripe.createCheckout(checkout())).sessionId;
    Object.assign(standIn.state.sessions.get(id) ?? {}, { status: 'something_new' });
    await expect(stripe.retrieveCheckout(id)).rejects.toThrow(`Stripe session ${id} is something_new`);
  });
});

describe('Stripe subscriptions, refunds, portal', () => {
  it('cancels at period end with an idempotency key', async () => {
    await stripe.cancelAtPeriodEnd('sub_renewing');
    const call = lastSent('POST', '/v1/subscriptions/sub_renewing');
    expect(call.body).toEqual({ cancel_at_period_end: 'true' });
    expect(call.idempotencyKey).toMatch(/^cancel-at-period-end-sub_renewing-/);
  });

  it('cancels now, and a subscription already cancelled is not an error', async () => {
    await stripe.cancelNow('sub_ending');
    expect(lastSent('DELETE', '/v1/subscriptions/sub_ending')).toBeDefined();
    expect(standIn.state.subscriptions.get('sub_ending')).toBe('canceled');
    await expect(stripe.cancelNow('sub_ending')).resolves.toBeUndefined();
    expect(sent('DELETE', '/v1/subscriptions/sub_ending')).toHaveLength(2);
  });

  it('passes on any other refusal to cancel', async () => {
    standIn.respond(
      'DELETE',
      '/v1/subscriptions/sub_locked',
      stripeError(400, 'This subscription is locked.'),
    );
    await expect(stripe.cancelNow('sub_locked')).rejects.toThrow('This subscription is locked.');
  });

  it('refunds in minor units with our idempotency key', async () => {
    const req = { paymentReference: 'pi_paid', amount: '10.5', currency: 'USD', idempotencyKey: 'refund-r1' };
    const { refundId } = await stripe.refund(req);
    const call = lastSent('POST', '/v1/refunds');
    expect(call.body).toEqual({ payment_intent: 'pi_paid', amount: '1050' });
    expect(call.idempotencyKey).toBe('refund-r1');
    expect(refundId).toMatch(/^re_test_/);
    // The same refund asked again is the same refund.
    expect(await stripe.refund(req)).toEqual({ refundId });
    expect(
      (await stripe.refund({ ...req, currency: 'JPY', amount: '700', idempotencyKey: 'r2' })).refundId,
    ).not.toBe(refundId);
    expect(lastSent('POST', '/v1/refunds').body.amount).toBe('700');
  });

  it('opens the billing portal for the customer and answers its page', async () => {
    const url = await stripe.portalUrl('cus_portal', 'https://app.test/premium');
    expect(lastSent('POST', '/v1/billing_portal/sessions').body).toEqual({
      customer: 'cus_portal',
      return_url: 'https://app.test/premium',
    });
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_test_/);
  });
});
