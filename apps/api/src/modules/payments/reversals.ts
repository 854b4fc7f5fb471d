import { Decimal, TransactionStatus, toPlain } from '@vaultline/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { assets, cardReversals, deposits, ledgerAccounts, premiumPayments } from '../../db/schema';
import type { AuditTrail } from '../audit/audit.service';
import type { LedgerService } from '../ledger/ledger.service';
import { insertHold } from '../ledger/spending-holds';
import type { GatewayEvent } from './gateway';
import { endRefundedPremium } from './premium-refund';

type Of<T extends GatewayEvent['type']> = Extract<GatewayEvent, { type: T }>;

/** What the admins are told of money that left outside the app (after commit). */
export interface ReversalNotice {
  reason: 'card_dispute' | 'card_refund';
  userId: string;
  /** A deposit's reversal: what the gateway took back, what was debited, what is owed (held). */
  deposit?: { id: string; ticker: string; taken: string; debited: string; held: string };
  premiumPaymentId?: string;
  gatewayAmount: string;
  currency: string;
  reference: string;
}

export interface ReversalOutcome {
  notice?: ReversalNotice;
  /** A premium payment taken back: its subscription ends at the gateway after commit. */
  premiumRefund?: string;
}

const zero = new Decimal(0);
const min = (a: Decimal, b: Decimal) => (a.lt(b) ? a : b);

/**
 * Money that leaves outside the app (decision 0038): a chargeback (`charge.dispute.created`), or a
 * refund the back office did not start (`charge.refunded` of a payment whose refund nobody asked for
 * here). For a card deposit, what the wallet still holds is debited to the house; what it no longer
 * holds (converted, withdrawn) is owed: a spending hold that blocks every debit of the user until the
 * back office clears it. Never more than the deposit credited, across every event of the payment.
 * A premium payment taken back ends premium. The admins are told either way.
 */
export function createReversals(deps: { ledger: LedgerService; audit: AuditTrail; log: FastifyBaseLogger }) {
  const { ledger, audit } = deps;

  async function ofDeposit(
    tx: DbOrTx,
    gateway: string,
    eventId: string,
    kind: 'dispute' | 'refund',
    e: { paymentReference: string; gatewayAmount: string; currency: string; reference: string },
  ): Promise<ReversalOutcome | null> {
    const [d] = await tx
      .select()
      .from(deposits)
      .where(and(eq(deposits.gatewayReference, e.paymentReference), eq(deposits.method, 'card')))
      .for('update');
    if (!d) return null;
    // A refund the back office started was debited in full already: the gateway's event is its own.
    if (kind === 'refund' && d.refundStatus) return {};
    if (kind === 'dispute') {
      const [seen] = await tx
        .select({ id: cardReversals.id })
        .from(cardReversals)
        .where(
          and(
            eq(cardReversals.gateway, gateway),
            eq(cardReversals.kind, 'dispute'),
            eq(cardReversals.reference, e.reference),
          ),
        );
      if (seen) return {};
    }
    const [a] = await tx.select({ ticker: assets.ticker }).from(assets).where(eq(assets.id, d.assetId));
    const ticker = a?.ticker ?? '';
    const [sums] = await tx
      .select({
        taken: sql<string>`coalesce(sum(${cardReversals.taken}), 0)`,
        refunded: sql<string>`coalesce(max(${cardReversals.gatewayAmount}) filter (where ${cardReversals.kind} = 'refund'), 0)`,
      })
      .from(cardReversals)
      .where(eq(cardReversals.depositId, d.id));
    const credited = d.status === TransactionStatus.success && d.journalEntryId !== null && !d.refundStatus;
    const cap = credited ? new Decimal(d.amount).sub(sums?.taken ?? 0) : zero;
    // A refund event carries everything refunded so far; a dispute its own amount.
    const increment =
      kind === 'refund'
        ? new Decimal(e.gatewayAmount).sub(sums?.refunded ?? 0)
        : new Decimal(e.gatewayAmount);
    const sameCurrency = e.currency.toUpperCase() === ticker.toUpperCase();
    const take = sameCurrency ? Decimal.max(zero, min(increment, cap)) : zero;
    // The wallet's row is locked: a conversion racing this either went first (less is debited, more
    // is held) or waits and then meets the hold.
    const [acct] = await tx
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.kind, 'user'),
          eq(ledgerAccounts.userId, d.userId),
          eq(ledgerAccounts.assetId, d.assetId),
        ),
      )
      .for('update');
    const debit = min(take, new Decimal(acct?.balance ?? 0));
    const held = take.sub(debit);
    const entryId = debit.gt(0)
      ? await ledger.post(tx, {
          kind: 'card_reversal',
          reference: `${gateway}:${eventId}`,
          memo: kind === 'dispute' ? 'card payment disputed' : 'card payment refunded at the gateway',
          legs: [
            { owner: { kind: 'user', userId: d.userId }, assetId: d.assetId, amount: debit.neg() },
            { owner: { kind: 'house' }, assetId: d.assetId, amount: debit },
          ],
        })
      : undefined;
    const [row] = await tx
      .insert(cardReversals)
      .values({
        gateway,
        eventId,
        kind,
        paymentReference: e.paymentReference,
        reference: e.reference,
        gatewayAmount: e.gatewayAmount,
        currency: e.currency,
        depositId: d.id,
        userId: d.userId,
        taken: toPlain(take),
        debited: toPlain(debit),
        held: toPlain(held),
        journalEntryId: entryId ?? null,
      })
      .returning({ id: cardReversals.id });
    const reason = kind === 'dispute' ? ('card_dispute' as const) : ('card_refund' as const);
    const hold =
      held.gt(0) && row
        ? await insertHold(tx, {
            userId: d.userId,
            assetId: d.assetId,
            amount: toPlain(held),
            reason,
            sourceId: row.id,
          })
        : undefined;
    // Refunded in full at the gateway: the back office cannot refund it a second time.
    if (kind === 'refund' && new Decimal(e.gatewayAmount).gte(d.amount))
      await tx
        .update(deposits)
        .set({ refundStatus: 'refunded', refundedAt: new Date() })
        .where(and(eq(deposits.id, d.id), isNull(deposits.refundStatus)));
    const parts = { taken: toPlain(take), debited: toPlain(debit), held: toPlain(held) };
    await audit.record(tx, {
      // No admin acted: the row names the account the money was taken back from.
      actorId: d.userId,
      action: 'deposit.reversal',
      targetType: 'deposit',
      targetId: d.id,
      before: { balance: toPlain(new Decimal(acct?.balance ?? 0)) },
      after: {
        reason,
        by: 'payment gateway',
        reference: e.reference,
        gatewayAmount: e.gatewayAmount,
        currency: e.currency,
        ...parts,
        holdId: hold?.id ?? null,
        journalEntryId: entryId ?? null,
      },
    });
    return {
      notice: {
        reason,
        userId: d.userId,
        deposit: { id: d.id, ticker, ...parts },
        gatewayAmount: e.gatewayAmount,
        currency: e.currency,
        reference: e.reference,
      },
    };
  }

  /** A premium payment taken back: it counts as refunded, and premium ends (here, then at the gateway). */
  async function ofPremium(
    tx: DbOrTx,
    kind: 'dispute' | 'refund',
    e: { paymentReference: string; gatewayAmount: string; currency: string; reference: string },
  ): Promise<ReversalOutcome | null> {
    const [p] = await tx
      .select()
      .from(premiumPayments)
      .where(eq(premiumPayments.paymentReference, e.paymentReference))
      .for('update');
    if (!p) return null;
    // Refunded by the back office: its own event, finished by the refund's path.
    if (kind === 'refund' && p.refundStatus) return {};
    if (!p.refundStatus)
      await tx
        .update(premiumPayments)
        .set({ refundStatus: 'pending', refundedAt: new Date() })
        .where(eq(premiumPayments.id, p.id));
    await endRefundedPremium(tx, p.id);
    const reason = kind === 'dispute' ? ('card_dispute' as const) : ('card_refund' as const);
    await audit.record(tx, {
      actorId: p.userId,
      action: 'premiumPayment.reversal',
      targetType: 'premiumPayment',
      targetId: p.id,
      before: { refundStatus: p.refundStatus },
      after: {
        reason,
        by: 'payment gateway',
        reference: e.reference,
        amount: e.gatewayAmount,
        currency: e.currency,
      },
    });
    return {
      premiumRefund: p.id,
      notice: {
        reason,
        userId: p.userId,
        premiumPaymentId: p.id,
        gatewayAmount: e.gatewayAmount,
        currency: e.currency,
        reference: e.reference,
      },
    };
  }

  return {
    /** A chargeback of one of our payments; null when the payment is not ours. */
    async disputed(tx: DbOrTx, gateway: string, e: Of<'charge.disputed'> & { id: string }) {
      const what = {
        paymentReference: e.paymentReference,
        gatewayAmount: e.amount,
        currency: e.currency,
        reference: e.disputeId,
      };
      return (await ofDeposit(tx, gateway, e.id, 'dispute', what)) ?? (await ofPremium(tx, 'dispute', what));
    },
    /** A refund at the gateway that the back office did not ask for; null when not ours. */
    async refundedOutside(tx: DbOrTx, gateway: string, e: Of<'charge.refunded'> & { id: string }) {
      const what = {
        paymentReference: e.paymentReference,
        gatewayAmount: e.amountRefunded,
        currency: e.currency,
        reference: e.paymentReference,
      };
      return (await ofDeposit(tx, gateway, e.id, 'refund', what)) ?? (await ofPremium(tx, 'refund', what));
    },
  };
}
export type Reversals = ReturnType<typeof createReversals>;
