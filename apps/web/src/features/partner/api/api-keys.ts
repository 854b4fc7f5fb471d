import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerKeyScope, partnerKeySchema } from '@vaultline/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { partnerKeys } from './keys';

export type PartnerKey = z.infer<typeof partnerKeySchema>;

/** GET partner/keys: the partner's API keys, by prefix only (the key itself is never kept). */
export const getPartnerKeys = (signal?: AbortSignal) => api.get<PartnerKey[]>('partner/keys', { signal });

export const partnerKeysQuery = () =>
  queryOptions({
    queryKey: partnerKeys.apiKeys,
    queryFn: ({ signal }) => getPartnerKeys(signal),
    staleTime: 0,
  });

export const usePartnerKeys = () => useQuery(partnerKeysQuery());

/** POST partner/keys { name, scopes }: the key, answered this once. */
export const createPartnerKey = (body: { name: string; scopes: PartnerKeyScope[] }) =>
  api.post<{ id: string; key: string }>('partner/keys', body);

export function useCreatePartnerKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPartnerKey,
    onSettled: () => qc.invalidateQueries({ queryKey: partnerKeys.apiKeys }),
  });
}

/** DELETE partner/keys/{id}: revokes the key (its calls are refused from now on). */
export const revokePartnerKey = (id: string) => api.delete<unknown>(`partner/keys/${id}`);

export function useRevokePartnerKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokePartnerKey,
    onSettled: () => qc.invalidateQueries({ queryKey: partnerKeys.apiKeys }),
  });
}
