import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceLock } from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/** GET AssetConvert/lock?id: one of the user's own locks. */
export const getLock = (id: string, signal?: AbortSignal) =>
  api.get<PriceLock>('AssetConvert/lock', { query: { id }, signal });

export const lockQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['convert', 'lock', id],
    queryFn: ({ signal }) => getLock(id, signal),
    // A lock never changes; a failed load is answered by leaving the page, not by retrying.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useLock = (id: string) => useQuery(lockQueryOptions(id));
