import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminChainDeposit,
  type AdminPage,
  type AdminPayout,
  type ChainStatus,
  LIMITS,
  type PayoutView,
} from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** The Networks page reads again this often: blocks and payouts move on their own. */
export const CHAINS_REFRESH_MS = 5_000;

/** GET Admin/chains (admin): each watched network's node, scan, lag and hot wallet. */
export const chainStatusQuery = () =>
  queryOptions({
    queryKey: adminKeys.chains,
    queryFn: ({ signal }) => api.get<ChainStatus>('Admin/chains', { signal }),
    refetchInterval: CHAINS_REFRESH_MS,
  });
export const useChainStatus = () => useQuery(chainStatusQuery());

/** GET Admin/chains/payouts?view&page (admin): the payout queue, newest first. */
export const payoutsQuery = (view: PayoutView | 'all', page: number) =>
  queryOptions({
    queryKey: adminKeys.payouts(view, page),
    queryFn: ({ signal }) =>
      api.get<AdminPage<AdminPayout>>('Admin/chains/payouts', {
        query: { page, pageSize: LIMITS.adminPageSize, ...(view === 'all' ? {} : { view }) },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: CHAINS_REFRESH_MS,
  });
export const usePayouts = (view: PayoutView | 'all', page: number) => useQuery(payoutsQuery(view, page));

/** GET Admin/chains/deposits?page (admin): transfers seen to watched addresses, newest first. */
export const chainDepositsQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.chainDeposits(page),
    queryFn: ({ signal }) =>
      api.get<AdminPage<AdminChainDeposit>>('Admin/chains/deposits', {
        query: { page, pageSize: LIMITS.adminPageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: CHAINS_REFRESH_MS,
  });
export const useChainDeposits = (page: number) => useQuery(chainDepositsQuery(page));

/** What an admin does to a payout (Networks). */
export type PayoutAction = 'send' | 'retry' | 'cancel' | 'redirect' | 'bump';

/**
 * POST Admin/chains/payouts/:id/send (over the limits, or blocked), /retry (failed), /cancel or
 * /redirect (to the exchange's refund address), /bump (BTC/LTC sent, not mined: a higher fee rate).
 */
export function usePayoutAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { id: string; action: PayoutAction; feeRate?: string }) =>
      api.post<AdminPayout>(
        `Admin/chains/payouts/${encodeURIComponent(a.id)}/${a.action}`,
        a.feeRate !== undefined ? { feeRate: a.feeRate } : undefined,
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST Admin/chains/deposits/:id/refund: a transfer held for an admin goes back to this address. */
export function useRefundChainDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (r: { id: string; address: string; payoutHash?: string }) =>
      api.post<true>(`Admin/chains/deposits/${encodeURIComponent(r.id)}/refund`, {
        address: r.address,
        ...(r.payoutHash ? { payoutHash: r.payoutHash } : {}),
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
