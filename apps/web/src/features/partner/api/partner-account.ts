import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerAccount } from '@vaultline/shared';
import { ApiRequestError, api } from '../../../lib/api-client';
import { partnerKeys } from './keys';

/** GET partner: the signed-in partner's account (403 NOT_PARTNER for any other account). */
export const getPartnerAccount = (signal?: AbortSignal) => api.get<PartnerAccount>('partner', { signal });

export const partnerAccountQuery = () =>
  queryOptions({
    queryKey: partnerKeys.account,
    queryFn: ({ signal }) => getPartnerAccount(signal),
    staleTime: 60_000,
  });

export const usePartnerAccount = () => useQuery(partnerAccountQuery());

/** The answer that means "this account is not a partner" (not a failure to show as an error). */
export const isNotPartner = (err: unknown): boolean =>
  err instanceof ApiRequestError && (err.code === 'NOT_PARTNER' || err.status === 403);

/**
 * Whether the signed-in account is a partner, asked only while `enabled` (the account menu is open):
 * the shell does not call the partner API on every page. Unknown (undefined) until answered.
 */
export function useIsPartner(enabled: boolean): boolean | undefined {
  const q = useQuery({ ...partnerAccountQuery(), enabled, staleTime: 5 * 60_000 });
  if (q.data) return true;
  if (q.isError) return false;
  return undefined;
}

/** PUT partner/commission { commission }: the rate (fraction) the partner applies to new quotes. */
export const setPartnerCommission = (commission: string) =>
  api.put<PartnerAccount>('partner/commission', { commission });

export function useSetCommission() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setPartnerCommission,
    onSuccess: (account, commission) => {
      // The answer may be the account or nothing: keep the cache right either way.
      qc.setQueryData<PartnerAccount>(partnerKeys.account, (old) =>
        account && typeof account === 'object' && 'commission' in account
          ? account
          : old
            ? { ...old, commission }
            : old,
      );
    },
    onSettled: () => qc.invalidateQueries({ queryKey: partnerKeys.account }),
  });
}
