import {
  type ApiError,
  EXCHANGE_LIMITS,
  exchangeToHistoryItem,
  type HistoryItem,
  type HistoryPage,
  type PublicExchange,
} from '@vaultline/shared';
import { ApiRequestError, api, refreshSession } from '../../../lib/api-client';
import type { PageCursor } from '../../../lib/page-cursor';
import { session } from '../../../lib/session';

/** spec-1 §9 history page size. */
export const HISTORY_PAGE_SIZE = 5;
/** spec-1 §9 auto-refresh, for signed-in users and guests. */
export const HISTORY_POLL_MS = 60_000;

/** GET History: one page of the signed-in user's conversions, deposits and exchanges, newest first. */
export const getHistoryPage = (page: number, signal?: AbortSignal, cursor?: PageCursor) =>
  api.get<HistoryPage>('History', {
    query: {
      page,
      pageSize: HISTORY_PAGE_SIZE,
      after: cursor?.after ?? null,
      before: cursor?.before ?? null,
    },
    signal,
  });

/**
 * POST PublicExchange/exchanges for the ids this browser holds (DECISIONS §4: the guest's only key),
 * in batches of the server's limit; unknown ids are left out by the server.
 */
export async function getExchangesByIds(ids: readonly string[]): Promise<HistoryItem[]> {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += EXCHANGE_LIMITS.maxIds) {
    batches.push(ids.slice(i, i + EXCHANGE_LIMITS.maxIds));
  }
  const answers = await Promise.all(
    batches.map((b) => api.post<PublicExchange[]>('PublicExchange/exchanges', { ids: b })),
  );
  return answers.flat().map(exchangeToHistoryItem);
}

/** POST PublicExchange/confirmTransaction with the hash typed on the history card. */
export const confirmExchangeHash = (exchangeId: string, transactionHash: string) =>
  api
    .post<PublicExchange>('PublicExchange/confirmTransaction', { exchangeId, transactionHash })
    .then(exchangeToHistoryItem);

/**
 * GET History/export: the user's whole history as CSV (not JSON, so not through `api`). A 401 tries
 * one token refresh, as the API client does.
 */
export async function downloadHistoryCsv(): Promise<{ blob: Blob; fileName: string | null }> {
  const url = '/api/History/export';
  const get = () =>
    fetch(url, {
      headers: { accept: 'text/csv', authorization: `Bearer ${session.get().token ?? ''}` },
      credentials: 'same-origin',
    });
  let res = await get();
  if (res.status === 401 && (await refreshSession())) res = await get();
  if (!res.ok) {
    const json = (await res.json().catch(() => null)) as { error?: ApiError } | null;
    throw new ApiRequestError(
      url,
      json?.error ?? { status: res.status, statusText: res.statusText, error: res.statusText, code: 'HTTP' },
    );
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  return { blob: await res.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}
