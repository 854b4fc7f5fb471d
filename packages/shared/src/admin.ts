import { z } from 'zod';
import { uuidSchema } from './common';
import { BankAccountStatus, LIMITS, ROLES, TransactionStatus, UserStatus } from './enums';
import { adminExchangeSchema } from './exchange';
import { Decimal, decimalOutSchema } from './money';
import { pageCursorSchema } from './paging';

/**
 * Back office calls (spec-2 §7, DECISIONS §8): request and response shapes. Every one of them is
 * for admins only (the server checks the role from the database on each call).
 */
export const ADMIN_PATHS = {
  stats: '/Admin/stats',
  searchUser: '/Admin/searchUser',
  user: '/Admin/user',
  setAccountStatus: '/Admin/setAccountStatus',
  pendingBankAccounts: '/Admin/pendingBankAccounts',
  setBankAccountStatus: '/Admin/setBankAccountStatus',
  setWalletAddress: '/Admin/setWalletAddress',
  minimumTransactionAmount: '/Admin/minimumTransactionAmount',
  chatWidgetKey: '/Admin/chatWidgetKey',
  conversionFee: '/Admin/conversionFee',
  auditLog: '/Admin/auditLog',
  anonymousExchanges: '/Admin/anonymousExchanges',
  allAnonymousExchanges: '/Admin/allAnonymousExchanges',
} as const;

/** Messages of spec-2 §5 (exact texts) and the server's own for the back office. */
export const ADMIN_ERRORS = {
  minimumRequired: 'Minimum transaction amount is required',
  minimumTooLow: 'Amount must be greater than 0',
  minimumInvalid: 'Amount must be a valid currency value',
  walletAddressEmpty: 'Wallet address cannot be empty',
  chatKeyInvalid: 'Please enter a valid Tidio chat key (at least 10 characters)',
  chatKeyCharacters: 'The chat key may only contain letters, digits, - and _',
  feeInvalid: 'The fee must be a decimal between 0 and 0.1 (10 %) with at most 6 decimals',
  userNotFound: 'No user with the specified id was found.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  bankAccountNotFound: 'Bank account not found.',
  addressCryptoOnly: 'Deposit addresses can only be set for crypto assets.',
} as const;

export const ADMIN_LIMITS = {
  /** Results one user search returns at most. */
  searchResults: 20,
  searchQueryMax: 100,
  /** Pending bank accounts one call lists at most (oldest first: the review queue). */
  pendingBankAccounts: 200,
  maxPageSize: 50,
  /** The fee setting's bounds: 0 to 10 %, at most 6 decimals (e.g. 0.005 = 0.5 %). */
  maxFeeRate: '0.1',
  feeDecimals: 6,
  chatKeyMax: 200,
  walletAddressMax: 200,
} as const;

// ---------- Pages ----------

export const adminPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { message: 'Page numbers start at 1' }).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_LIMITS.maxPageSize, { message: `At most ${ADMIN_LIMITS.maxPageSize} per page` })
    .default(LIMITS.adminPageSize),
});
export type AdminPageQuery = z.infer<typeof adminPageQuerySchema>;

/** One page of a back-office list, with the total number of rows across all pages. */
export const adminPageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A page by number; with `after` or `before` (from the page next to it) it costs the same at any depth. */
export const adminKeysetPageQuerySchema = adminPageQuerySchema.extend({
  after: pageCursorSchema.optional(),
  before: pageCursorSchema.optional(),
});
/** A page with the cursors that open its neighbours: `after` for the next page, `before` for the previous. */
export const adminKeysetPageOf = <T extends z.ZodType>(item: T) =>
  adminPageOf(item).extend({ before: z.string().nullable(), after: z.string().nullable() });
export interface AdminKeysetPage<T> extends AdminPage<T> {
  before: string | null;
  after: string | null;
}

// ---------- Anonymous exchanges (paged) ----------

const EXCHANGE_STATUSES = Object.values(TransactionStatus) as number[];

/**
 * `status`: one status or several separated by commas (the pending list covers pending,
 * notProcessed and awaitingVerification: `status=2,-1,3`); absent: every status.
 */
export const adminExchangeStatusFilterSchema = z
  .string()
  .trim()
  .regex(/^-?\d+(,-?\d+)*$/, { message: 'A status or a comma-separated list of statuses' })
  .transform((v) => [...new Set(v.split(',').map(Number))])
  .refine((list) => list.every((s) => EXCHANGE_STATUSES.includes(s)), { message: 'Unknown status' });

export const adminExchangesPageQuerySchema = adminKeysetPageQuerySchema.extend({
  status: adminExchangeStatusFilterSchema.optional(),
});
export type AdminExchangesPageQuery = z.infer<typeof adminExchangesPageQuerySchema>;
export const adminExchangesPageSchema = adminKeysetPageOf(adminExchangeSchema);

// ---------- Stats ----------

/** spec-2 §3 Admin stats. Traded amounts: USD at execution, successful conversions and exchanges. */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  newUsers24h: z.number().int(),
  newUsers7d: z.number().int(),
  newUsers30d: z.number().int(),
  totalTradedAmount: decimalOutSchema,
  tradedAmount24h: decimalOutSchema,
  tradedAmount7d: decimalOutSchema,
  tradedAmount30d: decimalOutSchema,
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

// ---------- Users ----------

// Control characters (NUL above all: PostgreSQL refuses it in text) in a search are refused here,
// as a 400, rather than failing in the query as a 500 (found by security/input-fuzz.test.ts).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001F\u007F]/;
/** A zod refine: no control characters. */
export const noControls = [
  (v: string) => !CONTROL_CHARS.test(v),
  { message: 'Must not contain control characters' },
] as const;

export const adminSearchUserQuerySchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, { message: 'Type something to search for' })
    .max(ADMIN_LIMITS.searchQueryMax, { message: `At most ${ADMIN_LIMITS.searchQueryMax} characters` })
    .refine(...noControls),
});
export const adminUserSummarySchema = z.object({
  id: uuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.number().int(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

export const adminUserQuerySchema = z.object({ userId: uuidSchema });

export const adminAddressSchema = z.object({
  street: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.object({ id: z.number().int(), iso31661Alpha2Code: z.string() }),
});

/** A bank account (IBAN). status: -1 not processed, 1 approved, 0 refused. */
export const adminBankAccountSchema = z.object({
  id: uuidSchema,
  userId: uuidSchema,
  iban: z.string(),
  status: z.number().int(),
  creationDate: z.string(),
});
export type AdminBankAccount = z.infer<typeof adminBankAccountSchema>;

/** spec-2 §3 User, as an admin sees it: profile, status, address and bank account. */
export const adminUserSchema = z.object({
  id: uuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  birthDay: z.string().nullable(),
  creationDate: z.string(),
  /** 1 active, -1 inactive. */
  status: z.number().int(),
  role: z.enum(ROLES),
  premium: z.boolean(),
  address: adminAddressSchema.nullable(),
  bankAccount: adminBankAccountSchema.omit({ userId: true }).nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

const statusOf = <T extends number>(allowed: readonly T[]) =>
  z.coerce
    .number()
    .int()
    .refine((s): s is T => (allowed as readonly number[]).includes(s), {
      message: `Status must be one of ${allowed.join(', ')}`,
    })
    .transform((s) => s as T);

/** POST Admin/setAccountStatus?userId&status: 1 active, -1 inactive. */
export const adminSetAccountStatusQuerySchema = z.object({
  userId: uuidSchema,
  status: statusOf([UserStatus.active, UserStatus.inactive]),
});

// ---------- Bank accounts ----------

export const adminPendingBankAccountSchema = adminBankAccountSchema.extend({
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export type AdminPendingBankAccount = z.infer<typeof adminPendingBankAccountSchema>;

/** POST Admin/setBankAccountStatus?bankAccountId&status: 1 approve, 0 refuse. */
export const adminSetBankAccountStatusQuerySchema = z.object({
  bankAccountId: uuidSchema,
  status: statusOf([BankAccountStatus.approved, BankAccountStatus.refused]),
});

// ---------- Wallet deposit addresses ----------

/** POST Admin/setWalletAddress?walletId&address (crypto assets only; checked for the network). */
export const adminSetWalletAddressQuerySchema = z.object({
  walletId: uuidSchema,
  address: z
    .string({ message: ADMIN_ERRORS.walletAddressEmpty })
    .trim()
    .min(1, { message: ADMIN_ERRORS.walletAddressEmpty })
    .max(ADMIN_LIMITS.walletAddressMax, { message: `At most ${ADMIN_LIMITS.walletAddressMax} characters` }),
});
export const adminWalletAddressSchema = z.object({
  id: uuidSchema,
  ticker: z.string(),
  fullName: z.string(),
  type: z.number().int(),
  adminWalletAddress: z.string(),
  isAddressConfigured: z.literal(true),
});
export type AdminWalletAddress = z.infer<typeof adminWalletAddressSchema>;

// ---------- Settings ----------

const MINIMUM_RE = /^\d{1,12}(\.\d{1,2})?$/;
const FEE_RE = new RegExp(`^[01](\\.\\d{1,${ADMIN_LIMITS.feeDecimals}})?$`);

/** DECISIONS §3: USD, at least 1, at most 2 decimals (spec-2 §5 messages). */
export const minimumTransactionAmountSchema = z
  .string({ message: ADMIN_ERRORS.minimumRequired })
  .trim()
  .min(1, { message: ADMIN_ERRORS.minimumRequired })
  .regex(MINIMUM_RE, { message: ADMIN_ERRORS.minimumInvalid })
  // Checks run on after a failed one: the bound is only judged on a valid number.
  .refine((v) => !MINIMUM_RE.test(v) || new Decimal(v).gte(1), { message: ADMIN_ERRORS.minimumTooLow })
  .transform((v) => new Decimal(v).toFixed());
export const adminSetMinimumRequestSchema = z.object({
  minimumTransactionAmount: minimumTransactionAmountSchema,
});

/** spec-2 §5: at least 10 characters after trimming, saved trimmed. */
export const chatWidgetKeySchema = z
  .string({ message: ADMIN_ERRORS.chatKeyInvalid })
  .trim()
  .min(LIMITS.minChatKeyLength, { message: ADMIN_ERRORS.chatKeyInvalid })
  .max(ADMIN_LIMITS.chatKeyMax, { message: `At most ${ADMIN_LIMITS.chatKeyMax} characters` })
  // The key becomes part of the widget script's address: nothing that could change that address.
  .regex(/^[A-Za-z0-9_-]+$/, { message: ADMIN_ERRORS.chatKeyCharacters });
export const adminSetChatWidgetKeyRequestSchema = z.object({ chatWidgetKey: chatWidgetKeySchema });

/** The conversion fee for non-premium users, a fraction (0.005 = 0.5 %). */
export const feeRateSchema = z
  .string({ message: ADMIN_ERRORS.feeInvalid })
  .trim()
  .regex(FEE_RE, { message: ADMIN_ERRORS.feeInvalid })
  .refine((v) => !FEE_RE.test(v) || new Decimal(v).lte(ADMIN_LIMITS.maxFeeRate), {
    message: ADMIN_ERRORS.feeInvalid,
  })
  .transform((v) => new Decimal(v).toFixed());
export const adminSetFeeRateRequestSchema = z.object({ feeRate: feeRateSchema });
