import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Withdrawal,
  WithdrawalAddress,
  WithdrawalAddressRequest,
  WithdrawalList,
  WithdrawalQuote,
  WithdrawalRequest,
  WithdrawalStatus,
} from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/** Query keys of the user's withdrawals (issue 31, decision 0054). */
export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  addresses: ['withdrawals', 'addresses'] as const,
  one: (id: string) => ['withdrawals', 'one', id] as const,
  list: ['withdrawals', 'list'] as const,
  quote: (assetId: string, amount: string) => ['withdrawals', 'quote', assetId, amount] as const,
};

/** GET Withdrawals/addresses: the user's address book. */
export const useWithdrawalAddresses = (enabled = true) =>
  useQuery({
    queryKey: withdrawalKeys.addresses,
    queryFn: ({ signal }) =>
      api.get<{ items: WithdrawalAddress[] }>('Withdrawals/addresses', { signal }).then((r) => r.items),
    enabled,
  });

/** POST Withdrawals/addresses (step-up): a new address, usable once its hold is over. */
export function useAddWithdrawalAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawalAddressRequest) =>
      api.post<WithdrawalAddress>('Withdrawals/addresses', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: withdrawalKeys.addresses }),
  });
}

/** DELETE Withdrawals/addresses/{id}. */
export function useRemoveWithdrawalAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`Withdrawals/addresses/${encodeURIComponent(id)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: withdrawalKeys.addresses }),
  });
}

/** POST Withdrawals/addresses/remove { token }: the e-mail's link (no sign-in). */
export const removeAddressByToken = (token: string) =>
  api.post<unknown>('Withdrawals/addresses/remove', { token });

/** POST Withdrawals/quote { assetId, amount }: fee, what arrives, the total and what is available. */
export const useWithdrawalQuote = (assetId: string, amount: string | null) =>
  useQuery({
    queryKey: withdrawalKeys.quote(assetId, amount ?? ''),
    queryFn: ({ signal }) => api.post<WithdrawalQuote>('Withdrawals/quote', { assetId, amount }, { signal }),
    enabled: amount !== null,
    staleTime: 10_000,
    retry: false,
  });

/** POST Withdrawals (the step-up dialog asks for the factor on 401 TWO_FACTOR_NEEDED). */
export function useCreateWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawalRequest) =>
      api.post<{ id: string; status: WithdrawalStatus }>('Withdrawals', body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: withdrawalKeys.list });
      void qc.invalidateQueries({ queryKey: ['wallets'] });
    },
  });
}

/** GET Withdrawals/{id}. */
export const useWithdrawal = (id: string) =>
  useQuery({
    queryKey: withdrawalKeys.one(id),
    queryFn: ({ signal }) => api.get<Withdrawal>(`Withdrawals/${encodeURIComponent(id)}`, { signal }),
  });

/** GET Withdrawals?limit (newest first). */
export const useWithdrawalList = (limit = 20) =>
  useQuery({
    queryKey: withdrawalKeys.list,
    queryFn: ({ signal }) => api.get<WithdrawalList>('Withdrawals', { query: { limit }, signal }),
  });

/** POST Withdrawals/{id}/cancel while in review or queued: the money goes back to the wallet. */
export function useCancelWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Withdrawal>(`Withdrawals/${encodeURIComponent(id)}/cancel`),
    onSuccess: (w, id) => {
      if (w && typeof w === 'object' && 'status' in w) qc.setQueryData(withdrawalKeys.one(id), w);
      void qc.invalidateQueries({ queryKey: withdrawalKeys.all });
      void qc.invalidateQueries({ queryKey: ['wallets'] });
    },
  });
}
