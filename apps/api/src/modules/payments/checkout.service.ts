import {
  ALREADY_PREMIUM_MESSAGE,
  type CardCheckoutRequest,
  CHECKOUT_ERRORS,
  type CheckoutState,
  type CheckoutStatus,
  Decimal,
  FUNDING_ERRORS,
  hasAtMostDecimals,
  PREMIUM_PAYMENT_IN_PROGRESS_MESSAGE,
  TransactionStatus,
  tooManyDecimalsMessage,
  toPlain,
  WalletType,
} from '@vaultline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { AccountService } from '../account/account.service';
import { type DepositRow, insertDeposit } from '../funding/funding.repository';
import { pgError } from '../ledger/ledger.service';
import * as premiumRepo from '../premium/premium.repository';
import { type PremiumPrice, premiumPriceFor } from '../premium/premium-price';
import type { PriceService } from '../prices/prices.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import type { CheckoutRequests } from './checkout-request';
import * as repo from './checkouts.repository';
import { minorDigits, type PaymentGateway } from './gateway';
import type { PaymentEvents } from './payment-events';

export interface CheckoutDeps {
  db: Db;
  gateway: PaymentGateway;
  events: PaymentEvents;
  account: Pick<AccountService, 'getUser'>;
  catalog: AssetCatalog;
  prices: Pick<PriceService, 'freshUsd'>;
  cardDepositMaxUsd: number;
  /** Premium's price per currency (config PREMIUM_PRICES, decision 0039). */
  premiumPrices: readonly PremiumPrice[];
  /** The gateway request of a checkout (the same one each time it is derived). */
  requestOf: CheckoutRequests;
  /** False: card payments are refused (production with the test gateway, config.ts). */
  enabled: boolean;
  pushDeposit: (row: DepositRow) => void;
  log: FastifyBaseLogger;
}

const STATE: Record<repo.CheckoutRow['status'], CheckoutState> = {
  open: 'processing',
  paid: 'succeeded',
  declined: 'declined',
  cancelled: 'cancelled',
};

const toStatus = (c: repo.CheckoutRow): CheckoutStatus => ({
  id: c.id,
  purpose: c.purpose,
  status: STATE[c.status],
  amount: toPlain(c.amount),
  currency: c.currency,
  message: c.status === 'declined' ? c.message : null,
  depositId: c.depositId,
});

const unavailable = () => new AppError(503, 'GATEWAY_UNAVAILABLE', CHECKOUT_ERRORS.gatewayUnavailable);

/**
 * Card payments on the gateway's hosted page (decision 0031): the checkout row (and the deposit or
 * the pending subscription it pays) is written first, then the gateway's session is opened with the
 * checkout's id as idempotency key. Only the gateway's webhook settles it (payment-events.ts).
 */
export function createCheckoutService(deps: CheckoutDeps) {
  const { db, gateway, events } = deps;

  const checkEnabled = () => {
    if (!deps.enabled)
      throw new AppError(
        503,
        'PAYMENTS_NOT_CONFIGURED',
        'Card payments are not available on this server yet.',
      );
  };

  /** Opens the gateway's session for a checkout written just before; undone if the gateway fails. */
  async function open(c: repo.CheckoutRow) {
    try {
      const s = await gateway.createCheckout(await deps.requestOf(c));
      await repo.setCheckoutSession(db, c.id, s.sessionId);
      return { url: s.url };
    } catch (err) {
      deps.log.warn({ err, checkoutId: c.id }, 'payment gateway refused a checkout');
      await db.transaction(async (tx) => {
        const ended = await repo.settleCheckout(tx, c.id, 'cancelled');
        if (ended) await events.checkoutEnded(tx, ended);
      });
      throw unavailable();
    }
  }

  const inProgress = () => conflict(PREMIUM_PAYMENT_IN_PROGRESS_MESSAGE, 'PREMIUM_PAYMENT_IN_PROGRESS');

  /** Closes, here, a checkout the gateway has closed (or never opened): its pending row goes too. */
  async function closeHere(c: repo.CheckoutRow) {
    await db.transaction(async (tx) => {
      const ended = await repo.settleCheckout(tx, c.id, 'cancelled');
      if (ended) await events.checkoutEnded(tx, ended);
    });
  }

  /**
   * A premium checkout of this user already under way (Pay pressed twice, or again after going
   * back): while the gateway can still take it, its hosted page is answered again, so there is only
   * ever one page that can be paid. Closed at the gateway, it is closed here and a new one opens;
   * paid meanwhile, the payment is applied (premium has started).
   */
  async function resume(sub: premiumRepo.SubscriptionRow): Promise<{ url: string } | null> {
    const c = await repo.findCheckoutOfSubscription(db, sub.id);
    if (!c) {
      await premiumRepo.deletePendingSubscription(db, sub.id);
      return null;
    }
    if (!c.sessionId) {
      // Another request is opening it this moment (or the gateway never answered, long ago).
      if (Date.now() - c.createdAt.getTime() < 60_000) throw inProgress();
      await closeHere(c);
      return null;
    }
    let found: Awaited<ReturnType<PaymentGateway['retrieveCheckout']>>;
    try {
      found = await gateway.retrieveCheckout(c.sessionId);
    } catch (err) {
      deps.log.warn({ err, checkoutId: c.id }, 'payment gateway could not be asked about a checkout');
      throw unavailable();
    }
    if (found.status === 'open') {
      if (!found.url) throw inProgress();
      return { url: found.url };
    }
    if (found.status === 'complete') {
      await events.handle(c.gateway, found.event);
      throw conflict(ALREADY_PREMIUM_MESSAGE, 'ALREADY_PREMIUM');
    }
    await closeHere(c);
    return null;
  }

  return {
    async premium(userId: string) {
      checkEnabled();
      const user = await deps.account.getUser(userId);
      if (user.premium) throw conflict(ALREADY_PREMIUM_MESSAGE, 'ALREADY_PREMIUM');
      const live = await premiumRepo.findLiveSubscription(db, userId);
      if (live && live.status !== 'pending') throw conflict(ALREADY_PREMIUM_MESSAGE, 'ALREADY_PREMIUM');
      if (live) {
        const resumed = await resume(live);
        if (resumed) return resumed;
      }
      const start = new Date();
      const renewal = new Date(start);
      renewal.setUTCFullYear(renewal.getUTCFullYear() + 1);
      // The server's price in a currency it charges, never a number relabelled (decision 0039).
      const price = premiumPriceFor(deps.premiumPrices, user.preferedCurrency);
      const amount = price.amount;
      let c: repo.CheckoutRow;
      try {
        c = await db.transaction(async (tx) => {
          const sub = await premiumRepo.insertPendingSubscription(tx, {
            userId,
            startDate: start,
            renewalDate: renewal,
            amount,
            currency: price.currency,
            gateway: gateway.id,
          });
          return repo.insertCheckout(tx, {
            userId,
            purpose: 'premium',
            gateway: gateway.id,
            amount,
            currency: price.currency,
            subscriptionId: sub.id,
          });
        });
      } catch (err) {
        // Another checkout of this user started a moment ago (one live subscription per user).
        if (pgError(err)?.code === '23505') throw inProgress();
        throw err;
      }
      return open(c);
    },

    async card(userId: string, input: CardCheckoutRequest) {
      checkEnabled();
      const a = await deps.catalog.byId(input.assetId);
      if (!a) throw notFound('Asset not found.', 'ASSET_NOT_FOUND');
      if (a.type !== WalletType.Fiat) throw badRequest(FUNDING_ERRORS.notFiat, 'NOT_FIAT');
      const amount = new Decimal(input.amount);
      // What the asset and the card networks can both carry (no fractions of a cent).
      const decimals = Math.min(a.decimals, minorDigits(a.ticker));
      if (!hasAtMostDecimals(amount, decimals))
        throw badRequest(tooManyDecimalsMessage(a.ticker, decimals), 'TOO_MANY_DECIMALS', undefined, {
          ticker: a.ticker,
          decimals,
        });
      // The limit is in USD; in the deposit's currency it is rounded down to its decimals.
      const max = new Decimal(deps.cardDepositMaxUsd)
        .div(deps.prices.freshUsd(a.ticker))
        .toDecimalPlaces(a.decimals, Decimal.ROUND_DOWN);
      if (amount.gt(max))
        throw badRequest(FUNDING_ERRORS.cardLimit(toPlain(max), a.ticker), 'CARD_LIMIT', undefined, {
          max: toPlain(max),
          ticker: a.ticker,
        });
      const c = await db.transaction(async (tx) => {
        const d = await insertDeposit(tx, {
          userId,
          assetId: a.id,
          method: 'card',
          amount: toPlain(amount),
          status: TransactionStatus.pending,
        });
        return repo.insertCheckout(tx, {
          userId,
          purpose: 'deposit',
          gateway: gateway.id,
          amount: toPlain(amount),
          currency: a.ticker,
          depositId: d.id,
        });
      });
      return open(c);
    },

    async status(userId: string, id: string): Promise<CheckoutStatus> {
      const c = await repo.findCheckout(db, id);
      if (!c || c.userId !== userId) throw notFound(CHECKOUT_ERRORS.checkoutNotFound, 'CHECKOUT_NOT_FOUND');
      return toStatus(c);
    },

    /**
     * The payer came back from the hosted page without paying: the session is ended at the gateway
     * so it can no longer be paid, then here. Paid meanwhile, the gateway's completion stands.
     */
    async cancel(userId: string, id: string): Promise<CheckoutStatus> {
      const c = await repo.findCheckout(db, id);
      if (!c || c.userId !== userId) throw notFound(CHECKOUT_ERRORS.checkoutNotFound, 'CHECKOUT_NOT_FOUND');
      if (c.status === 'paid' || c.status === 'cancelled' || !c.sessionId) return toStatus(c);
      let outcome: 'expired' | 'completed';
      try {
        outcome = await gateway.expireCheckout(c.sessionId);
      } catch (err) {
        deps.log.warn({ err, checkoutId: id }, 'payment gateway could not end a checkout');
        throw unavailable();
      }
      if (outcome === 'expired') {
        const ended = await db.transaction(async (tx) => {
          const row = await repo.settleCheckout(tx, id, 'cancelled', c.message);
          const deposit = row ? await events.checkoutEnded(tx, row) : undefined;
          return { row, deposit };
        });
        if (ended.deposit) deps.pushDeposit(ended.deposit);
      }
      return toStatus((await repo.findCheckout(db, id)) ?? c);
    },
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;
