import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  CheckoutUrl,
  PremiumCancelResult,
  PremiumPurchaseResult,
  PremiumReceipt,
  PremiumSubscription,
} from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/**
 * shared's PREMIUM_PATH, written out: importing a value from premium.ts would bring its schemas and
 * decimal.js into My account's first load (budgets.json), for the receipts.
 */
const PREMIUM_PATH = 'User/premium';

export const premiumKeys = {
  subscription: ['premium', 'subscription'] as const,
  receipts: ['premium', 'receipts'] as const,
};

/** GET User/premium: the latest subscription (active, past due or cancelled), or null. */
export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: premiumKeys.subscription,
    queryFn: ({ signal }) => api.get<PremiumSubscription | null>(PREMIUM_PATH, { signal }),
  });

export const useSubscription = () => useQuery(subscriptionQueryOptions());

/**
 * POST User/premium (empty body): once the gateway's webhook has started premium, a fresh token
 * with the premium claim and the subscription (409 before that). The card is never sent here.
 */
export const activatePremium = () => api.post<PremiumPurchaseResult>(PREMIUM_PATH, {});

/** DELETE User/premium: no renewal; premium lasts until the renewal date (the token keeps the claim). */
export const useCancelPremium = () =>
  useMutation({ mutationFn: () => api.delete<PremiumCancelResult>(PREMIUM_PATH) });

/** POST User/premium/portal: the gateway's page where the saved card is changed (400 when none). */
export const openPremiumPortal = () => api.post<CheckoutUrl>(`${PREMIUM_PATH}/portal`, {});

/** GET User/premium/receipts: every premium payment (first year and renewals), newest first. */
export const receiptsQueryOptions = () =>
  queryOptions({
    queryKey: premiumKeys.receipts,
    queryFn: ({ signal }) => api.get<PremiumReceipt[]>(`${PREMIUM_PATH}/receipts`, { signal }),
  });

export const useReceipts = () => useQuery(receiptsQueryOptions());
