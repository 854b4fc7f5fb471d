import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceHistory } from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/** GET prices/history?ticker&hours (public): USD price points of one asset. */
export const getPriceHistory = (ticker: string, hours: number, signal?: AbortSignal) =>
  api.get<PriceHistory>('prices/history', { query: { ticker, hours }, signal });

export const priceHistoryQueryOptions = (ticker: string, hours: number) =>
  queryOptions({
    queryKey: ['prices', 'history', ticker, hours],
    queryFn: ({ signal }) => getPriceHistory(ticker, hours, signal),
  });

/** Waits for a known ticker (undefined: nothing asked yet, so an unknown one costs no call). */
export const usePriceHistory = (ticker: string | undefined, hours = 24) =>
  useQuery({ ...priceHistoryQueryOptions(ticker ?? '', hours), enabled: !!ticker });
