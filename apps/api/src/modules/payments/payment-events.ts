import { CARD_DECLINED_MESSAGE, Decimal, TransactionStatus } from '@vaultline/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { deposits, premiumPayments } from '../../db/schema';
import { type DepositRow, transitionDeposit } from '../funding/funding.repository';
import type { LedgerService } from '../ledger/ledger.service';
import { deletePendingSubscription } from '../premium/premium.repository';
import {
  type CheckoutRow,
  claimEvent,
  findCheckoutForUpdate,
  markCheckoutPaid,
  settleCheckout,
} from './checkouts.repository';
import type { GatewayEvent } from './gateway';
import type { PremiumEvents } from './premium-events';

type Of<T extends GatewayEvent['type']> = Extract<GatewayEvent, { type: T }>;

export const CHECKOUT_CANCELLED_NOTES = 'Payment cancelled on the payment page; nothing was charged.';

export interface PaymentEventDeps {
  db: Db;
  ledger: LedgerService;
  premium: PremiumEvents;
  /** After commit: a deposit's new state to its owner's pages and the admins. */
  pushDeposit: (row: DepositRow) => void;
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
export function createPaymentEvents({ db, ledger, premium, pushDeposit }: PaymentEventDeps) {
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

  /** The gateway says a payment was refunded: what support asked (refund_status pending) is done. */
  async function refunded(tx: DbOrTx, e: Of<'charge.refunded'>) {
    const at = new Date();
    await tx
      .update(deposits)
      .set({ refundStatus: 'refunded', refundedAt: at })
      .where(and(eq(deposits.gatewayReference, e.paymentReference), eq(deposits.refundStatus, 'pending')));
    await tx
      .update(premiumPayments)
      .set({ refundStatus: 'refunded', refundedAt: at })
      .where(
        and(
          eq(premiumPayments.paymentReference, e.paymentReference),
          eq(premiumPayments.refundStatus, 'pending'),
        ),
      );
  }

  async function apply(tx: DbOrTx, e: GatewayEvent): Promise<DepositRow | undefined> {
    switch (e.type) {
      case 'checkout.completed': {
        const c = await findCheckoutForUpdate(tx, e.checkoutId);
        if (!c || !e.paid) return undefined;
        if (c.purpose === 'premium' && c.subscriptionId)
          await premium.checkoutCompleted(tx, c.subscriptionId, e);
        // A completion is the gateway's word that it was paid: it stands even after our cancel.
        await markCheckoutPaid(tx, c.id);
        return c.purpose === 'deposit' ? depositPaid(tx, c, e) : undefined;
      }
      case 'checkout.expired': {
        const c = await settleCheckout(tx, e.checkoutId, 'cancelled');
        return c ? checkoutEnded(tx, c) : undefined;
      }
      case 'payment.failed':
        await settleCheckout(tx, e.checkoutId, 'declined', e.message || CARD_DECLINED_MESSAGE);
        return undefined;
      case 'invoice.paid':
        await premium.invoicePaid(tx, e);
        return undefined;
      case 'invoice.payment_failed':
        await premium.invoiceFailed(tx, e);
        return undefined;
      case 'subscription.deleted':
        await premium.deleted(tx, e);
        return undefined;
      case 'charge.refunded':
        await refunded(tx, e);
        return undefined;
      case 'ignored':
        return undefined;
    }
  }

  return {
    async handle(gateway: string, e: GatewayEvent): Promise<boolean> {
      // An event type we do not act on leaves no trace (acknowledged so the gateway stops sending).
      if (e.type === 'ignored') return true;
      const out = await db.transaction(async (tx) => {
        if (!(await claimEvent(tx, gateway, e.id, e.type))) return { fresh: false as const };
        return { fresh: true as const, deposit: await apply(tx, e) };
      });
      if (out.fresh && out.deposit) pushDeposit(out.deposit);
      return out.fresh;
    },
    checkoutEnded,
  };
}
export type PaymentEvents = ReturnType<typeof createPaymentEvents>;
