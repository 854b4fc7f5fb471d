import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetId } from '../modules/ledger/ledger.test-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { GUEST, PORTS, rawGet, startMovingPrices } from './public-cache.test-helpers';

/**
 * A cached exchange rate is sent only while its prices are fresh: once they are older than
 * PRICE_MAX_AGE_SECONDS, Fastify answers (503 PRICES_STALE), whatever the version. At LOG_LEVEL
 * warn nothing is logged for a request, from the cache or not.
 */
let t: TestApp;
let fixture: Awaited<ReturnType<typeof startMovingPrices>>;
const lines: string[] = [];

beforeAll(async () => {
  fixture = await startMovingPrices(PORTS.expiryPrices);
  t = await createTestApp({
    env: {
      LOG_LEVEL: 'warn',
      PRICE_SOURCE: 'coinbase',
      PRICE_SOURCE_URL: fixture.url,
      PRICE_MAX_AGE_SECONDS: '1',
    },
    logStream: new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    }),
  });
  await t.app.listen({ port: PORTS.expiryApp, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await fixture?.close();
});

describe('an answer that goes out of date with time', () => {
  it('is sent until its prices go stale, then Fastify refuses the rate', async () => {
    const [btc, usd] = [await assetId(t, 'BTC'), await assetId(t, 'USD')];
    const url = `/api/PublicExchange/exchangeRate?sourceWalletId=${btc}&destinationWalletId=${usd}`;
    const hits = () => t.app.publicCache.stats().hits;
    await t.services.prices.refresh();
    const logged = lines.length;
    const first = await rawGet(PORTS.expiryApp, url);
    const before = hits();
    const again = await rawGet(PORTS.expiryApp, url);
    expect(hits()).toBe(before + 1);
    expect(again.body).toBe(first.body);
    expect(JSON.parse(again.body).content).toBe('62500');
    // No refresh succeeds from now on: the version stays, the prices age.
    fixture.state.failing = true;
    await new Promise((r) => setTimeout(r, 1100));
    const stale = await rawGet(PORTS.expiryApp, url, GUEST);
    expect(hits()).toBe(before + 1);
    expect(stale.status).toBe(503);
    expect(JSON.parse(stale.body).error.code).toBe('PRICES_STALE');
    // The wallet list shows the last known rate (display only): it stays cached.
    await rawGet(PORTS.expiryApp, '/api/Wallets/list');
    await rawGet(PORTS.expiryApp, '/api/Wallets/list');
    expect(hits()).toBe(before + 2);
    expect(lines.slice(logged).filter((l) => l.includes('"msg":"request"'))).toEqual([]);
  });
});
