import { z } from 'zod';

/**
 * Every `code` an API error can carry, with the names of the values (`error.params`) its message
 * shows. The web app translates each code (`ServerErrors.<CODE>` in every language file) and falls
 * back to the server's English text only for a code it does not know or when a value is missing.
 * apps/api/src/lib/error-codes.test.ts fails when the API can send a code missing here, or when a
 * code here has no translation.
 */
export const ERROR_CODE_PARAMS = {
  // Any call (framework-level handlers: validation, unknown path, XSRF, rate limit, server errors).
  BAD_REQUEST: [],
  VALIDATION: [],
  MALFORMED_JSON: [],
  PAYLOAD_TOO_LARGE: [],
  UNSUPPORTED_MEDIA_TYPE: [],
  NOT_FOUND: [],
  ROUTE_NOT_FOUND: [],
  CONFLICT: [],
  XSRF: [],
  RATE_LIMITED: ['seconds'],
  INTERNAL: [],
  // Signed-in calls.
  UNAUTHORIZED: [],
  FORBIDDEN: [],
  TOKEN_INVALID: [],
  TOKEN_EXPIRED: [],
  TOKEN_REVOKED: [],
  PREMIUM_REQUIRED: [],
  USER_NOT_FOUND: [],
  ACCOUNT_CHANGED: [],
  // Sign-up, login, session and password.
  INVALID_CREDENTIALS: [],
  ACCOUNT_DISABLED: [],
  EMAIL_TAKEN: [],
  REFRESH_INVALID: [],
  REFRESH_MISSING: [],
  REFRESH_REUSED: [],
  RESET_TOKEN_INVALID: [],
  WRONG_PASSWORD: [],
  BIRTHDAY_IN_FUTURE: [],
  BIRTHDAY_INVALID: [],
  TOO_YOUNG: ['age'],
  // Wallets and prices.
  INVALID_WALLET_ID: [],
  INVALID_TICKER: [],
  WALLET_NOT_FOUND: [],
  ASSET_NOT_FOUND: [],
  PRICES_STALE: [],
  // Price locks and conversion.
  SAME_ASSET: [],
  LOCK_NOT_FOUND: [],
  LOCK_EXPIRED: [],
  LOCK_USED: [],
  LOCK_CANCELLED: [],
  INVALID_AMOUNT: [],
  TOO_MANY_DECIMALS: ['ticker', 'decimals'],
  BELOW_MINIMUM: ['minimumUsd', 'approximateAmount', 'ticker'],
  AMOUNT_TOO_SMALL: [],
  INSUFFICIENT_FUNDS: [],
  TRANSACTION_NOT_FOUND: [],
  // Deposits.
  NOT_CRYPTO: [],
  NOT_FIAT: [],
  ADDRESS_NOT_CONFIGURED: ['ticker'],
  DUPLICATE_HASH: [],
  DEPOSIT_NOT_FOUND: [],
  ALREADY_PROCESSED: [],
  CARD_DECLINED: [],
  CARD_INVALID: [],
  // Guest exchange (PublicExchange).
  EXCHANGE_NOT_CRYPTO: [],
  INVALID_EMAIL: [],
  INVALID_WALLET_ADDRESS: [],
  INVALID_REFUND_ADDRESS: [],
  INVALID_SENDER_ADDRESS: [],
  MEMO_NOT_USED: ['ticker'],
  INVALID_MEMO: ['ticker'],
  EXCHANGE_NOT_FOUND: [],
  HASH_REQUIRED: [],
  INVALID_HASH: ['ticker'],
  ALREADY_CONFIRMED: [],
  EXCHANGE_NOT_AWAITING: [],
  EXCHANGE_FINAL: [],
  // Made by the web client itself: the server could not be reached, or answered without an envelope.
  NETWORK: [],
  HTTP: [],
} as const satisfies Record<string, readonly string[]>;

export type ErrorCode = keyof typeof ERROR_CODE_PARAMS;
export const ERROR_CODES = Object.keys(ERROR_CODE_PARAMS) as [ErrorCode, ...ErrorCode[]];
export const errorCodeSchema = z.enum(ERROR_CODES);

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODE_PARAMS, code);
}

/** The values an error's message shows (a minimum, a ticker, seconds...), by name. */
export const errorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type ErrorParams = z.infer<typeof errorParamsSchema>;

/** The params a given code needs, e.g. `{ ticker, decimals }` for TOO_MANY_DECIMALS. */
export type ErrorParamsOf<C extends ErrorCode> = Record<
  (typeof ERROR_CODE_PARAMS)[C][number],
  string | number
>;

/** True when `params` holds every value the code's message shows. */
export function hasErrorParams(code: ErrorCode, params: ErrorParams | undefined): boolean {
  return ERROR_CODE_PARAMS[code].every((p: string) => params?.[p] !== undefined && params[p] !== '');
}
