import { Writable } from 'node:stream';
import { Decimal, TEST_CARDS } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { premiumSubscriptions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { claims, createUser, session } from '../auth/auth.test-helpers';
import { assetId } from '../ledger/ledger.test-helpers';

// A CVC no timestamp, id or duration in a log line is likely to contain by chance.
const CVC = '9317';
const card = (creditCardNumber: string, over: Record<string, string> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  creditCardNumber,
  expiracy: '12/39',
  cvc: CVC,
  ...over,
});

let t: TestApp;
const lines: string[] = [];
const bodies: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  // The most talkative level: whatever any part logs about a request is captured.
  t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: stream });
});
afterAll(() => t.close());

async function signedIn(currency = 'USD') {
  const u = await createUser(t);
  await t.services.db.update(users).set({ preferedCurrency: currency }).where(eq(users.email, u.email));
  const [row] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.email, u.email));
  if (!row) throw new Error('no user');
  return { id: row.id, token: (await session(t, u.email, u.password)).token };
}

/** Every answer is kept: none may hold a card number or CVC. */
async function call(opts: Parameters<TestApp['request']>[0]) {
  const res = await t.request(opts);
  bodies.push(res.body);
  return res;
}
const buy = (token: string, payload: Record<string, string>) =>
  call({ method: 'POST', url: '/api/User/premium', token, payload });
const cancel = (token: string) => call({ method: 'DELETE', url: '/api/User/premium', token });
const me = async (token: string) => (await call({ method: 'GET', url: '/api/User', token })).json().content;
const rowsOf = (userId: string) =>
  t.services.db.select().from(premiumSubscriptions).where(eq(premiumSubscriptions.userId, userId));

describe('POST /api/User/premium', () => {
  it('charges 49 in the display currency for a year and answers a token with the premium claim', async () => {
    const u = await signedIn('CHF');
    expect(claims(u.token).premium).toBe(false);
    const before = Date.now();
    const res = await buy(u.token, card('4242 4242 4242 4242'));
    expect(res.statusCode).toBe(200);
    const { jwToken, subscription } = res.json().content;
    expect(claims(jwToken)).toMatchObject({ sub: u.id, premium: true });
    expect(subscription).toMatchObject({
      status: 'active',
      amount: '49',
      currency: 'CHF',
      cardLast4: '4242',
      cardBrand: 'visa',
      cancelledAt: null,
    });
    const start = new Date(subscription.startDate);
    const renewal = new Date(subscription.renewalDate);
    expect(start.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(renewal.getUTCFullYear()).toBe(start.getUTCFullYear() + 1);
    expect(renewal.toISOString().slice(5)).toBe(start.toISOString().slice(5));

    // The new token works at once, and the profile says premium until the renewal date.
    expect(await me(jwToken)).toMatchObject({ premium: true, premiumUntil: renewal.toISOString() });
    const [row] = await rowsOf(u.id);
    expect(row).toMatchObject({ status: 'active', currency: 'CHF', cardLast4: '4242', gateway: 'test' });
    expect(new Decimal(row?.amount ?? '0').eq(49)).toBe(true);
    expect(row?.gatewayReference).toMatch(/^test_/);
    const got = await call({ method: 'GET', url: '/api/User/premium', token: jwToken });
    expect(got.json().content).toMatchObject({ id: subscription.id, status: 'active' });
  });

  it('makes conversions free at once (the fee is read from the database)', async () => {
    const u = await signedIn();
    const lock = async (token: string) =>
      (
        await call({
          method: 'POST',
          url: '/api/AssetConvert/lock',
          token,
          payload: { leftAssetId: await assetId(t, 'ETH'), rightAssetId: await assetId(t, 'USD') },
        })
      ).json().content;
    expect((await lock(u.token)).feeRate).toBe('0.005');
    const { jwToken } = (await buy(u.token, card(TEST_CARDS.success))).json().content;
    expect((await lock(jwToken)).feeRate).toBe('0');
  });

  it.each([
    [TEST_CARDS.declined, 'CARD_DECLINED', 'Your card was declined.'],
    [TEST_CARDS.insufficientFunds, 'CARD_DECLINED', 'Your card has insufficient funds.'],
    ['4242424242424241', 'CARD_INVALID', 'Your card number is invalid.'],
  ])('refuses %s (402 %s) and keeps nothing', async (number, code, message) => {
    const u = await signedIn();
    const res = await buy(u.token, card(number));
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code, error: message });
    expect(await rowsOf(u.id)).toEqual([]);
    expect(await me(u.token)).toMatchObject({ premium: false, premiumUntil: null });
  });

  it('refuses an expired card (402 CARD_INVALID)', async () => {
    const u = await signedIn();
    const res = await buy(u.token, card(TEST_CARDS.success, { expiracy: '01/20' }));
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: 'CARD_INVALID', error: 'Your card has expired.' });
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it.each([
    [{ cvc: '12' }, 'cvc'],
    [{ cvc: '12a' }, 'cvc'],
    [{ expiracy: '13/30' }, 'expiracy'],
    [{ creditCardNumber: '4242' }, 'creditCardNumber'],
    [{ creditCardNumber: '4242-4242-abcd-4242' }, 'creditCardNumber'],
    [{ firstName: ' ' }, 'firstName'],
  ])('refuses %j before the gateway (400 VALIDATION)', async (over, field) => {
    const u = await signedIn();
    const res = await buy(u.token, card(TEST_CARDS.success, over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it('refuses a second subscription while one is active (409 ALREADY_PREMIUM)', async () => {
    const u = await signedIn();
    const { jwToken } = (await buy(u.token, card(TEST_CARDS.success))).json().content;
    const again = await buy(jwToken, card(TEST_CARDS.success));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_PREMIUM');
    expect(await rowsOf(u.id)).toHaveLength(1);
  });

  it('charges once when two payments are sent at the same moment', async () => {
    const u = await signedIn();
    const [a, b] = await Promise.all([
      buy(u.token, card(TEST_CARDS.success)),
      buy(u.token, card(TEST_CARDS.success)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await rowsOf(u.id)).toHaveLength(1);
  });

  it('waits for a payment in progress, and settles one an interrupted server left behind', async () => {
    const u = await signedIn();
    const pending = {
      userId: u.id,
      status: 'pending' as const,
      startDate: new Date(),
      renewalDate: new Date(Date.now() + 365 * 86_400_000),
      amount: '49',
      currency: 'USD',
      gateway: 'test',
      cardLast4: '4242',
      cardBrand: 'card',
    };
    const [fresh] = await t.services.db.insert(premiumSubscriptions).values(pending).returning();
    const busy = await buy(u.token, card(TEST_CARDS.success));
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('PREMIUM_PAYMENT_IN_PROGRESS');

    // The gateway charged it, then the server stopped before recording it: it stands, no second charge.
    const old = new Date(Date.now() - 10 * 60_000);
    await t.services.db
      .update(premiumSubscriptions)
      .set({ createdAt: old })
      .where(eq(premiumSubscriptions.id, fresh?.id ?? ''));
    const charged = await t.services.payments.charge({
      card: { cardNumber: TEST_CARDS.success, expiry: '12/39', cvc: '123', holderName: 'Ada Lovelace' },
      amount: new Decimal(49),
      currency: 'USD',
      description: 'interrupted',
      idempotencyKey: fresh?.id ?? '',
    });
    expect(charged.ok).toBe(true);
    const res = await buy(u.token, card(TEST_CARDS.declined));
    expect(res.statusCode).toBe(200);
    expect(res.json().content.subscription).toMatchObject({ id: fresh?.id, status: 'active' });
    expect(claims(res.json().content.jwToken).premium).toBe(true);
  });

  it('forgets an interrupted payment the gateway never charged, then takes the new one', async () => {
    const u = await signedIn();
    await t.services.db.insert(premiumSubscriptions).values({
      userId: u.id,
      status: 'pending',
      startDate: new Date(),
      renewalDate: new Date(),
      amount: '49',
      currency: 'USD',
      gateway: 'test',
      cardLast4: '4242',
      cardBrand: 'card',
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    const res = await buy(u.token, card('5555 5555 5555 4444'));
    expect(res.statusCode).toBe(200);
    expect(res.json().content.subscription).toMatchObject({ cardLast4: '4444', cardBrand: 'mastercard' });
    expect(await rowsOf(u.id)).toHaveLength(1);
  });

  it('needs a session and the XSRF header', async () => {
    expect(
      (await call({ method: 'POST', url: '/api/User/premium', payload: card(TEST_CARDS.success) }))
        .statusCode,
    ).toBe(401);
    const u = await signedIn();
    const res = await call({
      method: 'POST',
      url: '/api/User/premium',
      token: u.token,
      payload: card(TEST_CARDS.success),
      xsrf: false,
    });
    expect(res.statusCode).toBe(403);
    expect(await rowsOf(u.id)).toEqual([]);
  });
});

describe('DELETE /api/User/premium', () => {
  it('ends premium now and answers a token without the claim', async () => {
    const u = await signedIn();
    const { jwToken } = (await buy(u.token, card(TEST_CARDS.success))).json().content;
    const res = await cancel(jwToken);
    expect(res.statusCode).toBe(200);
    const after = res.json().content.jwToken;
    expect(claims(after).premium).toBe(false);
    expect(await me(after)).toMatchObject({ premium: false, premiumUntil: null });
    const [row] = await rowsOf(u.id);
    expect(row?.status).toBe('cancelled');
    expect(row?.cancelledAt).toBeInstanceOf(Date);
    const got = await call({ method: 'GET', url: '/api/User/premium', token: after });
    expect(got.json().content).toMatchObject({ status: 'cancelled' });

    // The premium route is closed to the old token's holder too (premium is read from the database).
    const again = await cancel(jwToken);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('PREMIUM_REQUIRED');
    // And a new subscription can start.
    expect((await buy(after, card(TEST_CARDS.success))).statusCode).toBe(200);
    expect(await rowsOf(u.id)).toHaveLength(2);
  });

  it('refuses a user without premium (403 PREMIUM_REQUIRED)', async () => {
    const u = await signedIn();
    const res = await cancel(u.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PREMIUM_REQUIRED');
  });

  it('answers null for a user who never subscribed', async () => {
    const u = await signedIn();
    const res = await call({ method: 'GET', url: '/api/User/premium', token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBeNull();
  });
});

describe('card data', () => {
  it('never reaches an answer, a log line or a row', async () => {
    // Runs last: every call of this file has been made and logged by now.
    const numbers = [
      TEST_CARDS.success,
      TEST_CARDS.declined,
      TEST_CARDS.insufficientFunds,
      '5555555555554444',
    ];
    const secrets = [...numbers, '4242 4242 4242 4242', '5555 5555 5555 4444', CVC];
    expect(lines.length).toBeGreaterThan(20);
    expect(bodies.length).toBeGreaterThan(20);
    for (const text of [...lines, ...bodies]) {
      for (const s of secrets) expect(text).not.toContain(s);
    }
    const rows = JSON.stringify(await t.services.db.select().from(premiumSubscriptions));
    for (const s of secrets) expect(rows).not.toContain(s);
  });
});
