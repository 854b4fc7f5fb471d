import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets } from '../db/schema';
import { assetId, fund, makeUser } from '../modules/ledger/ledger.test-helpers';
import { SETTING_KEYS } from '../modules/system/system.service';
import { createTestApp, type TestApp } from '../test/test-app';
import { MAX_URL_LENGTH } from './http-limits';
import {
  GUEST,
  header,
  OPTED_IN_ROUTES,
  PORTS,
  type RawResponse,
  rawGet,
  rawRequests,
  startMovingPrices,
  withoutDate,
  XSRF,
} from './public-cache.test-helpers';

/**
 * The public read cache (decision 0024) on a real server: what it sends is what Fastify sent for
 * the same request, it lets go of an answer when the data behind it changes, and every request it
 * must not take reaches Fastify.
 */
let t: TestApp;
let fixture: Awaited<ReturnType<typeof startMovingPrices>>;
const lines: Record<string, unknown>[] = [];
let urls: Record<string, string>;

const hits = () => t.app.publicCache.stats().hits;
const get = (url: string, headers: Record<string, string> = GUEST) => rawGet(PORTS.app, url, headers);

/**
 * Asks until the cache answers (an answer is kept once Fastify sent it with a settled version);
 * `fastify`: the last answer Fastify sent before, if any.
 */
async function untilCached(url: string): Promise<{ fastify?: RawResponse; cached: RawResponse }> {
  let fastify: RawResponse | undefined;
  for (let i = 0; i < 5; i++) {
    const before = hits();
    const res = await get(url);
    if (hits() === before) fastify = res;
    else return { ...(fastify ? { fastify } : {}), cached: res };
  }
  throw new Error(`${url}: the cache never answered`);
}

/** The next answer, and whether the cache sent it. */
async function next(url: string, headers?: Record<string, string>) {
  const before = hits();
  const res = await get(url, headers);
  return { res, cached: hits() > before };
}

beforeAll(async () => {
  fixture = await startMovingPrices(PORTS.prices);
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  t = await createTestApp({
    env: { LOG_LEVEL: 'info', PRICE_SOURCE: 'coinbase', PRICE_SOURCE_URL: fixture.url },
    logStream,
  });
  await t.app.listen({ port: PORTS.app, host: '127.0.0.1' });
  const [btc, usd] = [await assetId(t, 'BTC'), await assetId(t, 'USD')];
  urls = {
    walletList: '/api/Wallets/list',
    ticker: '/api/Wallets/wallet/ticker/BTC',
    walletById: `/api/Wallets/wallet/${btc}`,
    exchangeRate: `/api/PublicExchange/exchangeRate?sourceWalletId=${btc}&destinationWalletId=${usd}`,
    prices: '/api/prices',
    settings: '/api/settings',
    countries: '/api/countries',
  };
  // One URL for each route that opts in (public-cache-rules.test.ts reads them off the route table).
  expect(Object.values(urls).length).toBe(OPTED_IN_ROUTES.length);
});
afterAll(async () => {
  await t?.close();
  await fixture?.close();
});

describe('what the cache sends', () => {
  it('is, for every opted-in route, byte for byte what Fastify sent (but the Date)', async () => {
    for (const [name, url] of Object.entries(urls)) {
      const { fastify, cached } = await untilCached(url);
      expect(fastify?.status, name).toBe(200);
      expect(withoutDate(cached), name).toBe(withoutDate(fastify as RawResponse));
      expect(header(cached, 'date'), name).toMatch(/GMT$/);
      // Nothing per user, and the API's headers (decision 0005).
      expect(header(cached, 'set-cookie'), name).toBeUndefined();
      expect(header(cached, 'content-type'), name).toBe('application/json; charset=utf-8');
      expect(Number(header(cached, 'content-length')), name).toBe(Buffer.byteLength(cached.body));
      expect(header(cached, 'x-frame-options'), name).toBe('DENY');
      expect(header(cached, 'content-security-policy'), name).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(header(cached, 'connection'), name).toBe('keep-alive');
      expect(JSON.parse(cached.body).success, name).toBe(true);
    }
  });

  it('keeps a connection alive across cached and uncached answers', async () => {
    await untilCached(urls.prices as string);
    const before = hits();
    const answers = await rawRequests(PORTS.app, [
      { url: urls.prices as string, headers: GUEST },
      { url: '/api/ping', headers: GUEST },
      { url: urls.prices as string, headers: GUEST },
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(hits() - before).toBe(2);
    expect(answers[2]?.body).toBe(answers[0]?.body);
  });

  it('writes the request line at info, as Fastify does, with an id of the same sequence', async () => {
    const url = '/api/prices?email=someone@example.com';
    await untilCached(url);
    const at = lines.length;
    const { cached } = await next(url);
    expect(cached).toBe(true);
    await get('/api/ping');
    const [mine, fastifys] = lines.slice(at);
    expect(lines.length - at).toBe(2);
    expect(mine).toMatchObject({ level: 30, msg: 'request', method: 'GET', statusCode: 200 });
    expect(mine?.url).toBe('/api/prices?email=[redacted]');
    expect(Object.keys(mine ?? {})).toEqual(Object.keys(fastifys ?? {}));
    expect(mine?.responseTime).toEqual(expect.any(Number));
    const n = (line: typeof mine) => Number.parseInt(String(line?.reqId).replace('req-', ''), 36);
    expect(n(fastifys)).toBe(n(mine) + 1);
  });
});

describe('when the data behind an answer changes, the next answer is the new one', () => {
  it('after a price refresh: prices, wallets and the rate', async () => {
    for (const url of [urls.prices, urls.walletList, urls.ticker, urls.exchangeRate] as string[])
      await untilCached(url);
    fixture.state.btcUsd = '80000';
    await t.services.prices.refresh();
    const prices = await next(urls.prices as string);
    expect(prices.cached).toBe(false);
    const btc = (body: string) =>
      JSON.parse(body).content.prices.find((p: { ticker: string }) => p.ticker === 'BTC').usd;
    expect(btc(prices.res.body)).toBe('80000');
    const list = await next(urls.walletList as string);
    expect(list.cached).toBe(false);
    expect(list.res.body).toContain('"rate":"80000"');
    const ticker = await next(urls.ticker as string);
    expect(ticker.cached).toBe(false);
    expect(JSON.parse(ticker.res.body).content.selectedCurrencyPair.rate).toBe('80000');
    const rate = await next(urls.exchangeRate as string);
    expect(rate.cached).toBe(false);
    expect(JSON.parse(rate.res.body).content).toBe('80000');
    // And the new answer is what the cache sends from then on.
    expect(btc((await untilCached(urls.prices as string)).cached.body)).toBe('80000');
  });

  it('after the asset catalogue is invalidated (an admin set a deposit address)', async () => {
    await untilCached(urls.walletList as string);
    await t.services.db
      .update(assets)
      .set({ adminWalletAddress: 'bc1qpubliccachetestaddress' })
      .where(eq(assets.ticker, 'BTC'));
    t.services.wallets.catalog.invalidate();
    const list = await next(urls.walletList as string);
    expect(list.cached).toBe(false);
    expect(list.res.body).toContain('bc1qpubliccachetestaddress');
    expect((await untilCached(urls.walletList as string)).cached.body).toContain(
      'bc1qpubliccachetestaddress',
    );
  });

  it('after a setting changes through this instance, and from another within the settings time', async () => {
    await untilCached(urls.settings as string);
    await t.services.system.setSetting(SETTING_KEYS.feeRate, '0.0125');
    const settings = await next(urls.settings as string);
    expect(settings.cached).toBe(false);
    expect(JSON.parse(settings.res.body).content.feeRate).toBe('0.0125');
    // Another instance writes the row; this one reads it once its 2 s snapshot is over.
    await untilCached(urls.settings as string);
    const { writeSetting } = await import('../modules/system/system.repository');
    await writeSetting(t.services.db, SETTING_KEYS.feeRate, '0.02');
    await new Promise((r) => setTimeout(r, 2100));
    const later = await next(urls.settings as string);
    expect(later.cached).toBe(false);
    expect(JSON.parse(later.res.body).content.feeRate).toBe('0.02');
  });
});

describe('requests the cache must not take go to Fastify', () => {
  it('a signed-in caller (Authorization header) gets their own amounts', async () => {
    const user = await makeUser(t);
    await fund(t, user.id, 'BTC', '0.5');
    await untilCached(urls.ticker as string);
    const mine = await next(urls.ticker as string, { ...GUEST, authorization: `Bearer ${user.token}` });
    expect(mine.cached).toBe(false);
    expect(JSON.parse(mine.res.body).content.amount).toBe('0.5');
    expect(JSON.parse((await next(urls.ticker as string)).res.body).content.amount).toBe('0');
  });

  it('a request without the XSRF cookie (Fastify issues it) or with an unusual one', async () => {
    await untilCached(urls.prices as string);
    for (const cookie of [
      undefined,
      'XSRF-TOKEN=',
      'other=1',
      `XSRF-TOKEN =${XSRF}`,
      `a=XSRF-TOKEN=${XSRF}`,
    ]) {
      const res = await next(urls.prices as string, cookie === undefined ? {} : { cookie });
      expect(res.cached, String(cookie)).toBe(false);
      expect(res.res.status).toBe(200);
      if (cookie !== `XSRF-TOKEN =${XSRF}`)
        expect(header(res.res, 'set-cookie'), String(cookie)).toMatch(/^XSRF-TOKEN=/);
    }
  });

  it('another query string is another entry, kept only once Fastify answered it', async () => {
    await untilCached(urls.prices as string);
    const other = await next(`${urls.prices}?v=2`);
    expect(other.cached).toBe(false);
    const refused = await next(`${urls.exchangeRate}x`);
    expect(refused.cached).toBe(false);
    expect(refused.res.status).toBe(400);
    expect((await next(`${urls.exchangeRate}x`)).cached).toBe(false);
  });

  it('HEAD, POST, a body, an over-long address and a display currency header', async () => {
    await untilCached(urls.walletList as string);
    const url = urls.walletList as string;
    const before = hits();
    const [head, post] = await rawRequests(PORTS.app, [
      { method: 'HEAD', url, headers: GUEST },
      { method: 'POST', url, headers: { ...GUEST, 'x-xsrf-token': XSRF, 'content-length': '0' } },
    ]);
    expect(head?.status).toBe(200);
    expect(post?.status).toBe(404);
    const withBody = await rawRequests(PORTS.app, [
      { url, headers: { ...GUEST, 'content-type': 'application/json', 'content-length': '0' } },
    ]);
    expect(withBody[0]?.status).toBe(200);
    const long = await get(`${url}?pad=${'a'.repeat(MAX_URL_LENGTH)}`);
    expect(long.status).toBe(414);
    const euro = await get(url, { ...GUEST, 'x-currency': 'EUR' });
    expect(euro.status).toBe(200);
    expect(euro.body).toContain('"right":{"ticker":"EUR"}');
    expect(hits()).toBe(before);
  });
});
