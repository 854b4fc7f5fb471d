import { z } from 'zod';
import { uuidSchema } from './common';
import { conversionQuote } from './convert';
import { EXCHANGE_LIMITS } from './exchange';
import { Decimal, decimalOutSchema, roundDown } from './money';

/**
 * The partner API, version 1 (/api/v1, DECISIONS §11): a stable contract for partners' servers.
 * Assets are named by ticker; amounts, rates and commissions are decimal strings.
 */
export const PARTNER_API_ERRORS = {
  unknownAsset: (ticker: string) => `No asset with the ticker ${ticker} is offered.`,
  quoteNotFound: 'Quote not found.',
  quoteExpired: 'This quote has expired; ask for a new one.',
  quoteUsed: 'This quote has already been used for an exchange.',
  notWatched: (ticker: string) =>
    `Variable-rate exchanges need a network the product watches; ${ticker} is not watched. Use a fixed quote.`,
  unknownPartner: 'This partner does not exist.',
  idempotencyReused: 'This Idempotency-Key was already used with another request body.',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed; retry shortly.',
  idempotencyWindowPassed:
    'This request took longer than its Idempotency-Key allows and was cancelled: nothing was created. Retry it with the same key.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 visible characters.',
  exchangeNotFound: 'Exchange not found.',
} as const;

/** How long a fixed quote holds. */
export const PARTNER_QUOTE_MINUTES = 15;
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * The figures of a quote with a partner's commission: the fee and the amount the guest would get
 * follow the conversion rule; the commission is that amount times the partner's rate, rounded down
 * to the destination's decimals, and the guest receives the rest (so nothing is invented).
 */
export function commissionQuote(
  amount: Decimal,
  rate: Decimal | string,
  feeRate: Decimal | string,
  commissionRate: Decimal | string | null,
  decimals: number,
) {
  const q = conversionQuote(amount, rate, feeRate, decimals);
  const commission =
    commissionRate === null ? new Decimal(0) : roundDown(q.receive.mul(commissionRate), decimals);
  return { fee: q.fee, commission, receive: q.receive.minus(commission) };
}

const ticker = z
  .string({ message: 'Give a ticker, e.g. BTC' })
  .trim()
  .min(1, { message: 'Give a ticker, e.g. BTC' })
  // No transform (the server reads tickers in any case): the OpenAPI page keeps the body's examples.
  .max(20, { message: 'At most 20 characters' });
const amount = z.string({ message: 'Give the amount as a decimal string' }).max(60);
const address = z.string({ message: 'Give the address' }).max(EXCHANGE_LIMITS.maxAddressLength);
const memo = z.string().max(EXCHANGE_LIMITS.maxMemoLength).nullish();
const email = z.string().max(254).nullish();

/** GET /api/v1/coins: one asset the exchange offers. */
export const v1CoinSchema = z.object({
  ticker: z.string(),
  name: z.string(),
  /** The network its coins travel on (ETH for USDT, BSC for BNB and USDT-BEP20). */
  network: z.string(),
  decimals: z.number().int(),
  /** True when a destination on this network takes a memo or tag (destinationMemo). */
  memo: z.boolean(),
  /** True when it can be the source (a deposit address exists or the network is watched). */
  deposit: z.boolean(),
  /** The smallest source amount: the product's USD minimum at the current price, rounded up. */
  min: decimalOutSchema.nullable(),
  /** The largest source amount, when the product has one (none today). */
  max: decimalOutSchema.nullable(),
  /** Its network is watched: variable-rate exchanges from it are allowed. */
  variable: z.boolean(),
});
export type V1Coin = z.infer<typeof v1CoinSchema>;
export const v1CoinsSchema = z.array(v1CoinSchema);

/** POST /api/v1/quotes. */
export const v1QuoteRequestSchema = z.object({ from: ticker, to: ticker, amount });
export type V1QuoteRequest = z.infer<typeof v1QuoteRequestSchema>;
export const v1QuoteSchema = z.object({
  id: uuidSchema,
  from: z.string(),
  to: z.string(),
  amount: decimalOutSchema,
  /** What the end user receives: the fee and the commission taken. */
  destinationAmount: decimalOutSchema,
  rate: decimalOutSchema,
  fee: decimalOutSchema,
  commission: decimalOutSchema,
  commissionRate: decimalOutSchema,
  expiresAt: z.string(),
});
export type V1Quote = z.infer<typeof v1QuoteSchema>;

const endUser = {
  destinationAddress: address,
  destinationMemo: memo,
  refundAddress: address.nullish(),
  /** The end user's e-mail for status mails; optional (then the partner account's address is used). */
  email,
};
/** POST /api/v1/exchanges/fixed: from a quote. */
export const v1FixedExchangeRequestSchema = z.object({ quoteId: uuidSchema, ...endUser });
export type V1FixedExchangeRequest = z.infer<typeof v1FixedExchangeRequestSchema>;
/** POST /api/v1/exchanges/variable: the rate is the one of the moment the deposit is final. */
export const v1VariableExchangeRequestSchema = z.object({
  from: ticker,
  to: ticker,
  /** The amount the end user means to send; without it, the minimum is expected. */
  amount: amount.nullish(),
  ...endUser,
});
export type V1VariableExchangeRequest = z.infer<typeof v1VariableExchangeRequestSchema>;

export const V1_EXCHANGE_STATUSES = [
  'awaiting_deposit',
  'confirming',
  'pending',
  'success',
  'failed',
  'on_hold',
] as const;
export type V1ExchangeStatus = (typeof V1_EXCHANGE_STATUSES)[number];

/** One exchange as the partner API (and its webhooks) show it. */
export const v1ExchangeSchema = z.object({
  id: uuidSchema,
  status: z.enum(V1_EXCHANGE_STATUSES),
  mode: z.enum(['fixed', 'variable']),
  from: z.string(),
  to: z.string(),
  amount: decimalOutSchema,
  /** Net of fee and commission; for a variable exchange an estimate until its deposit is final. */
  destinationAmount: decimalOutSchema,
  rate: decimalOutSchema,
  commission: decimalOutSchema,
  depositAddress: z.string(),
  depositMemo: z.string().nullable(),
  network: z.string(),
  destinationAddress: z.string(),
  destinationMemo: z.string().nullable(),
  refundAddress: z.string().nullable(),
  depositConfirmations: z.number().int().nullable(),
  requiredConfirmations: z.number().int().nullable(),
  payoutHash: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type V1Exchange = z.infer<typeof v1ExchangeSchema>;

export const v1ExchangeIdParamsSchema = z.object({ id: uuidSchema });
export const V1_PAGE_MAX = 100;
export const v1ExchangesQuerySchema = z.object({
  /** Opaque: the nextCursor of the previous page. */
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'Not a page cursor' })
    .optional(),
  limit: z.coerce.number().int().min(1).max(V1_PAGE_MAX).default(20),
});
export const v1ExchangesPageSchema = z.object({
  items: z.array(v1ExchangeSchema),
  nextCursor: z.string().nullable(),
});
