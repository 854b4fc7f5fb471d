import { randomUUID } from 'node:crypto';
import { CHECKOUT_ERRORS, Decimal, TransactionStatus, toPlain } from '@vaultline/shared';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { assets, cardReversals, deposits, ledgerAccounts } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { AuditTrail } from '../audit/audit.service';
import { type DepositRow, findDeposit } from '../funding/funding.repository';
import { INSUFFICIENT_FUNDS, isNegativeBalance, type LedgerService } from '../ledger/ledger.service';
import { isRefusal, type PaymentGateway } from './gateway';
import { createPremiumRefunds } from './premium-refund';

export interface RefundDeps {
  db: Db;
  gateway: PaymentGateway;
  ledger: LedgerService;
  audit: AuditTrail;
  log: FastifyBaseLogger;
  pushDeposit: (row: DepositRow) => void;
}

const refused = () => new AppError(502, 'REFUND_FAILED', CHECKOUT_ERRORS.refundFailed);

async function balanceOf(db: DbOrTx, userId: string, assetId: string): Promise<string> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, 'user'),
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.assetId, assetId),
      ),
    );
  return toPlain(row?.balance ?? '0');
}

/**
 * Refunds by support (decision 0031). A card deposit: the wallet is debited first, in the
 * transaction that marks the refund pending and writes the audit row, so money already converted or
 * withdrawn is refused by the ledger (no negative balance) before the gateway is asked; then the
 * gateway refunds with an idempotency key. A gateway that refuses undoes the debit; one that does not
 * answer leaves the refund pending, asked again by `retryPending` with the same key.
 */
export function createRefunds({ db, gateway, ledger, audit, log, pushDeposit }: RefundDeps) {
  const premium = createPremiumRefunds({ db, gateway, audit, log });
  // Each refund attempt is its own entry (the row lock and refund_status make it at most one at a
  // time); the undoing entry names the entry it undoes.
  const entry = (
    d: DepositRow,
    kind: 'card_refund' | 'card_refund_undone',
    sign: 1 | -1,
    reference: string,
  ) => {
    const amount = new Decimal(d.amount).mul(sign);
    return {
      kind,
      reference,
      memo: kind === 'card_refund' ? 'card deposit refunded' : 'card refund refused by the gateway',
      legs: [
        { owner: { kind: 'user' as const, userId: d.userId }, assetId: d.assetId, amount: amount.neg() },
        { owner: { kind: 'house' as const }, assetId: d.assetId, amount },
      ],
    };
  };

  async function askGateway(d: DepositRow & { ticker: string }) {
    const { refundId } = await gateway.refund({
      paymentReference: d.gatewayReference ?? '',
      amount: toPlain(d.amount),
      currency: d.ticker,
      idempotencyKey: `refund-${d.id}`,
    });
    const [row] = await db
      .update(deposits)
      .set({
        refundId,
        refundStatus: sql`case when ${deposits.refundStatus} = 'refunded' then 'refunded' else 'pending' end`,
      })
      .where(eq(deposits.id, d.id))
      .returning();
    return row;
  }

  async function withTicker(d: DepositRow) {
    const [a] = await db.select({ ticker: assets.ticker }).from(assets).where(eq(assets.id, d.assetId));
    return { ...d, ticker: a?.ticker ?? '' };
  }

  async function undo(adminId: string, d: DepositRow) {
    await db.transaction(async (tx) => {
      await ledger.post(tx, entry(d, 'card_refund_undone', -1, d.refundEntryId ?? randomUUID()));
      await tx.update(deposits).set({ refundStatus: null, refundEntryId: null }).where(eq(deposits.id, d.id));
      await audit.record(tx, {
        actorId: adminId,
        action: 'deposit.refund',
        targetType: 'deposit',
        targetId: d.id,
        before: { refundStatus: 'pending' },
        after: { refundStatus: null, reason: 'refused by the payment gateway' },
      });
    });
  }

  return {
    async refundDeposit(adminId: string, id: string): Promise<void> {
      const d = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
        if (!row) throw notFound('Deposit not found.', 'DEPOSIT_NOT_FOUND');
        if (row.method !== 'card' || !row.gatewayReference)
          throw conflict(CHECKOUT_ERRORS.refundNotCard, 'REFUND_NOT_CARD');
        if (row.refundStatus) throw conflict(CHECKOUT_ERRORS.alreadyRefunded, 'ALREADY_REFUNDED');
        if (row.status !== TransactionStatus.success)
          throw conflict(CHECKOUT_ERRORS.refundNotCredited, 'REFUND_NOT_CREDITED');
        // Taken back in part at the gateway already (decision 0038): a full refund would pay twice.
        const [reversed] = await tx
          .select({ id: cardReversals.id })
          .from(cardReversals)
          .where(and(eq(cardReversals.depositId, id), gt(cardReversals.taken, '0')))
          .limit(1);
        if (reversed) throw conflict(CHECKOUT_ERRORS.alreadyRefunded, 'ALREADY_REFUNDED');
        let entryId: string | undefined;
        try {
          entryId = await tx.transaction(async (sp) =>
            ledger.post(sp, entry(row, 'card_refund', 1, randomUUID())),
          );
        } catch (err) {
          const low = isNegativeBalance(err) || (err instanceof AppError && err.code === INSUFFICIENT_FUNDS);
          if (!low) throw err;
          const [a] = await tx
            .select({ ticker: assets.ticker })
            .from(assets)
            .where(eq(assets.id, row.assetId));
          const available = await balanceOf(tx, row.userId, row.assetId);
          throw conflict(CHECKOUT_ERRORS.refundSpent(available, a?.ticker ?? ''), 'REFUND_FUNDS_SPENT', {
            available,
            ticker: a?.ticker ?? '',
          });
        }
        await tx
          .update(deposits)
          .set({ refundStatus: 'pending', refundEntryId: entryId ?? null })
          .where(eq(deposits.id, id));
        await audit.record(tx, {
          actorId: adminId,
          action: 'deposit.refund',
          targetType: 'deposit',
          targetId: id,
          before: { status: row.status, refundStatus: null },
          after: {
            refundStatus: 'pending',
            journalEntryId: entryId ?? null,
            amount: toPlain(row.amount),
            userId: row.userId,
          },
        });
        return row;
      });
      try {
        const done = await askGateway(await withTicker(d));
        if (done) pushDeposit(done);
      } catch (err) {
        if (!isRefusal(err)) {
          log.warn({ err, depositId: id }, 'refund not confirmed by the gateway; it will be asked again');
          throw new AppError(
            502,
            'REFUND_PENDING',
            'The payment service did not answer. The refund will be retried.',
          );
        }
        log.warn({ err, depositId: id }, 'refund refused by the gateway');
        await undo(adminId, { ...d, refundEntryId: (await findDeposit(db, d.id))?.refundEntryId ?? null });
        throw refused();
      }
    },

    /** A premium payment: refunded at the gateway, and premium ends now (the subscription too). */
    refundPremium: premium.refundPremium,

    /** A premium refund the gateway confirmed by its event: premium ends, here and there. */
    finishPremium: premium.finish,

    /** Refunds left pending (the gateway did not answer, or the server stopped): asked again. */
    async retryPending(olderThan: Date): Promise<number> {
      const stuck = await db
        .select()
        .from(deposits)
        .where(
          and(
            eq(deposits.refundStatus, 'pending'),
            isNull(deposits.refundId),
            lt(deposits.creationDate, olderThan),
          ),
        )
        .limit(50);
      let n = 0;
      for (const d of stuck) {
        try {
          const done = await askGateway(await withTicker(d));
          if (done) pushDeposit(done);
          n++;
        } catch (err) {
          // A refusal now is left pending for support to see (the audit names who asked for it).
          log.warn({ err, depositId: d.id, refused: isRefusal(err) }, 'refund still not confirmed');
        }
      }
      return n + (await premium.retryPending(olderThan));
    },
  };
}
export type Refunds = ReturnType<typeof createRefunds>;
