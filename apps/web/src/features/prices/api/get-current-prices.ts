import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentPrices } from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/** GET prices (public): the server's current USD price of every asset (used for USD values). */
export const getCurrentPrices = (signal?: AbortSignal) => api.get<CurrentPrices>('prices', { signal });

export const currentPricesQueryOptions = () =>
  queryOptions({ queryKey: ['prices', 'current'], queryFn: ({ signal }) => getCurrentPrices(signal) });

export const useCurrentPrices = () => useQuery(currentPricesQueryOptions());
