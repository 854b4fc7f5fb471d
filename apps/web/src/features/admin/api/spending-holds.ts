import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SpendingHold } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET Admin/spending-holds?open (admin): money users owe after a card payment was taken back. */
export const getSpendingHolds = (open: boolean, signal?: AbortSignal) =>
  api.get<SpendingHold[]>('Admin/spending-holds', { query: { open: String(open) }, signal });

export const useSpendingHolds = (open: boolean) =>
  useQuery({
    queryKey: adminKeys.spendingHolds(open),
    queryFn: ({ signal }) => getSpendingHolds(open, signal),
  });

/** POST Admin/spending-holds/:id/clear { note }: the debt is settled or written off; answers the hold. */
export const clearSpendingHold = ({ id, note }: { id: string; note: string }) =>
  api.post<SpendingHold>(`Admin/spending-holds/${encodeURIComponent(id)}/clear`, { note });

export function useClearSpendingHold() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: clearSpendingHold,
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
