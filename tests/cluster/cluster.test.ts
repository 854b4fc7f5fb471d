import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { FEED_EVENT, FEED_PATH } from '@vaultline/shared';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPriceFixture } from '../../apps/api/src/modules/prices/price-fixture-server';
import {
  createDatabase,
  type Instance,
  request,
  root,
  startInstance,
  startNginx,
  startPrometheus,
  waitReady,
  xsrfFrom,
} from './harness';

// Two API instances on one PostgreSQL and one Redis behind nginx (deploy/nginx/vaultline.conf):
// start-up, live updates, rate limits and periodic jobs behave as with one instance, and an instance
// stopped with SIGTERM finishes its work while its clients move to the other.
const BASE = process.env.DATABASE_URL;
const REDIS = process.env.REDIS_URL;
const PORTS = { nginx: 8410, a: 8411, b: 8412, prometheus: 8413 };
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';
const ADMIN = { email: 'admin@cluster.vaultline.test', password: 'cluster-admin-password-1' };
const ADDR_ETH = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';
const BTC_HASH = (n: number) => n.toString(16).padStart(64, 'a');

let db: Awaited<ReturnType<typeof createDatabase>>;
let fixture: Awaited<ReturnType<typeof startPriceFixture>>;
let a: Instance;
let b: Instance;
let nginx: ReturnType<typeof startNginx>;
let prometheus: ReturnType<typeof startPrometheus>;
const sockets: Socket[] = [];

const json = <T>(r: { body: string }) =>
  JSON.parse(r.body) as { success: boolean; content: T; error?: { code: string } };

// Rate limits live in the shared Redis, where earlier test runs from 127.0.0.1 still count: this
// run's calls come from a client address of its own (instances trust X-Forwarded-For here).
const RUN_CLIENT = `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9`;

async function post<T>(base: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await request(`${base}/api/${url}`, {
    method: 'POST',
    body,
    headers: { 'x-forwarded-for': RUN_CLIENT, ...(await xsrfFrom(base)), ...headers },
  });
  return { status: res.status, ...json<T>(res) };
}

async function assets(base: string) {
  const list = json<{ id: string; ticker: string }[]>(await request(`${base}/api/Wallets/list`)).content;
  const id = (t: string) => list.find((w) => w.ticker === t)?.id as string;
  return { btc: id('BTC'), eth: id('ETH') };
}

async function newExchange(base: string): Promise<string> {
  const { btc, eth } = await assets(base);
  const res = await post<{ id: string }>(base, 'PublicExchange/createExchange', {
    sourceWalletId: btc,
    destinationWalletId: eth,
    amount: '0.01',
    userEmail: 'cluster.guest@example.com',
    destinationWalletAddress: ADDR_ETH,
  });
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  return res.content.id;
}

/** A feed client that re-sends its watch list on every (re)connect, as the web client does. */
function watcher(url: string, ids: string[], opts: { transport: 'polling' | 'websocket'; from?: string }) {
  const updates: { id: string; status: number }[] = [];
  const socket = io(url, {
    path: FEED_PATH,
    transports: [opts.transport],
    forceNew: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
    agent: new http.Agent({ localAddress: opts.from ?? '127.0.0.1' }) as never,
  });
  sockets.push(socket);
  let connects = 0;
  socket.on('connect', () => {
    connects++;
    socket.emit('watch', ids);
  });
  socket.on(FEED_EVENT, (u: { id: string; status: number }) => updates.push(u));
  return {
    socket,
    updates,
    connects: () => connects,
    async until(pred: () => boolean, what: string, ms = 10_000) {
      const end = Date.now() + ms;
      while (!pred()) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

beforeAll(async () => {
  if (!BASE || !REDIS) throw new Error('The cluster test needs DATABASE_URL and REDIS_URL (see README).');
  fixture = await startPriceFixture();
  db = await createDatabase(BASE);
  const env = {
    DATABASE_URL: db.url,
    REDIS_URL: REDIS,
    TRUST_PROXY: 'true',
    PRICE_SOURCE: 'coinbase',
    PRICE_SOURCE_URL: fixture.url,
    PRICE_REFRESH_SECONDS: '1',
    AUTH_RATE_LIMIT_MAX: '3',
    JWT_SECRET: 'cluster-jwt-secret-0123456789abcdef0123',
    COOKIE_SECRET: 'cluster-cookie-secret-0123456789abcdef01',
    DEMO_ADMIN_EMAIL: ADMIN.email,
    DEMO_ADMIN_PASSWORD: ADMIN.password,
    DEMO_USER_EMAIL: 'user@cluster.vaultline.test',
    DEMO_USER_PASSWORD: 'cluster-user-password-1',
    METRICS_TOKEN,
  };
  // Both start at once on the new database: the start-up lock lets one migrate and seed.
  a = startInstance('a', PORTS.a, env);
  b = startInstance('b', PORTS.b, env);
  await Promise.all([waitReady(a.url), waitReady(b.url)]);
  nginx = startNginx(PORTS.nginx, [PORTS.a, PORTS.b]);
  await waitReady(nginx.url, 10_000);
  prometheus = startPrometheus(
    PORTS.prometheus,
    [`127.0.0.1:${PORTS.a}`, `127.0.0.1:${PORTS.b}`],
    METRICS_TOKEN,
  );
  await prometheus.ready();
}, 180_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await prometheus?.stop();
  await nginx?.stop();
  for (const i of [a, b]) if (i && i.child.exitCode === null) i.child.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
  await db?.drop();
  await fixture?.close();
}, 60_000);

describe('two instances behind nginx', () => {
  it('started together on a new database: migrated and seeded once, both ready, nginx serves', async () => {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const admins = await c.query('select count(*)::int as n from users where email = $1', [ADMIN.email]);
    const migrations = await c.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await c.end();
    expect(admins.rows[0].n).toBe(1);
    expect(migrations.rows[0].n).toBeGreaterThan(10);
    const names = new Set<string>();
    for (const url of [a.url, b.url])
      names.add(json<{ instance: string }>(await request(`${url}/api/health/live`)).content.instance);
    expect(names).toEqual(new Set(['a', 'b']));
    expect((await request(`${nginx.url}/api/ping`)).status).toBe(200);
  });

  it('a watcher connected through one instance receives what happens on the other', async () => {
    const id = await newExchange(a.url);
    const viaNginx = watcher(nginx.url, [id], { transport: 'polling' });
    const onB = watcher(b.url, [id], { transport: 'websocket' });
    const onA = watcher(a.url, [id], { transport: 'websocket' });
    await viaNginx.until(
      () => viaNginx.connects() > 0 && onB.connects() > 0 && onA.connects() > 0,
      'connect',
    );
    await new Promise((r) => setTimeout(r, 300));
    const confirm = await post(b.url, 'PublicExchange/confirmTransaction', {
      exchangeId: id,
      transactionHash: BTC_HASH(1),
    });
    expect(confirm.status).toBe(200);
    for (const w of [viaNginx, onA, onB])
      await w.until(() => w.updates.some((u) => u.id === id && u.status === 2), 'pending');
    // The admin decides on instance A; the same watchers see it.
    const login = await post<{ jwToken: string }>(a.url, 'Auth', ADMIN);
    expect(login.status).toBe(200);
    const approve = await request(`${a.url}/api/Admin/anonymousExchanges/update?exchangeId=${id}&status=1`, {
      method: 'POST',
      body: 'Paid out',
      headers: { ...(await xsrfFrom(a.url)), authorization: `Bearer ${login.content.jwToken}` },
    });
    expect(approve.status, approve.body).toBe(200);
    for (const w of [viaNginx, onA, onB])
      await w.until(() => w.updates.some((u) => u.id === id && u.status === 1), 'success');
  });

  it('rate limits count the calls made on both instances (Redis store)', async () => {
    // A client address of its own (through TRUST_PROXY), so earlier runs and tests do not count.
    const client = {
      'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`,
    };
    const ask = (base: string) =>
      post(base, 'PublicExchange/emailMyExchanges', { email: 'nobody@example.com' }, client);
    const statuses = [];
    for (const base of [a.url, b.url, a.url, b.url]) statuses.push((await ask(base)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('Prometheus scrapes both instances: the summed request counter matches the requests made', async () => {
    const scraped = async (what: string) => {
      const since = Date.now();
      const end = since + 15_000;
      for (;;) {
        const targets = await prometheus.targets();
        if (
          targets.length === 2 &&
          targets.every((t) => t.health === 'up' && Date.parse(t.lastScrape) > since)
        )
          return;
        if (Date.now() > end) throw new Error(`${what}: ${JSON.stringify(targets)} ${prometheus.log()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const route = '/api/health/live';
    const byInstance = async () =>
      new Map(
        (
          await prometheus.query(
            `sum by (instance) (http_request_duration_seconds_count{job="vaultline",route="${route}",status_code="200"})`,
          )
        ).map((r) => [r.metric.instance, r.value]),
      );
    await scraped('first scrape');
    const [sumBefore] = await prometheus.query(
      `sum(http_request_duration_seconds_count{job="vaultline",route="${route}"})`,
    );
    const before = await byInstance();
    // Through nginx from 40 client addresses (sticky by address: both instances get some).
    const made = { a: 0, b: 0 };
    for (let i = 2; i < 42; i++) {
      const res = await request(`${nginx.url}${route}`, { from: `127.0.0.${i}` });
      made[json<{ instance: 'a' | 'b' }>(res).content.instance]++;
    }
    expect(made.a).toBeGreaterThan(0);
    expect(made.b).toBeGreaterThan(0);
    await scraped('scrape after the requests');
    const [sumAfter] = await prometheus.query(
      `sum(http_request_duration_seconds_count{job="vaultline",route="${route}"})`,
    );
    expect((sumAfter?.value ?? 0) - (sumBefore?.value ?? 0)).toBe(made.a + made.b);
    const after = await byInstance();
    for (const [name, port] of [
      ['a', PORTS.a],
      ['b', PORTS.b],
    ] as const) {
      const instance = `127.0.0.1:${port}`;
      expect((after.get(instance) ?? 0) - (before.get(instance) ?? 0), name).toBe(made[name]);
    }
    // The metrics are not public: not through nginx, not without the token.
    expect((await request(`${nginx.url}/metrics`)).status).toBe(404);
    expect((await request(`${a.url}/metrics`)).status).toBe(401);
    // Every metric the alert rules and the dashboard use is one an instance declares.
    const declared = new Set(
      [
        ...(
          await request(`${a.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
        ).body.matchAll(/^# TYPE (\S+) (\S+)$/gm),
      ].flatMap(([, name, type]) =>
        type === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name as string],
      ),
    );
    declared.add('up');
    const used = (text: string) =>
      new Set(
        [...text.matchAll(/\b((?:http|process|nodejs|vaultline|up)[a-z_]*)\b(?=\s*[{[)])/g)].map((m) => m[1]),
      );
    for (const file of ['deploy/prometheus/alerts.yml', 'deploy/grafana/vaultline.json']) {
      const names = [...used(readFileSync(path.join(root, file), 'utf8'))];
      expect(names.length, file).toBeGreaterThan(5);
      expect(
        names.filter((n) => !declared.has(n as string)),
        file,
      ).toEqual([]);
    }
  }, 60_000);

  it('each periodic job runs on one instance: one price fetch per period, not one per instance', async () => {
    const before = fixture.requests.length;
    await new Promise((r) => setTimeout(r, 5000));
    const fetches = fixture.requests.length - before;
    // PRICE_REFRESH_SECONDS=1: about 5 in 5 s from the lease holder; two instances would make about 10.
    expect(fetches).toBeGreaterThanOrEqual(3);
    expect(fetches).toBeLessThanOrEqual(7);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const leases = await c.query('select name, holder from job_leases order by name');
    await c.end();
    expect(leases.rows.map((r: { name: string }) => r.name)).toContain('price refresh');
  });

  it('SIGTERM: the instance finishes its requests and exits 0; nginx and the feed move its clients', async () => {
    // Find a client address nginx sends to instance A (sticky by address).
    let fromA = '';
    for (let i = 2; i < 60 && !fromA; i++) {
      const from = `127.0.0.${i}`;
      const who = json<{ instance: string }>(await request(`${nginx.url}/api/health/live`, { from })).content
        .instance;
      if (who === 'a') fromA = from;
    }
    expect(fromA, 'no client address is routed to instance a').not.toBe('');
    const id = await newExchange(b.url);
    const w = watcher(nginx.url, [id], { transport: 'polling', from: fromA });
    await w.until(() => w.connects() === 1, 'first connect');

    // Requests keep flowing from that address while A stops; none may fail.
    const statuses: number[] = [];
    let stop = false;
    const { btc, eth } = await assets(b.url);
    const rateUrl = `${nginx.url}/api/PublicExchange/exchangeRate?sourceWalletId=${btc}&destinationWalletId=${eth}`;
    const loops = Array.from({ length: 8 }, async () => {
      while (!stop) statuses.push((await request(rateUrl, { from: fromA })).status);
    });
    await new Promise((r) => setTimeout(r, 500));
    a.child.kill('SIGTERM');
    const code = await Promise.race([a.exited, new Promise((r) => setTimeout(() => r('timeout'), 20_000))]);
    await new Promise((r) => setTimeout(r, 1000));
    stop = true;
    await Promise.all(loops);
    expect(code).toBe(0);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // The feed client reconnected (to B, through nginx) and still gets its exchange's updates.
    await w.until(() => w.connects() >= 2, 'reconnect', 15_000);
    const confirm = await post(b.url, 'PublicExchange/confirmTransaction', {
      exchangeId: id,
      transactionHash: BTC_HASH(2),
    });
    expect(confirm.status).toBe(200);
    await w.until(() => w.updates.some((u) => u.id === id && u.status === 2), 'update after reconnect');
    const ready = json<{ instance: string }>(await request(`${nginx.url}/api/health/ready`, { from: fromA }));
    expect(ready.content.instance).toBe('b');
  }, 90_000);
});
