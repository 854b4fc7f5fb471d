import { z } from 'zod';
import { adminKeysetPageOf, adminKeysetPageQuerySchema } from './admin';
import { uuidSchema } from './common';
import { TransactionStatus } from './enums';
import { decimalOutSchema, positiveAmountSchema } from './money';

export const FUNDING_ERRORS = {
  addressNotConfigured: (ticker: string) =>
    `No deposit address has been configured for ${ticker}. Please contact support.`,
  notCrypto: 'Crypto deposits are only possible for crypto assets.',
  notFiat: 'Card deposits are only possible for fiat currencies.',
  depositNotFound: 'Deposit not found.',
  alreadyProcessed: 'This deposit has already been processed.',
  chainManaged:
    'This deposit is settled from the blockchain: it is credited by itself when its transfer reaches its confirmations.',
  cardLimit: (max: string, ticker: string) =>
    `A card deposit can be at most ${max} ${ticker}. Please enter a smaller amount.`,
} as const;

/** Card test gateway: these public test numbers succeed / decline. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';

export const assetIdQuerySchema = z.object({ assetId: uuidSchema });

/** GET Payment/crypto/address?assetId: where to send a crypto deposit. */
export const depositAddressSchema = z.object({
  assetId: uuidSchema,
  ticker: z.string(),
  address: z.string(),
  /**
   * Watched network (DECISIONS §10): the address is the user's own, deposits are credited by
   * themselves at `requiredConfirmations`, and no hash is asked for. Null: the manual flow.
   */
  network: z.string().nullable(),
  requiredConfirmations: z.number().int().nullable(),
  /** Demo mode on the local chain: the dialog may offer "Send test deposit". */
  testDeposit: z.boolean(),
});
export type DepositAddress = z.infer<typeof depositAddressSchema>;

/** POST Payment/crypto/notify: "I sent this much, here is the hash"; an admin verifies it. */
export const cryptoNotifyRequestSchema = z.object({
  assetId: uuidSchema,
  amount: positiveAmountSchema,
  transactionHash: z
    .string()
    .trim()
    .min(10, { message: 'Transaction hash must be at least 10 characters' })
    .max(200, { message: 'Transaction hash must be at most 200 characters' }),
});
export type CryptoNotifyRequest = z.infer<typeof cryptoNotifyRequestSchema>;

export const DEPOSIT_METHODS = ['crypto', 'card'] as const;

/**
 * A deposit. status: 3 awaiting verification (crypto, until an admin decides), 1 success
 * (credited), 0 failed (rejected or declined), 2 pending (card charge in progress).
 */
export const depositSchema = z.object({
  id: uuidSchema,
  userId: uuidSchema,
  amount: decimalOutSchema,
  date: z.string(),
  status: z.number().int(),
  method: z.enum(DEPOSIT_METHODS),
  transactionHash: z.string().nullable(),
  cardLast4: z.string().nullable(),
  cardBrand: z.string().nullable(),
  adminNotes: z.string().nullable(),
  wallet: z.object({ id: uuidSchema, ticker: z.string(), type: z.number().int() }),
  /** Seen on a watched network: its confirmations so far and the number that credits it. */
  confirmations: z.number().int().nullable(),
  requiredConfirmations: z.number().int().nullable(),
  /** A card deposit refunded by support: when (the wallet was debited then), else null. */
  refundedAt: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

/** Admin view (spec-2 §3 Deposit): adds the user's name. */
export const adminDepositSchema = depositSchema.extend({
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;

export const depositIdParamsSchema = z.object({ id: uuidSchema });
/** Deposit statuses: 0 failed, 1 success, 2 pending (card charging), 3 awaiting verification. */
const DEPOSIT_STATUSES: number[] = [
  TransactionStatus.failed,
  TransactionStatus.success,
  TransactionStatus.pending,
  TransactionStatus.awaitingVerification,
];
/**
 * A page of the deposits, like the exchange lists (page from 1, pageSize up to 50). An unknown status
 * is refused here (it once reached the smallint column and failed there: a 500).
 */
export const adminDepositsQuerySchema = adminKeysetPageQuerySchema.extend({
  status: z.coerce
    .number()
    .int()
    .refine((s) => DEPOSIT_STATUSES.includes(s), { message: 'Unknown status' })
    .optional(),
});
export type AdminDepositsQuery = z.infer<typeof adminDepositsQuerySchema>;
export const adminDepositsPageSchema = adminKeysetPageOf(adminDepositSchema);
export type AdminDepositsPage = z.infer<typeof adminDepositsPageSchema>;
export const rejectDepositRequestSchema = z.object({
  notes: z.string().trim().min(1, { message: 'Please give a reason' }).max(1000),
});
export type RejectDepositRequest = z.infer<typeof rejectDepositRequestSchema>;

/**
 * Paths under /api. User: cryptoAddress GET ?assetId, cryptoNotify POST, deposits GET (card
 * deposits: checkout.ts). Admin: adminDeposits GET ?status&page&pageSize,
 * approve / reject POST (reject body {notes}); 409 ALREADY_PROCESSED when decided before.
 */
export const FUNDING_PATHS = {
  cryptoAddress: '/Payment/crypto/address',
  cryptoNotify: '/Payment/crypto/notify',
  deposits: '/Payment/deposits',
  adminDeposits: '/Admin/deposits',
  approve: (id: string) => `/Admin/deposits/${encodeURIComponent(id)}/approve`,
  reject: (id: string) => `/Admin/deposits/${encodeURIComponent(id)}/reject`,
} as const;
