import os from 'node:os';
import path from 'node:path';
import { type ChainsConfig, chainsConfig } from './chain-config';
import { DEFAULT_SECRET, type Env, envSchema } from './config-env';
import { type PremiumPrice, parsePremiumPrices } from './modules/premium/premium-price';

/** Development only: production refuses to start without TWO_FACTOR_ENCRYPTION_KEY. */
const DEV_TWO_FACTOR_KEY = 'dev-only-two-factor-key-change-me-dev-only';

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  jwtSecret: string;
  cookieSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  resetTokenTtlMinutes: number;
  demo: boolean;
  demoAdmin: { email: string; password: string | undefined };
  demoUser: { email: string; password: string | undefined };
  firstAdmin: { email: string; password: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** A second factor (issue 30, docs/two-factor.md). */
  twoFactor: { encryptionKey: string; adminRequired: boolean; withdrawalLockHours: number };
  /** Withdrawals (issue 31, decision 0054); lockHours is twoFactor.withdrawalLockHours. */
  withdrawals: { addressHoldHours: number; lockHours: number; dailyLimitUsd: number; reviewFirst: boolean };
  webDist: string | undefined;
  logLevel: NonNullable<Env['LOG_LEVEL']>;
  authRateLimit: { max: number; timeWindow: string };
  /** Failed sign-ins per account from unknown browsers, and per known browser (auth/login-throttle.ts). */
  authAccountRateLimit: { max: number; timeWindow: string };
  guestRateLimit: { max: number; timeWindow: string };
  webhookRateLimit: { max: number; timeWindow: string };
  /**
   * Partner API limits a window: calls per key (`max`), creates per key and end user (`createMax`),
   * creates per key (`keyCreateMax`), and failed key checks per client address (`failureMax`).
   */
  partnerRateLimit: {
    max: number;
    createMax: number;
    keyCreateMax: number;
    failureMax: number;
    windowMs: number;
  };
  trustProxy: boolean;
  /** Price source, its base URL (live sources), refresh period and the oldest price a lock accepts. */
  prices: {
    source: 'static' | 'coinbase' | 'coingecko';
    url: string | undefined;
    refreshSeconds: number;
    maxAgeSeconds: number;
  };
  lockTtlSeconds: number;
  paymentGateway: 'test' | 'stripe';
  stripe:
    | {
        secretKey: string;
        webhookSecret: string;
        pricePremium: string | undefined;
        apiUrl: string | undefined;
      }
    | undefined;
  premiumGraceDays: number;
  /** Premium's price per currency; the first for any other display currency (decision 0039). */
  premiumPrices: PremiumPrice[];
  testGatewayWebhookUrl: string | undefined;
  /**
   * False in production with the test gateway, demo mode or not: it takes no money, so card
   * checkouts are refused until Stripe is configured (safe by default).
   */
  cardPaymentsEnabled: boolean;
  cardDepositMaxUsd: number;
  instanceName: string;
  cardReconcileAfterSeconds: number;
  /** Signed webhooks to partners (decision 0037). */
  partnerWebhooks: { allowLoopback: boolean; timeoutMs: number; retryBaseMs: number; pollMs: number };
  /** How long partner idempotency keys and finished webhook events are kept (partners/retention). */
  partnerRetention: { idempotencyHours: number; webhookDays: number };
  /** How long an idempotent partner create may take before a retry may take its key over. */
  partnerIdempotencyWindowSeconds: number;
  exchangeExpiryMinutes: number;
  contactEmail: string | undefined;
  /** The debtor of SEPA withdrawal files; undefined: the SEPA routes answer 503 SEPA_NOT_CONFIGURED. */
  sepa: { name: string; iban: string; bic: string } | undefined;
  /** Watched networks, payout limits and the demo chain (DECISIONS §10, chain-config.ts). */
  chains: ChainsConfig;
  /** Prometheus metrics: off unless a token or a port of their own is set (plugins/metrics.ts). */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** Tracing: on only with an OTLP endpoint (tracing.ts). */
  tracing: { endpoint: string | undefined; serviceName: string };
  http: {
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    idleTimeoutMs: number;
    keepAliveTimeoutMs: number;
  };
  /** How long a graceful stop may take (server.ts). */
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {}

/** Parses the environment once; throws a ConfigError listing every problem. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (common in compose files and CI settings).
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const problems: string[] = [];
  const sepaSet = [e.SEPA_DEBTOR_NAME, e.SEPA_DEBTOR_IBAN, e.SEPA_DEBTOR_BIC].filter(Boolean).length;
  if (sepaSet > 0 && sepaSet < 3)
    problems.push('SEPA_DEBTOR_NAME, SEPA_DEBTOR_IBAN and SEPA_DEBTOR_BIC are set together or not at all');
  if (isProduction) {
    if (e.JWT_SECRET === DEFAULT_SECRET) problems.push('JWT_SECRET must be set in production');
    if (e.COOKIE_SECRET === DEFAULT_SECRET) problems.push('COOKIE_SECRET must be set in production');
    if (e.JWT_SECRET === e.COOKIE_SECRET) problems.push('JWT_SECRET and COOKIE_SECRET must differ');
    // Loopback receivers are for tests and a local receiver: in production a partner could aim
    // webhooks at services listening on the API's own machine.
    if (!e.TWO_FACTOR_ENCRYPTION_KEY)
      problems.push(
        'TWO_FACTOR_ENCRYPTION_KEY must be set in production (it encrypts authenticator secrets)',
      );
    if (e.WEBHOOK_ALLOW_LOOPBACK)
      problems.push(
        'WEBHOOK_ALLOW_LOOPBACK must not be set in production (it lets webhooks reach this machine)',
      );
  }
  if (e.HTTP_HEADERS_TIMEOUT_SECONDS > e.HTTP_REQUEST_TIMEOUT_SECONDS) {
    problems.push('HTTP_HEADERS_TIMEOUT_SECONDS must not exceed HTTP_REQUEST_TIMEOUT_SECONDS');
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    problems.push('METRICS_PORT must differ from PORT');
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  if (e.PAYMENT_GATEWAY === 'stripe') {
    if (!e.STRIPE_SECRET_KEY?.startsWith('sk_') && !e.STRIPE_SECRET_KEY?.startsWith('rk_'))
      problems.push(
        'STRIPE_SECRET_KEY must be set to a Stripe secret key (sk_… or rk_…) when PAYMENT_GATEWAY=stripe',
      );
    if (!e.STRIPE_WEBHOOK_SECRET?.startsWith('whsec_'))
      problems.push(
        "STRIPE_WEBHOOK_SECRET must be set to the webhook endpoint's signing secret (whsec_…) when PAYMENT_GATEWAY=stripe",
      );
    if (e.STRIPE_PRICE_PREMIUM !== undefined && !e.STRIPE_PRICE_PREMIUM.startsWith('price_'))
      problems.push('STRIPE_PRICE_PREMIUM must be a Stripe price id (price_…)');
    if (isProduction && e.STRIPE_SECRET_KEY?.startsWith('sk_test_'))
      problems.push('STRIPE_SECRET_KEY is a test key; production takes a live key (sk_live_…)');
  }
  const premiumPrices = parsePremiumPrices(e.PREMIUM_PRICES, problems);
  const demo = e.DEMO ?? !isProduction;
  const chains = chainsConfig(present, { demo }, problems);
  // The test gateway takes no money: in production it takes no payment (demo or not), and a demo
  // server whose balances can leave on a watched network does not start with it at all.
  if (isProduction && demo && e.PAYMENT_GATEWAY === 'test' && chains.networks.length > 0)
    problems.push(
      `PAYMENT_GATEWAY=test (the default) takes no money and cannot run in production with DEMO=true and a watched network (${chains.networks.map((n) => n.network).join(', ')}): set PAYMENT_GATEWAY=stripe, or turn DEMO off`,
    );
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    cookieSecret: e.COOKIE_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    resetTokenTtlMinutes: e.RESET_TOKEN_TTL_MINUTES,
    demo,
    demoAdmin: { email: e.DEMO_ADMIN_EMAIL, password: e.DEMO_ADMIN_PASSWORD },
    demoUser: { email: e.DEMO_USER_EMAIL, password: e.DEMO_USER_PASSWORD },
    firstAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    twoFactor: {
      encryptionKey: e.TWO_FACTOR_ENCRYPTION_KEY ?? DEV_TWO_FACTOR_KEY,
      adminRequired: e.ADMIN_REQUIRE_2FA ?? isProduction,
      withdrawalLockHours: e.WITHDRAWAL_LOCK_HOURS ?? (demo ? 0 : 24),
    },
    withdrawals: {
      addressHoldHours: e.WITHDRAWAL_ADDRESS_HOLD_HOURS ?? (demo ? 0 : 24),
      lockHours: e.WITHDRAWAL_LOCK_HOURS ?? (demo ? 0 : 24),
      dailyLimitUsd: e.WITHDRAWAL_DAILY_LIMIT_USD,
      reviewFirst: e.WITHDRAWAL_REVIEW_FIRST,
    },
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, timeWindow: e.AUTH_RATE_LIMIT_WINDOW },
    authAccountRateLimit: {
      max: e.AUTH_ACCOUNT_RATE_LIMIT_MAX,
      timeWindow: e.AUTH_ACCOUNT_RATE_LIMIT_WINDOW,
    },
    guestRateLimit: { max: e.GUEST_RATE_LIMIT_MAX, timeWindow: e.GUEST_RATE_LIMIT_WINDOW },
    webhookRateLimit: { max: e.WEBHOOK_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    partnerRateLimit: {
      max: e.PARTNER_RATE_LIMIT_MAX,
      createMax: e.PARTNER_CREATE_RATE_LIMIT_MAX,
      keyCreateMax: e.PARTNER_KEY_CREATE_RATE_LIMIT_MAX,
      failureMax: e.PARTNER_KEY_FAILURE_RATE_LIMIT_MAX,
      windowMs: 60_000,
    },
    trustProxy: e.TRUST_PROXY,
    prices: {
      source: e.PRICE_SOURCE,
      url: e.PRICE_SOURCE_URL,
      refreshSeconds: e.PRICE_REFRESH_SECONDS,
      maxAgeSeconds: e.PRICE_MAX_AGE_SECONDS,
    },
    lockTtlSeconds: e.LOCK_TTL_SECONDS,
    paymentGateway: e.PAYMENT_GATEWAY,
    stripe:
      e.PAYMENT_GATEWAY === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            pricePremium: e.STRIPE_PRICE_PREMIUM,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
    premiumGraceDays: e.PREMIUM_GRACE_DAYS,
    premiumPrices,
    testGatewayWebhookUrl: e.TEST_GATEWAY_WEBHOOK_URL,
    cardPaymentsEnabled: !(isProduction && e.PAYMENT_GATEWAY === 'test'),
    cardDepositMaxUsd: e.CARD_DEPOSIT_MAX_USD,
    instanceName: e.INSTANCE_NAME ?? `${os.hostname()}:${process.pid}`,
    cardReconcileAfterSeconds: e.CARD_RECONCILE_AFTER_SECONDS,
    partnerWebhooks: {
      allowLoopback: e.WEBHOOK_ALLOW_LOOPBACK,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      pollMs: e.WEBHOOK_POLL_MS,
    },
    partnerRetention: {
      idempotencyHours: e.PARTNER_IDEMPOTENCY_RETENTION_HOURS,
      webhookDays: e.PARTNER_WEBHOOK_RETENTION_DAYS,
    },
    partnerIdempotencyWindowSeconds: e.PARTNER_IDEMPOTENCY_WINDOW_SECONDS,
    exchangeExpiryMinutes: e.EXCHANGE_EXPIRY_MINUTES,
    contactEmail: e.CONTACT_EMAIL,
    sepa:
      e.SEPA_DEBTOR_NAME && e.SEPA_DEBTOR_IBAN && e.SEPA_DEBTOR_BIC
        ? { name: e.SEPA_DEBTOR_NAME, iban: e.SEPA_DEBTOR_IBAN, bic: e.SEPA_DEBTOR_BIC }
        : undefined,
    chains,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    tracing: { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME },
    http: {
      headersTimeoutMs: Math.round(e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000),
      requestTimeoutMs: Math.round(e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000),
      idleTimeoutMs: Math.round(e.HTTP_IDLE_TIMEOUT_SECONDS * 1000),
      keepAliveTimeoutMs: Math.round(e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
    },
    shutdownTimeoutMs: Math.round(e.SHUTDOWN_TIMEOUT_SECONDS * 1000),
  };
}
