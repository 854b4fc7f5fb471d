import { Decimal, toPlain } from '@vaultline/shared';

/**
 * A card payment gateway with a hosted checkout (DECISIONS §7, decision 0031). Card data never
 * passes through here: the browser pays on the gateway's page, and the outcome arrives as a signed
 * webhook, read by `verifyWebhook` into one of the events below. Two implementations: the built-in
 * test gateway (default, offline) and Stripe.
 *
 * Amounts are decimal strings in major units ("49", "100.50"); each adapter converts to what its API
 * takes. Every call that creates something at the gateway carries an idempotency key: the same key
 * sent twice (a retry after a timeout or a crash) creates it once.
 */
export interface CheckoutRequest {
  /** Our checkout's id: the idempotency key, and sent back in every event about this payment. */
  checkoutId: string;
  mode: 'payment' | 'subscription';
  amount: string;
  /** ISO 4217, upper case ("USD"). */
  currency: string;
  /** What it pays for, shown on the hosted page and the statement. */
  description: string;
  /** The payer's e-mail, prefilled on the hosted page (the gateway sends its receipts there). */
  email: string;
  /** The gateway's customer already known for this user, if any (subscriptions). */
  customerId?: string | null;
  /** Subscriptions: our subscription's id, carried in the subscription's metadata. */
  subscriptionId?: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  /** The gateway's id of the session. */
  sessionId: string;
  /** The hosted page to send the browser to. */
  url: string;
}

export interface Card {
  last4: string;
  brand: string;
}

/** What our books need from the gateway's events; anything else is ignored (answered 200). */
export type GatewayEvent = { id: string; created: Date } & (
  | {
      /** The hosted checkout was paid (or, for a subscription, set up and its first invoice paid). */
      type: 'checkout.completed';
      checkoutId: string;
      sessionId: string;
      paid: boolean;
      /** What the session charged, as the gateway says (null when it does not say): matched to ours. */
      mode: 'payment' | 'subscription' | null;
      amount: string | null;
      /** ISO 4217, upper case. */
      currency: string | null;
      /** The payment's reference (payment mode): what a refund names. */
      paymentReference: string | null;
      subscription: string | null;
      customer: string | null;
      card: Card | null;
    }
  | { type: 'checkout.expired'; checkoutId: string; sessionId: string }
  | {
      /** A card was refused on the hosted page (the payer may try another one). */
      type: 'payment.failed';
      checkoutId: string;
      message: string;
    }
  | {
      type: 'invoice.paid';
      invoiceId: string;
      subscription: string;
      /** Our subscription id from the subscription's metadata. */
      subscriptionId: string | null;
      customer: string | null;
      amount: string;
      currency: string;
      paidAt: Date;
      periodStart: Date;
      periodEnd: Date;
      paymentReference: string | null;
      card: Card | null;
    }
  | {
      type: 'invoice.payment_failed';
      invoiceId: string;
      subscription: string;
      subscriptionId: string | null;
      periodEnd: Date;
      message: string | null;
    }
  | { type: 'subscription.deleted'; subscription: string; subscriptionId: string | null; endedAt: Date }
  | {
      type: 'charge.refunded';
      paymentReference: string;
      /** Everything refunded on this payment so far. */
      amountRefunded: string;
      currency: string;
    }
  | {
      /** A chargeback: the cardholder's bank takes the payment back (money leaves outside the app). */
      type: 'charge.disputed';
      disputeId: string;
      paymentReference: string;
      amount: string;
      currency: string;
      reason: string | null;
    }
  | { type: 'ignored'; gatewayType: string }
);

export interface RefundRequest {
  /** The payment's reference (a payment intent for Stripe). */
  paymentReference: string;
  amount: string;
  currency: string;
  /** Ours: the same refund asked twice refunds once. */
  idempotencyKey: string;
}

export interface PaymentGateway {
  id: 'test' | 'stripe';
  createCheckout(req: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Ends an open session so it can no longer be paid. Answers 'expired', or 'completed' when it was
   * paid first (then its completion event stands and will arrive).
   */
  expireCheckout(sessionId: string): Promise<'expired' | 'completed'>;
  /**
   * The session as the gateway has it now (the reconciliation, a checkout resumed): its hosted page
   * while open, its completion (as the webhook would have said it) when paid, or expired.
   */
  retrieveCheckout(
    sessionId: string,
  ): Promise<
    | { status: 'open'; url: string | null }
    | { status: 'expired' }
    | { status: 'complete'; event: Extract<GatewayEvent, { type: 'checkout.completed' }> }
  >;
  /** Cancel at the end of the period already paid: no further renewal. */
  cancelAtPeriodEnd(subscription: string): Promise<void>;
  /** Ends the subscription now (after a refund of its payment). */
  cancelNow(subscription: string): Promise<void>;
  refund(req: RefundRequest): Promise<{ refundId: string }>;
  /** The gateway's page where the customer manages the saved card; null when it has none. */
  portalUrl(customer: string, returnUrl: string): Promise<string | null>;
  /**
   * Checks the signature (and its timestamp, at most `toleranceSeconds` old) of a webhook and reads
   * it. Throws `WebhookSignatureError` when it does not verify.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<GatewayEvent>;
}

export class WebhookSignatureError extends Error {}

/** How old a webhook's signed timestamp may be (Stripe's library default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Currencies without minor units, per Stripe's list (the others have two decimals here). */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

export const minorDigits = (currency: string) => (ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2);

/** "49.5" USD → 4950: the integer of minor units gateways take. Throws if it does not fit exactly. */
export function toMinor(amount: string, currency: string): number {
  const d = new Decimal(amount).mul(new Decimal(10).pow(minorDigits(currency)));
  if (!d.isInteger()) throw new Error(`${amount} ${currency} has more decimals than the currency`);
  return d.toNumber();
}

/** 4950 USD → "49.5". */
export const fromMinor = (minor: number, currency: string): string =>
  toPlain(new Decimal(minor).div(new Decimal(10).pow(minorDigits(currency))));

/** The gateway answered and said no (a refund over the amount, an unknown payment): nothing happened there. */
export class GatewayRefusedError extends Error {}

/** True when the gateway surely did not act: a refusal, not a timeout whose outcome is unknown. */
export function isRefusal(err: unknown): boolean {
  if (err instanceof GatewayRefusedError) return true;
  const type = typeof err === 'object' && err !== null && 'type' in err ? String(err.type) : '';
  return type === 'StripeInvalidRequestError' || type === 'StripeCardError';
}
