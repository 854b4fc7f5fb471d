/**
 * API benchmark (run: node --import tsx bench/api-bench.ts). On loopback, in one process:
 *  1. req/s of a bare Fastify route, GET /api/Wallets/list and GET /api/PublicExchange/exchangeRate
 *     (autocannon), the latter two as a ratio to the bare route;
 *  2. lock + convert pairs per second on PostgreSQL (DATABASE_URL) with p50/p99 latency.
 * Without DATABASE_URL the reads run on PGlite and the lock+convert part is skipped (said so).
 * Ports 8350-8351. Results go to stdout as a table and JSON; copy them into docs/performance.md.
 */
import os from 'node:os';
import { Decimal } from '@vaultline/shared';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { type Database, openPglite, openPostgres } from '../apps/api/src/db/client';
import { assets, users } from '../apps/api/src/db/schema';
import { seedReference } from '../apps/api/src/db/seed';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const base = process.env.DATABASE_URL;

async function openDb(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!base) return { database: await openPglite(), drop: async () => {} };
  const name = `bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 20);
  return {
    database,
    drop: async () => {
      await admin
        .query(`DROP DATABASE IF EXISTS ${name}`)
        .catch((err) => console.error('drop failed:', err.message));
      await admin.end();
    },
  };
}

async function cannon(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function main() {
  const bare = Fastify();
  bare.get('/bare', async () => ({ hello: 'world' }));
  await bare.listen({ port: 8350, host: '127.0.0.1' });

  const { database, drop } = await openDb();
  await seedReference(database.db);
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-bench-jwt',
    COOKIE_SECRET: 'bench-cookie-secret-bench-cookie-secret-x',
    LOG_LEVEL: 'silent',
    DATA_DIR: os.tmpdir(),
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: 8351, host: '127.0.0.1' });
  const api = 'http://127.0.0.1:8351/api';
  const [btc] = await database.db.select().from(assets).where(eq(assets.ticker, 'BTC'));
  const [usd] = await database.db.select().from(assets).where(eq(assets.ticker, 'USD'));
  if (!btc || !usd) throw new Error('assets missing');

  const results: Record<string, unknown> = {};
  // Rounds alternate bare / list / rate so that a change in machine load hits all three alike;
  // the ratio is the median over rounds. Reads carry the XSRF cookie, as a browser does after its
  // first response (without it every answer also issues a new cookie).
  const rateUrl = `${api}/PublicExchange/exchangeRate?sourceWalletId=${btc.id}&destinationWalletId=${usd.id}`;
  const browser = { cookie: 'XSRF-TOKEN=bench' };
  await cannon(`${api}/Wallets/list`, browser); // warm-up
  const rounds: {
    bare: number;
    ping: number;
    list: number;
    rate: number;
    listP99: number;
    rateP99: number;
  }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const bare = await cannon('http://127.0.0.1:8350/bare');
    // The app's own trivial route: what every /api call costs (helmet, cookies, XSRF, auth hook).
    const ping = await cannon(`${api}/ping`, browser);
    const list = await cannon(`${api}/Wallets/list`, browser);
    const rate = await cannon(rateUrl, browser);
    rounds.push({
      bare: bare.rps,
      ping: ping.rps,
      list: list.rps,
      rate: rate.rps,
      listP99: list.p99,
      rateP99: rate.p99,
    });
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
  results.rounds = rounds;
  results.bare = { rps: median(rounds.map((r) => r.bare)) };
  results.apiPing = {
    rps: median(rounds.map((r) => r.ping)),
    ratio: +median(rounds.map((r) => r.ping / r.bare)).toFixed(2),
  };
  results.walletsList = {
    rps: median(rounds.map((r) => r.list)),
    p99ms: median(rounds.map((r) => r.listP99)),
    ratio: +median(rounds.map((r) => r.list / r.bare)).toFixed(2),
    ofPing: +median(rounds.map((r) => r.list / r.ping)).toFixed(2),
  };
  results.exchangeRate = {
    rps: median(rounds.map((r) => r.rate)),
    p99ms: median(rounds.map((r) => r.rateP99)),
    ratio: +median(rounds.map((r) => r.rate / r.bare)).toFixed(2),
    ofPing: +median(rounds.map((r) => r.rate / r.ping)).toFixed(2),
  };

  if (database.kind === 'postgres') {
    // One user per worker: a single user's conversions queue on that user's balance row.
    const amount = new Decimal('1000000000');
    const clients: Record<string, string>[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const [u] = await database.db
        .insert(users)
        .values({ email: `bench${i}@bench.test`, passwordHash: 'x', firstName: 'B', lastName: 'B' })
        .returning({ id: users.id });
      if (!u) throw new Error('no user');
      await database.db.transaction((tx) =>
        app.services.ledger.post(tx, {
          kind: 'bench_fund',
          reference: u.id,
          legs: [
            { owner: { kind: 'house' }, assetId: usd.id, amount: amount.neg() },
            { owner: { kind: 'user', userId: u.id }, assetId: usd.id, amount },
          ],
        }),
      );
      const token = await app.services.tokens.sign({ sub: u.id, role: 'user', premium: false, ver: 0 });
      clients.push({
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        cookie: 'XSRF-TOKEN=bench',
        'x-xsrf-token': 'bench',
      });
    }
    const post = async (headers: Record<string, string>, path: string, body: object) => {
      const res = await fetch(`${api}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const json = (await res.json()) as { content: { id?: string } | string };
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.content;
    };
    const latencies: number[] = [];
    const end = Date.now() + DURATION * 1000;
    const worker = async (headers: Record<string, string>) => {
      while (Date.now() < end) {
        const t0 = performance.now();
        const lock = (await post(headers, '/AssetConvert/lock', {
          leftAssetId: usd.id,
          rightAssetId: btc.id,
        })) as {
          id: string;
        };
        await post(headers, '/AssetConvert/convert', { transactionLockId: lock.id, amount: '100' });
        latencies.push(performance.now() - t0);
      }
    };
    const started = Date.now();
    await Promise.all(clients.map(worker));
    const secs = (Date.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    results.lockConvert = {
      pairsPerSecond: +(latencies.length / secs).toFixed(1),
      p50ms: +pct(latencies, 50).toFixed(1),
      p99ms: +pct(latencies, 99).toFixed(1),
      pairs: latencies.length,
      audit: await app.services.ledger.audit(),
    };
  } else {
    results.lockConvert = 'skipped: set DATABASE_URL to measure lock+convert on PostgreSQL';
  }

  const meta = {
    date: new Date().toISOString(),
    cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? '?'}`,
    node: process.version,
    database: database.kind,
    connections: CONNECTIONS,
    seconds: DURATION,
    rounds: ROUNDS,
    loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
  };
  console.log(JSON.stringify({ meta, results }, null, 2));
  await app.close();
  await bare.close();
  await database.close();
  await drop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
