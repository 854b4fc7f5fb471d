import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../test/test-app';
import type { Database } from './client';
import { assets, countries, settings, users, withdrawalRules } from './schema';
import { seedDemo, seedFirstAdmin, seedReference } from './seed';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const counts = async () => {
  const db = database.db;
  const [a] = await db.select({ n: count() }).from(assets);
  const [c] = await db.select({ n: count() }).from(countries);
  const [s] = await db.select({ n: count() }).from(settings);
  const [u] = await db.select({ n: count() }).from(users);
  return { assets: a?.n, countries: c?.n, settings: s?.n, users: u?.n };
};

describe('seeding', () => {
  it('holds the nineteen assets of the specs with their decimals', async () => {
    const rows = await database.db.select().from(assets);
    expect(rows.map((r) => r.ticker).sort()).toEqual(
      [
        'USD',
        'CHF',
        'EUR',
        'GBP',
        'CAD',
        'AUD',
        'JPY',
        'BTC',
        'ETH',
        'LTC',
        'XRP',
        'ADA',
        'ATOM',
        'ZEC',
        'BNB',
        'TON',
        'USDT',
        'USDT-BEP20',
        'USDT-TRC20',
      ].sort(),
    );
    const dec = Object.fromEntries(rows.map((r) => [r.ticker, r.decimals]));
    expect([dec.BTC, dec.ETH, dec.USD, dec.JPY]).toEqual([8, 18, 2, 0]);
  });

  it('adds nothing twice when run again', async () => {
    const config = testConfig({
      DEMO_USER_PASSWORD: 'demo-user-password',
      DEMO_ADMIN_PASSWORD: 'demo-admin-password',
    });
    await seedDemo(database.db, config);
    const before = await counts();
    await seedReference(database.db);
    const again = await seedDemo(database.db, config);
    expect(await counts()).toEqual(before);
    expect(again.every((a) => !a.created)).toBe(true);
  });

  it('demo: every asset gets a withdrawal rule (open, a fee, a minimum); a rule the admin changed is kept', async () => {
    const config = testConfig({
      DEMO_USER_PASSWORD: 'demo-user-password',
      DEMO_ADMIN_PASSWORD: 'demo-admin-password',
    });
    await seedDemo(database.db, config);
    const rows = await database.db
      .select({
        ticker: assets.ticker,
        open: withdrawalRules.open,
        fee: withdrawalRules.fee,
        minimum: withdrawalRules.minimum,
      })
      .from(withdrawalRules)
      .innerJoin(assets, eq(assets.id, withdrawalRules.assetId));
    expect(rows.length).toBe((await database.db.select().from(assets)).length);
    const eth = rows.find((r) => r.ticker === 'ETH');
    expect(eth).toMatchObject({ open: true, fee: '0.0005', minimum: '0.001' });
    expect(rows.find((r) => r.ticker === 'EUR')).toMatchObject({ fee: '1', minimum: '10' });
    await database.db.update(withdrawalRules).set({ open: false, fee: '0.01' });
    await seedDemo(database.db, config);
    const after = await database.db.select().from(withdrawalRules);
    expect(after.every((r) => !r.open && r.fee === '0.01')).toBe(true);
    await database.db.update(withdrawalRules).set({ open: true });
  });

  it('puts back only the reference rows that are missing', async () => {
    const full = await counts();
    const [fr] = await database.db.select().from(countries).where(eq(countries.iso31661Alpha2Code, 'FR'));
    await database.db.delete(countries).where(eq(countries.iso31661Alpha2Code, 'FR'));
    const [setting] = await database.db.select().from(settings).limit(1);
    if (!setting) throw new Error('no setting');
    await database.db.delete(settings).where(eq(settings.key, setting.key));
    expect(await counts()).toMatchObject({
      countries: (full.countries ?? 0) - 1,
      settings: (full.settings ?? 0) - 1,
    });
    await seedReference(database.db);
    expect(await counts()).toEqual(full);
    const [back] = await database.db.select().from(countries).where(eq(countries.iso31661Alpha2Code, 'FR'));
    expect(back).toEqual(fr);
  });

  it('creates the first admin from the environment only when there is no admin', async () => {
    const config = testConfig({
      ADMIN_EMAIL: 'first-admin@example.com',
      ADMIN_PASSWORD: 'first-admin-password',
    });
    // The demo admin above already exists, so no second admin is created.
    expect(await seedFirstAdmin(database.db, config)).toBe(false);
    const found = await database.db.select().from(users).where(eq(users.email, 'first-admin@example.com'));
    expect(found).toHaveLength(0);
  });
});
