import { CARD_DECLINED_MESSAGE, Decimal, TransactionStatus } from '@vaultline/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { deposits, premiumPayments } from '../../db/schema';
import { type DepositRow, transitionDeposit } from '../funding/funding.repository';
import type { LedgerService } from '../ledger/ledger.service';
import { deletePendingSubscription } from '../premium/premium.repository';
import {
  type CheckoutRow,
  claimEvent,
  findCheckout,
  findCheckoutForUpdate,
  markCheckoutPaid,
  settleCheckout,
} from './checkouts.repository';
import type { GatewayEvent } from './gateway';
import type { PremiumEvents } from './premium-events';
import { endRefundedPremium } from './premium-refund';
import type { ReversalNotice, Reversals } from './reversals';
import { mismatch } from './session-match';

type Of<T extends GatewayEvent['type']> = Extract<GatewayEvent, { type: T }>;

export const CHECKOUT_CANCELLED_NOTES = 'Payment cancelled on the payment page; nothing was charged.';

export interface PaymentEventDeps {
  db: Db;
  ledger: LedgerService;
  premium: PremiumEvents;
  /** After commit: a deposit's new state to its owner's pages and the admins. */
  pushDeposit: (row: DepositRow) => void;
  /** The session id we opened for a checkout, asked of the gateway when we never stored it. */
  storedSession: (c: CheckoutRow) => Promise<string>;
  /** After commit: a refunded premium payment's subscription ended at the gateway, the refund finished. */
  finishPremiumRefund: (paymentId: string) => Promise<void>;
  /** Money that left outside the app (decision 0038), and who is told of it after commit. */
  reversals: Reversals;
  notifyAdmins: (n: ReversalNotice) => Promise<void>;
  log: FastifyBaseLogger;
}

/** What applying an event leaves to do once it has committed. */
interface Outcome {
  deposit?: DepositRow | undefined;
  /** An event that named one of our checkouts but was not applied: why, for the log. */
  refused?: { msg: string; fields: Record<string, unknown> };
  /** Premium payments refunded at the gateway: their subscriptions end there too. */
  premiumRefunds?: string[];
  notice?: ReversalNotice | undefined;
}

async function reopenCancelled(tx: DbOrTx, id: string, set: Partial<typeof deposits.$inferInsert>) {
  const [row] = await tx
    .update(deposits)
    .set(set)
    .where(
      and(
        eq(deposits.id, id),
        eq(deposits.status, TransactionStatus.failed),
        eq(deposits.adminNotes, CHECKOUT_CANCELLED_NOTES),
        isNull(deposits.journalEntryId),
      ),
    )
    .returning();
  return row;
}

/** Credits a card deposit from the house account; the (card_deposit, id) entry posts at most once. */
async function credit(ledger: LedgerService, tx: DbOrTx, d: DepositRow) {
  const amount = new Decimal(d.amount);
  return ledger.post(tx, {
    kind: 'card_deposit',
    reference: d.id,
    memo: 'card deposit',
    legs: [
      { owner: { kind: 'house' }, assetId: d.assetId, amount: amount.neg() },
      { owner: { kind: 'user', userId: d.userId }, assetId: d.assetId, amount },
    ],
  });
}

/**
 * Applies one verified gateway event, once: the event's id is claimed in the transaction that
 * applies it, so a redelivery (the gateway resends until it gets a 2xx) changes nothing. Answers
 * false for a redelivery.
 */
export function createPaymentEvents(deps: PaymentEventDeps) {
  const { db, ledger, premium, pushDeposit, log } = deps;
  async function depositPaid(tx: DbOrTx, c: CheckoutRow, e: Of<'checkout.completed'>) {
    if (!c.depositId) return undefined;
    const paid = {
      status: TransactionStatus.success,
      cardLast4: e.card?.last4 ?? null,
      cardBrand: e.card?.brand ?? null,
      gatewayReference: e.paymentReference,
      adminNotes: null,
      decidedAt: new Date(),
    };
    // Money taken stands even if we had marked the checkout cancelled (paid at the last moment).
    const done =
      (await transitionDeposit(tx, c.depositId, TransactionStatus.pending, paid)) ??
      (await reopenCancelled(tx, c.depositId, paid));
    if (!done) return undefined;
    const entryId = await credit(ledger, tx, done);
    return transitionDeposit(tx, done.id, TransactionStatus.success, { journalEntryId: entryId ?? null });
  }

  async function checkoutEnded(tx: DbOrTx, c: CheckoutRow) {
    if (c.depositId)
      return transitionDeposit(tx, c.depositId, TransactionStatus.pending, {
        status: TransactionStatus.failed,
        adminNotes: CHECKOUT_CANCELLED_NOTES,
        decidedAt: new Date(),
      });
    if (c.subscriptionId) await deletePendingSubscription(tx, c.subscriptionId);
    return undefined;
  }

  /**
   * The gateway says a payment was refunded. A deposit's refund support asked for (refund_status
   * pending, the wallet already debited) is done. A premium payment's: premium ends now, here, and
   * its subscription at the gateway after commit (the refund stays pending until that is done, so
   * the retry job finishes it if the gateway does not answer).
   */
  async function refunded(tx: DbOrTx, gateway: string, e: Of<'charge.refunded'>): Promise<Outcome> {
    const at = new Date();
    await tx
      .update(deposits)
      .set({ refundStatus: 'refunded', refundedAt: at })
      .where(and(eq(deposits.gatewayReference, e.paymentReference), eq(deposits.refundStatus, 'pending')));
    const premiumRefunds = await tx
      .update(premiumPayments)
      .set({ refundedAt: at })
      .where(
        and(
          eq(premiumPayments.paymentReference, e.paymentReference),
          eq(premiumPayments.refundStatus, 'pending'),
          isNull(premiumPayments.refundedAt),
        ),
      )
      .returning({ id: premiumPayments.id });
    for (const p of premiumRefunds) await endRefundedPremium(tx, p.id);
    // Whatever nobody here asked for left outside the app: debited, or owed.
    const outside = await deps.reversals.refundedOutside(tx, gateway, e);
    return {
      premiumRefunds: [
        ...premiumRefunds.map((p) => p.id),
        ...(outside?.premiumRefund ? [outside.premiumRefund] : []),
      ],
      notice: outside?.notice,
    };
  }

  /** A completion applies only to the session we opened, at its amount, currency and mode. */
  async function completed(tx: DbOrTx, e: Of<'checkout.completed'>): Promise<Outcome> {
    const c = await findCheckoutForUpdate(tx, e.checkoutId);
    const reason = mismatch(c, e);
    if (reason)
      return {
        refused: {
          msg: 'checkout completion not applied',
          fields: {
            reason,
            checkoutId: e.checkoutId,
            sessionId: e.sessionId,
            expectedSessionId: c?.sessionId ?? null,
            mode: e.mode,
            amount: e.amount,
            currency: e.currency,
          },
        },
      };
    if (!c || !e.paid) return {};
    if (c.purpose === 'premium' && c.subscriptionId) await premium.checkoutCompleted(tx, c.subscriptionId, e);
    // A completion is the gateway's word that it was paid: it stands even after our cancel.
    await markCheckoutPaid(tx, c.id);
    return c.purpose === 'deposit' ? { deposit: await depositPaid(tx, c, e) } : {};
  }

  async function apply(tx: DbOrTx, gateway: string, e: GatewayEvent): Promise<Outcome> {
    switch (e.type) {
      case 'checkout.completed':
        return completed(tx, e);
      case 'checkout.expired': {
        // Only the session we opened (or, with '', none opened) ends the checkout.
        const open = await findCheckoutForUpdate(tx, e.checkoutId);
        if (open && (open.sessionId ?? '') !== e.sessionId)
          return {
            refused: {
              msg: 'checkout expiry not applied',
              fields: { reason: 'session', checkoutId: e.checkoutId, sessionId: e.sessionId },
            },
          };
        const c = await settleCheckout(tx, e.checkoutId, 'cancelled');
        return c ? { deposit: await checkoutEnded(tx, c) } : {};
      }
      case 'payment.failed':
        await settleCheckout(tx, e.checkoutId, 'declined', e.message || CARD_DECLINED_MESSAGE);
        return {};
      case 'invoice.paid':
        await premium.invoicePaid(tx, e);
        return {};
      case 'invoice.payment_failed':
        await premium.invoiceFailed(tx, e);
        return {};
      case 'subscription.deleted':
        await premium.deleted(tx, e);
        return {};
      case 'charge.refunded':
        return refunded(tx, gateway, e);
      case 'charge.disputed': {
        const out = await deps.reversals.disputed(tx, gateway, e);
        return { notice: out?.notice, premiumRefunds: out?.premiumRefund ? [out.premiumRefund] : [] };
      }
      case 'ignored':
        return {};
    }
  }

  return {
    async handle(gateway: string, e: GatewayEvent): Promise<boolean> {
      // An event type we do not act on leaves no trace (acknowledged so the gateway stops sending).
      if (e.type === 'ignored') return true;
      if (e.type === 'checkout.completed') {
        // Before the transaction (a call to the gateway): the session to match the event to. A
        // failure to ask answers an error, so that the gateway sends the event again later.
        // Only a checkout still payable can have a session we failed to store; a closed one never
        // reached a payer without one, so a completion naming it is refused below.
        const c = await findCheckout(db, e.checkoutId);
        if (c && !c.sessionId && (c.status === 'open' || c.status === 'declined'))
          await deps.storedSession(c);
      }
      const out = await db.transaction(async (tx) => {
        if (!(await claimEvent(tx, gateway, e.id, e.type))) return { fresh: false as const };
        return { fresh: true as const, ...(await apply(tx, gateway, e)) };
      });
      if (!out.fresh) return false;
      if (out.refused) log.warn({ gateway, eventId: e.id, ...out.refused.fields }, out.refused.msg);
      if (out.deposit) pushDeposit(out.deposit);
      if (out.notice)
        await deps
          .notifyAdmins(out.notice)
          .catch((err) => log.error({ err }, 'admins not told of a card reversal'));
      for (const id of out.premiumRefunds ?? [])
        await deps
          .finishPremiumRefund(id)
          .catch((err) => log.warn({ err, paymentId: id }, 'premium refund not finished yet; retried'));
      return true;
    },
    checkoutEnded,
  };
}
export type PaymentEvents = ReturnType<typeof createPaymentEvents>;
