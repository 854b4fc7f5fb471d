/** Constants and enumerations named by the specs; values are exact. */

export const ROLE_CLAIM = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role';
export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const LANGUAGES = [
  { id: 'en-us', displayText: 'English' },
  { id: 'fr-fr', displayText: 'Français' },
  { id: 'de-de', displayText: 'Deutsch' },
  { id: 'ru-ru', displayText: 'Русский' },
] as const;
export type LanguageId = (typeof LANGUAGES)[number]['id'];
export const LANGUAGE_IDS = LANGUAGES.map((l) => l.id) as [LanguageId, ...LanguageId[]];
export const DEFAULT_LANGUAGE: LanguageId = 'en-us';

export const CURRENCIES = ['USD', 'CHF', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY'] as const;
export type CurrencyId = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: CurrencyId = 'USD';

/** Wallet type: Fiat=1, Crypto=2. */
export const WalletType = { Fiat: 1, Crypto: 2 } as const;
export type WalletType = (typeof WalletType)[keyof typeof WalletType];

/** Transaction status (numeric, spec-1 §3). */
export const TransactionStatus = {
  notProcessed: -1,
  failed: 0,
  success: 1,
  pending: 2,
  awaitingVerification: 3,
} as const;
export type TransactionStatus = (typeof TransactionStatus)[keyof typeof TransactionStatus];

/**
 * Where an exchange on a watched network is (DECISIONS §10), beyond its status code (which keeps
 * the spec's values): waiting for the deposit (3), confirming, exchanging, sending (2), being
 * reviewed by the team (2 or -1), done (1) or failed (0). Null on a network that is not watched.
 */
export const EXCHANGE_STAGES = [
  'awaitingDeposit',
  'confirming',
  'exchanging',
  'sending',
  'review',
  'done',
  'failed',
] as const;
export type ExchangeStage = (typeof EXCHANGE_STAGES)[number];

/** The watched networks' names (DECISIONS §10), for texts; the id itself for any other. */
export const NETWORK_NAMES: Readonly<Record<string, string>> = {
  ETH: 'Ethereum',
  BSC: 'BNB Smart Chain',
  BTC: 'Bitcoin',
  LTC: 'Litecoin',
};
export const networkName = (id: string | null | undefined): string => (id ? (NETWORK_NAMES[id] ?? id) : '');

/** Account status: active 1, inactive -1. */
export const UserStatus = { active: 1, inactive: -1 } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

/** Bank account status: -1 not processed, 1 approved, 0 refused. */
export const BankAccountStatus = { notProcessed: -1, refused: 0, approved: 1 } as const;
export type BankAccountStatus = (typeof BankAccountStatus)[keyof typeof BankAccountStatus];

/** Business constants of spec-1 §9 and spec-2 §9. */
export const LIMITS = {
  priceLockSeconds: 60,
  historyPageSize: 5,
  adminPageSize: 10,
  minWalletAddressLength: 10,
  minChatKeyLength: 10,
  defaultMinTransactionUsd: '99',
  premiumPrice: '49',
  notificationCloseAfterMs: 5000,
  notificationShowDelayMs: 50,
  notificationRemoveDelayMs: 300,
  rateDecimals: 5,
} as const;

/**
 * spec-1 §5: at most 64 characters before the at sign (and 254 in total, checked by emailSchema).
 * Here, not in content.ts, so the footer's newsletter box does not pull zod into every first load.
 */
export const NEWSLETTER_LOCAL_PART_MAX = 64;
