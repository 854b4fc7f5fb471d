import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDeposit } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET Admin/deposits?status (admin): every deposit, newest first; status 3 = awaiting verification. */
export const getAdminDeposits = (status: number | null, signal?: AbortSignal) =>
  api.get<AdminDeposit[]>('Admin/deposits', { query: { status }, signal });

export const adminDepositsQuery = (status: number | null) =>
  queryOptions({
    queryKey: adminKeys.deposits(status),
    queryFn: ({ signal }) => getAdminDeposits(status, signal),
  });

export const useAdminDeposits = (status: number | null) => useQuery(adminDepositsQuery(status));

/** POST Admin/deposits/:id/approve credits the user once; /reject takes the admin's notes. */
export const approveDeposit = (id: string) =>
  api.post<true>(`Admin/deposits/${encodeURIComponent(id)}/approve`);
export const rejectDeposit = (id: string, notes: string) =>
  api.post<true>(`Admin/deposits/${encodeURIComponent(id)}/reject`, { notes });

export function useDepositDecision() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: { id: string; approve: boolean; notes: string }) =>
      d.approve ? approveDeposit(d.id) : rejectDeposit(d.id, d.notes),
    // The lists, the stats and the audit log all change with a decision.
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
