import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBankAccount, AdminPendingBankAccount, BankAccountStatus } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET Admin/pendingBankAccounts (admin): IBANs not processed yet, oldest first, with their owner. */
export const getPendingBankAccounts = (signal?: AbortSignal) =>
  api.get<AdminPendingBankAccount[]>('Admin/pendingBankAccounts', { signal });

export const pendingBankAccountsQuery = () =>
  queryOptions({
    queryKey: adminKeys.bankAccounts,
    queryFn: ({ signal }) => getPendingBankAccounts(signal),
  });

export const usePendingBankAccounts = () => useQuery(pendingBankAccountsQuery());

/** POST Admin/setBankAccountStatus?bankAccountId&status (1 approve, 0 refuse). */
export const setBankAccountStatus = (bankAccountId: string, status: BankAccountStatus) =>
  api.post<AdminBankAccount>('Admin/setBankAccountStatus', undefined, { query: { bankAccountId, status } });

export function useSetBankAccountStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { bankAccountId: string; status: BankAccountStatus }) =>
      setBankAccountStatus(v.bankAccountId, v.status),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
