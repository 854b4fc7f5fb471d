import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { openTestDatabase, type TestApp, testConfig } from '../../test/test-app';
import { makeUser } from '../ledger/ledger.test-helpers';
import { adminArea } from './admin-area';

interface Route {
  method: string;
  url: string;
}

/** An app built like createTestApp's, that also records its route table (and may get extra routes). */
async function appWithRoutes(extra?: FastifyPluginAsync) {
  const database = await openTestDatabase();
  const routes: Route[] = [];
  const onRoute = (r: RouteOptions) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url });
  };
  const app = await buildApp({ config: testConfig(), database, onRoute });
  if (extra) await app.register(extra);
  await app.ready();
  const xsrf = 'test-xsrf-token-value';
  const t = {
    app,
    database,
    services: app.services,
    request: ({ token, ...rest }: { method: string; url: string; token?: string }) =>
      app.inject({
        ...(rest as { method: 'GET' }),
        headers: { 'x-xsrf-token': xsrf, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        cookies: { 'XSRF-TOKEN': xsrf },
      }),
    close: async () => {
      await app.close();
      await database.close();
    },
  } as unknown as TestApp;
  return { t, routes };
}

/**
 * Calls every route under /api/Admin as a guest, a user, a premium user and an admin, with no
 * input at all (path parameters: a random id), and lists each answer that breaks the rule:
 * guest 401, user and premium user 403, admin neither.
 */
async function walk(t: TestApp, routes: Route[]): Promise<string[]> {
  const [user, premium, admin] = [
    await makeUser(t),
    await makeUser(t, { premium: true }),
    await makeUser(t, { role: 'admin' }),
  ];
  const callers = [
    { who: 'guest', token: undefined, ok: (s: number) => s === 401 },
    { who: 'user', token: user.token, ok: (s: number) => s === 403 },
    { who: 'premium user', token: premium.token, ok: (s: number) => s === 403 },
    { who: 'admin', token: admin.token, ok: (s: number) => s !== 401 && s !== 403 },
  ];
  const wrong: string[] = [];
  for (const r of routes.filter((x) => /^\/api\/Admin(\/|$)/i.test(x.url))) {
    const url = r.url.replace(/:\w+/g, randomUUID());
    for (const c of callers) {
      const res = await t.request({ method: r.method, url, ...(c.token ? { token: c.token } : {}) });
      if (!c.ok(res.statusCode)) wrong.push(`${r.method} ${r.url} as ${c.who}: ${res.statusCode}`);
    }
  }
  return wrong;
}

describe('every Admin route, from the route table', () => {
  let t: TestApp;
  let routes: Route[];
  beforeAll(async () => {
    ({ t, routes } = await appWithRoutes());
  });
  afterAll(() => t.close());

  it('finds the back office calls in the table', () => {
    const admin = routes.filter((r) => r.url.startsWith('/api/Admin')).map((r) => `${r.method} ${r.url}`);
    expect(admin).toEqual(
      expect.arrayContaining([
        'GET /api/Admin/stats',
        'GET /api/Admin/searchUser',
        'GET /api/Admin/user',
        'POST /api/Admin/setAccountStatus',
        'GET /api/Admin/pendingBankAccounts',
        'POST /api/Admin/setBankAccountStatus',
        'POST /api/Admin/setWalletAddress',
        'GET /api/Admin/minimumTransactionAmount',
        'POST /api/Admin/minimumTransactionAmount',
        'GET /api/Admin/chatWidgetKey',
        'POST /api/Admin/chatWidgetKey',
        'GET /api/Admin/conversionFee',
        'POST /api/Admin/conversionFee',
        'GET /api/Admin/auditLog',
        'GET /api/Admin/deposits',
        'POST /api/Admin/deposits/:id/approve',
        'GET /api/Admin/anonymousExchanges',
        'GET /api/Admin/allAnonymousExchanges',
        'POST /api/Admin/anonymousExchanges/update',
        'GET /api/Admin/outbox',
      ]),
    );
  });

  it('answers a guest 401, a user or premium user 403, and an admin neither', async () => {
    expect(await walk(t, routes)).toEqual([]);
  });
});

describe('the walk', () => {
  it('fails for an Admin route that forgot the guard', async () => {
    const leaky: FastifyPluginAsync = async (app) => {
      app.get('/api/Admin/leaky', { config: { access: 'user' } }, async () => ({ ok: true }));
    };
    const { t, routes } = await appWithRoutes(leaky);
    try {
      const wrong = await walk(
        t,
        routes.filter((r) => r.url === '/api/Admin/leaky'),
      );
      expect(wrong).toEqual(
        expect.arrayContaining([
          'GET /api/Admin/leaky as user: 200',
          'GET /api/Admin/leaky as premium user: 200',
        ]),
      );
    } finally {
      await t.close();
    }
  });
});

describe('the admin area', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({ config: testConfig(), database });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('refuses to start with a route in it that is not declared admin', async () => {
    const bare = Fastify();
    bare.decorate('services', app.services);
    const userRoute: FastifyPluginAsync = async (i) => {
      i.get('/Admin/oops', { config: { access: 'user' } }, async () => 'x');
    };
    await expect(bare.register(adminArea, { modules: [userRoute] })).rejects.toThrow(
      /GET \/Admin\/oops is in the admin area but not declared access 'admin'/,
    );
    await bare.close();
  });
});
