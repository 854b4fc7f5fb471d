import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDeposit, AdminDepositsPage } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import type { PageCursor } from '../../../lib/page-cursor';
import { adminKeys } from './keys';

/** Deposits a page of the back office's list holds. */
export const DEPOSITS_PAGE_SIZE = 10;

/**
 * GET Admin/deposits?status&page&pageSize (admin): every deposit, newest first, a page at a time
 * with the total; status 3 = awaiting verification.
 */
export const getAdminDeposits = (
  status: number | null,
  page: number,
  cursor?: PageCursor,
  signal?: AbortSignal,
) =>
  api.get<AdminDepositsPage>('Admin/deposits', {
    query: {
      status,
      page,
      pageSize: DEPOSITS_PAGE_SIZE,
      after: cursor?.after ?? null,
      before: cursor?.before ?? null,
    },
    signal,
  });

export const adminDepositsQuery = (status: number | null, page: number, cursor?: PageCursor) =>
  queryOptions({
    queryKey: adminKeys.deposits(status, page),
    queryFn: ({ signal }) => getAdminDeposits(status, page, cursor, signal),
    // The page on screen stays while the next one loads (no flash of the spinner).
    placeholderData: (previous) => previous,
  });

export const useAdminDeposits = (status: number | null, page: number, cursor?: PageCursor) =>
  useQuery(adminDepositsQuery(status, page, cursor));

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

/**
 * POST Admin/deposits/:id/refund: gives a credited card deposit back to the card and debits the
 * wallet (409 with the reason when it cannot, e.g. the money was already spent).
 */
export const refundDeposit = (id: string) =>
  api.post<AdminDeposit>(`Admin/deposits/${encodeURIComponent(id)}/refund`, {});

export function useRefundDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: refundDeposit,
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
