import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const strong = {
  JWT_SECRET: 'j'.repeat(40),
  COOKIE_SECRET: 'c'.repeat(40),
  TWO_FACTOR_ENCRYPTION_KEY: 't'.repeat(40),
};

describe('configuration', () => {
  it('has working defaults for development: port 8080, demo mode, embedded database', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.demo).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/\.data$/);
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const c = loadConfig({ PORT: '9001', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h:5432/db' });
    expect([c.port, c.dataDir, c.databaseUrl]).toEqual([9001, '/tmp/x', 'postgres://u@h:5432/db']);
  });

  it('lists every problem in one clear message', () => {
    expect(() => loadConfig({ PORT: 'abc', JWT_SECRET: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', JWT_SECRET: 'short' });
    } catch (err) {
      expect((err as Error).message).toContain('PORT');
      expect((err as Error).message).toContain('JWT_SECRET must be at least 32 characters');
    }
  });

  it('refuses to start in production with a default secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET must be set in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(40) })).toThrow(
      /COOKIE_SECRET must be set/,
    );
  });

  it('second factor: the encryption key is required in production; admins need a factor there by default; an explicit value wins', () => {
    const { TWO_FACTOR_ENCRYPTION_KEY: _key, ...noKey } = strong;
    expect(() => loadConfig({ NODE_ENV: 'production', ...noKey })).toThrow(
      /TWO_FACTOR_ENCRYPTION_KEY must be set in production/,
    );
    const prod = loadConfig({ NODE_ENV: 'production', ...strong });
    expect(prod.twoFactor).toEqual({
      encryptionKey: 't'.repeat(40),
      adminRequired: true,
      withdrawalLockHours: 24,
    });
    expect(
      loadConfig({ NODE_ENV: 'production', ...strong, ADMIN_REQUIRE_2FA: 'false' }).twoFactor.adminRequired,
    ).toBe(false);
    const dev = loadConfig({});
    expect(dev.twoFactor.adminRequired).toBe(false);
    // Demo mode: no lock by default.
    expect(dev.twoFactor.withdrawalLockHours).toBe(0);
    expect(loadConfig({ ADMIN_REQUIRE_2FA: 'true', WITHDRAWAL_LOCK_HOURS: '6' }).twoFactor).toMatchObject({
      adminRequired: true,
      withdrawalLockHours: 6,
    });
    expect(loadConfig({ NODE_ENV: 'production', ...strong, DEMO: 'true' }).twoFactor.adminRequired).toBe(
      true,
    );
  });

  it('withdrawals: waits of 24 hours outside demo and none in demo, a daily limit of 10,000 USD, first one reviewed; explicit values win', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...strong }).withdrawals).toEqual({
      addressHoldHours: 24,
      lockHours: 24,
      dailyLimitUsd: 10_000,
      reviewFirst: true,
    });
    expect(loadConfig({}).withdrawals).toEqual({
      addressHoldHours: 0,
      lockHours: 0,
      dailyLimitUsd: 10_000,
      reviewFirst: true,
    });
    expect(
      loadConfig({
        WITHDRAWAL_ADDRESS_HOLD_HOURS: '2',
        WITHDRAWAL_LOCK_HOURS: '3',
        WITHDRAWAL_DAILY_LIMIT_USD: '500',
        WITHDRAWAL_REVIEW_FIRST: 'false',
      }).withdrawals,
    ).toEqual({ addressHoldHours: 2, lockHours: 3, dailyLimitUsd: 500, reviewFirst: false });
    expect(() => loadConfig({ WITHDRAWAL_ADDRESS_HOLD_HOURS: '-1' })).toThrow(
      /WITHDRAWAL_ADDRESS_HOLD_HOURS/,
    );
  });

  it('starts in production with real secrets, and demo mode is then off', () => {
    const c = loadConfig({ NODE_ENV: 'production', ...strong });
    expect(c.isProduction).toBe(true);
    expect(c.demo).toBe(false);
  });

  it('has no metrics unless a token or a port is set, and checks them', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_TOKEN: 't'.repeat(16), METRICS_PORT: '9464' }).metrics).toMatchObject({
      token: 't'.repeat(16),
      port: 9464,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
    expect(() => loadConfig({ PORT: '9000', METRICS_PORT: '9000' })).toThrow(/METRICS_PORT must differ/);
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
  });

  it('traces only with an OTLP endpoint, and checks it', () => {
    expect(loadConfig({}).tracing).toEqual({ endpoint: undefined, serviceName: 'vaultline' });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }).tracing.endpoint).toBe(
      'http://127.0.0.1:4318',
    );
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/go together/);
    expect(
      loadConfig({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'long-enough-password' }).firstAdmin?.email,
    ).toBe('a@b.co');
  });

  it('checks the Stripe settings at boot with clear errors', () => {
    expect(loadConfig({}).paymentGateway).toBe('test');
    const missing = () => loadConfig({ PAYMENT_GATEWAY: 'stripe' });
    expect(missing).toThrow(ConfigError);
    expect(missing).toThrow(/STRIPE_SECRET_KEY must be set/);
    expect(missing).toThrow(/STRIPE_WEBHOOK_SECRET must be set/);
    expect(() =>
      loadConfig({
        PAYMENT_GATEWAY: 'stripe',
        STRIPE_SECRET_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }),
    ).toThrow(/STRIPE_SECRET_KEY must be set to a Stripe secret key/);
    expect(() =>
      loadConfig({
        PAYMENT_GATEWAY: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_PRICE_PREMIUM: 'prod_123',
      }),
    ).toThrow(/STRIPE_PRICE_PREMIUM must be a Stripe price id/);
    expect(() =>
      loadConfig({
        ...strong,
        NODE_ENV: 'production',
        PAYMENT_GATEWAY: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }),
    ).toThrow(/production takes a live key/);
    const ok = loadConfig({
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(ok.stripe).toMatchObject({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x' });
  });

  it('refuses card payments in production with the test gateway, demo or not (it takes no money)', () => {
    expect(loadConfig({}).cardPaymentsEnabled).toBe(true);
    expect(loadConfig({ ...strong, NODE_ENV: 'production' }).cardPaymentsEnabled).toBe(false);
    expect(loadConfig({ ...strong, NODE_ENV: 'production', DEMO: 'true' }).cardPaymentsEnabled).toBe(false);
  });
});
