import { CHECKOUT_ERRORS, toPlain } from '@vaultline/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { premiumPayments, premiumSubscriptions, users } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { AuditTrail } from '../audit/audit.service';
import * as premiumRepo from '../premium/premium.repository';
import { isRefusal, type PaymentGateway } from './gateway';

const refused = () => new AppError(502, 'REFUND_FAILED', CHECKOUT_ERRORS.refundFailed);
const pendingAnswer = () =>
  new AppError(502, 'REFUND_PENDING', 'The payment service did not answer. The refund will be retried.');

/**
 * Ends premium for a refunded payment, in the caller's transaction: its subscription is cancelled
 * and, if it was still running, the user's premium ends now. Answers the gateway's subscription to
 * end there too (after commit). Idempotent.
 */
export async function endRefundedPremium(tx: DbOrTx, paymentId: string): Promise<string | null> {
  const p = await premiumRepo.findPayment(tx, paymentId);
  if (!p) return null;
  const [s] = await tx
    .select()
    .from(premiumSubscriptions)
    .where(eq(premiumSubscriptions.id, p.subscriptionId))
    .for('update');
  if (!s) return null;
  // An older subscription already over: the user's current premium is not this payment's.
  if (s.status !== 'cancelled') {
    await premiumRepo.updateSubscription(tx, s.id, {
      status: 'cancelled',
      cancelledAt: new Date(),
      graceUntil: null,
    });
    await tx
      .update(users)
      .set({ premiumUntil: sql`least(${users.premiumUntil}, now())` })
      .where(eq(users.id, s.userId));
  }
  return s.gatewayReference;
}

/**
 * Premium refunds (decision 0031). refund_status 'pending' means not finished: the gateway's
 * answer is unknown (refund_id and refunded_at null), or the subscription has not been ended at
 * the gateway yet. 'refunded' only once the money is back and the subscription has ended in both
 * places. The retry job finishes what is pending, with the same idempotency key.
 */
export function createPremiumRefunds(deps: {
  db: Db;
  gateway: PaymentGateway;
  audit: AuditTrail;
  log: FastifyBaseLogger;
}) {
  const { db, gateway, audit, log } = deps;

  /** The money is back: premium ends here, then at the gateway; then the refund is finished. */
  async function finish(paymentId: string, refundId?: string): Promise<void> {
    const gatewaySub = await db.transaction(async (tx) => {
      if (refundId) await premiumRepo.updatePayment(tx, paymentId, { refundId });
      return endRefundedPremium(tx, paymentId);
    });
    if (gatewaySub) await gateway.cancelNow(gatewaySub);
    await db
      .update(premiumPayments)
      .set({ refundStatus: 'refunded', refundedAt: sql`coalesce(${premiumPayments.refundedAt}, now())` })
      .where(eq(premiumPayments.id, paymentId));
  }

  async function askGateway(p: premiumRepo.PaymentRow) {
    return gateway.refund({
      paymentReference: p.paymentReference ?? '',
      amount: toPlain(p.amount),
      currency: p.currency,
      idempotencyKey: `refund-${p.id}`,
    });
  }

  return {
    finish,

    /** By support: refunded at the gateway, and premium ends now (the subscription too). */
    async refundPremium(adminId: string, id: string): Promise<void> {
      const p = await db.transaction(async (tx) => {
        const row = await premiumRepo.findPayment(tx, id, true);
        if (!row) throw notFound(CHECKOUT_ERRORS.paymentNotFound, 'PAYMENT_NOT_FOUND');
        if (row.refundStatus) throw conflict(CHECKOUT_ERRORS.alreadyRefunded, 'ALREADY_REFUNDED');
        if (!row.paymentReference) throw conflict(CHECKOUT_ERRORS.refundFailed, 'REFUND_FAILED');
        await premiumRepo.updatePayment(tx, id, { refundStatus: 'pending' });
        await audit.record(tx, {
          actorId: adminId,
          action: 'premiumPayment.refund',
          targetType: 'premiumPayment',
          targetId: id,
          before: { refundStatus: null },
          after: {
            refundStatus: 'pending',
            amount: toPlain(row.amount),
            currency: row.currency,
            userId: row.userId,
          },
        });
        return row;
      });
      let refundId: string;
      try {
        ({ refundId } = await askGateway(p));
      } catch (err) {
        if (!isRefusal(err)) {
          log.warn(
            { err, paymentId: id },
            'premium refund not confirmed by the gateway; it will be asked again',
          );
          throw pendingAnswer();
        }
        await premiumRepo.updatePayment(db, id, { refundStatus: null });
        throw refused();
      }
      try {
        await finish(id, refundId);
      } catch (err) {
        // Refunded: what is left (the subscription's end at the gateway) is finished by the retry job.
        log.warn({ err, paymentId: id }, 'premium refunded; its subscription not ended yet, retried');
      }
    },

    /** Premium refunds not finished (no answer, a crash, the subscription still to end): again. */
    async retryPending(olderThan: Date): Promise<number> {
      const stuck = await db
        .select()
        .from(premiumPayments)
        .where(and(eq(premiumPayments.refundStatus, 'pending'), lt(premiumPayments.paidAt, olderThan)))
        .limit(50);
      let n = 0;
      for (const p of stuck) {
        try {
          // Confirmed already (our call's answer, or the gateway's charge.refunded): no new call.
          const known = p.refundId !== null || p.refundedAt !== null;
          await finish(p.id, known ? undefined : (await askGateway(p)).refundId);
          n++;
        } catch (err) {
          log.warn({ err, paymentId: p.id, refused: isRefusal(err) }, 'premium refund still not finished');
        }
      }
      return n;
    },
  };
}
export type PremiumRefunds = ReturnType<typeof createPremiumRefunds>;
