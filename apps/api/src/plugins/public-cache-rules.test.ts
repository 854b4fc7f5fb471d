import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase, testConfig } from '../test/test-app';
import { httpServerOptions } from './http-limits';
import { createPublicCache, type PublicCacheRoute } from './public-cache';
import { GUEST, OPTED_IN_ROUTES, PORTS, rawGet } from './public-cache.test-helpers';
import { hasXsrfCookie } from './public-cache-rules';

describe('the XSRF cookie check (true only when @fastify/cookie surely finds one)', () => {
  it.each([
    ['XSRF-TOKEN=abc', true],
    ['a=1; XSRF-TOKEN=abc', true],
    ['a=1;XSRF-TOKEN=abc;b=2', true],
    ['a=1;\t XSRF-TOKEN= abc ', true],
    [undefined, false],
    ['', false],
    ['XSRF-TOKEN=', false],
    ['XSRF-TOKEN= ;a=1', false],
    ['XSRF-TOKEN=;XSRF-TOKEN=abc', false],
    ['XSRF-TOKEN=abc; XSRF-TOKEN=def', false],
    ['MY-XSRF-TOKEN=abc', false],
    ['a=XSRF-TOKEN=abc', false],
    ['xsrf-token=abc', false],
    ['XSRF-TOKEN =abc', false],
  ])('%j -> %s', (cookie, expected) => {
    expect(hasXsrfCookie(cookie)).toBe(expected);
  });
});

/** A bare Fastify with the cache in front and one opted-in route. */
async function appWith(
  publicCache: Partial<PublicCacheRoute>,
  handler: (reply: import('fastify').FastifyReply) => unknown = () => ({ n: 1 }),
  maxEntries?: number,
) {
  const cache = createPublicCache(maxEntries ? { maxEntries } : {});
  const app = Fastify({ serverFactory: cache.serverFactory, genReqId: cache.genReqId });
  await app.register(cache.plugin, { logLevel: 'warn' });
  app.get('/r', {
    config: { access: 'public', publicCache: publicCache as PublicCacheRoute },
    handler: (_req, reply) => handler(reply),
  });
  return app;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('opting in', () => {
  it('fails at start for a route without a version, not public, rate limited or not a GET', async () => {
    const cache = createPublicCache();
    const f = Fastify();
    await f.register(cache.plugin, { logLevel: 'warn' });
    const route = (method: 'GET' | 'POST', config: object) => () =>
      f.route({ method, url: `/r${Math.random()}`, config: config as never, handler: () => 'x' });
    expect(route('GET', { access: 'public', publicCache: {} })).toThrow(/needs a version\(\)/);
    expect(route('GET', { access: 'public', publicCache: { version: 1 } })).toThrow(/needs a version\(\)/);
    expect(route('GET', { access: 'user', publicCache: { version: () => 1 } })).toThrow(/access 'public'/);
    expect(
      route('GET', { access: 'public', rateLimit: { max: 1 }, publicCache: { version: () => 1 } }),
    ).toThrow(/rate limit/);
    expect(route('POST', { access: 'public', publicCache: { version: () => 1 } })).toThrow(/GET routes only/);
    expect(route('GET', { access: 'public', publicCache: { version: () => 1 } })).not.toThrow();
    await f.close();
  });
});

describe("the app's routes", () => {
  it('opt in exactly where the cache tests check them, each declaring its version', async () => {
    const database = await openTestDatabase();
    const opted: string[] = [];
    const built = await buildApp({
      config: testConfig(),
      database,
      onRoute: (r) => {
        if (r.config?.publicCache && r.method === 'GET') {
          expect(typeof r.config.publicCache.version, r.url).toBe('function');
          opted.push(r.url);
        }
      },
    });
    await built.close();
    await database.close();
    expect(opted.sort()).toEqual([...OPTED_IN_ROUTES].sort());
  });
});

describe('what is kept', () => {
  const listen = async (a: FastifyInstance) => {
    app = a;
    await a.listen({ port: PORTS.rules, host: '127.0.0.1' });
  };
  const hits = () => (app as FastifyInstance).publicCache.stats().hits;
  const get = (url = '/r') => rawGet(PORTS.rules, url, GUEST);

  it('an answer is sent again only while its version is the same', async () => {
    let version: number | undefined = 1;
    let n = 0;
    await listen(await appWith({ version: () => version }, () => ({ n: ++n })));
    expect(JSON.parse((await get()).body)).toEqual({ n: 1 });
    expect(JSON.parse((await get()).body)).toEqual({ n: 1 });
    expect(hits()).toBe(1);
    version = 2;
    expect(JSON.parse((await get()).body)).toEqual({ n: 2 });
    version = undefined; // the data may have moved: nothing is sent or kept
    expect(JSON.parse((await get()).body)).toEqual({ n: 3 });
    expect(JSON.parse((await get()).body)).toEqual({ n: 4 });
    expect(hits()).toBe(1);
  });

  it('not an answer whose version moved while it was built', async () => {
    let version = 1;
    await listen(await appWith({ version: () => version }, () => ({ v: version++ })));
    await get();
    await get();
    expect(hits()).toBe(0);
  });

  it('only a 200 without a cookie, and for an `expires` route only with its time', async () => {
    await listen(await appWith({ version: () => 1 }, (reply) => reply.status(201).send({ a: 1 })));
    await get();
    await get();
    expect(hits()).toBe(0);
    await app?.close();
    await listen(await appWith({ version: () => 1 }, (reply) => reply.header('set-cookie', 'a=1').send({})));
    await get();
    await get();
    expect(hits()).toBe(0);
    await app?.close();
    await listen(await appWith({ version: () => 1, expires: true }));
    await get();
    await get();
    expect(hits()).toBe(0);
  });

  it('at most maxEntries answers, the oldest dropped first', async () => {
    await listen(await appWith({ version: () => 1 }, undefined, 3));
    for (const q of [1, 2, 3, 4]) await get(`/r?q=${q}`);
    expect(app?.publicCache.stats().entries).toBe(3);
    await get('/r?q=1');
    await get('/r?q=4');
    expect(hits()).toBe(1);
  });
});

describe('the server factory', () => {
  it('makes the server Fastify makes, with the same limits and timeouts', async () => {
    const http0 = {
      http: {
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 30_000,
        idleTimeoutMs: 60_000,
        keepAliveTimeoutMs: 72_000,
      },
    };
    const plain = Fastify({ ...httpServerOptions(http0), maxRequestsPerSocket: 50 });
    const cache = createPublicCache();
    const mine = Fastify({
      ...httpServerOptions(http0),
      maxRequestsPerSocket: 50,
      serverFactory: cache.serverFactory,
    });
    const settings = (s: http.Server) => ({
      type: s instanceof http.Server,
      keepAliveTimeout: s.keepAliveTimeout,
      requestTimeout: s.requestTimeout,
      headersTimeout: s.headersTimeout,
      timeout: s.timeout,
      maxHeaderSize: (s as { maxHeaderSize?: number }).maxHeaderSize,
      maxRequestsPerSocket: s.maxRequestsPerSocket,
    });
    expect(settings(mine.server)).toEqual(settings(plain.server));
    expect(settings(mine.server)).toMatchObject({
      keepAliveTimeout: 72_000,
      timeout: 60_000,
      maxRequestsPerSocket: 50,
    });
    await plain.close();
    await mine.close();
  });
});
