import type Stripe from 'stripe';
import { type Card, fromMinor, type GatewayEvent } from './gateway';

/**
 * What normalizing needs to ask Stripe: a webhook carries ids, not the card or the invoice's payment.
 * The adapter answers them through the API; tests can answer them directly.
 */
export interface StripeLookups {
  cardOfPaymentIntent(paymentIntent: string): Promise<Card | null>;
  cardOfSubscription(subscription: string): Promise<Card | null>;
  paymentOfInvoice(invoiceId: string): Promise<string | null>;
}

export type Base = { id: string; created: Date };
type Expandable = string | { id: string } | null | undefined;

/** Stripe sends a related object either as its id or, when expanded, as the object itself. */
export const idOf = (value: Expandable): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** Both fields or nothing: a card we cannot name is no better than none. */
export const cardOf = (card: { last4?: string | null; brand?: string | null } | null | undefined) =>
  card?.last4 && card.brand ? { last4: card.last4, brand: card.brand } : null;

/** The payment intent that paid an invoice, among its invoice payments (`invoice.payments`). */
export function paidPaymentIntent(payments: readonly Stripe.InvoicePayment[] | undefined): string | null {
  const paid = payments?.find((p) => p.status === 'paid' && p.payment.type === 'payment_intent');
  return paid ? idOf(paid.payment.payment_intent) : null;
}

const ignored = (base: Base, gatewayType: string): GatewayEvent => ({
  ...base,
  type: 'ignored',
  gatewayType,
});
const date = (unixSeconds: number) => new Date(unixSeconds * 1000);

/**
 * The checkout a session names: the checkout id rides in client_reference_id, and in metadata as a
 * spare. A name only: any Payment Link of the account takes ?client_reference_id= from its URL, so
 * the session is applied only when it is the one we opened (session-match.ts).
 */
const checkoutIdOf = (session: Stripe.Checkout.Session) =>
  session.client_reference_id ?? session.metadata?.checkoutId ?? null;

export type CheckoutCompleted = Extract<GatewayEvent, { type: 'checkout.completed' }>;

/**
 * A completed session read as its checkout.session.completed webhook says it (the reconciliation
 * reads a retrieved one the same way); null when it is not one of our checkouts (a payment link, the
 * dashboard).
 */
export async function completedCheckout(
  base: Base,
  session: Stripe.Checkout.Session,
  lookups: StripeLookups,
): Promise<CheckoutCompleted | null> {
  const checkoutId = checkoutIdOf(session);
  if (!checkoutId) return null;
  const paymentReference = idOf(session.payment_intent);
  const currency = session.currency ? session.currency.toUpperCase() : null;
  return {
    ...base,
    type: 'checkout.completed',
    checkoutId,
    sessionId: session.id,
    mode: session.mode === 'payment' ? 'payment' : session.mode === 'subscription' ? 'subscription' : null,
    amount: currency && session.amount_total != null ? fromMinor(session.amount_total, currency) : null,
    currency,
    // 'unpaid' is a delayed method still under way: its async_payment_succeeded event follows.
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    paymentReference,
    subscription: idOf(session.subscription),
    customer: idOf(session.customer),
    // A subscription's card is read from its invoice.paid; a payment's from its intent's charge.
    card:
      session.mode === 'payment' && paymentReference
        ? await lookups.cardOfPaymentIntent(paymentReference)
        : null,
  };
}

function checkoutExpired(base: Base, gatewayType: string, session: Stripe.Checkout.Session): GatewayEvent {
  const checkoutId = checkoutIdOf(session);
  if (!checkoutId) return ignored(base, gatewayType);
  return { ...base, type: 'checkout.expired', checkoutId, sessionId: session.id };
}

function paymentFailed(base: Base, gatewayType: string, intent: Stripe.PaymentIntent): GatewayEvent {
  // Only intents made by our checkouts carry the id (payment_intent_data.metadata).
  const checkoutId = intent.metadata?.checkoutId;
  if (!checkoutId) return ignored(base, gatewayType);
  const message = intent.last_payment_error?.message ?? 'Your card was declined.';
  return { ...base, type: 'payment.failed', checkoutId, message };
}

/**
 * Since API version 2025-03-31.basil an invoice names its subscription under `parent.subscription_details`
 * and its periods only on its lines; the invoice's own period_* are those of its usage, not of the
 * service paid for, so they are the fallback only.
 */
function subscriptionOfInvoice(invoice: Stripe.Invoice) {
  const details = invoice.parent?.subscription_details;
  const subscription = idOf(details?.subscription);
  if (!subscription) return null;
  const period = invoice.lines.data[0]?.period ?? { start: invoice.period_start, end: invoice.period_end };
  return {
    invoiceId: invoice.id,
    subscription,
    subscriptionId: details?.metadata?.subscriptionId ?? null,
    periodStart: date(period.start),
    periodEnd: date(period.end),
  };
}

async function invoicePaid(
  base: Base,
  gatewayType: string,
  invoice: Stripe.Invoice,
  lookups: StripeLookups,
): Promise<GatewayEvent> {
  const sub = subscriptionOfInvoice(invoice);
  // An invoice outside a subscription is not one of ours (we bill through checkouts).
  if (!sub) return ignored(base, gatewayType);
  const currency = invoice.currency.toUpperCase();
  const [paymentReference, card] = await Promise.all([
    // `payments` is in the event only when the endpoint expands it; otherwise it costs a call.
    paidPaymentIntent(invoice.payments?.data) ?? lookups.paymentOfInvoice(invoice.id),
    lookups.cardOfSubscription(sub.subscription),
  ]);
  return {
    ...base,
    ...sub,
    type: 'invoice.paid',
    customer: idOf(invoice.customer),
    amount: fromMinor(invoice.amount_paid, currency),
    currency,
    paidAt:
      invoice.status_transitions.paid_at == null ? base.created : date(invoice.status_transitions.paid_at),
    paymentReference,
    card,
  };
}

function invoicePaymentFailed(base: Base, gatewayType: string, invoice: Stripe.Invoice): GatewayEvent {
  const sub = subscriptionOfInvoice(invoice);
  if (!sub) return ignored(base, gatewayType);
  return {
    ...base,
    type: 'invoice.payment_failed',
    invoiceId: sub.invoiceId,
    subscription: sub.subscription,
    subscriptionId: sub.subscriptionId,
    periodEnd: sub.periodEnd,
    message: invoice.last_finalization_error?.message ?? null,
  };
}

function subscriptionDeleted(base: Base, subscription: Stripe.Subscription): GatewayEvent {
  const ended = subscription.ended_at ?? subscription.canceled_at;
  return {
    ...base,
    type: 'subscription.deleted',
    subscription: subscription.id,
    subscriptionId: subscription.metadata?.subscriptionId ?? null,
    endedAt: ended == null ? base.created : date(ended),
  };
}

function chargeRefunded(base: Base, gatewayType: string, charge: Stripe.Charge): GatewayEvent {
  const paymentReference = idOf(charge.payment_intent);
  // Our payments are all payment intents (Checkout); a bare charge is not ours.
  if (!paymentReference) return ignored(base, gatewayType);
  const currency = charge.currency.toUpperCase();
  return {
    ...base,
    type: 'charge.refunded',
    paymentReference,
    amountRefunded: fromMinor(charge.amount_refunded, currency),
    currency,
  };
}

function chargeDisputed(base: Base, gatewayType: string, dispute: Stripe.Dispute): GatewayEvent {
  const paymentReference = idOf(dispute.payment_intent);
  if (!paymentReference) return ignored(base, gatewayType);
  const currency = dispute.currency.toUpperCase();
  return {
    ...base,
    type: 'charge.disputed',
    disputeId: dispute.id,
    paymentReference,
    amount: fromMinor(dispute.amount, currency),
    currency,
    reason: dispute.reason ?? null,
  };
}

/**
 * Reads a verified Stripe event into our `GatewayEvent`; anything our books do not follow is
 * `ignored` (answered 200 so Stripe stops sending it). Pure apart from `lookups`.
 */
export async function normalizeStripeEvent(
  event: Stripe.Event,
  lookups: StripeLookups,
): Promise<GatewayEvent> {
  const base: Base = { id: event.id, created: date(event.created) };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return (await completedCheckout(base, event.data.object, lookups)) ?? ignored(base, event.type);
    case 'checkout.session.expired':
      return checkoutExpired(base, event.type, event.data.object);
    case 'payment_intent.payment_failed':
      return paymentFailed(base, event.type, event.data.object);
    case 'invoice.paid':
      return invoicePaid(base, event.type, event.data.object, lookups);
    case 'invoice.payment_failed':
      return invoicePaymentFailed(base, event.type, event.data.object);
    case 'customer.subscription.deleted':
      return subscriptionDeleted(base, event.data.object);
    case 'charge.refunded':
      return chargeRefunded(base, event.type, event.data.object);
    case 'charge.dispute.created':
      return chargeDisputed(base, event.type, event.data.object);
    default:
      return ignored(base, event.type);
  }
}
