import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import {
  type CheckoutRequest,
  type PaymentGateway,
  toMinor,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
} from './gateway';
import {
  cardOf,
  completedCheckout,
  normalizeStripeEvent,
  paidPaymentIntent,
  type StripeLookups,
} from './stripe-events';
import { stripeLib } from './stripe-lib';

export interface StripeGatewayOptions {
  secretKey: string;
  /** The signing secret of our webhook endpoint (whsec_…). */
  webhookSecret: string;
  /** A yearly recurring price made in the dashboard for premium; without it the price is inline. */
  pricePremium?: string | null;
  /** Where the API is: only tests change it (a loopback stand-in). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

type SessionParams = Stripe.Checkout.SessionCreateParams;

/** The one line of a checkout: a payment of the amount, or a renewing yearly price. */
function lineItem(
  req: CheckoutRequest,
  pricePremium: string | null,
): Stripe.Checkout.SessionCreateParams.LineItem {
  if (req.mode === 'subscription' && pricePremium) return { price: pricePremium, quantity: 1 };
  return {
    quantity: 1,
    price_data: {
      currency: req.currency.toLowerCase(),
      unit_amount: toMinor(req.amount, req.currency),
      product_data: { name: req.description },
      ...(req.mode === 'subscription' ? { recurring: { interval: 'year' as const } } : {}),
    },
  };
}

function modeParams(req: CheckoutRequest, pricePremium: string | null): SessionParams {
  if (req.mode === 'payment') {
    // The intent carries the checkout id too, so that payment_intent.payment_failed names it.
    return {
      payment_intent_data: { metadata: { checkoutId: req.checkoutId }, description: req.description },
    };
  }
  // Renewals arrive as invoice.paid, which only knows the subscription's metadata.
  if (!req.subscriptionId) throw new Error(`Subscription checkout ${req.checkoutId} has no subscriptionId`);
  return {
    // A configured price may offer several currencies: name the one the payer sees.
    ...(pricePremium ? { currency: req.currency.toLowerCase() } : {}),
    subscription_data: { metadata: { subscriptionId: req.subscriptionId, checkoutId: req.checkoutId } },
  };
}

export function checkoutParams(req: CheckoutRequest, pricePremium: string | null): SessionParams {
  return {
    mode: req.mode,
    line_items: [lineItem(req, pricePremium)],
    client_reference_id: req.checkoutId,
    metadata: { checkoutId: req.checkoutId },
    success_url: req.successUrl,
    cancel_url: req.cancelUrl,
    // A known customer keeps its saved card and its portal; otherwise Stripe prefills the e-mail.
    ...(req.customerId ? { customer: req.customerId } : { customer_email: req.email }),
    ...modeParams(req, pricePremium),
  };
}

const isInvalidRequest = (err: unknown): err is Stripe.errors.StripeInvalidRequestError =>
  err instanceof stripeLib().errors.StripeInvalidRequestError;

/**
 * Cancelling a subscription that is already over: Stripe answers resource_missing (a canceled
 * subscription cannot be deleted again, and a deleted customer takes its subscriptions with it) or
 * says it is already canceled. Either way it has ended, which is what the caller wants.
 */
const alreadyEnded = (err: unknown) =>
  isInvalidRequest(err) && (err.code === 'resource_missing' || /already.*cancel/i.test(err.message));

/** The API calls normalizing needs: the card of a payment, of a subscription, an invoice's payment. */
function stripeLookups(stripe: Stripe): StripeLookups {
  return {
    async cardOfPaymentIntent(paymentIntent) {
      const intent = await stripe.paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge'] });
      const charge = intent.latest_charge;
      return charge && typeof charge !== 'string' ? cardOf(charge.payment_method_details?.card) : null;
    },
    async cardOfSubscription(subscription) {
      const sub = await stripe.subscriptions.retrieve(subscription, { expand: ['default_payment_method'] });
      const method = sub.default_payment_method;
      return method && typeof method !== 'string' ? cardOf(method.card) : null;
    },
    async paymentOfInvoice(invoice) {
      const payments = await stripe.invoicePayments.list({ invoice, status: 'paid' });
      return paidPaymentIntent(payments.data);
    },
  };
}

/** The library's messages run to several lines of advice; the first sentence says what failed. */
const shortReason = (message: string) => message.split(/[.\n]/)[0]?.trim() || 'signature does not verify';

/**
 * A dashboard price for premium must charge what the server shows and records (decision 0039): its
 * amount in the checkout's currency (a currency option, or its own currency), yearly.
 */
function priceCharges(price: Stripe.Price, req: CheckoutRequest): boolean {
  const currency = req.currency.toLowerCase();
  const unit =
    price.currency_options?.[currency]?.unit_amount ??
    (price.currency === currency ? price.unit_amount : null);
  const yearly = price.recurring?.interval === 'year' && (price.recurring.interval_count ?? 1) === 1;
  return yearly && unit === toMinor(req.amount, req.currency);
}

export function createStripeGateway(opts: StripeGatewayOptions): PaymentGateway {
  // An empty secret would make every webhook "fail to verify": say what is wrong at start instead.
  if (!opts.secretKey) throw new Error('Stripe needs its secret key');
  if (!opts.webhookSecret.trim()) throw new Error('Stripe needs the webhook signing secret');
  // The library pins its API version (2026-10-28.endive), the shapes stripe-events.ts reads; the
  // webhook endpoint must be set to the same version. Retries reuse each call's idempotency key.
  const stripe = new (stripeLib())(opts.secretKey, { maxNetworkRetries: 2, ...opts.api });
  const pricePremium = opts.pricePremium ?? null;
  const lookups = stripeLookups(stripe);

  return {
    id: 'stripe',

    async createCheckout(req) {
      if (req.mode === 'subscription' && pricePremium) {
        const price = await stripe.prices.retrieve(pricePremium, { expand: ['currency_options'] });
        if (!priceCharges(price, req))
          throw new Error(
            `STRIPE_PRICE_PREMIUM ${pricePremium} does not charge ${req.amount} ${req.currency} a year (PREMIUM_PRICES): no checkout opened`,
          );
      }
      const session = await stripe.checkout.sessions.create(checkoutParams(req, pricePremium), {
        idempotencyKey: `checkout-${req.checkoutId}`,
      });
      if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no hosted page url`);
      return { sessionId: session.id, url: session.url };
    },

    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return 'expired';
      } catch (err) {
        // Stripe expires only open sessions. Paid first: its completion stands. Expired already (an
        // earlier attempt, or its own deadline): the outcome asked for.
        if (!isInvalidRequest(err)) throw err;
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === 'complete') return 'completed';
        if (session.status === 'expired') return 'expired';
        throw err;
      }
    },

    async retrieveCheckout(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status === 'open') return { status: 'open', url: session.url };
      if (session.status === 'expired') return { status: 'expired' };
      // Any other status is one this code does not know: settling it as unpaid could lose a payment.
      if (session.status !== 'complete') throw new Error(`Stripe session ${sessionId} is ${session.status}`);
      // Named after the session, not a Stripe event: its webhook may still come, as another id.
      const base = { id: `retrieved_${session.id}`, created: new Date() };
      const event = await completedCheckout(base, session, lookups);
      if (!event) throw new Error(`Stripe session ${sessionId} is not one of our checkouts`);
      return { status: 'complete', event };
    },

    async cancelAtPeriodEnd(subscription) {
      // A fresh key per call, not one per subscription: Stripe replays a key's first answer for 24 h,
      // so a cancel after a resume in the portal would be answered without being done. Setting the
      // flag is idempotent anyway; the key makes the library's retries of this call safe.
      await stripe.subscriptions.update(
        subscription,
        { cancel_at_period_end: true },
        { idempotencyKey: `cancel-at-period-end-${subscription}-${randomUUID()}` },
      );
    },

    async cancelNow(subscription) {
      try {
        await stripe.subscriptions.cancel(subscription);
      } catch (err) {
        if (!alreadyEnded(err)) throw err;
      }
    },

    async refund(req) {
      const refund = await stripe.refunds.create(
        { payment_intent: req.paymentReference, amount: toMinor(req.amount, req.currency) },
        { idempotencyKey: req.idempotencyKey },
      );
      return { refundId: refund.id };
    },

    async portalUrl(customer, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
      return session.url;
    },

    async verifyWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          opts.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (err) {
        if (err instanceof stripeLib().errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError(shortReason(err.message));
        }
        throw err;
      }
      return normalizeStripeEvent(event, lookups);
    },
  };
}
