import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const prod = {
  NODE_ENV: 'production',
  JWT_SECRET: 'j'.repeat(40),
  COOKIE_SECRET: 'c'.repeat(40),
  TWO_FACTOR_ENCRYPTION_KEY: 't'.repeat(40),
};

describe('partner settings at boot', () => {
  it('refuses WEBHOOK_ALLOW_LOOPBACK=true in production, naming it', () => {
    expect(() => loadConfig({ ...prod, WEBHOOK_ALLOW_LOOPBACK: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...prod, WEBHOOK_ALLOW_LOOPBACK: '1' })).toThrow(
      /WEBHOOK_ALLOW_LOOPBACK must not be set in production/,
    );
    expect(loadConfig({ ...prod, WEBHOOK_ALLOW_LOOPBACK: 'false' }).partnerWebhooks.allowLoopback).toBe(
      false,
    );
    // Development and tests keep it.
    expect(loadConfig({ WEBHOOK_ALLOW_LOOPBACK: 'true' }).partnerWebhooks.allowLoopback).toBe(true);
  });
});
