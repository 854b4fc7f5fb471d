import {
  CHECKOUT_ERRORS,
  type PremiumCancelResult,
  type PremiumPurchaseResult,
  type PremiumReceipt,
  type PremiumSubscription,
  toPlain,
} from '@vaultline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import type { AccountService } from '../account/account.service';
import * as repo from './premium.repository';

/** What premium asks of the card gateway that runs its subscriptions (payments/gateway.ts has it). */
export interface PremiumGateway {
  readonly id: string;
  /** Cancel at the end of the period already paid: no further renewal. */
  cancelAtPeriodEnd(subscription: string): Promise<void>;
  /** The gateway's page where the customer manages their card, or null when it has none. */
  portalUrl(customer: string, returnUrl: string): Promise<string | null>;
}

export interface PremiumDeps {
  db: Db;
  gateway: PremiumGateway;
  tokens: TokenService;
  account: Pick<AccountService, 'loadAuthState'>;
  log: FastifyBaseLogger;
  /** Where the gateway's card portal sends the user back. */
  manageUrl: string;
}

function toSubscription(r: repo.SubscriptionRow): PremiumSubscription {
  return {
    id: r.id,
    status: r.status === 'pending' ? 'active' : r.status,
    startDate: r.startDate.toISOString(),
    renewalDate: r.renewalDate.toISOString(),
    amount: toPlain(r.amount),
    currency: r.currency,
    cardLast4: r.cardLast4,
    cardBrand: r.cardBrand,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    cancelAtPeriodEnd: r.cancelAtPeriodEnd,
    graceUntil: r.graceUntil?.toISOString() ?? null,
  };
}

export const toReceipt = (p: repo.PaymentRow): PremiumReceipt => ({
  id: p.id,
  paidAt: p.paidAt.toISOString(),
  amount: toPlain(p.amount),
  currency: p.currency,
  cardLast4: p.cardLast4,
  cardBrand: p.cardBrand,
  refundedAt: p.refundedAt?.toISOString() ?? null,
});

const notPremium = () => conflict(CHECKOUT_ERRORS.notPremium, 'NOT_PREMIUM');

/**
 * Premium (DECISIONS §7): a yearly subscription at the payment gateway, bought on its hosted page
 * (payments/checkout.service.ts) and moved only by its webhooks (payments/premium-events.ts). Here:
 * what the user sees of it, a fresh token once it has started, cancelling at the period's end, the
 * receipts and the gateway's card portal.
 */
export function createPremiumService({ db, gateway, tokens, account, log, manageUrl }: PremiumDeps) {
  /** An access token with the user's premium as the database now has it (same claims as a login). */
  async function freshToken(userId: string): Promise<string> {
    const s = await account.loadAuthState(userId);
    if (!s?.active) throw unauthorized('Your session has ended, please log in again', 'TOKEN_REVOKED');
    return tokens.sign({ sub: s.id, role: s.role, premium: s.premium, ver: s.tokenVersion });
  }

  const paid = async (userId: string) => {
    const live = await repo.findLiveSubscription(db, userId);
    return live && live.status !== 'pending' ? live : undefined;
  };

  return {
    async current(userId: string): Promise<PremiumSubscription | null> {
      const row = await repo.findLatestPaidSubscription(db, userId);
      return row ? toSubscription(row) : null;
    },

    /** After the hosted checkout: the token with the premium claim, once the webhook has started it. */
    async purchase(userId: string): Promise<PremiumPurchaseResult> {
      const live = await paid(userId);
      if (!live) throw notPremium();
      return { jwToken: await freshToken(userId), subscription: toSubscription(live) };
    },

    /** Cancels at the end of the period paid: premium stays until then and does not renew. */
    async cancel(userId: string): Promise<PremiumCancelResult> {
      const live = await paid(userId);
      if (!live) throw notPremium();
      if (!live.cancelAtPeriodEnd) {
        if (live.gatewayReference && live.gateway === gateway.id) {
          try {
            await gateway.cancelAtPeriodEnd(live.gatewayReference);
          } catch (err) {
            log.warn({ err, subscriptionId: live.id }, 'gateway did not take the cancellation');
            throw new AppError(503, 'GATEWAY_UNAVAILABLE', CHECKOUT_ERRORS.gatewayUnavailable);
          }
        }
        await repo.updateSubscription(db, live.id, { cancelAtPeriodEnd: true, cancelledAt: new Date() });
        log.info({ subscriptionId: live.id, userId }, 'premium subscription set to end at its period end');
      }
      return { jwToken: await freshToken(userId) };
    },

    async receipts(userId: string): Promise<PremiumReceipt[]> {
      return (await repo.listReceipts(db, userId)).map(toReceipt);
    },

    async portal(userId: string): Promise<{ url: string }> {
      const sub = await repo.findLatestPaidSubscription(db, userId);
      const url =
        sub?.gatewayCustomer && sub.gateway === gateway.id
          ? await gateway.portalUrl(sub.gatewayCustomer, manageUrl)
          : null;
      if (!url) throw badRequest(CHECKOUT_ERRORS.noPortal, 'NO_SAVED_CARD');
      return { url };
    },
  };
}
export type PremiumService = ReturnType<typeof createPremiumService>;
