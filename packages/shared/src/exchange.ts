import { z } from 'zod';
import { languageSchema, uuidSchema } from './common';
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

export const EXCHANGE_LIMITS = {
  /** Ids one by-ids call may ask for. */
  maxIds: 50,
  maxAddressLength: 200,
  maxMemoLength: 100,
  maxHashLength: 200,
} as const;

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
});
export type PublicExchange = z.infer<typeof publicExchangeSchema>;

/** Back office (spec-2): an anonymous exchange with the guest's e-mail, for admins only. */
export const adminExchangeSchema = publicExchangeSchema.extend({ userEmail: z.string() });
export type AdminExchange = z.infer<typeof adminExchangeSchema>;
export const adminExchangesQuerySchema = z.object({ status: z.coerce.number().int().optional() });
const EXCHANGE_STATUSES = [-1, 0, 1, 2, 3];
export const adminExchangeUpdateQuerySchema = z.object({
  exchangeId: uuidSchema,
  status: z.coerce
    .number()
    .int()
    .refine((s) => EXCHANGE_STATUSES.includes(s), { message: 'Unknown status' }),
});
/** POST Admin/anonymousExchanges/update: the body is a JSON string, the admin's notes. */
export const adminExchangeNotesSchema = z.string().trim().max(1000, { message: 'At most 1000 characters' });
