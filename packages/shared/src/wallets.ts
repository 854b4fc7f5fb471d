import { z } from 'zod';
import { currencySchema, uuidSchema } from './common';
import { decimalOutSchema } from './money';

/** Messages of spec-1 §5 (wallet lookups); exact texts. */
export const WALLET_ERRORS = {
  invalidId: 'Invalid wallet ID',
  invalidTicker: 'Invalid ticker',
  tickerNotFound: (ticker: string) => `Wallet with ticker ${ticker} not found`,
  notFound: 'Wallet not found',
} as const;

/**
 * Display currency of a public wallet call when no user is signed in: header `X-Currency`
 * (default USD). A signed-in user's preferedCurrency wins over the header.
 */
export const CURRENCY_HEADER = 'x-currency';
export const currencyHeaderSchema = z.object({ [CURRENCY_HEADER]: currencySchema.optional() });

/** An asset with the caller's balance. type: 1 fiat, 2 crypto. */
export const walletSchema = z.object({
  id: uuidSchema,
  ticker: z.string(),
  fullName: z.string(),
  type: z.number().int(),
  decimals: z.number().int(),
  /** The deposit address; present only when configured. */
  adminWalletAddress: z.string().optional(),
  isAddressConfigured: z.boolean(),
  /**
   * The watched network of a crypto asset (DECISIONS §10): each exchange and user gets an address of
   * its own there, and deposits are seen without a hash. Null: the manual flow.
   */
  network: z.string().nullable(),
  /** "0" for guests, the signed-in user's balance otherwise (available: what can be spent). */
  amount: decimalOutSchema,
  /**
   * Held for withdrawals on their way (amount + fee, decision 0054); "0" for guests. Always sent by
   * the API; optional so that objects made by the web app before it existed still type-check.
   */
  held: decimalOutSchema.optional(),
  /** 1 unit of this asset = `rate` units of the display currency (`right`). */
  selectedCurrencyPair: z.object({
    left: z.object({ ticker: z.string() }),
    right: z.object({ ticker: z.string() }),
    rate: decimalOutSchema,
  }),
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletIdParamsSchema = z.object({ id: z.string() });
export const walletTickerParamsSchema = z.object({ ticker: z.string() });

export const moneyTotalSchema = z.object({
  amount: decimalOutSchema,
  reference: z.object({ ticker: z.string() }),
});
export type MoneyTotal = z.infer<typeof moneyTotalSchema>;

/**
 * GET /api/Wallets/totals. Each asset is converted into the display currency first, then summed.
 * The *Ytd fields are the same current holdings valued at the prices of 24 hours earlier (the
 * oldest snapshot within 24 h when the history is shorter); performanceYtd = accountTotal -
 * accountTotalYtd, the 24 h gain or loss from price moves. Percentages are decimal strings with
 * 2 decimals (e.g. "-1.25" for -1.25 %), null when the earlier value is zero.
 */
export const walletTotalsSchema = z.object({
  accountTotal: moneyTotalSchema,
  fiatTotal: moneyTotalSchema,
  cryptoTotal: moneyTotalSchema,
  accountTotalYtd: moneyTotalSchema,
  fiatTotalYtd: moneyTotalSchema,
  cryptoTotalYtd: moneyTotalSchema,
  performanceYtd: moneyTotalSchema,
  accountChangePercent: decimalOutSchema.nullable(),
  fiatChangePercent: decimalOutSchema.nullable(),
  cryptoChangePercent: decimalOutSchema.nullable(),
  /** When the reference prices were taken (ISO), null when no earlier snapshot exists yet. */
  referenceTakenAt: z.string().nullable(),
});
export type WalletTotals = z.infer<typeof walletTotalsSchema>;

/** Paths under /api (GET). list is public (amounts "0" for guests); mine and totals need a user. */
export const WALLETS_PATHS = {
  list: '/Wallets/list',
  mine: '/Wallets',
  totals: '/Wallets/totals',
  byId: (id: string) => `/Wallets/wallet/${encodeURIComponent(id)}`,
  byTicker: (ticker: string) => `/Wallets/wallet/ticker/${encodeURIComponent(ticker)}`,
} as const;
