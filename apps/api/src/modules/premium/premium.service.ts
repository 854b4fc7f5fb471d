import {
  ALREADY_PREMIUM_MESSAGE,
  Decimal,
  LIMITS,
  PREMIUM_PAYMENT_IN_PROGRESS_MESSAGE,
  type PremiumCancelResult,
  type PremiumPurchaseRequest,
  type PremiumPurchaseResult,
  type PremiumSubscription,
  toPlain,
} from '@vaultline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, conflict, unauthorized } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import type { AccountService } from '../account/account.service';
import type { ChargeResult, PaymentGateway } from '../funding/payment-gateway';
import { pgError } from '../ledger/ledger.service';
import * as repo from './premium.repository';

export interface PremiumDeps {
  db: Db;
  payments: PaymentGateway;
  tokens: TokenService;
  account: Pick<AccountService, 'loadAuthState' | 'getUser'>;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** A payment still pending after this long was interrupted (a restart): it is settled, not waited for. */
const STALE_PENDING_MS = 2 * 60_000;

function toSubscription(r: repo.SubscriptionRow): PremiumSubscription {
  return {
    id: r.id,
    status: r.status === 'cancelled' ? 'cancelled' : 'active',
    startDate: r.startDate.toISOString(),
    renewalDate: r.renewalDate.toISOString(),
    amount: toPlain(r.amount),
    currency: r.currency,
    cardLast4: r.cardLast4,
    cardBrand: r.cardBrand,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
  };
}

const alreadyPremium = () => conflict(ALREADY_PREMIUM_MESSAGE, 'ALREADY_PREMIUM');

/**
 * Premium (DECISIONS §7): a yearly subscription of LIMITS.premiumPrice in the user's display
 * currency, paid through the payment gateway. The card number and CVC go to the gateway and nowhere
 * else (no row, no log line, no answer holds them); the subscription keeps the last 4 and the brand.
 */
export function createPremiumService({
  db,
  payments,
  tokens,
  account,
  log,
  now = () => new Date(),
}: PremiumDeps) {
  /** An access token with the user's premium as the database now has it (same claims as a login). */
  async function freshToken(userId: string): Promise<string> {
    const s = await account.loadAuthState(userId);
    if (!s?.active) throw unauthorized('Your session has ended, please log in again', 'TOKEN_REVOKED');
    return tokens.sign({ sub: s.id, role: s.role, premium: s.premium, ver: s.tokenVersion });
  }

  /** Turns a paid pending subscription active and the user premium until its renewal date. */
  async function activate(pending: repo.SubscriptionRow, charge: Extract<ChargeResult, { ok: true }>) {
    const row = await db.transaction(async (tx) => {
      const done = await repo.activateSubscription(tx, pending.id, {
        gatewayReference: charge.reference,
        cardBrand: charge.brand,
      });
      if (!done) throw alreadyPremium();
      await repo.setPremiumUntil(tx, done.userId, done.renewalDate);
      return done;
    });
    log.info({ subscriptionId: row.id, userId: row.userId }, 'premium subscription started');
    return row;
  }

  /**
   * A pending payment left by an interrupted request: asked of the gateway by its id. Charged, it
   * stands (the user gets what they paid for); otherwise it is cancelled there and forgotten here.
   */
  async function settleStale(pending: repo.SubscriptionRow) {
    const charge = (await payments.lookup(pending.id)) ?? (await payments.cancel(pending.id));
    if (charge?.ok) return activate(pending, charge);
    await repo.deletePendingSubscription(db, pending.id);
    return null;
  }

  async function finish(userId: string, row: repo.SubscriptionRow): Promise<PremiumPurchaseResult> {
    return { jwToken: await freshToken(userId), subscription: toSubscription(row) };
  }

  return {
    async current(userId: string): Promise<PremiumSubscription | null> {
      const row = await repo.findLatestPaidSubscription(db, userId);
      return row ? toSubscription(row) : null;
    },

    async purchase(userId: string, input: PremiumPurchaseRequest): Promise<PremiumPurchaseResult> {
      const user = await account.getUser(userId);
      if (user.premium) throw alreadyPremium();
      const live = await repo.findLiveSubscription(db, userId);
      if (live?.status === 'active') throw alreadyPremium();
      if (live) {
        if (now().getTime() - live.createdAt.getTime() < STALE_PENDING_MS)
          throw conflict(PREMIUM_PAYMENT_IN_PROGRESS_MESSAGE, 'PREMIUM_PAYMENT_IN_PROGRESS');
        const settled = await settleStale(live);
        if (settled) return finish(userId, settled);
      }

      const start = now();
      const renewal = new Date(start);
      renewal.setUTCFullYear(renewal.getUTCFullYear() + 1);
      const amount = new Decimal(LIMITS.premiumPrice);
      let pending: repo.SubscriptionRow;
      try {
        pending = await repo.insertPendingSubscription(db, {
          userId,
          startDate: start,
          renewalDate: renewal,
          amount: toPlain(amount),
          currency: user.preferedCurrency,
          gateway: payments.id,
          cardLast4: input.creditCardNumber.slice(-4),
          cardBrand: 'card',
        });
      } catch (err) {
        // Another payment of this user started a moment ago (one live subscription per user).
        if (pgError(err)?.code === '23505')
          throw conflict(PREMIUM_PAYMENT_IN_PROGRESS_MESSAGE, 'PREMIUM_PAYMENT_IN_PROGRESS');
        throw err;
      }

      let charge: ChargeResult;
      try {
        charge = await payments.charge({
          card: {
            cardNumber: input.creditCardNumber,
            expiry: input.expiracy,
            cvc: input.cvc,
            holderName: `${input.firstName} ${input.lastName}`,
          },
          amount,
          currency: user.preferedCurrency,
          description: `Vaultline Premium (1 year) ${pending.id}`,
          idempotencyKey: pending.id,
        });
      } catch (err) {
        // Unknown outcome: make sure it cannot happen any more, unless it already did.
        const kept = await payments.cancel(pending.id).catch(() => null);
        if (kept?.ok) return finish(userId, await activate(pending, kept));
        await repo.deletePendingSubscription(db, pending.id);
        throw err;
      }
      if (!charge.ok) {
        await repo.deletePendingSubscription(db, pending.id);
        throw new AppError(402, charge.code, charge.message);
      }
      return finish(userId, await activate(pending, charge));
    },

    /** Ends premium now (no refund of the year under way) and answers a token without the claim. */
    async cancel(userId: string): Promise<PremiumCancelResult> {
      const ended = await db.transaction(async (tx) => {
        const row = await repo.cancelActiveSubscription(tx, userId, now());
        await repo.setPremiumUntil(tx, userId, null);
        return row;
      });
      if (ended) log.info({ subscriptionId: ended.id, userId }, 'premium subscription cancelled');
      return { jwToken: await freshToken(userId) };
    },
  };
}
export type PremiumService = ReturnType<typeof createPremiumService>;
