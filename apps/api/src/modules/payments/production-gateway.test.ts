import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { testGatewaySessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { GOOD, payOnPage } from './payments.test-helpers';

// The built-in test gateway takes no money: in production it must never credit a balance, whatever
// DEMO says (a 4242 card would buy coins that a watched network then pays out for real).
const strong = {
  JWT_SECRET: 'j'.repeat(40),
  COOKIE_SECRET: 'c'.repeat(40),
  TWO_FACTOR_ENCRYPTION_KEY: 't'.repeat(40),
  NODE_ENV: 'production',
};
const XPUB = HDKey.fromMasterSeed(
  mnemonicToSeedSync('test test test test test test test test test test test junk'),
).derive("m/44'/60'/0'").publicExtendedKey;

describe('the test gateway in production', () => {
  it('takes no payment with or without DEMO', () => {
    expect(loadConfig({ ...strong }).cardPaymentsEnabled).toBe(false);
    expect(loadConfig({ ...strong, DEMO: 'true' }).cardPaymentsEnabled).toBe(false);
    expect(loadConfig({ ...strong, DEMO: 'false' }).cardPaymentsEnabled).toBe(false);
    // Outside production the test gateway is the default and works offline.
    expect(loadConfig({ DEMO: 'true' }).cardPaymentsEnabled).toBe(true);
  });

  it('refuses to boot with DEMO=true and a watched network, naming PAYMENT_GATEWAY', () => {
    const watched = { ETH_RPC_URL: 'http://127.0.0.1:8545', ETH_XPUB: XPUB };
    const boot = () => loadConfig({ ...strong, DEMO: 'true', ...watched });
    expect(boot).toThrow(ConfigError);
    expect(boot).toThrow(/PAYMENT_GATEWAY/);
    // Without demo, or with Stripe, or without a watched network, it boots.
    expect(() => loadConfig({ ...strong, ...watched })).not.toThrow();
    expect(() => loadConfig({ ...strong, DEMO: 'true' })).not.toThrow();
    expect(() =>
      loadConfig({
        ...strong,
        DEMO: 'true',
        ...watched,
        PAYMENT_GATEWAY: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }),
    ).not.toThrow();
  });
});

describe('a production server in demo mode with the test gateway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', DEMO: 'true' } });
  });
  afterAll(() => t.close());

  it('answers 503 to card checkouts and to premium, and its page takes no card', async () => {
    const u = await makeUser(t);
    const deposit = await t.request({
      method: 'POST',
      url: '/api/Payment/card/checkout',
      token: u.token,
      payload: { assetId: await assetId(t, 'USD'), amount: '100' },
    });
    expect(deposit.statusCode, deposit.body).toBe(503);
    expect(deposit.json().error.code).toBe('PAYMENTS_NOT_CONFIGURED');
    const premium = await t.request({
      method: 'POST',
      url: '/api/User/premium/checkout',
      token: u.token,
      payload: {},
    });
    expect(premium.statusCode, premium.body).toBe(503);

    // A session left in the gateway's books (from before) cannot be paid either.
    const [s] = await t.services.db
      .insert(testGatewaySessions)
      .values({
        id: 'cs_test_left_over',
        idempotencyKey: 'checkout-left-over',
        mode: 'payment',
        status: 'open',
        amount: '100',
        currency: 'USD',
        description: 'left over',
        email: 'payer@example.com',
        clientReferenceId: 'left-over',
        metadata: {},
        successUrl: '/payment/return?id=left-over',
        cancelUrl: '/payment/return?id=left-over&cancelled=1',
      })
      .returning();
    const paid = await payOnPage(t, `/gateway/test/checkout/${s?.id}`, GOOD);
    expect(paid.statusCode).toBe(503);
    const [after] = await t.services.db
      .select()
      .from(testGatewaySessions)
      .where(eq(testGatewaySessions.id, 'cs_test_left_over'));
    expect(after?.status).toBe('open');
  });
});
