import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET PublicExchange/exchangeRate (public): 1 source unit = rate destination units (decimal string). */
export const getExchangeRate = (sourceWalletId: string, destinationWalletId: string, signal?: AbortSignal) =>
  api.get<string>('PublicExchange/exchangeRate', { query: { sourceWalletId, destinationWalletId }, signal });

export const exchangeRateQueryOptions = (sourceWalletId: string, destinationWalletId: string) =>
  queryOptions({
    queryKey: ['prices', 'rate', sourceWalletId, destinationWalletId],
    queryFn: ({ signal }) => getExchangeRate(sourceWalletId, destinationWalletId, signal),
    enabled: Boolean(sourceWalletId && destinationWalletId && sourceWalletId !== destinationWalletId),
  });

export const useExchangeRate = (sourceWalletId: string, destinationWalletId: string) =>
  useQuery(exchangeRateQueryOptions(sourceWalletId, destinationWalletId));
