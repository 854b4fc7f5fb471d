import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import * as repo from '../premium/premium.repository';
import type { GatewayEvent } from './gateway';

type Of<T extends GatewayEvent['type']> = Extract<GatewayEvent, { type: T }>;

export interface PremiumEventDeps {
  gateway: string;
  graceDays: number;
  /** After the transaction: a failed renewal's e-mail (the grace period and how to fix the card). */
  onGrace: (userId: string, graceUntil: Date) => void;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * The premium subscription's life, driven by the gateway's events only (DECISIONS §7). Each handler
 * runs in the event's transaction and is written so that any order of delivery ends in the same
 * state: premium_until only grows with payments (greatest) and only shrinks with an end (least), and
 * an ended subscription is never revived.
 */
export function createPremiumEvents({ gateway, graceDays, onGrace }: PremiumEventDeps) {
  const find = (tx: DbOrTx, subscriptionId: string | null, gatewayReference: string | null) =>
    repo.findSubscriptionForEvent(tx, gateway, { subscriptionId, gatewayReference });

  /** The hosted checkout of the first year completed: the subscription exists at the gateway. */
  async function checkoutCompleted(tx: DbOrTx, subscriptionId: string, e: Of<'checkout.completed'>) {
    const sub = await find(tx, subscriptionId, e.subscription);
    if (!sub || sub.status === 'cancelled' || !e.paid) return;
    await repo.updateSubscription(tx, sub.id, {
      gatewayReference: sub.gatewayReference ?? e.subscription ?? e.sessionId,
      gatewayCustomer: sub.gatewayCustomer ?? e.customer,
      ...(sub.status === 'pending' ? { status: 'active' } : {}),
    });
    await repo.movePremiumUntil(tx, sub.userId, sql`greatest(${users.premiumUntil}, ${ts(sub.renewalDate)})`);
  }

  /** A payment: the first year or a renewal. Its receipt, and premium until the period paid ends. */
  async function invoicePaid(tx: DbOrTx, e: Of<'invoice.paid'>) {
    const sub = await find(tx, e.subscriptionId, e.subscription);
    if (!sub) return;
    await repo.insertPayment(tx, {
      subscriptionId: sub.id,
      userId: sub.userId,
      gateway,
      invoiceId: e.invoiceId,
      paymentReference: e.paymentReference,
      amount: e.amount,
      currency: e.currency,
      paidAt: e.paidAt,
      periodEnd: e.periodEnd,
      cardLast4: e.card?.last4 ?? null,
      cardBrand: e.card?.brand ?? null,
    });
    if (sub.status === 'cancelled') return;
    // The first payment sets the period the gateway bills (ours was an estimate); later ones extend it.
    const renewal = sub.status === 'pending' || e.periodEnd > sub.renewalDate ? e.periodEnd : sub.renewalDate;
    await repo.updateSubscription(tx, sub.id, {
      status: 'active',
      gatewayReference: sub.gatewayReference ?? e.subscription,
      gatewayCustomer: sub.gatewayCustomer ?? e.customer,
      renewalDate: renewal,
      graceUntil: renewal >= (sub.graceUntil ?? renewal) ? null : sub.graceUntil,
      ...(e.card ? { cardLast4: e.card.last4, cardBrand: e.card.brand } : {}),
    });
    await repo.movePremiumUntil(tx, sub.userId, sql`greatest(${users.premiumUntil}, ${ts(renewal)})`);
  }

  /**
   * A renewal failed: premium lasts `graceDays` from the failure while the gateway retries, then
   * ends by itself (premium_until passes) unless a retry is paid. A failure of a period already paid
   * (delivered after its success) changes nothing.
   */
  async function invoiceFailed(tx: DbOrTx, e: Of<'invoice.payment_failed'>) {
    const sub = await find(tx, e.subscriptionId, e.subscription);
    if (!sub || sub.status === 'cancelled' || sub.status === 'pending') return;
    if (sub.renewalDate >= e.periodEnd) return;
    const graceUntil = new Date(e.created.getTime() + graceDays * 86_400_000);
    if (sub.status === 'past_due' && sub.graceUntil && sub.graceUntil <= graceUntil) return;
    await repo.updateSubscription(tx, sub.id, { status: 'past_due', graceUntil });
    await repo.movePremiumUntil(tx, sub.userId, ts(graceUntil));
    onGrace(sub.userId, graceUntil);
  }

  /** The subscription ended at the gateway (cancelled at the period's end, or retries ran out). */
  async function deleted(tx: DbOrTx, e: Of<'subscription.deleted'>) {
    const sub = await find(tx, e.subscriptionId, e.subscription);
    if (!sub || sub.status === 'cancelled') return;
    await repo.updateSubscription(tx, sub.id, {
      status: 'cancelled',
      cancelledAt: sub.cancelledAt ?? e.endedAt,
      graceUntil: null,
    });
    await repo.movePremiumUntil(tx, sub.userId, sql`least(${users.premiumUntil}, ${ts(e.endedAt)})`);
  }

  return { checkoutCompleted, invoicePaid, invoiceFailed, deleted };
}
export type PremiumEvents = ReturnType<typeof createPremiumEvents>;
