import { z } from 'zod';
import { uuidSchema } from './common';
import { decimalOutSchema } from './money';

/** Where prices come from (config PRICE_SOURCE). `static` is offline and indicative. */
export const PRICE_SOURCES = ['static', 'coinbase', 'coingecko'] as const;
export type PriceSourceId = (typeof PRICE_SOURCES)[number];

/** Error code when the last good prices are older than the server's maximum age (HTTP 503). */
export const PRICES_STALE = 'PRICES_STALE';
export const PRICES_STALE_MESSAGE = 'Prices are temporarily unavailable, please try again in a moment.';

/**
 * GET /api/PublicExchange/exchangeRate?sourceWalletId&destinationWalletId (public).
 * `content` is the rate as a decimal string (the spec says numeric; a string keeps it exact):
 * 1 unit of the source asset = `rate` units of the destination asset.
 */
export const exchangeRateQuerySchema = z.object({
  sourceWalletId: uuidSchema,
  destinationWalletId: uuidSchema,
});
export type ExchangeRateQuery = z.infer<typeof exchangeRateQuerySchema>;
export const exchangeRateSchema = decimalOutSchema;

/** GET /api/prices/history?ticker&hours (public): the USD price series of one asset for its chart. */
export const priceHistoryQuerySchema = z.object({
  ticker: z.string().trim().min(1, { message: 'Invalid ticker' }).max(20),
  hours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24),
});
export type PriceHistoryQuery = z.infer<typeof priceHistoryQuerySchema>;

export const pricePointSchema = z.object({ usd: decimalOutSchema, takenAt: z.string() });
export const priceHistorySchema = z.object({
  ticker: z.string(),
  source: z.enum(PRICE_SOURCES),
  /** True for the offline `static` source: prices are examples, not market prices. */
  indicative: z.boolean(),
  points: z.array(pricePointSchema),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;

/** GET /api/prices (public): the current USD price of every enabled asset. */
export const currentPricesSchema = z.object({
  source: z.enum(PRICE_SOURCES),
  indicative: z.boolean(),
  takenAt: z.string(),
  prices: z.array(z.object({ assetId: uuidSchema, ticker: z.string(), usd: decimalOutSchema })),
});
export type CurrentPrices = z.infer<typeof currentPricesSchema>;

/** Paths under /api (GET, public). */
export const PRICES_PATHS = {
  exchangeRate: '/PublicExchange/exchangeRate',
  current: '/prices',
  history: '/prices/history',
} as const;
