import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { partnerDeliveriesSchema } from '@vaultline/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { partnerKeys } from './keys';

export type PartnerDeliveries = z.infer<typeof partnerDeliveriesSchema>;
export type PartnerDelivery = PartnerDeliveries['items'][number];

/** GET partner/webhooks/deliveries?cursor: the delivery log, newest first, a page at a time. */
export const getDeliveries = (cursor: string | null, signal?: AbortSignal) =>
  api.get<PartnerDeliveries>('partner/webhooks/deliveries', { query: { cursor }, signal });

export const deliveriesQuery = () =>
  infiniteQueryOptions({
    queryKey: partnerKeys.deliveries,
    queryFn: ({ pageParam, signal }) => getDeliveries(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export const useDeliveries = () => useInfiniteQuery(deliveriesQuery());

/** POST partner/webhooks/deliveries/{id}/replay: sends the event again. */
export const replayDelivery = (id: string) => api.post<unknown>(`partner/webhooks/deliveries/${id}/replay`);

export function useReplayDelivery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: replayDelivery,
    onSettled: () => qc.invalidateQueries({ queryKey: partnerKeys.deliveries }),
  });
}
