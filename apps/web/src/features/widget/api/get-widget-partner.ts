import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WidgetPartner } from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/** GET widget/partners/{id}: the partner's commission rate, which createExchange will apply. */
export const getWidgetPartner = (partnerId: string) => api.get<WidgetPartner>(`widget/partners/${partnerId}`);

export const widgetPartnerQueryOptions = (partnerId: string) =>
  queryOptions({
    queryKey: ['widget-partner', partnerId],
    queryFn: () => getWidgetPartner(partnerId),
    staleTime: 60_000,
  });

/**
 * The commission the live estimate takes off: undefined without a partner, null while it loads or
 * when the read failed (the estimate then shows nothing rather than a figure that is too high).
 */
export function useWidgetCommission(partnerId: string | null | undefined): string | null | undefined {
  const q = useQuery({ ...widgetPartnerQueryOptions(partnerId ?? ''), enabled: Boolean(partnerId) });
  if (!partnerId) return undefined;
  return q.data?.commission ?? null;
}
