import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunStatement } from '../../db/client';
import { priceLocks, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { createLockInserter, type LockRequest } from './lock-batches.repository';

let t: TestApp;
let usd: string;
let btc: string;
let statements: number;
let insertLock: ReturnType<typeof createLockInserter>;

beforeAll(async () => {
  t = await createTestApp();
  usd = await assetId(t, 'USD');
  btc = await assetId(t, 'BTC');
  const counting: RunStatement = (st, params) => {
    statements++;
    return t.database.run(st, params);
  };
  insertLock = createLockInserter(counting, 60);
});
afterAll(() => t.close());

const ask = (userId: string, tokenVersion = 0): LockRequest => ({
  userId,
  tokenVersion,
  leftAssetId: usd,
  rightAssetId: btc,
  rate: '0.00001',
  leftUsd: '1',
  rightUsd: '100000',
});

describe('price locks asked for in one turn', () => {
  it('are inserted by one statement, each for its own caller; a refused caller gets none', async () => {
    const ok = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
    const disabled = await makeUser(t);
    await t.services.db.update(users).set({ status: -1 }).where(eq(users.id, disabled.id));
    const revoked = await makeUser(t);
    statements = 0;
    const results = await Promise.all([
      insertLock(ask(ok[0]?.id ?? '')),
      insertLock(ask(disabled.id)),
      insertLock(ask(ok[1]?.id ?? '')),
      insertLock(ask(revoked.id, 7)),
      insertLock(ask(ok[2]?.id ?? '')),
    ]);
    expect(statements).toBe(1);
    expect(results[1]).toBeUndefined();
    expect(results[3]).toBeUndefined();
    for (const [i, u] of [
      [0, ok[0]],
      [2, ok[1]],
      [4, ok[2]],
    ] as const) {
      const lock = results[i];
      if (!lock) throw new Error(`lock ${i} refused`);
      const [row] = await t.services.db.select().from(priceLocks).where(eq(priceLocks.id, lock.id));
      expect(row?.userId).toBe(u?.id);
      expect(lock.expiresAt.getTime() - Date.now()).toBeGreaterThan(55_000);
    }
  });

  it('are separate statements when asked for in separate turns', async () => {
    const u = await makeUser(t);
    statements = 0;
    await insertLock(ask(u.id));
    await insertLock(ask(u.id));
    expect(statements).toBe(2);
  });

  it('all fail with their statement, and the next batch is not affected', async () => {
    const u = await makeUser(t);
    const bad = { ...ask(u.id), rate: 'not a number' };
    const settled = await Promise.allSettled([insertLock(ask(u.id)), insertLock(bad)]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    const before = await t.services.db.execute(
      sql`select count(*)::int as n from price_locks where user_id = ${u.id}`,
    );
    expect((before as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    expect(await insertLock(ask(u.id))).toMatchObject({ premium: false });
  });
});
