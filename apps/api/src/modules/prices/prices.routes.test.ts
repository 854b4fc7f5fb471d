import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceSnapshots } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { startPriceFixture } from './price-fixture-server';
import { thinSnapshots } from './prices.repository';

describe('static prices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives the public exchange rate as an unrounded decimal string', async () => {
    const [btc, eth] = [await assetId(t, 'BTC'), await assetId(t, 'ETH')];
    const res = await t.request({
      method: 'GET',
      url: `/api/PublicExchange/exchangeRate?sourceWalletId=${btc}&destinationWalletId=${eth}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBe('18.28358208955223880597014925373134328358');
    const bad = await t.request({
      method: 'GET',
      url: `/api/PublicExchange/exchangeRate?sourceWalletId=x&destinationWalletId=${eth}`,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('thins snapshots older than two days to one an hour', async () => {
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 86_400_000);
    const at = (ms: number) => new Date(hour.getTime() + ms);
    const recent = new Date(Date.now() - 3_600_000 + 60_000);
    await t.services.db.insert(priceSnapshots).values(
      [at(0), at(60_000), at(120_000), recent].map((takenAt) => ({
        asset: 'THIN',
        usd: '1',
        takenAt,
        source: 'test',
      })),
    );
    await thinSnapshots(t.services.db, new Date(Date.now() - 2 * 86_400_000));
    const left = await t.services.db
      .select({ takenAt: priceSnapshots.takenAt })
      .from(priceSnapshots)
      .where(sql`asset = 'THIN'`)
      .orderBy(priceSnapshots.takenAt);
    expect(left.map((r) => r.takenAt.getTime())).toEqual([hour.getTime(), recent.getTime()]);
  });

  it('records snapshots once per slot, even from two refreshers', async () => {
    await t.services.prices.refresh();
    await t.services.prices.refresh();
    const rows = await t.services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(priceSnapshots)
      .where(sql`asset = 'BTC'`);
    // start() refreshed once; both manual refreshes fall into the same 60 s slot (or the next one).
    expect(rows[0]?.n).toBeLessThanOrEqual(2);
  });

  it('serves the chart series and the current prices, flagged indicative', async () => {
    const res = await t.request({ method: 'GET', url: '/api/prices/history?ticker=BTC&hours=24' });
    expect(res.json().content).toMatchObject({ ticker: 'BTC', source: 'static', indicative: true });
    expect(res.json().content.points[0].usd).toBe('61250');
    expect((await t.request({ method: 'GET', url: '/api/prices/history?ticker=NOPE' })).statusCode).toBe(404);
    const now = (await t.request({ method: 'GET', url: '/api/prices' })).json().content;
    expect(now.prices.find((p: { ticker: string }) => p.ticker === 'ETH').usd).toBe('3350');
  });

  it('shows the 24 h change from snapshots in the totals', async () => {
    const old = new Date(Date.now() - 25 * 3600 * 1000);
    await t.services.db.insert(priceSnapshots).values([
      { asset: 'BTC', usd: '50000', takenAt: old, source: 'static' },
      { asset: 'USD', usd: '1', takenAt: old, source: 'static' },
    ]);
    await t.services.prices.refresh();
    const u = await makeUser(t);
    const { fund } = await import('../ledger/ledger.test-helpers');
    await fund(t, u.id, 'BTC', '1');
    const c = (await t.request({ method: 'GET', url: '/api/Wallets/totals', token: u.token })).json().content;
    expect(c.cryptoTotal.amount).toBe('61250');
    expect(c.cryptoTotalYtd.amount).toBe('50000');
    expect(c.performanceYtd.amount).toBe('11250');
    expect(c.cryptoChangePercent).toBe('22.5');
  });
});

describe('live source going stale', () => {
  it('refuses locks and quotes with PRICES_STALE once prices are older than the maximum age', async () => {
    const fx = await startPriceFixture();
    const t = await createTestApp({
      env: { PRICE_SOURCE: 'coinbase', PRICE_SOURCE_URL: fx.url, PRICE_MAX_AGE_SECONDS: '1' },
    });
    try {
      const [btc, usd] = [await assetId(t, 'BTC'), await assetId(t, 'USD')];
      const u = await makeUser(t);
      const lock = () =>
        t.request({
          method: 'POST',
          url: '/api/AssetConvert/lock',
          token: u.token,
          payload: { leftAssetId: btc, rightAssetId: usd },
        });
      const fresh = await lock();
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().content).toMatchObject({ pair: { rate: '62500' }, indicative: false });
      fx.state.failing = true;
      await t.services.prices.refresh().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 1100));
      const stale = await lock();
      expect(stale.statusCode).toBe(503);
      expect(stale.json().error.code).toBe('PRICES_STALE');
      const quote = await t.request({
        method: 'GET',
        url: `/api/PublicExchange/exchangeRate?sourceWalletId=${btc}&destinationWalletId=${usd}`,
      });
      expect(quote.statusCode).toBe(503);
      // The wallet list still answers with the last known rate (display only).
      expect((await t.request({ method: 'GET', url: '/api/Wallets/list' })).statusCode).toBe(200);
      fx.state.failing = false;
      await t.services.prices.refresh();
      expect((await lock()).statusCode).toBe(200);
    } finally {
      await t.close();
      await fx.close();
    }
  });
});
