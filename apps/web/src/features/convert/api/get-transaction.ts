import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConvertTransaction } from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/** GET AssetConvert/transaction?id: one of the user's conversions. */
export const getTransaction = (id: string, signal?: AbortSignal) =>
  api.get<ConvertTransaction>('AssetConvert/transaction', { query: { id }, signal });

export const transactionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['convert', 'transaction', id],
    queryFn: ({ signal }) => getTransaction(id, signal),
    retry: false,
    // Until it is final, look again now and then (an admin may change any status).
    refetchInterval: (q) => {
      const s = q.state.data?.status;
      return s === 1 || s === 0 ? false : 5000;
    },
  });

export const useTransaction = (id: string) => useQuery(transactionQueryOptions(id));
