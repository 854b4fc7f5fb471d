import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET Admin/stats (admin): users and traded amount in USD at execution. */
export const getAdminStats = (signal?: AbortSignal) => api.get<AdminStats>('Admin/stats', { signal });

export const adminStatsQuery = () =>
  queryOptions({ queryKey: adminKeys.stats, queryFn: ({ signal }) => getAdminStats(signal) });

export const useAdminStats = () => useQuery(adminStatsQuery());
