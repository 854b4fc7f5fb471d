import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPremiumPayment, AdminPremiumPaymentsPage } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import type { PageCursor } from '../../../lib/page-cursor';
import { adminKeys } from './keys';

/** Payments a page of the back office's list holds. */
export const PREMIUM_PAYMENTS_PAGE_SIZE = 10;

/** GET Admin/premium/payments?page&pageSize (admin): every premium payment, newest first. */
export const getPremiumPayments = (page: number, cursor?: PageCursor, signal?: AbortSignal) =>
  api.get<AdminPremiumPaymentsPage>('Admin/premium/payments', {
    query: {
      page,
      pageSize: PREMIUM_PAYMENTS_PAGE_SIZE,
      after: cursor?.after ?? null,
      before: cursor?.before ?? null,
    },
    signal,
  });

export const premiumPaymentsQuery = (page: number, cursor?: PageCursor) =>
  queryOptions({
    queryKey: adminKeys.premiumPayments(page),
    queryFn: ({ signal }) => getPremiumPayments(page, cursor, signal),
    // The page on screen stays while the next one loads (no flash of the spinner).
    placeholderData: keepPreviousData,
  });

export const usePremiumPayments = (page: number, cursor?: PageCursor) =>
  useQuery(premiumPaymentsQuery(page, cursor));

/** POST Admin/premium/payments/:id/refund: the payment back to the card; answers the payment. */
export const refundPremiumPayment = (id: string) =>
  api.post<AdminPremiumPayment>(`Admin/premium/payments/${encodeURIComponent(id)}/refund`, {});

export function useRefundPremiumPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: refundPremiumPayment,
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
