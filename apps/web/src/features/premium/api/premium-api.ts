import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  PREMIUM_PATH,
  type PremiumCancelResult,
  type PremiumPurchaseRequest,
  type PremiumPurchaseResult,
  type PremiumSubscription,
} from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/** GET User/premium: the latest subscription (active or cancelled), or null. */
export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ['premium', 'subscription'],
    queryFn: ({ signal }) => api.get<PremiumSubscription | null>(PREMIUM_PATH, { signal }),
  });

export const useSubscription = () => useQuery(subscriptionQueryOptions());

/** POST User/premium: pays by card; the answer carries a token with the premium claim. */
export const usePurchasePremium = () =>
  useMutation({
    mutationFn: (body: PremiumPurchaseRequest) => api.post<PremiumPurchaseResult>(PREMIUM_PATH, body),
  });

/** DELETE User/premium: ends premium; the answer carries a token without the claim. */
export const useCancelPremium = () =>
  useMutation({ mutationFn: () => api.delete<PremiumCancelResult>(PREMIUM_PATH) });
