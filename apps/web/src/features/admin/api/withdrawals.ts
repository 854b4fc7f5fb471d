import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminKeysetPage,
  type AdminWithdrawal,
  type AdminWithdrawalDetail,
  LIMITS,
  type SepaBatch,
  type WithdrawalRule,
  type WithdrawalStatus,
} from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import type { PageCursor } from '../../../lib/page-cursor';
import { session } from '../../../lib/session';

/** Query keys of the back office's withdrawals (under 'admin', so every decision refreshes them). */
export const withdrawalAdminKeys = {
  all: ['admin', 'withdrawals'] as const,
  page: (status: string, page: number) => ['admin', 'withdrawals', 'page', status, page] as const,
  detail: (id: string) => ['admin', 'withdrawals', 'detail', id] as const,
  rules: ['admin', 'withdrawals', 'rules'] as const,
  batches: ['admin', 'withdrawals', 'sepa-batches'] as const,
};

/** GET Admin/withdrawals?status&page&pageSize&after&before: newest first, keyset paged. */
export const useAdminWithdrawals = (status: WithdrawalStatus | null, page: number, cursor?: PageCursor) =>
  useQuery({
    queryKey: withdrawalAdminKeys.page(status ?? 'all', page),
    queryFn: ({ signal }) =>
      api.get<AdminKeysetPage<AdminWithdrawal>>('Admin/withdrawals', {
        query: {
          status,
          page,
          pageSize: LIMITS.adminPageSize,
          after: cursor?.after ?? null,
          before: cursor?.before ?? null,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET Admin/withdrawals/{id}: one withdrawal with the user's recent deposits, conversions and withdrawals. */
export const useAdminWithdrawalDetail = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: withdrawalAdminKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<AdminWithdrawalDetail>(`Admin/withdrawals/${encodeURIComponent(id)}`, { signal }),
    enabled,
  });

export type WithdrawalAction =
  | { kind: 'approve'; id: string; note: string }
  | { kind: 'reject'; id: string; note: string }
  | { kind: 'failed'; id: string; note: string }
  | { kind: 'sent'; id: string; txHash?: string; reference?: string };

/**
 * POST Admin/withdrawals/{id}/approve { note? } (step-up: the api client asks for the factor),
 * /reject { note }, /failed { note }, /sent { txHash | reference }.
 */
export function useWithdrawalAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: WithdrawalAction) => {
      const path = `Admin/withdrawals/${encodeURIComponent(a.id)}/${a.kind}`;
      if (a.kind === 'sent')
        return api.post<AdminWithdrawal>(path, a.txHash ? { txHash: a.txHash } : { reference: a.reference });
      if (a.kind === 'approve') return api.post<AdminWithdrawal>(path, a.note ? { note: a.note } : {});
      return api.post<AdminWithdrawal>(path, { note: a.note });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** GET Admin/withdrawals/rules: per asset open, fee and minimum. */
export const useWithdrawalRules = () =>
  useQuery({
    queryKey: withdrawalAdminKeys.rules,
    queryFn: ({ signal }) =>
      api.get<{ items: WithdrawalRule[] }>('Admin/withdrawals/rules', { signal }).then((r) => r.items),
  });

/** PUT Admin/withdrawals/rules/{assetId} { open, fee, minimum } (step-up). */
export function useUpdateWithdrawalRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ assetId, ...body }: { assetId: string; open: boolean; fee: string; minimum: string }) =>
      api.put<WithdrawalRule>(`Admin/withdrawals/rules/${encodeURIComponent(assetId)}`, body),
    onSettled: () => qc.invalidateQueries({ queryKey: withdrawalAdminKeys.rules }),
  });
}

/** GET Admin/withdrawals/sepa-batches: newest first. */
export const useSepaBatches = () =>
  useQuery({
    queryKey: withdrawalAdminKeys.batches,
    queryFn: ({ signal }) =>
      api.get<{ items: SepaBatch[] }>('Admin/withdrawals/sepa-batches', { signal }).then((r) => r.items),
  });

/** POST Admin/withdrawals/sepa-batches: a file of every queued EUR withdrawal not yet in one. */
export function useMakeSepaBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SepaBatch>('Admin/withdrawals/sepa-batches', {}),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** POST Admin/withdrawals/sepa-batches/{id}/paid: the bank executed the file. */
export function useMarkBatchPaid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<SepaBatch>(`Admin/withdrawals/sepa-batches/${encodeURIComponent(id)}/paid`, {}),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** GET Admin/withdrawals/sepa-batches/{id}/file: the pain.001.001.03 XML, as a Blob. */
export async function fetchSepaFile(id: string): Promise<Blob> {
  const res = await fetch(`/api/Admin/withdrawals/sepa-batches/${encodeURIComponent(id)}/file`, {
    headers: { accept: 'application/xml', authorization: `Bearer ${session.get().token ?? ''}` },
    credentials: 'same-origin',
  });
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
  return res.blob();
}
