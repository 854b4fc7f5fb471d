import { z } from 'zod';
import { uuidSchema } from './common';
import { type Decimal, decimalOutSchema, positiveAmountSchema, roundDown } from './money';

/** Stable codes and exact messages of the signed-in conversion (spec-1 §8 where it gives one). */
export const CONVERT_ERRORS = {
  LOCK_EXPIRED: 'This price lock has expired, please try again.',
  LOCK_USED: 'This price lock has already been used.',
  LOCK_CANCELLED: 'This price lock has been cancelled.',
  LOCK_NOT_FOUND: 'Could not load transaction lock.',
  SAME_ASSET: 'Choose two different assets.',
  ASSET_NOT_FOUND: 'Asset not found.',
  INVALID_AMOUNT: 'Please enter a valid amount',
  INSUFFICIENT_FUNDS: 'Your balance is too low for this amount.',
  TRANSACTION_NOT_FOUND: 'Could not load transaction details.',
  AMOUNT_TOO_SMALL: 'This amount is too small to convert.',
  ACCOUNT_CHANGED: 'Your account changed while this was being done; please try again.',
} as const;
export type ConvertErrorCode = keyof typeof CONVERT_ERRORS | 'TOO_MANY_DECIMALS' | 'BELOW_MINIMUM';

/**
 * What a conversion credits, in the destination asset: gross = amount x rate; the fee and the amount
 * received are each rounded down to the destination's decimals (the sub-unit remainder stays with the
 * house). The preview shows this; the database settles by the same rule (convert_settle, tested
 * against this function).
 */
export function conversionQuote(
  amount: Decimal,
  rate: Decimal | string,
  feeRate: Decimal | string,
  decimals: number,
) {
  const gross = amount.mul(rate);
  const feeExact = gross.mul(feeRate);
  return { fee: roundDown(feeExact, decimals), receive: roundDown(gross.minus(feeExact), decimals) };
}

/** "Minimum transaction value is ${min} (approximately {cryptoAmount} {ticker})", amount to 8 decimals. */
export const belowMinimumMessage = (minUsd: string, approx: string, ticker: string) =>
  `Minimum transaction value is $${minUsd} (approximately ${approx} ${ticker})`;
export const tooManyDecimalsMessage = (ticker: string, decimals: number) =>
  decimals === 0
    ? `${ticker} amounts must be whole numbers`
    : `${ticker} amounts have at most ${decimals} decimals`;

export const lockRequestSchema = z.object({ leftAssetId: uuidSchema, rightAssetId: uuidSchema });
export type LockRequest = z.infer<typeof lockRequestSchema>;
export const lockIdQuerySchema = z.object({ id: uuidSchema });

export const pairAssetSchema = z.object({
  id: uuidSchema,
  ticker: z.string(),
  type: z.number().int(),
  decimals: z.number().int(),
});

/**
 * A server-side price lock: 1 left = `pair.rate` right until `expirationUtc`. `usdPrices` are the
 * locked USD prices (left gives the approximate USD value of an amount for the preview), `feeRate`
 * is what this user pays ("0" for premium), `minimumAmountUsd` the server minimum.
 */
export const priceLockSchema = z.object({
  id: uuidSchema,
  expirationUtc: z.string(),
  pair: z.object({ left: pairAssetSchema, right: pairAssetSchema, rate: decimalOutSchema }),
  usdPrices: z.object({ left: decimalOutSchema, right: decimalOutSchema }),
  feeRate: decimalOutSchema,
  minimumAmountUsd: decimalOutSchema,
  indicative: z.boolean(),
});
export type PriceLock = z.infer<typeof priceLockSchema>;

export const convertRequestSchema = z.object({ transactionLockId: uuidSchema, amount: positiveAmountSchema });
export type ConvertRequest = z.infer<typeof convertRequestSchema>;
/** POST AssetConvert/convert: content is the new transaction's id. */
export const convertResponseSchema = uuidSchema;

const sideSchema = z.object({ id: uuidSchema, ticker: z.string(), type: z.number().int() });

/**
 * A signed-in conversion (spec-1 §3 fields). amount is in the source asset; destinationAmount
 * (what was credited, rounded down to its decimals) and fee are in the destination asset.
 */
export const convertTransactionSchema = z.object({
  id: uuidSchema,
  userId: uuidSchema,
  lockId: uuidSchema,
  amount: decimalOutSchema,
  destinationAmount: decimalOutSchema,
  fee: decimalOutSchema,
  feeTicker: z.string(),
  exchangeRate: decimalOutSchema,
  usdValue: decimalOutSchema,
  creationDate: z.string(),
  /** 1 success (a conversion settles at once or not at all). */
  status: z.number().int(),
  transactionHash: z.null(),
  adminNotes: z.null(),
  pair: z.object({ left: sideSchema, right: sideSchema, rate: decimalOutSchema }),
  sourceWallet: sideSchema,
  destinationWallet: sideSchema,
  sourceWalletTicker: z.string(),
  destinationWalletTicker: z.string(),
});
export type ConvertTransaction = z.infer<typeof convertTransactionSchema>;
export const transactionIdQuerySchema = z.object({ id: uuidSchema });

/**
 * Paths under /api (signed-in users). lock: POST {leftAssetId, rightAssetId}, GET ?id, DELETE ?id;
 * convert: POST {transactionLockId, amount}; transaction: GET ?id; transactions: GET (newest first).
 * Error codes: LOCK_NOT_FOUND 404, LOCK_EXPIRED / LOCK_USED / LOCK_CANCELLED 409, PRICES_STALE 503,
 * INVALID_AMOUNT / TOO_MANY_DECIMALS / BELOW_MINIMUM / INSUFFICIENT_FUNDS / SAME_ASSET 400.
 */
export const CONVERT_PATHS = {
  lock: '/AssetConvert/lock',
  convert: '/AssetConvert/convert',
  transaction: '/AssetConvert/transaction',
  transactions: '/AssetConvert/transactions',
} as const;

/** GET AssetConvert/transactions: pages of your conversions (the earlier system stopped at 500). */
export const CONVERSIONS_MAX_PAGE_SIZE = 100;
export const conversionsPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { message: 'Page numbers start at 1' }).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(CONVERSIONS_MAX_PAGE_SIZE, { message: `At most ${CONVERSIONS_MAX_PAGE_SIZE} per page` })
    .default(CONVERSIONS_MAX_PAGE_SIZE),
});
