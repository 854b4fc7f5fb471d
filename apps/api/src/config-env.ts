// The environment variables the API reads, their types, limits and defaults (zod); config.ts
// turns them into the Config the app uses.
import { checkIban } from '@vaultline/shared';
import { z } from 'zod';

/** Stands in for JWT_SECRET and COOKIE_SECRET outside production; production refuses it. */
export const DEFAULT_SECRET = 'dev-only-secret-change-me-dev-only-secret';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').default(DEFAULT_SECRET),
  COOKIE_SECRET: z.string().min(32, 'COOKIE_SECRET must be at least 32 characters').default(DEFAULT_SECRET),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(14),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().positive().default(30),
  DEMO: bool.optional(),
  DEMO_ADMIN_EMAIL: z.email().default('admin@demo.vaultline.test'),
  DEMO_ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO_USER_EMAIL: z.email().default('user@demo.vaultline.test'),
  DEMO_USER_PASSWORD: z.string().min(8).optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Vaultline <no-reply@vaultline.test>'),
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW: z.string().default('1 minute'),
  /** Failed sign-ins per account from browsers it never signed in on (and per known browser). */
  AUTH_ACCOUNT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_ACCOUNT_RATE_LIMIT_WINDOW: z.string().default('15 minutes'),
  /** Per address and route: the other calls a guest can repeat (guest exchange, its lookups, logout). */
  GUEST_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  /** Webhook calls a minute from one address (a gateway sends bursts; it retries a 429 later). */
  WEBHOOK_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(1200),
  /** Partner API calls a minute per API key, and creates a minute per key and end user (X-End-User-IP). */
  PARTNER_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  PARTNER_CREATE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  /** Creates a minute per API key, whatever end users it names (the per-end-user count comes on top). */
  PARTNER_KEY_CREATE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  /** API keys that fail to authenticate, a minute per client address; past it, 429 before any lookup. */
  PARTNER_KEY_FAILURE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  GUEST_RATE_LIMIT_WINDOW: z.string().default('1 minute'),
  TRUST_PROXY: bool.default(false),
  PRICE_SOURCE: z.enum(['static', 'coinbase', 'coingecko']).default('static'),
  PRICE_SOURCE_URL: z.url().optional(),
  PRICE_REFRESH_SECONDS: z.coerce.number().int().min(1).default(60),
  PRICE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).default(300),
  LOCK_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Connections to PostgreSQL per API process (DATABASE_URL only). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /** The card payment gateway (DECISIONS §7): the built-in test one (offline) or Stripe. */
  PAYMENT_GATEWAY: z.enum(['test', 'stripe']).default('test'),
  STRIPE_SECRET_KEY: z.string().max(500).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().max(500).optional(),
  /**
   * A yearly recurring Stripe price for premium whose amount in each currency of PREMIUM_PRICES is
   * that price (checked before each checkout); without it, PREMIUM_PRICES is sent inline.
   */
  STRIPE_PRICE_PREMIUM: z.string().max(200).optional(),
  /** Stripe's API host (a test stand-in on loopback); Stripe's own by default. */
  STRIPE_API_URL: z.url().optional(),
  /** Premium's yearly price per currency (decision 0039); the first is charged to other display currencies. */
  PREMIUM_PRICES: z.string().max(500).default('USD:49'),
  /** Days premium lasts after a failed renewal while the gateway retries. */
  PREMIUM_GRACE_DAYS: z.coerce.number().min(0).max(60).default(7),
  /** Where the test gateway posts its webhooks; in process (through the app) when unset. */
  TEST_GATEWAY_WEBHOOK_URL: z.url().optional(),
  /** This instance's name in health answers and job leases (default host:pid). */
  INSTANCE_NAME: z.string().min(1).max(100).optional(),
  /** The most one card deposit may be worth, in USD at the current price. */
  CARD_DEPOSIT_MAX_USD: z.coerce.number().positive().default(10_000),
  /** A card deposit still charging after this many seconds is settled by the reconciliation job. */
  CARD_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Partner webhooks may post to loopback addresses (tests, a local receiver, the bench); refused in production. */
  WEBHOOK_ALLOW_LOOPBACK: bool.default(false),
  /** Encrypts TOTP secrets at rest (AES-256-GCM; the key is SHA-256 of this). Required in production. */
  TWO_FACTOR_ENCRYPTION_KEY: z
    .string()
    .min(32, 'TWO_FACTOR_ENCRYPTION_KEY must be at least 32 characters')
    .optional(),
  /** Every admin route refuses an admin without a second factor; default true in production. */
  ADMIN_REQUIRE_2FA: bool.optional(),
  /**
   * Hours withdrawals stay locked after a password change or reset, a factor removed, or an admin's
   * reset of a user's factors; default 24, 0 in demo.
   */
  WITHDRAWAL_LOCK_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .optional(),
  /** Hours a new address-book address waits before its first use; default 24, 0 in demo. */
  WITHDRAWAL_ADDRESS_HOLD_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .optional(),
  /** A user's withdrawals over 24 hours past this (USD at request) wait for review. */
  WITHDRAWAL_DAILY_LIMIT_USD: z.coerce.number().min(0).default(10_000),
  /** A user's first withdrawal waits for review. */
  WITHDRAWAL_REVIEW_FIRST: bool.default(true),
  /** A partner webhook request's whole time limit. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5000),
  /** The first retry's wait of a failed partner webhook; each next one doubles (up to 6 h). */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(10_000),
  /** How often due webhook retries are looked for (new events wake the job at once). */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** Hours an Idempotency-Key's answer is kept; a retry after that is a new create (a week by default). */
  PARTNER_IDEMPOTENCY_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 7),
  /**
   * Seconds an idempotent create may take: its transaction's statements are cancelled past it, and a
   * retry with the key may then take it over (the create that outlived it writes nothing).
   */
  PARTNER_IDEMPOTENCY_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Days a finished webhook event and its deliveries are kept (retries end after 3 days). */
  PARTNER_WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  /** Minutes an unpaid guest exchange waits for its deposit before it expires (fractions allowed). */
  EXCHANGE_EXPIRY_MINUTES: z.coerce.number().positive().max(10080).default(30),
  /** The address the contact page shows; none by default (the form still reaches the admins). */
  CONTACT_EMAIL: z.email().optional(),
  /** SEPA credit-transfer files of EUR withdrawals (issue 31): the house's account; all three or none. */
  SEPA_DEBTOR_NAME: z.string().trim().min(1).max(70).optional(),
  SEPA_DEBTOR_IBAN: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => checkIban(v).ok, { message: 'SEPA_DEBTOR_IBAN is not a valid IBAN' })
    .optional(),
  SEPA_DEBTOR_BIC: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { message: 'SEPA_DEBTOR_BIC is not a valid BIC' })
    .optional(),
  /** HTTP server timeouts (apps/api/src/plugins/http-limits.ts): a slow client cannot hold a socket. */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(72),
  /** A graceful stop (SIGTERM) that has not ended after this is cut short (exit 1, the step logged). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(25),
  /** Prometheus metrics (docs/operations.md): GET /metrics with this bearer token; absent unset. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Serves /metrics on a port of its own (METRICS_HOST, loopback by default) instead of the app's. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** OpenTelemetry traces over OTLP/HTTP to this collector (off unset); the exporter reads OTEL_*. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(100).default('vaultline'),
});

export type Env = z.infer<typeof envSchema>;
