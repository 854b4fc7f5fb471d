import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/test-app';
import { createAssetCatalog } from './asset-catalog';

describe('asset catalogue', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('answers inside an open transaction once its time is up, without waiting for a query outside it', async () => {
    // ttl 0: every call after the first finds the list past its time. Before the fix the call
    // inside the transaction waited for a reload outside it: on the embedded database (one
    // connection) that never came, and every later request hung (the requote browser test).
    const catalog = createAssetCatalog(database.db, 0);
    const btc = (await catalog.all()).find((a) => a.ticker === 'BTC');
    expect(btc).toBeDefined();
    await new Promise((r) => setTimeout(r, 5));
    const inside = await Promise.race([
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        return (await catalog.byId(btc?.id ?? ''))?.ticker;
      }),
      new Promise((r) => setTimeout(() => r('waited'), 3000)),
    ]);
    expect(inside).toBe('BTC');
  });

  it('reloads in the background, and at once after invalidate()', async () => {
    const catalog = createAssetCatalog(database.db, 0);
    await catalog.all();
    const v = catalog.version;
    await new Promise((r) => setTimeout(r, 5));
    await catalog.all(); // stale: answered, reload started
    await new Promise((r) => setTimeout(r, 200));
    expect(catalog.version).toBeGreaterThan(v);
    catalog.invalidate();
    const before = catalog.version;
    await catalog.all();
    expect(catalog.version).toBe(before + 1);
  });
});
