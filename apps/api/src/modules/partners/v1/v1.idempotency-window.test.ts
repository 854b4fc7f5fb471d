import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdempotencyKeys, partnerQuotes } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { prepareAssets } from '../../exchange/exchange.test-helpers';
import { makePartner, type TestPartner, withKey } from '../partners.test-helpers';
import { createIdempotency } from './idempotency';
import { ETH_ADDRESS, partnerExchangeCount, quoteOf } from './v1.test-helpers';

// An idempotent create has a window (120 s; 1 s in this app): a retry after it may take the key over.
// A create still running then must neither make a second exchange nor overwrite the retry's answer.
let t: TestApp;
let p: TestPartner;
beforeAll(async () => {
  t = await createTestApp({ env: { PARTNER_IDEMPOTENCY_WINDOW_SECONDS: '1' } });
  await prepareAssets(t);
  p = await makePartner(t, { commission: '0.01' });
  // A create whose end user is this address stalls inside the database (a slow disk, a lock...).
  await t.services.db.execute(sql`
    create function test_stall_create() returns trigger language plpgsql as $$
    begin
      if NEW.email = 'stall.create@example.com' then perform pg_sleep(4); end if;
      return NEW;
    end $$`);
  await t.services.db.execute(sql`
    create trigger test_stall_create before insert on guest_exchanges
    for each row execute function test_stall_create()`);
});
afterAll(() => t.close());

const keyRow = async (key: string) =>
  (
    await t.services.db
      .select()
      .from(partnerIdempotencyKeys)
      .where(and(eq(partnerIdempotencyKeys.partnerId, p.userId), eq(partnerIdempotencyKeys.key, key)))
  )[0];
const quoteUsed = async (id: string) =>
  (await t.services.db.select().from(partnerQuotes).where(eq(partnerQuotes.id, id)))[0]?.usedAt ?? null;

async function waitFor(check: () => Promise<boolean>, what: string) {
  const end = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a create that outlives its window', () => {
  it('loses its key to the retry: it makes no exchange and the retry’s stored answer stands', async () => {
    const api = t.services.partners.api;
    const idempotent = createIdempotency(t.services.db, { windowSeconds: 120 });
    const body = { quoteId: 'the same body for both', destinationAddress: ETH_ADDRESS };
    const [q1, q2] = [await quoteOf(t, p.key), await quoteOf(t, p.key)];
    const before = await partnerExchangeCount(t, p.userId);
    let resume = () => {};
    const stalled = new Promise<void>((r) => {
      resume = r;
    });
    // The first request takes the key, then stalls before it writes anything.
    const first = idempotent(
      p.userId,
      'order-stalled',
      'exchanges/fixed',
      body,
      201,
      async (hold) => {
        await stalled;
        return api.createFixed(p.userId, { quoteId: q1.id, destinationAddress: ETH_ADDRESS }, hold);
      },
      (id) => api.get(p.userId, id),
    );
    await waitFor(async () => (await keyRow('order-stalled')) !== undefined, 'the key taken');
    // Its window passes; the partner retries with the key and the retry creates.
    await t.services.db
      .update(partnerIdempotencyKeys)
      .set({ createdAt: sql`now() - interval '5 minutes'` })
      .where(
        and(eq(partnerIdempotencyKeys.partnerId, p.userId), eq(partnerIdempotencyKeys.key, 'order-stalled')),
      );
    const retry = await idempotent(
      p.userId,
      'order-stalled',
      'exchanges/fixed',
      body,
      201,
      (hold) => api.createFixed(p.userId, { quoteId: q2.id, destinationAddress: ETH_ADDRESS }, hold),
      (id) => api.get(p.userId, id),
    );
    expect(retry.replayed).toBe(false);
    // The stalled request goes on: refused, nothing written.
    resume();
    const outcome = await first.then(
      (r) => r,
      (err: unknown) => err,
    );
    expect(outcome).toBeInstanceOf(AppError);
    expect((outcome as AppError).code).toBe('IDEMPOTENCY_WINDOW_PASSED');
    expect(await partnerExchangeCount(t, p.userId)).toBe(before + 1);
    expect(await quoteUsed(q1.id)).toBeNull();
    const row = await keyRow('order-stalled');
    expect(row?.statusCode).toBe(201);
    expect((row?.response as { id: string } | undefined)?.id).toBe(retry.body.id);
  });

  it('a create stalled inside the database is cancelled at the end of its window (PostgreSQL); one exchange either way', async () => {
    const q = await quoteOf(t, p.key);
    const body = { quoteId: q.id, destinationAddress: ETH_ADDRESS, email: 'stall.create@example.com' };
    const create = () =>
      withKey(t, p.key, {
        method: 'POST',
        url: '/api/v1/exchanges/fixed',
        payload: body,
        headers: { 'idempotency-key': 'order-slow' },
      });
    const before = await partnerExchangeCount(t, p.userId);
    const first = await create();
    if (t.database.kind === 'postgres') {
      // The statement timeout (the window left, 1 s here) cancelled the insert stalled for 4 s.
      expect(first.statusCode, first.body).toBe(503);
      expect(first.json().error).toMatchObject({
        code: 'IDEMPOTENCY_WINDOW_PASSED',
        error:
          'This request took longer than its Idempotency-Key allows and was cancelled: nothing was created. Retry it with the same key.',
      });
      expect(await partnerExchangeCount(t, p.userId)).toBe(before);
      expect(await quoteUsed(q.id)).toBeNull();
      expect(await keyRow('order-slow')).toBeUndefined();
      // The key was freed with nothing made: once the database is quick again the retry creates.
      await t.services.db.execute(sql`drop trigger test_stall_create on guest_exchanges`);
      const retry = await create();
      expect(retry.statusCode, retry.body).toBe(201);
    } else {
      // PGlite has no statement timeout, and the stalled transaction holds its only connection: no
      // retry runs until it ends, so it finishes and a retry replays it.
      expect(first.statusCode, first.body).toBe(201);
      await t.services.db.execute(sql`drop trigger test_stall_create on guest_exchanges`);
      const retry = await create();
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
    }
    expect(await partnerExchangeCount(t, p.userId)).toBe(before + 1);
    expect((await create()).headers['idempotent-replayed']).toBe('true');
  });
});
