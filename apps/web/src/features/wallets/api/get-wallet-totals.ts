import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletTotals } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import { useCurrency } from '../../../lib/preferences';

/** GET Wallets/totals (user): totals in the display currency and their 24 h reference. */
export const getWalletTotals = (signal?: AbortSignal) => api.get<WalletTotals>('Wallets/totals', { signal });

export const walletTotalsQueryOptions = (currency: string) =>
  queryOptions({
    queryKey: ['wallets', 'totals', currency],
    queryFn: ({ signal }) => getWalletTotals(signal),
  });

export function useWalletTotals() {
  return useQuery(walletTotalsQueryOptions(useCurrency()));
}
