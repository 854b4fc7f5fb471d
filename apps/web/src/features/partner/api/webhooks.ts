import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerWebhookEvent, partnerWebhookSchema } from '@vaultline/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { partnerKeys } from './keys';

export type PartnerWebhook = z.infer<typeof partnerWebhookSchema>;

/** GET partner/webhooks: the partner's endpoints. */
export const getPartnerWebhooks = (signal?: AbortSignal) =>
  api.get<PartnerWebhook[]>('partner/webhooks', { signal });

export const partnerWebhooksQuery = () =>
  queryOptions({
    queryKey: partnerKeys.webhooks,
    queryFn: ({ signal }) => getPartnerWebhooks(signal),
    staleTime: 0,
  });

export const usePartnerWebhooks = () => useQuery(partnerWebhooksQuery());

/** POST partner/webhooks { url, events }: the endpoint's signing secret, answered this once. */
export const createPartnerWebhook = (body: { url: string; events: PartnerWebhookEvent[] }) =>
  api.post<{ id: string; secret: string }>('partner/webhooks', body);

/** POST partner/webhooks/{id}/rotate: a new signing secret, answered this once. */
export const rotateWebhookSecret = (id: string) =>
  api.post<{ secret: string }>(`partner/webhooks/${id}/rotate`);

/** POST partner/webhooks/{id}/enable: sends to a disabled endpoint again. */
export const enableWebhook = (id: string) => api.post<unknown>(`partner/webhooks/${id}/enable`);

/** DELETE partner/webhooks/{id}. */
export const deleteWebhook = (id: string) => api.delete<unknown>(`partner/webhooks/${id}`);

/** A change of the endpoints: the list is read again afterwards, whatever the answer. */
function useWebhookChange<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: partnerKeys.webhooks }),
  });
}

export const useCreateWebhook = () => useWebhookChange(createPartnerWebhook);
export const useRotateWebhook = () => useWebhookChange(rotateWebhookSecret);
export const useEnableWebhook = () => useWebhookChange(enableWebhook);
export const useDeleteWebhook = () => useWebhookChange(deleteWebhook);
