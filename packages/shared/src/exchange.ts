import { z } from 'zod';
import { languageSchema, uuidSchema } from './common';
import { EXCHANGE_STAGES } from './enums';
import { decimalOutSchema } from './money';

/**
 * Guest exchange (PublicExchange, DECISIONS §4). The request fields are loose strings on purpose:
 * the server checks them in the spec's order and answers each bad field with its own code and
 * message (nothing stored), so a schema-level refusal must not jump ahead of that order.
 */
export const EXCHANGE_ERRORS = {
  notCrypto: 'Both assets of an exchange must be crypto-currencies.',
  sameAsset: 'Choose two different assets.',
  addressNotConfigured: (ticker: string) =>
    `No deposit address has been configured for ${ticker}. Please contact support.`,
  invalidAmount: 'Please enter a valid amount greater than zero.',
  invalidEmail: 'Please provide a valid email address.',
  invalidAddress: 'Please provide a valid wallet address.',
  invalidRefundAddress: 'Please provide a valid refund wallet address.',
  invalidMemo: (ticker: string) => `The memo or tag is not valid for ${ticker}.`,
  memoNotUsed: (ticker: string) => `${ticker} does not use a memo or tag.`,
  notFound: 'Exchange not found.',
  hashRequired: 'Please enter a transaction hash.',
  invalidHash: (ticker: string) => `This is not a valid ${ticker} transaction hash.`,
  alreadyConfirmed: 'This exchange has already been confirmed.',
  notAwaiting: 'This exchange is no longer waiting for a deposit.',
} as const;

/** The back office's decisions on the amount a guest actually sent (requote or refund). */
export const EXCHANGE_RECEIVED_ERRORS = {
  invalidReceived: 'Enter the amount received, a number greater than zero.',
  receivedRequired: 'Record the amount received first.',
  amountDiffers: (received: string, quoted: string, ticker: string) =>
    `The amount received (${received} ${ticker}) differs from the quote (${quoted} ${ticker}). Requote or refund this exchange.`,
  noDifference: 'The amount received matches the quote; approve the exchange instead.',
  noRefundAddress: (ticker: string) =>
    `This exchange has no refund address; enter a ${ticker} address to refund to.`,
  invalidRefundAddress: 'Please provide a valid refund wallet address.',
  alreadyRefunded: 'This exchange has already been refunded.',
  quoteLapsed:
    'The quote of this exchange expired before its deposit was confirmed. Record the amount received and requote it.',
  refundedNote: 'Refunded to the refund address.',
} as const;

export const EXCHANGE_LIMITS = {
  /** Ids one by-ids call may ask for. */
  maxIds: 50,
  maxAddressLength: 200,
  maxMemoLength: 100,
  maxHashLength: 200,
} as const;

/**
 * Destination networks that take a memo / tag (XRP destination tag, ATOM memo, TON comment): the web
 * shows the memo field only for these. apps/api/src/modules/exchange/networks.test.ts keeps this list
 * and the server's network table in agreement.
 */
export const MEMO_TICKERS = ['XRP', 'ATOM', 'TON'] as const;
export const usesMemoTicker = (ticker: string): boolean =>
  (MEMO_TICKERS as readonly string[]).includes(ticker);

const text = (max: number) => z.string().max(max, { message: `At most ${max} characters` });

/** POST PublicExchange/createExchange (spec-1 §3 field names, plus refund address, memo, language). */
export const createExchangeRequestSchema = z.object({
  sourceWalletId: uuidSchema,
  destinationWalletId: uuidSchema,
  amount: text(60),
  userEmail: text(254),
  destinationWalletAddress: text(EXCHANGE_LIMITS.maxAddressLength),
  /** Where the guest sends from; optional, checked for the source network when given. */
  senderWalletAddress: text(EXCHANGE_LIMITS.maxAddressLength).nullish(),
  /** Where a refund goes if the exchange fails; optional, checked for the source network. */
  refundWalletAddress: text(EXCHANGE_LIMITS.maxAddressLength).nullish(),
  /** Destination memo / tag, only for networks that use one (XRP tag, ATOM memo, TON comment). */
  destinationMemo: text(EXCHANGE_LIMITS.maxMemoLength).nullish(),
  /** Language of the e-mails sent about this exchange. */
  language: languageSchema.optional(),
  /** Made in a partner's widget: the partner's user id (its commission applies; DECISIONS §11). */
  partnerId: uuidSchema.optional(),
});
export type CreateExchangeRequest = z.infer<typeof createExchangeRequestSchema>;
export const createExchangeResponseSchema = z.object({ id: uuidSchema });

export const exchangeIdParamsSchema = z.object({ id: uuidSchema });
export const exchangesByIdsRequestSchema = z.object({
  ids: z.array(uuidSchema).max(EXCHANGE_LIMITS.maxIds, { message: `At most ${EXCHANGE_LIMITS.maxIds} ids` }),
});

/** POST PublicExchange/confirmTransaction. */
export const confirmExchangeRequestSchema = z.object({
  exchangeId: uuidSchema,
  transactionHash: text(EXCHANGE_LIMITS.maxHashLength).nullish(),
  senderWalletAddress: text(EXCHANGE_LIMITS.maxAddressLength).nullish(),
});
export type ConfirmExchangeRequest = z.infer<typeof confirmExchangeRequestSchema>;

/** POST PublicExchange/emailMyExchanges: tracking links to that address, same answer either way. */
export const emailMyExchangesRequestSchema = z.object({
  email: text(254),
  language: languageSchema.optional(),
});
export const emailMyExchangesResponseSchema = z.object({ message: z.string() });
export const EMAIL_MY_EXCHANGES_ANSWER =
  'If exchanges were made with this address, an e-mail with their links is on its way.';

const sideSchema = z.object({ id: uuidSchema, ticker: z.string(), type: z.number().int() });

/** One guest exchange as PublicExchange answers it: never the guest's e-mail address. */
export const publicExchangeSchema = z.object({
  id: uuidSchema,
  exchangeId: uuidSchema,
  status: z.number().int(),
  amount: decimalOutSchema,
  destinationAmount: decimalOutSchema,
  exchangeRate: decimalOutSchema,
  fee: decimalOutSchema,
  feeRate: decimalOutSchema,
  usdValue: decimalOutSchema,
  creationDate: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  transactionHash: z.string().nullable(),
  senderWalletAddress: z.string().nullable(),
  destinationWalletAddress: z.string(),
  destinationMemo: z.string().nullable(),
  refundWalletAddress: z.string().nullable(),
  adminWalletAddress: z.string(),
  adminNotes: z.string().nullable(),
  pair: z.object({ left: sideSchema, right: sideSchema, rate: decimalOutSchema }),
  sourceWallet: sideSchema,
  destinationWallet: sideSchema,
  sourceWalletTicker: z.string(),
  destinationWalletTicker: z.string(),
  /** The watched network the deposit is seen on (its address is this exchange's own); null: manual. */
  network: z.string().nullable(),
  stage: z.enum(EXCHANGE_STAGES).nullable(),
  /** The deposit's confirmations so far and the number that makes it final (watched networks). */
  depositConfirmations: z.number().int().nullable(),
  requiredConfirmations: z.number().int().nullable(),
  /** Watched networks: what has arrived so far (the sum of the transfers seen final). */
  amountReceived: decimalOutSchema.nullable(),
  /** The house's outgoing transfer: payout on success, refund on failure. */
  payoutHash: z.string().nullable(),
  /** Links to the deposit and the payout on the network's explorer, when one is configured. */
  transactionUrl: z.string().nullable(),
  payoutUrl: z.string().nullable(),
  /** Demo mode on the local chain: the page may offer "Send test deposit". */
  testDeposit: z.boolean(),
});
export type PublicExchange = z.infer<typeof publicExchangeSchema>;

/** Back office (spec-2): an anonymous exchange with the guest's e-mail, for admins only. */
export const adminExchangeSchema = publicExchangeSchema.extend({
  userEmail: z.string(),
  /** What the admin recorded as received (or the chain saw final); null until then. */
  amountReceived: decimalOutSchema.nullable(),
  /** amountReceived − amount when it differs (negative: under-paid); null otherwise. */
  difference: decimalOutSchema.nullable(),
  /** The quote made at creation, when an admin requoted for the amount received. */
  quotedAmount: decimalOutSchema.nullable(),
  quotedDestinationAmount: decimalOutSchema.nullable(),
  requotedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** Why a watched exchange waits for an admin (HOLD_REASONS, written by the product). */
  holdReason: z.string().nullable(),
});
export type AdminExchange = z.infer<typeof adminExchangeSchema>;
export const adminExchangesQuerySchema = z.object({ status: z.coerce.number().int().optional() });
const EXCHANGE_STATUSES = [-1, 0, 1, 2, 3];
export const adminExchangeUpdateQuerySchema = z.object({
  exchangeId: uuidSchema,
  status: z.coerce
    .number()
    .int()
    .refine((s) => EXCHANGE_STATUSES.includes(s), { message: 'Unknown status' }),
  /** Approving: the amount received (recorded first; when it differs from the quote, 409 AMOUNT_DIFFERS). */
  amountReceived: z.string().max(60).optional(),
  /** The house's transfer: payout (success, destination network) or refund (source network). */
  payoutHash: z.string().max(EXCHANGE_LIMITS.maxHashLength).optional(),
});
/** POST Admin/anonymousExchanges/received: what arrived, as a decimal string. */
export const adminExchangeReceivedSchema = z.object({ amount: z.string().max(60) });
/** POST Admin/anonymousExchanges/requote | refund (query exchangeId). */
export const adminExchangeIdQuerySchema = z.object({ exchangeId: uuidSchema });
export const adminExchangeDecisionSchema = z.object({
  notes: z.string().trim().max(1000, { message: 'At most 1000 characters' }).default(''),
  /** The house's transfer hash (payout or refund), checked for the network when one is known. */
  payoutHash: z.string().max(EXCHANGE_LIMITS.maxHashLength).optional(),
  /** Refund only: where to send it when the guest gave no refund address (checked for the network). */
  refundAddress: z.string().max(EXCHANGE_LIMITS.maxAddressLength).optional(),
});
/** POST Admin/anonymousExchanges/update: the body is a JSON string, the admin's notes. */
export const adminExchangeNotesSchema = z.string().trim().max(1000, { message: 'At most 1000 characters' });
