import { z } from 'zod';
import { adminKeysetPageOf, adminKeysetPageQuerySchema } from './admin';
import { uuidSchema } from './common';
import { decimalOutSchema, positiveAmountSchema } from './money';
import { pageCursorSchema } from './paging';

/**
 * Money out (DECISIONS §12, issue 31, decision 0054): crypto to an address of the user's address
 * book, fiat to the bank account the back office approved. The amount is what arrives; the fee (ours
 * plus the network's, in the same asset) is added on top; amount + fee is held in the ledger from the
 * request until it completes, or comes back on cancel, rejection or failure.
 */

export const WITHDRAWAL_STATUSES = [
  'review',
  'queued',
  'sending',
  'sent',
  'completed',
  'cancelled',
  'rejected',
  'failed',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
/** Statuses the user may still cancel from (nothing has left yet). */
export const WITHDRAWAL_CANCELLABLE: readonly WithdrawalStatus[] = ['review', 'queued'];
/**
 * Whether the owner may still cancel: in review; queued only while what pays it can still be stopped
 * here (a payout not signed yet, which the cancel stops in its transaction, or a SEPA file not made
 * yet). One queued for an admin who pays by hand (a manual network, fiat other than EUR) may be on
 * its way already, and nothing here would show it: it is never both paid and given back.
 */
export function withdrawalCancellable(w: {
  status: WithdrawalStatus;
  kind: 'crypto' | 'bank';
  ticker: string;
  paidByPayout: boolean;
}): boolean {
  if (w.status === 'review') return true;
  if (w.status !== 'queued') return false;
  return w.paidByPayout || (w.kind === 'bank' && w.ticker === 'EUR');
}

/** Statuses that end a withdrawal. */
export const WITHDRAWAL_FINAL: readonly WithdrawalStatus[] = ['completed', 'cancelled', 'rejected', 'failed'];

/** Why a request waits for an admin's review (several may apply). */
export const WITHDRAWAL_REVIEW_REASONS = [
  'dailyLimit',
  'overPayoutLimit',
  'firstWithdrawal',
  'manualNetwork',
] as const;
export type WithdrawalReviewReason = (typeof WITHDRAWAL_REVIEW_REASONS)[number];

/** Defaults of the settings (apps/api config; the demo sets the two waits to 0). */
export const WITHDRAWAL_DEFAULTS = {
  addressHoldHours: 24,
  lockHours: 24,
  dailyLimitUsd: '10000',
  reviewFirst: true,
} as const;

export const WITHDRAWAL_LABEL_MAX = 60;

/** Messages (exact texts; each code is in error-codes.ts and translated in the web app). */
export const WITHDRAWAL_ERRORS = {
  /** 400 WITHDRAWAL_ASSET_CLOSED */
  assetClosed: (ticker: string) => `Withdrawals of ${ticker} are closed for now. Please try again later.`,
  /** 400 WITHDRAWAL_BELOW_MINIMUM */
  belowMinimum: (minimum: string, ticker: string) => `The smallest withdrawal is ${minimum} ${ticker}.`,
  /** 400 INSUFFICIENT_FUNDS (the ledger's own code and text) */
  /** 400 WITHDRAWAL_ADDRESS_ON_HOLD */
  addressOnHold: (at: string) =>
    `This address can be used from ${at}: new addresses wait before their first use.`,
  /** 404 WITHDRAWAL_ADDRESS_NOT_FOUND */
  addressNotFound: 'Address not found.',
  /** 400 WITHDRAWAL_ADDRESS_INVALID */
  addressInvalid: (ticker: string) => `This is not a valid ${ticker} address.`,
  /** 400 WITHDRAWAL_MEMO_REQUIRED */
  memoRequired: (ticker: string) => `${ticker} withdrawals need a memo (destination tag) for this address.`,
  /** 400 WITHDRAWAL_MEMO_INVALID */
  memoInvalid: (ticker: string) => `This is not a valid ${ticker} memo (destination tag).`,
  /** 400 WITHDRAWAL_REMOVE_LINK_INVALID (the e-mail's link, used or unknown) */
  removeLinkInvalid: 'This link has already been used or is not valid.',
  /** 503 WITHDRAWAL_NO_PRICE (no fresh price to value the request in USD) */
  noPrice: (ticker: string) =>
    `There is no current price for ${ticker}, so a withdrawal cannot be valued now. Please try again in a few minutes.`,
  /** 409 WITHDRAWAL_ADDRESS_EXISTS */
  addressExists: 'This address is already in your address book.',
  /** 400 WITHDRAWAL_BANK_NOT_APPROVED */
  bankNotApproved:
    'Your bank account has not been approved yet. Add it in My account and wait for its review.',
  /** 400 WITHDRAWAL_NOT_FIAT / WITHDRAWAL_NOT_CRYPTO */
  notFiat: 'Bank withdrawals are only possible for fiat currencies.',
  notCrypto: 'Withdrawals to an address are only possible for crypto assets.',
  /** 403 WITHDRAWALS_LOCKED */
  locked: (until: string) =>
    `Withdrawals are locked until ${until} after a change to your sign-in or second factor. This protects your account.`,
  /** 404 WITHDRAWAL_NOT_FOUND */
  notFound: 'Withdrawal not found.',
  /** 409 WITHDRAWAL_NOT_CANCELLABLE */
  notCancellable: 'This withdrawal can no longer be cancelled: it is already on its way.',
  /** 403 WITHDRAWAL_OWN (admin actions: approving or recording as sent one's own withdrawal) */
  own: 'This is your own withdrawal: another administrator must decide it.',
  /** 409 WITHDRAWAL_WRONG_STATUS (admin actions) */
  wrongStatus: (status: string) => `This withdrawal is ${status}; the action does not apply.`,
  /** 409 WITHDRAWAL_CHAIN_MANAGED (…/sent on a watched network) */
  chainManaged:
    'This withdrawal is paid by the hot wallet on its watched network; follow its payout in Networks.',
  /** 409 WITHDRAWAL_SEPA_ONLY (…/sent { reference } for EUR) */
  sepaOnly: 'EUR withdrawals are paid in SEPA files; add it to a SEPA batch instead.',
  /** 400 WITHDRAWAL_HASH_OR_REFERENCE: a hash for crypto, a reference for fiat */
  hashOrReference: 'Record a transaction hash for a crypto withdrawal, and a bank reference for a fiat one.',
  /** 409 HASH_CLAIMED (the chain module's code, this text for withdrawals) */
  hashClaimed:
    'This transaction hash is already recorded (for a withdrawal, a deposit or an exchange); each transaction counts once.',
  /** 400 SEPA_NOTHING_TO_BATCH */
  nothingToBatch: 'No approved EUR withdrawal is waiting for a SEPA file.',
  /** 503 SEPA_NOT_CONFIGURED */
  sepaNotConfigured:
    'SEPA files need SEPA_DEBTOR_NAME, SEPA_DEBTOR_IBAN and SEPA_DEBTOR_BIC in the settings.',
} as const;

// ---------- Address book ----------

export const withdrawalAddressRequestSchema = z.object({
  assetId: uuidSchema,
  address: z.string().trim().min(1, { message: 'Enter the address' }).max(200),
  memo: z.string().trim().max(100).optional(),
  label: z.string().trim().min(1, { message: 'Give the address a name' }).max(WITHDRAWAL_LABEL_MAX),
});
export type WithdrawalAddressRequest = z.infer<typeof withdrawalAddressRequestSchema>;

export const withdrawalAddressSchema = z.object({
  id: uuidSchema,
  assetId: uuidSchema,
  ticker: z.string(),
  network: z.string(),
  address: z.string(),
  memo: z.string().nullable(),
  label: z.string(),
  /** ISO time from which it can be used. */
  usableAt: z.string(),
  usable: z.boolean(),
  createdAt: z.string(),
});
export type WithdrawalAddress = z.infer<typeof withdrawalAddressSchema>;

/** GET /api/Withdrawals/addresses */
export const withdrawalAddressListSchema = z.object({ items: z.array(withdrawalAddressSchema) });

/** POST /api/Withdrawals/addresses/remove: the e-mail's link, no sign-in (its token is single-use). */
export const withdrawalAddressRemoveByTokenSchema = z.object({ token: z.string().min(20).max(200) });

// ---------- Quote and request ----------

/** POST /api/Withdrawals/quote */
export const withdrawalQuoteRequestSchema = z.object({ assetId: uuidSchema, amount: positiveAmountSchema });
export type WithdrawalQuoteRequest = z.infer<typeof withdrawalQuoteRequestSchema>;
export const withdrawalQuoteSchema = z.object({
  fee: decimalOutSchema,
  /** What arrives: the amount asked. */
  receive: decimalOutSchema,
  /** amount + fee: what leaves the wallet. */
  total: decimalOutSchema,
  /** The wallet's available balance now; "max" is available − fee. */
  available: decimalOutSchema,
  minimum: decimalOutSchema,
  open: z.boolean(),
});
export type WithdrawalQuote = z.infer<typeof withdrawalQuoteSchema>;

/** POST /api/Withdrawals (twoFactor is the step-up field, taken out before the route reads the body). */
export const withdrawalRequestSchema = z
  .object({
    assetId: uuidSchema,
    amount: positiveAmountSchema,
    addressId: uuidSchema.optional(),
    toBankAccount: z.literal(true).optional(),
    /** The client's id for this submission: sent twice (a double click), it makes one withdrawal. */
    requestId: uuidSchema.optional(),
  })
  .refine((v) => (v.addressId === undefined) !== (v.toBankAccount === undefined), {
    message: 'Give either addressId or toBankAccount',
  });
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

export const withdrawalSchema = z.object({
  id: uuidSchema,
  assetId: uuidSchema,
  ticker: z.string(),
  kind: z.enum(['crypto', 'bank']),
  status: z.enum(WITHDRAWAL_STATUSES),
  amount: decimalOutSchema,
  fee: decimalOutSchema,
  total: decimalOutSchema,
  network: z.string().nullable(),
  address: z.string().nullable(),
  addressLabel: z.string().nullable(),
  memo: z.string().nullable(),
  /** The bank account, masked (last four characters) for the owner. */
  iban: z.string().nullable(),
  txHash: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  requiredConfirmations: z.number().int().nullable(),
  reviewReasons: z.array(z.enum(WITHDRAWAL_REVIEW_REASONS)),
  reference: z.string().nullable(),
  /** The owner may still cancel it (withdrawalCancellable). */
  cancellable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** POST /api/Withdrawals → { id, status } */
export const withdrawalCreatedSchema = z.object({ id: uuidSchema, status: z.enum(WITHDRAWAL_STATUSES) });

/** GET /api/Withdrawals?after=&limit= (keyset, newest first) */
export const withdrawalListQuerySchema = z.object({
  after: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  assetId: uuidSchema.optional(),
});
export const withdrawalListSchema = z.object({
  items: z.array(withdrawalSchema),
  next: z.string().nullable(),
});
export type WithdrawalList = z.infer<typeof withdrawalListSchema>;

/** Live feed: `withdrawal` (WITHDRAWAL_FEED_EVENT) to the owner's room, on every change. */
export const WITHDRAWAL_FEED_EVENT = 'withdrawal';
export type WithdrawalPush = Withdrawal;

// ---------- Back office ----------

export const adminWithdrawalQuerySchema = adminKeysetPageQuerySchema.extend({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  kind: z.enum(['crypto', 'bank']).optional(),
  userId: uuidSchema.optional(),
});
export const adminWithdrawalSchema = withdrawalSchema.extend({
  userId: uuidSchema,
  userEmail: z.string(),
  usdValue: decimalOutSchema,
  /** The full IBAN and the user's name, for the admin only. */
  iban: z.string().nullable(),
  holderName: z.string().nullable(),
  sepaBatchId: uuidSchema.nullable(),
  note: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalPageSchema = adminKeysetPageOf(adminWithdrawalSchema);

export const adminWithdrawalApproveSchema = z.object({ note: z.string().trim().max(500).optional() });
export const adminWithdrawalRejectSchema = z.object({
  note: z.string().trim().min(1, { message: 'Say why it is rejected' }).max(500),
});
/** POST /api/Admin/withdrawals/{id}/failed: the bank returned it, or a by-hand payment failed. */
export const adminWithdrawalFailedSchema = z.object({ note: z.string().trim().min(1).max(500) });
/** POST /api/Admin/withdrawals/{id}/sent: a manual network's hash, or other fiat's bank reference. */
export const adminWithdrawalSentSchema = z
  .object({
    txHash: z.string().trim().min(10).max(200).optional(),
    reference: z.string().trim().min(1).max(140).optional(),
  })
  .refine((v) => (v.txHash === undefined) !== (v.reference === undefined), {
    message: 'Give either txHash or reference',
  });

export const withdrawalRuleSchema = z.object({
  assetId: uuidSchema,
  ticker: z.string(),
  open: z.boolean(),
  fee: decimalOutSchema,
  minimum: decimalOutSchema,
});
export type WithdrawalRule = z.infer<typeof withdrawalRuleSchema>;
export const withdrawalRuleUpdateSchema = z.object({
  open: z.boolean(),
  fee: z.string().regex(/^\d{1,18}(\.\d{1,18})?$/, { message: 'Enter a fee of 0 or more' }),
  minimum: z.string().regex(/^\d{1,18}(\.\d{1,18})?$/, { message: 'Enter a minimum of 0 or more' }),
});

export const sepaBatchSchema = z.object({
  id: uuidSchema,
  status: z.enum(['open', 'paid']),
  messageId: z.string(),
  count: z.number().int(),
  total: decimalOutSchema,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  withdrawalIds: z.array(uuidSchema),
});
export type SepaBatch = z.infer<typeof sepaBatchSchema>;
