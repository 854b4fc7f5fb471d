import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  ConfirmExchangeRequest,
  CreateExchangeRequest,
  PublicExchange,
  PublicSettings,
} from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/** POST PublicExchange/createExchange: checked, quoted and fixed by the server; content is {id}. */
export const createExchange = (body: CreateExchangeRequest) =>
  api.post<{ id: string }>('PublicExchange/createExchange', body);

/** GET PublicExchange/exchange/{id}: one guest exchange (never the e-mail address). */
export const getExchange = (id: string, signal?: AbortSignal) =>
  api.get<PublicExchange>(`PublicExchange/exchange/${encodeURIComponent(id)}`, { signal });

/** POST PublicExchange/confirmTransaction: the guest's hash; the exchange becomes pending. */
export const confirmExchange = (body: ConfirmExchangeRequest) =>
  api.post<PublicExchange>('PublicExchange/confirmTransaction', body);

export const exchangeQueryKey = (id: string) => ['exchange', 'public', id] as const;

/** spec-1 §9: guest data refreshes every 60 s; a successful exchange never changes again. */
export const EXCHANGE_REFRESH_MS = 60_000;
/** Just past the payment window the server's expiry pass is due: look more often for a while. */
export const EXPIRING_REFRESH_MS = 5_000;
const EXPIRING_WINDOW_MS = 5 * 60_000;

/** How long until the next read of an exchange as the page shows it (false: never again). */
export function exchangeRefreshMs(e: PublicExchange | undefined, now: number = Date.now()): number | false {
  if (e?.status === 1) return false;
  if (e?.status === 3) {
    const over = now - Date.parse(e.expiresAt);
    if (over >= 0 && over < EXPIRING_WINDOW_MS) return EXPIRING_REFRESH_MS;
  }
  return EXCHANGE_REFRESH_MS;
}

export const exchangeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: exchangeQueryKey(id),
    queryFn: ({ signal }) => getExchange(id, signal),
    enabled: id !== '',
    retry: false,
    refetchInterval: (q) => exchangeRefreshMs(q.state.data),
  });

export const useExchange = (id: string) => useQuery(exchangeQueryOptions(id));

export const useCreateExchange = () => useMutation({ mutationFn: createExchange });
export const useConfirmExchange = () => useMutation({ mutationFn: confirmExchange });

/** GET settings (public): the server's minimum (USD) and fee rate; same cache entry as the shell's. */
export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings'],
    queryFn: () => api.get<PublicSettings>('settings'),
    staleTime: 5 * 60_000,
  });
