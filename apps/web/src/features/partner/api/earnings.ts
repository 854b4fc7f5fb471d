import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { partnerEarningSchema, partnerWithdrawResponseSchema } from '@vaultline/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { partnerKeys } from './keys';

export type PartnerEarning = z.infer<typeof partnerEarningSchema>;
export type PartnerWithdrawal = z.infer<typeof partnerWithdrawResponseSchema>;

/** GET partner/earnings: per asset, what is available to move and what was earned in all. */
export const getPartnerEarnings = (signal?: AbortSignal) =>
  api.get<PartnerEarning[]>('partner/earnings', { signal });

export const partnerEarningsQuery = () =>
  queryOptions({
    queryKey: partnerKeys.earnings,
    queryFn: ({ signal }) => getPartnerEarnings(signal),
    staleTime: 0,
  });

export const usePartnerEarnings = () => useQuery(partnerEarningsQuery());

/** POST partner/earnings/withdraw { assetId }: moves the asset's available earnings to the wallet. */
export const withdrawEarnings = (assetId: string) =>
  api.post<PartnerWithdrawal>('partner/earnings/withdraw', { assetId });

export function useWithdrawEarnings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: withdrawEarnings,
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: partnerKeys.earnings }),
        // The wallets page shows the new balance.
        qc.invalidateQueries({ queryKey: ['wallets'] }),
      ]),
  });
}
