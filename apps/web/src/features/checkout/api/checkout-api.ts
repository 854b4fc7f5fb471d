import { queryOptions, useMutation } from '@tanstack/react-query';
import type { CardCheckoutRequest, CheckoutStatus, CheckoutUrl } from '@vaultline/shared';
import { api } from '../../../lib/api-client';

// Paths of shared CHECKOUT_PATHS without their leading slash: api-client reads a leading slash as
// "not under /api".

/** POST User/premium/checkout: the gateway's hosted page where a year of Premium is paid. */
export const startPremiumCheckout = () => api.post<CheckoutUrl>('User/premium/checkout', {});

/** POST Payment/card/checkout {assetId, amount}: the hosted page where a card deposit is paid. */
export const startCardCheckout = (body: CardCheckoutRequest) =>
  api.post<CheckoutUrl>('Payment/card/checkout', body);

const statusPath = (id: string) => `Payment/checkout/${encodeURIComponent(id)}`;

/** POST Payment/checkout/{id}/cancel: the user came back without paying; ends the hosted session. */
export const cancelCheckout = (id: string) => api.post<CheckoutStatus>(`${statusPath(id)}/cancel`, {});

/** GET Payment/checkout/{id}: where the payment stands (owner only). */
export const getCheckoutStatus = (id: string, signal?: AbortSignal) =>
  api.get<CheckoutStatus>(statusPath(id), { signal });

export const checkoutKeys = { status: (id: string) => ['checkout', id] as const };

/** Poll interval while the gateway's webhook has not landed yet. */
export const CHECKOUT_POLL_MS = 1000;

/** Ids whose cancel this page load has already sent (a refetch then only reads the status). */
const cancelSent = new Set<string>();

/**
 * The checkout's state, read every second while it is processing. Coming back with `cancelled`,
 * the first read is the cancel call (it answers the same state); later reads are plain GETs.
 * `pollDeclined`: a decline is read again too. A card refused on the hosted page leaves the
 * checkout declined until another card pays it, so a payer sent back as paid may read "declined"
 * before the payment's own webhook lands.
 */
export const checkoutStatusQuery = (id: string, cancelled: boolean, pollDeclined = false) =>
  queryOptions({
    queryKey: checkoutKeys.status(id),
    queryFn: async ({ signal }) => {
      if (cancelled && !cancelSent.has(id)) {
        const answer = await cancelCheckout(id);
        cancelSent.add(id);
        return answer;
      }
      return getCheckoutStatus(id, signal);
    },
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'processing' || (pollDeclined && status === 'declined') ? CHECKOUT_POLL_MS : false;
    },
    // Polling goes on in a background tab: the result is waiting when the user looks again.
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
  });

/** Forgets the cancels sent (tests). */
export const resetCheckoutCancels = () => cancelSent.clear();

export const usePremiumCheckout = () => useMutation({ mutationFn: startPremiumCheckout });
export const useCardCheckout = () => useMutation({ mutationFn: startCardCheckout });
