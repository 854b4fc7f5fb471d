import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdempotencyKeys } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { prepareAssets } from '../../exchange/exchange.test-helpers';
import { makePartner, type TestPartner, withKey } from '../partners.test-helpers';
import { ETH_ADDRESS, partnerExchangeCount, quoteOf } from './v1.test-helpers';

// Runs on PGlite by default and on PostgreSQL with DATABASE_URL (real concurrent connections).
let t: TestApp;
let p: TestPartner;
beforeAll(async () => {
  t = await createTestApp();
  await prepareAssets(t);
  p = await makePartner(t, { commission: '0.01' });
});
afterAll(() => t.close());

const create = (payload: object, key?: string) =>
  withKey(t, p.key, {
    method: 'POST',
    url: '/api/v1/exchanges/fixed',
    payload,
    ...(key !== undefined ? { headers: { 'idempotency-key': key } } : {}),
  });

describe('Idempotency-Key on creates', () => {
  it('the same key and body answer the same result, replayed, and make one exchange', async () => {
    const q = await quoteOf(t, p.key);
    const body = { quoteId: q.id, destinationAddress: ETH_ADDRESS };
    const first = await create(body, 'order-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const before = await partnerExchangeCount(t, p.userId);
    const again = await create(body, 'order-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await partnerExchangeCount(t, p.userId)).toBe(before);
  });

  it('the same key with another body is refused with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const q = await quoteOf(t, p.key);
    expect((await create({ quoteId: q.id, destinationAddress: ETH_ADDRESS }, 'order-2')).statusCode).toBe(
      201,
    );
    const other = await create(
      { quoteId: q.id, destinationAddress: ETH_ADDRESS, email: 'x.y@example.com' },
      'order-2',
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      success: false,
      error: {
        code: 'IDEMPOTENCY_KEY_REUSED',
        error: 'This Idempotency-Key was already used with another request body.',
      },
    });
    // Another route with the key is another request too.
    const variable = await withKey(t, p.key, {
      method: 'POST',
      url: '/api/v1/exchanges/variable',
      payload: { from: 'BTC', to: 'ETH', destinationAddress: ETH_ADDRESS },
      headers: { 'idempotency-key': 'order-2' },
    });
    expect(variable.statusCode).toBe(422);
    expect(variable.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('a failed create frees its key: the corrected request with the same key succeeds', async () => {
    const q = await quoteOf(t, p.key);
    const bad = await create({ quoteId: q.id, destinationAddress: 'nope-not-an-address' }, 'order-3');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_WALLET_ADDRESS');
    const replay = await create({ quoteId: q.id, destinationAddress: 'nope-not-an-address' }, 'order-3');
    expect(replay.json().error.code).toBe('INVALID_WALLET_ADDRESS');
    expect((await create({ quoteId: q.id, destinationAddress: ETH_ADDRESS }, 'order-3')).statusCode).toBe(
      201,
    );
  });

  it('refuses a malformed key with 400', async () => {
    const q = await quoteOf(t, p.key);
    for (const key of ['', 'a'.repeat(201), 'has space']) {
      const res = await create({ quoteId: q.id, destinationAddress: ETH_ADDRESS }, key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json().error.code).toBe('IDEMPOTENCY_KEY_INVALID');
    }
  });

  it('20 concurrent creates with one key make exactly one exchange, all answering it', async () => {
    const q = await quoteOf(t, p.key);
    const before = await partnerExchangeCount(t, p.userId);
    const body = { quoteId: q.id, destinationAddress: ETH_ADDRESS };
    const all = await Promise.all(Array.from({ length: 20 }, () => create(body, 'order-concurrent')));
    expect(all.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(all.map((r) => r.json().content.id));
    expect(ids.size).toBe(1);
    expect(all.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await partnerExchangeCount(t, p.userId)).toBe(before + 1);
  });

  it('20 concurrent variable-mode creates with one key also make at most one exchange', async () => {
    // BTC is not watched here: every request gets the same refusal and nothing is stored.
    const before = await partnerExchangeCount(t, p.userId);
    const all = await Promise.all(
      Array.from({ length: 20 }, () =>
        withKey(t, p.key, {
          method: 'POST',
          url: '/api/v1/exchanges/variable',
          payload: { from: 'BTC', to: 'ETH', destinationAddress: ETH_ADDRESS },
          headers: { 'idempotency-key': 'variable-concurrent' },
        }),
      ),
    );
    expect(all.every((r) => [422, 409].includes(r.statusCode))).toBe(true);
    expect(await partnerExchangeCount(t, p.userId)).toBe(before);
  });
});

describe('Idempotency-Key after a crash', () => {
  // A partner of its own: the block above has used up the first key's creates for this minute.
  let p: TestPartner;
  beforeAll(async () => {
    p = await makePartner(t, { commission: '0.01' });
  });
  const create = (payload: object, key: string) =>
    withKey(t, p.key, {
      method: 'POST',
      url: '/api/v1/exchanges/fixed',
      payload,
      headers: { 'idempotency-key': key },
    });
  const keyRow = (key: string) =>
    t.services.db
      .select()
      .from(partnerIdempotencyKeys)
      .where(and(eq(partnerIdempotencyKeys.partnerId, p.userId), eq(partnerIdempotencyKeys.key, key)));

  it('the create records its exchange under the key in its own transaction; a retry after a crash before the answer was stored replays it', async () => {
    const q = await quoteOf(t, p.key);
    const body = { quoteId: q.id, destinationAddress: ETH_ADDRESS };
    const first = await create(body, 'order-crash-1');
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().content.id as string;
    // As the row was between the create's commit and the stored answer: what `bind` wrote, only.
    await t.services.db
      .update(partnerIdempotencyKeys)
      .set({ statusCode: null, response: { exchangeId: id } })
      .where(
        and(eq(partnerIdempotencyKeys.partnerId, p.userId), eq(partnerIdempotencyKeys.key, 'order-crash-1')),
      );
    const before = await partnerExchangeCount(t, p.userId);
    const again = await create(body, 'order-crash-1');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().content.id).toBe(id);
    expect(await partnerExchangeCount(t, p.userId)).toBe(before);
  });

  it('a failed create leaves no exchange id under the key and frees it', async () => {
    const q = await quoteOf(t, p.key);
    const bad = await create({ quoteId: q.id, destinationAddress: 'not-an-address' }, 'order-crash-2');
    expect(bad.statusCode).toBe(400);
    expect(await keyRow('order-crash-2')).toEqual([]);
  });

  it('a key left in progress with nothing created is freed after two minutes, and the retry creates', async () => {
    const q = await quoteOf(t, p.key);
    const body = { quoteId: q.id, destinationAddress: ETH_ADDRESS };
    // A request that took the key, then died before its create committed.
    await t.services.db.insert(partnerIdempotencyKeys).values({
      partnerId: p.userId,
      key: 'order-crash-3',
      route: 'exchanges/fixed',
      requestHash: createHash('sha256')
        .update(`exchanges/fixed\n${JSON.stringify(body)}`)
        .digest('hex'),
      createdAt: new Date(Date.now() - 5 * 60_000),
    });
    const before = await partnerExchangeCount(t, p.userId);
    const retry = await create(body, 'order-crash-3');
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await partnerExchangeCount(t, p.userId)).toBe(before + 1);
    expect((await keyRow('order-crash-3'))[0]?.statusCode).toBe(201);
  });
});
