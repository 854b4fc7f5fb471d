import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminExchange, type AdminKeysetPage, LIMITS, TransactionStatus } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import type { PageCursor } from '../../../lib/page-cursor';
import { adminKeys } from './keys';

export type ExchangeList = 'pending' | 'approved' | 'rejected';

/** spec-2 §4: pending covers pending, notProcessed and awaitingVerification. */
export const LIST_STATUSES: Record<ExchangeList, number[]> = {
  pending: [
    TransactionStatus.pending,
    TransactionStatus.notProcessed,
    TransactionStatus.awaitingVerification,
  ],
  approved: [TransactionStatus.success],
  rejected: [TransactionStatus.failed],
};

/**
 * GET Admin/allAnonymousExchanges?status&page&pageSize (admin): one page (10 rows, spec-2 §9) of a
 * list, newest first, with the total; the server pages it (status: comma-separated for pending).
 * With the cursor of a neighbouring page (after / before), the server reads it at the same cost at
 * any depth.
 */
export const getExchangePage = (
  list: ExchangeList,
  page: number,
  cursor?: PageCursor,
  signal?: AbortSignal,
) =>
  api.get<AdminKeysetPage<AdminExchange>>('Admin/allAnonymousExchanges', {
    query: {
      status: LIST_STATUSES[list].join(','),
      page,
      pageSize: LIMITS.adminPageSize,
      after: cursor?.after ?? null,
      before: cursor?.before ?? null,
    },
    signal,
  });

export const exchangePageQuery = (list: ExchangeList, page: number, cursor?: PageCursor) =>
  queryOptions({
    queryKey: adminKeys.exchangeList(list, page),
    queryFn: ({ signal }) => getExchangePage(list, page, cursor, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useExchangePage = (list: ExchangeList, page: number, cursor?: PageCursor) =>
  useQuery(exchangePageQuery(list, page, cursor));

export interface ExchangeDecision {
  exchange: AdminExchange;
  kind: 'approve' | 'reject' | 'requote' | 'refund';
  notes: string;
  /** Approve: the amount actually received, recorded first (optional). */
  amountReceived?: string;
  /** Approve / requote / refund: the house's transfer hash (optional). */
  payoutHash?: string;
  /** Refund: where to send it when the guest gave no refund address. */
  refundAddress?: string;
}

/**
 * POST Admin/anonymousExchanges/update?exchangeId&status[&amountReceived&payoutHash] with the notes as a JSON
 * string body (approve = success 1, reject = failed 0); requote and refund settle a received amount
 * that differs from the quote.
 */
export function decideExchange(d: ExchangeDecision): Promise<AdminExchange> {
  const exchangeId = d.exchange.id;
  if (d.kind === 'approve' || d.kind === 'reject') {
    const status = d.kind === 'approve' ? TransactionStatus.success : TransactionStatus.failed;
    return api.post<AdminExchange>('Admin/anonymousExchanges/update', d.notes, {
      query: {
        exchangeId,
        status,
        amountReceived: d.kind === 'approve' ? d.amountReceived || null : null,
        payoutHash: d.kind === 'approve' ? d.payoutHash || null : null,
      },
    });
  }
  return api.post<AdminExchange>(
    `Admin/anonymousExchanges/${d.kind}`,
    {
      notes: d.notes,
      ...(d.payoutHash ? { payoutHash: d.payoutHash } : {}),
      ...(d.kind === 'refund' && d.refundAddress ? { refundAddress: d.refundAddress } : {}),
    },
    { query: { exchangeId } },
  );
}

export function useExchangeDecision() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: decideExchange,
    // The row moves from one list to another; stats and the audit log change too.
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
