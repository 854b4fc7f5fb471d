import { randomBytes } from 'node:crypto';
import { toMinor } from './gateway';
import type { SessionRow } from './test-gateway-books';

/**
 * The test gateway's events, in Stripe's shapes (API version of the `stripe` library): the webhook
 * reads them with the same code as Stripe's, so the test gateway exercises that path too.
 */
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

export interface OutboxEvent {
  id: string;
  type: string;
  payload: string;
}

export function event(type: string, object: Record<string, unknown>, at = new Date()): OutboxEvent {
  const id = newId('evt');
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: unix(at),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  return { id, type, payload };
}

export function sessionObject(s: SessionRow, status: 'complete' | 'expired') {
  return {
    id: s.id,
    object: 'checkout.session',
    mode: s.mode,
    status,
    payment_status: status === 'complete' ? 'paid' : 'unpaid',
    amount_total: toMinor(s.amount, s.currency),
    currency: s.currency.toLowerCase(),
    client_reference_id: s.clientReferenceId,
    metadata: s.metadata,
    customer: s.customer,
    customer_email: s.email,
    payment_intent: s.paymentIntent,
    subscription: s.subscription,
    success_url: s.successUrl,
    cancel_url: s.cancelUrl,
  };
}

export function invoiceObject(v: {
  id: string;
  customer: string;
  subscription: string;
  metadata: Record<string, string>;
  amount: string;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
  paid: boolean;
  reason: 'subscription_create' | 'subscription_cycle';
  at: Date;
}) {
  const minor = toMinor(v.amount, v.currency);
  return {
    id: v.id,
    object: 'invoice',
    customer: v.customer,
    billing_reason: v.reason,
    currency: v.currency.toLowerCase(),
    amount_due: minor,
    amount_paid: v.paid ? minor : 0,
    status: v.paid ? 'paid' : 'open',
    attempt_count: 1,
    status_transitions: { paid_at: v.paid ? unix(v.at) : null },
    lines: { object: 'list', data: [{ period: { start: unix(v.periodStart), end: unix(v.periodEnd) } }] },
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: v.subscription, metadata: v.metadata },
    },
  };
}
