import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentGateway, WebhookSignatureError } from './gateway';
import { createStripeGateway } from './stripe-gateway';
import { type StripeStandIn, startStripeStandIn } from './stripe-standin.test-helpers';
import { signedWebhook, stripeEvent } from './stripe-webhook.test-helpers';

// Webhooks signed by the `stripe` library's own test helper, verified and read by the adapter; the
// card and the invoice's payment are fetched from the loopback stand-in of the API.
const SECRET = 'whsec_local';
let standIn: StripeStandIn;
let stripe: PaymentGateway;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = createStripeGateway({ secretKey: 'sk_test_local', webhookSecret: SECRET, api: standIn.api });
});
afterAll(() => standIn.close());

const now = () => Math.floor(Date.now() / 1000);
const deliver = (event: object, secret = SECRET, timestamp?: number) => {
  const { rawBody, signature } = signedWebhook(event, secret, timestamp);
  return stripe.verifyWebhook(rawBody, signature);
};
const sentTo = (method: string, path: string) =>
  standIn.requests.filter((r) => r.method === method && r.path === path);

const session = (over: Record<string, unknown> = {}) => ({
  id: 'cs_test_paid',
  object: 'checkout.session',
  mode: 'payment',
  status: 'complete',
  payment_status: 'paid',
  client_reference_id: 'chk-1',
  metadata: { checkoutId: 'chk-1' },
  payment_intent: 'pi_paid',
  subscription: null,
  customer: null,
  amount_total: 4900,
  currency: 'usd',
  ...over,
});
const invoice = (over: Record<string, unknown> = {}) => ({
  id: 'in_renewal',
  object: 'invoice',
  currency: 'usd',
  amount_paid: 4900,
  customer: 'cus_1',
  status_transitions: {
    paid_at: 1_767_225_600,
    finalized_at: null,
    marked_uncollectible_at: null,
    voided_at: null,
  },
  last_finalization_error: null,
  period_start: 1_767_225_000,
  period_end: 1_767_225_000,
  lines: {
    object: 'list',
    has_more: false,
    data: [{ period: { start: 1_767_225_600, end: 1_798_761_600 } }],
  },
  parent: {
    type: 'subscription_details',
    quote_details: null,
    subscription_details: { subscription: 'sub_premium', metadata: { subscriptionId: 'sub-ours-1' } },
  },
  ...over,
});

describe('Stripe webhook signature', () => {
  const event = () => stripeEvent('checkout.session.expired', session({ status: 'expired' }));

  it('reads a webhook signed with our secret', async () => {
    const sent = event();
    expect(await deliver(sent)).toEqual({
      id: sent.id,
      created: new Date(sent.created * 1000),
      type: 'checkout.expired',
      checkoutId: 'chk-1',
      sessionId: 'cs_test_paid',
    });
  });

  it('refuses one signed with another secret, or whose body was changed', async () => {
    await expect(deliver(event(), 'whsec_other')).rejects.toThrow(WebhookSignatureError);
    const { signature } = signedWebhook(event(), SECRET);
    const other = Buffer.from(JSON.stringify(event()));
    await expect(stripe.verifyWebhook(other, signature)).rejects.toThrow(/No signatures found matching/);
  });

  it('refuses a signature older than five minutes', async () => {
    await expect(deliver(event(), SECRET, now() - 200)).resolves.toMatchObject({ type: 'checkout.expired' });
    const old = deliver(event(), SECRET, now() - 301);
    await expect(old).rejects.toThrow(WebhookSignatureError);
    await expect(deliver(event(), SECRET, now() - 301)).rejects.toThrow(
      'Timestamp outside the tolerance zone',
    );
  });

  it('refuses a webhook without a signature header', async () => {
    const rawBody = Buffer.from(JSON.stringify(event()));
    await expect(stripe.verifyWebhook(rawBody, undefined)).rejects.toThrow(WebhookSignatureError);
    await expect(stripe.verifyWebhook(rawBody, '')).rejects.toThrow(WebhookSignatureError);
    await expect(stripe.verifyWebhook(rawBody, 'garbage')).rejects.toThrow(WebhookSignatureError);
  });

  it('answers ignored for an event our books do not follow', async () => {
    const sent = stripeEvent('customer.created', { id: 'cus_new', object: 'customer' });
    expect(await deliver(sent)).toEqual({
      id: sent.id,
      created: new Date(sent.created * 1000),
      type: 'ignored',
      gatewayType: 'customer.created',
    });
  });
});

describe('Stripe events', () => {
  it('reads a paid checkout, with the card of its payment fetched from Stripe', async () => {
    standIn.state.card = { brand: 'mastercard', last4: '4444' };
    const sent = stripeEvent('checkout.session.completed', session());
    expect(await deliver(sent)).toEqual({
      id: sent.id,
      created: new Date(sent.created * 1000),
      type: 'checkout.completed',
      checkoutId: 'chk-1',
      sessionId: 'cs_test_paid',
      paid: true,
      mode: 'payment',
      amount: '49',
      currency: 'USD',
      paymentReference: 'pi_paid',
      subscription: null,
      customer: null,
      card: { brand: 'mastercard', last4: '4444' },
    });
    expect(sentTo('GET', '/v1/payment_intents/pi_paid').at(-1)?.query).toEqual({
      'expand[0]': 'latest_charge',
    });
  });

  it('reads a subscription checkout, a delayed payment and a session not made by us', async () => {
    const before = sentTo('GET', '/v1/payment_intents/pi_paid').length;
    const sub = session({
      mode: 'subscription',
      payment_intent: null,
      subscription: 'sub_1',
      customer: 'cus_1',
    });
    expect(await deliver(stripeEvent('checkout.session.completed', sub))).toMatchObject({
      paymentReference: null,
      subscription: 'sub_1',
      customer: 'cus_1',
      card: null,
    });
    expect(sentTo('GET', '/v1/payment_intents/pi_paid')).toHaveLength(before);
    const pending = session({ payment_status: 'unpaid', client_reference_id: null });
    expect(await deliver(stripeEvent('checkout.session.completed', pending))).toMatchObject({
      checkoutId: 'chk-1',
      paid: false,
    });
    const settled = stripeEvent('checkout.session.async_payment_succeeded', session());
    expect(await deliver(settled)).toMatchObject({
      type: 'checkout.completed',
      paid: true,
      paymentReference: 'pi_paid',
    });
    const foreign = session({ client_reference_id: null, metadata: {} });
    expect(await deliver(stripeEvent('checkout.session.completed', foreign))).toMatchObject({
      type: 'ignored',
    });
  });

  it('reads a refused card on one of our checkouts only', async () => {
    const intent = (over: Record<string, unknown>) => ({ id: 'pi_x', object: 'payment_intent', ...over });
    const declined = intent({
      metadata: { checkoutId: 'chk-2' },
      last_payment_error: { message: 'Your card has insufficient funds.' },
    });
    expect(await deliver(stripeEvent('payment_intent.payment_failed', declined))).toMatchObject({
      type: 'payment.failed',
      checkoutId: 'chk-2',
      message: 'Your card has insufficient funds.',
    });
    const silent = intent({ metadata: { checkoutId: 'chk-2' }, last_payment_error: null });
    expect(await deliver(stripeEvent('payment_intent.payment_failed', silent))).toMatchObject({
      message: 'Your card was declined.',
    });
    const foreign = intent({ metadata: {}, last_payment_error: null });
    expect(await deliver(stripeEvent('payment_intent.payment_failed', foreign))).toMatchObject({
      type: 'ignored',
    });
  });

  it('reads a paid invoice: period of its line, amount, our subscription id, payment and card', async () => {
    standIn.state.invoicePayments.set('in_renewal', 'pi_renewal');
    standIn.state.card = { brand: 'visa', last4: '1881' };
    const sent = stripeEvent('invoice.paid', invoice());
    expect(await deliver(sent)).toEqual({
      id: sent.id,
      created: new Date(sent.created * 1000),
      type: 'invoice.paid',
      invoiceId: 'in_renewal',
      subscription: 'sub_premium',
      subscriptionId: 'sub-ours-1',
      customer: 'cus_1',
      amount: '49',
      currency: 'USD',
      paidAt: new Date('2026-01-01T00:00:00Z'),
      periodStart: new Date('2026-01-01T00:00:00Z'),
      periodEnd: new Date('2027-01-01T00:00:00Z'),
      paymentReference: 'pi_renewal',
      card: { brand: 'visa', last4: '1881' },
    });
    expect(sentTo('GET', '/v1/invoice_payments').at(-1)?.query).toEqual({
      invoice: 'in_renewal',
      status: 'paid',
    });
    const subCall = sentTo('GET', '/v1/subscriptions/sub_premium').at(-1);
    expect(subCall?.query).toEqual({ 'expand[0]': 'default_payment_method' });
  });

  it('reads a paid invoice in yen, one with no payment found, and ignores one outside a subscription', async () => {
    const yen = invoice({
      id: 'in_yen',
      currency: 'jpy',
      amount_paid: 5000,
      status_transitions: { paid_at: null },
    });
    const sent = stripeEvent('invoice.paid', yen);
    expect(await deliver(sent)).toMatchObject({
      amount: '5000',
      currency: 'JPY',
      paidAt: new Date(sent.created * 1000),
      paymentReference: null,
    });
    const alone = invoice({ parent: null });
    expect(await deliver(stripeEvent('invoice.paid', alone))).toMatchObject({ type: 'ignored' });
  });

  it('reads a failed renewal', async () => {
    const failed = invoice({
      last_finalization_error: { message: 'The customer has no default payment method.' },
    });
    const sent = stripeEvent('invoice.payment_failed', failed);
    expect(await deliver(sent)).toEqual({
      id: sent.id,
      created: new Date(sent.created * 1000),
      type: 'invoice.payment_failed',
      invoiceId: 'in_renewal',
      subscription: 'sub_premium',
      subscriptionId: 'sub-ours-1',
      periodEnd: new Date('2027-01-01T00:00:00Z'),
      message: 'The customer has no default payment method.',
    });
    expect(await deliver(stripeEvent('invoice.payment_failed', invoice()))).toMatchObject({ message: null });
  });

  it('reads a subscription that ended, at its end, its cancel or the event', async () => {
    const sub = (over: Record<string, unknown>) => ({
      id: 'sub_gone',
      object: 'subscription',
      status: 'canceled',
      metadata: { subscriptionId: 'sub-ours-3' },
      ...over,
    });
    const ended = await deliver(
      stripeEvent('customer.subscription.deleted', sub({ ended_at: 1_767_225_600 })),
    );
    expect(ended).toMatchObject({
      type: 'subscription.deleted',
      subscription: 'sub_gone',
      subscriptionId: 'sub-ours-3',
      endedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const cancelled = sub({ ended_at: null, canceled_at: 1_767_225_660, metadata: {} });
    expect(await deliver(stripeEvent('customer.subscription.deleted', cancelled))).toMatchObject({
      subscriptionId: null,
      endedAt: new Date('2026-01-01T00:01:00Z'),
    });
    const bare = stripeEvent('customer.subscription.deleted', sub({ ended_at: null, canceled_at: null }));
    expect(await deliver(bare)).toMatchObject({ endedAt: new Date(bare.created * 1000) });
  });

  it('reads a refund of one of our payments', async () => {
    const charge = (over: Record<string, unknown>) => ({
      id: 'ch_1',
      object: 'charge',
      currency: 'usd',
      ...over,
    });
    const refunded = charge({ payment_intent: 'pi_paid', amount_refunded: 1050 });
    expect(await deliver(stripeEvent('charge.refunded', refunded))).toMatchObject({
      type: 'charge.refunded',
      paymentReference: 'pi_paid',
      amountRefunded: '10.5',
      currency: 'USD',
    });
    const bare = charge({ payment_intent: null, amount_refunded: 1050 });
    expect(await deliver(stripeEvent('charge.refunded', bare))).toMatchObject({ type: 'ignored' });
  });
});
