/**
 * Every `code` an API error can carry, with the names of the values (`error.params`) its message
 * shows. The web app translates each code (`ServerErrors.<CODE>` in every language file) and falls
 * back to the server's English text only for a code it does not know or when a value is missing.
 * apps/api/src/lib/error-codes.test.ts fails when the API can send a code missing here, or when a
 * code here has no translation.
 * No zod here (the schemas are in envelope.ts): the web app's first load imports this module.
 */
export const ERROR_CODE_PARAMS = {
  // Any call (framework-level handlers: validation, unknown path, XSRF, rate limit, server errors).
  BAD_REQUEST: [],
  VALIDATION: [],
  MALFORMED_JSON: [],
  PAYLOAD_TOO_LARGE: [],
  // HTTP limits (apps/api/src/plugins/http-limits.ts): address, headers, a client too slow.
  URI_TOO_LONG: [],
  MALFORMED_URL: [],
  HEADERS_TOO_LARGE: [],
  REQUEST_TIMEOUT: [],
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
  // A second factor (two-factor.ts): sign-in's second step, step-up, enrolment.
  TWO_FACTOR_REQUIRED: [],
  TWO_FACTOR_NEEDED: [],
  TWO_FACTOR_INVALID: [],
  TWO_FACTOR_CHALLENGE_INVALID: [],
  TWO_FACTOR_LOCKED: ['seconds'],
  TOTP_NOT_SET_UP: [],
  TOTP_ALREADY_ENABLED: [],
  TOTP_NOT_ENABLED: [],
  PASSKEY_NOT_FOUND: [],
  PASSKEY_INVALID: [],
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
  // Withdrawals, the user's side (issue 31, decision 0054; texts in withdrawals.ts WITHDRAWAL_ERRORS).
  WITHDRAWAL_ASSET_CLOSED: ['ticker'],
  WITHDRAWAL_BELOW_MINIMUM: ['minimum', 'ticker'],
  WITHDRAWAL_ADDRESS_ON_HOLD: ['at'],
  WITHDRAWAL_ADDRESS_NOT_FOUND: [],
  WITHDRAWAL_ADDRESS_INVALID: ['ticker'],
  WITHDRAWAL_MEMO_REQUIRED: ['ticker'],
  WITHDRAWAL_MEMO_INVALID: ['ticker'],
  WITHDRAWAL_ADDRESS_EXISTS: [],
  WITHDRAWAL_REMOVE_LINK_INVALID: [],
  WITHDRAWAL_BANK_NOT_APPROVED: [],
  WITHDRAWAL_NOT_FIAT: [],
  WITHDRAWAL_NOT_CRYPTO: [],
  WITHDRAWALS_LOCKED: ['until'],
  WITHDRAWAL_NO_PRICE: ['ticker'],
  WITHDRAWAL_NOT_FOUND: [],
  WITHDRAWAL_NOT_CANCELLABLE: [],
  WITHDRAWAL_OWN: [],
  // Deposits.
  NOT_CRYPTO: [],
  NOT_FIAT: [],
  ADDRESS_NOT_CONFIGURED: ['ticker'],
  HASH_CLAIMED: [],
  NETWORK_WATCHED: [],
  NOT_WATCHED: [],
  NETWORK_UNAVAILABLE: ['network'],
  DEMO_ONLY: [],
  DEPOSIT_NOT_FOUND: [],
  ALREADY_PROCESSED: [],
  DEPOSIT_CHAIN_MANAGED: [],
  CARD_LIMIT: ['max', 'ticker'],
  // Watched networks (DECISIONS §10): the back office's payouts and transfers seen.
  CHAIN_MANAGED: [],
  PAYOUT_NOT_FOUND: [],
  PAYOUT_NOT_WAITING: [],
  PAYOUT_NOT_FAILED: [],
  PAYOUT_NOT_CANCELLABLE: [],
  PAYOUT_NOT_REDIRECTABLE: [],
  PAYOUT_ALREADY_PAID: ['txHash'],
  PAYOUT_CHECK_PENDING: [],
  PAYOUT_CHECK_UNAVAILABLE: ['detail'],
  PAYOUT_SUPERSEDED: [],
  PAYOUT_NOT_RETRYABLE: [],
  PAYOUT_NOT_BUMPABLE: [],
  PAYOUT_BUMP_REFUSED: ['detail'],
  PAYOUT_BUMP_TOO_HIGH: ['max'],
  // A payout to one of the hot wallets (the books would say the coins left while the chain keeps them).
  PAYOUT_TO_HOT_WALLET: [],
  CHAIN_DEPOSIT_NOT_FOUND: [],
  DEPOSIT_NOT_HELD: [],
  // Withdrawals (decision 0054): an admin's record of one paid by hand.
  WITHDRAWAL_CHAIN_MANAGED: [],
  WITHDRAWAL_SEPA_ONLY: [],
  WITHDRAWAL_HASH_OR_REFERENCE: [],
  // Sweeps of UTXO deposit addresses by PSBT (decision 0055).
  NO_KEY_ORIGIN: ['network'],
  SWEEP_ADDRESS_INVALID: ['network'],
  SWEEP_ADDRESS_OURS: ['network'],
  NOTHING_TO_SWEEP: [],
  PSBT_MISMATCH: ['detail'],
  PSBT_UNSIGNED: ['detail'],
  BROADCAST_REFUSED: ['detail'],
  SWEEP_INPUTS_SWEPT: [],
  SWEEP_NOT_DROPPED: [],
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
  // Back office: the amount a guest actually sent.
  INVALID_AMOUNT_RECEIVED: [],
  RECEIVED_REQUIRED: [],
  AMOUNT_DIFFERS: ['received', 'quoted', 'ticker'],
  NO_DIFFERENCE: [],
  NO_REFUND_ADDRESS: ['ticker'],
  ALREADY_REFUNDED: [],
  EXCHANGE_QUOTE_EXPIRED: [],
  // My account (profile, address, bank account) and premium.
  CURRENT_PASSWORD_REQUIRED: [],
  COUNTRY_NOT_FOUND: [],
  IBAN_CHARACTERS: [],
  IBAN_COUNTRY: [],
  IBAN_LENGTH: [],
  IBAN_FORMAT: [],
  IBAN_CHECKSUM: [],
  ALREADY_PREMIUM: [],
  PREMIUM_PAYMENT_IN_PROGRESS: [],
  // Card payments on the gateway's hosted checkout, its webhooks and refunds (decision 0031).
  GATEWAY_UNAVAILABLE: [],
  PAYMENTS_NOT_CONFIGURED: [],
  CHECKOUT_NOT_FOUND: [],
  NOT_PREMIUM: [],
  NO_SAVED_CARD: [],
  GATEWAY_NOT_CONFIGURED: [],
  WEBHOOK_SIGNATURE: [],
  REFUND_FAILED: [],
  REFUND_PENDING: [],
  REFUND_NOT_CARD: [],
  REFUND_NOT_CREDITED: [],
  REFUND_FUNDS_SPENT: ['available', 'ticker'],
  // Money taken back outside the app (decision 0038).
  SPENDING_ON_HOLD: [],
  HOLD_NOT_FOUND: [],
  PAYMENT_NOT_FOUND: [],
  // Back office (users, bank accounts, deposit addresses).
  CANNOT_DEACTIVATE_SELF: [],
  BANK_ACCOUNT_NOT_FOUND: [],
  ADDRESS_CRYPTO_ONLY: [],
  // Partners (DECISIONS §11): the partner area and API-key authentication of the partner API.
  NOT_PARTNER: [],
  COMMISSION_ABOVE_MAX: ['max'],
  PARTNER_KEY_LIMIT: ['max'],
  PARTNER_KEY_NOT_FOUND: [],
  API_KEY_INVALID: [],
  API_KEY_SCOPE: ['scope'],
  // Partner webhooks (the partner area).
  WEBHOOK_URL_REFUSED: [],
  WEBHOOK_LIMIT: ['max'],
  WEBHOOK_NOT_FOUND: [],
  WEBHOOK_DELIVERY_NOT_FOUND: [],
  NO_EARNINGS: [],
  // The partner API (/api/v1): assets by ticker, quotes, idempotent creates, pages.
  UNKNOWN_PARTNER: [],
  VARIABLE_NOT_WATCHED: ['ticker'],
  UNKNOWN_ASSET: ['ticker'],
  QUOTE_NOT_FOUND: [],
  QUOTE_EXPIRED: [],
  QUOTE_USED: [],
  IDEMPOTENCY_KEY_REUSED: [],
  IDEMPOTENCY_IN_PROGRESS: [],
  IDEMPOTENCY_WINDOW_PASSED: [],
  IDEMPOTENCY_KEY_INVALID: [],
  INVALID_CURSOR: [],
  // Readiness (a load balancer's check, not a user's).
  NOT_READY: [],
  // Withdrawals, the back office's side (issue 31): review, SEPA batches.
  WITHDRAWAL_WRONG_STATUS: ['status'],
  SEPA_NOTHING_TO_BATCH: [],
  SEPA_NOT_CONFIGURED: [],
  SEPA_BATCH_NOT_FOUND: [],
  SEPA_BATCH_PAID: [],
  // Made by the web client itself: the server could not be reached, or answered without an envelope.
  NETWORK: [],
  HTTP: [],
} as const satisfies Record<string, readonly string[]>;

export type ErrorCode = keyof typeof ERROR_CODE_PARAMS;
export const ERROR_CODES = Object.keys(ERROR_CODE_PARAMS) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODE_PARAMS, code);
}

/** The values an error's message shows (a minimum, a ticker, seconds...), by name. */
export type ErrorParams = Record<string, string | number>;

/** The params a given code needs, e.g. `{ ticker, decimals }` for TOO_MANY_DECIMALS. */
export type ErrorParamsOf<C extends ErrorCode> = Record<
  (typeof ERROR_CODE_PARAMS)[C][number],
  string | number
>;

/** True when `params` holds every value the code's message shows. */
export function hasErrorParams(code: ErrorCode, params: ErrorParams | undefined): boolean {
  return ERROR_CODE_PARAMS[code].every((p: string) => params?.[p] !== undefined && params[p] !== '');
}
