/**
 * Cached public reads against a bare Fastify route (run: node --import tsx bench/api-bench.ts).
 *
 * The servers run in a child process of their own (`serve`), the load generator (autocannon, 10
 * connections) in this one, so the two do not share an event loop: on this 2-core machine each has
 * a core. The child listens twice: a bare Fastify route returning a small JSON object (port 8350)
 * and the whole app (port 8351, production config, PGlite; DATABASE_URL for PostgreSQL). Rounds
 * alternate bare / `/api/ping` / each public read, so a change of machine load hits all alike;
 * figures are medians over rounds. For each route, besides req/s, the server's CPU per request is
 * read from /proc (user + system time of the child over the round / requests answered): a ratio
 * of CPU per request does not depend on the load generator's own speed.
 *
 * BENCH_SECONDS (5), BENCH_ROUNDS (3), BENCH_CONNECTIONS (10); BENCH_OUT=file writes the JSON there;
 * BENCH_PROFILE_DIR=dir writes a CPU profile of the servers' process (bench/profile-summary.ts reads it).
 * BENCH_ONLY=text keeps the reads whose name contains it (e.g. to profile one route).
 * BENCH_LOG_LEVEL (silent) is the log level of both servers: at info (production's default) the
 * app writes its one line per request and the bare Fastify its own two, to the child's standard
 * output, which goes to /dev/null: like for like. `/bare-36k` answers the countries list's own
 * bytes, and that read is compared with it (a 36 KB answer costs more to send than a 17-byte one
 * whatever serves it).
 * Reads carry the XSRF-TOKEN cookie, as a browser does after its first answer. The reads that opt
 * in to the public read cache (docs/decisions/0024) are answered from it once warmed; `/api/ping`
 * (its body carries the time) always goes through Fastify, the app's cost of a request.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { cpuMs } from './proc-cpu';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORTS = { bare: 8350, app: 8351 };
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'silent';

type Ready = { kind: 'ready'; btc: string; usd: string; database: string };
type Stats = { kind: 'stats'; hits: number };

/** The child: both servers, until the parent disconnects. */
async function serve() {
  const [
    { default: Fastify },
    { buildApp },
    { loadConfig },
    { openPglite, openPostgres },
    { seedReference },
  ] = await Promise.all([
    import('fastify'),
    import('../apps/api/src/app'),
    import('../apps/api/src/config'),
    import('../apps/api/src/db/client'),
    import('../apps/api/src/db/seed'),
  ]);
  const url = process.env.DATABASE_URL;
  const database = url ? await openPostgres(url, 10) : await openPglite();
  await seedReference(database.db);
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-bench-jwt',
    COOKIE_SECRET: 'bench-cookie-secret-bench-cookie-secret-x',
    LOG_LEVEL: LOG_LEVEL,
    DATA_DIR: os.tmpdir(),
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: PORTS.app, host: '127.0.0.1' });
  // The bare route logs as the app does (Fastify's own request lines at BENCH_LOG_LEVEL, two per
  // request at info; none when silent): like for like. /bare-36k answers the countries list's own
  // bytes (36 KB, names in four languages), the comparison for that read.
  const bare = Fastify(LOG_LEVEL === 'silent' ? {} : { logger: { level: LOG_LEVEL } });
  bare.get('/bare', async () => ({ hello: 'world' }));
  const countries = (await app.inject({ url: '/api/countries', cookies: { 'XSRF-TOKEN': 'bench' } }))
    .rawPayload;
  // The same bytes, as a Buffer: the cheapest way Fastify sends a body that is not all ASCII (a
  // string would be encoded again on every request).
  bare.get('/bare-36k', (_req, reply) => {
    void reply.type('application/json; charset=utf-8').send(countries);
  });
  await bare.listen({ port: PORTS.bare, host: '127.0.0.1' });
  const catalog = await app.services.wallets.catalog.all();
  const id = (t: string) => catalog.find((a) => a.ticker === t)?.id ?? '';
  process.on('message', (m: { kind?: string }) => {
    if (m.kind === 'stats')
      process.send?.({ kind: 'stats', hits: app.publicCache.stats().hits } satisfies Stats);
  });
  process.send?.({ kind: 'ready', btc: id('BTC'), usd: id('USD'), database: database.kind } satisfies Ready);
  process.once('disconnect', async () => {
    await app.close();
    await bare.close();
    await database.close();
    process.exit(0);
  });
}

/** Answers the app's public read cache has sent so far. */
function cacheHits(server: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (m: Stats) => {
      if (m.kind !== 'stats') return;
      server.off('message', onMessage);
      resolve(m.hits);
    };
    server.on('message', onMessage);
    server.send({ kind: 'stats' });
  });
}

async function cannon(server: ChildProcess, url: string, headers: Record<string, string> = {}) {
  const hits0 = await cacheHits(server);
  const cpu0 = cpuMs(server.pid as number);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const cpu = cpuMs(server.pid as number) - cpu0;
  const cached = (await cacheHits(server)) - hits0;
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    cpuUs: (cpu * 1000) / r.requests.total,
    cachedShare: cached / r.requests.total,
  };
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
const round2 = (x: number) => Math.round(x * 100) / 100;

async function main() {
  const prof = process.env.BENCH_PROFILE_DIR;
  const server = fork(import.meta.filename, ['serve'], {
    execArgv: ['--import', 'tsx', ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [])],
    // The app's log lines (BENCH_LOG_LEVEL=info) are written, to nowhere.
    stdio: ['inherit', LOG_LEVEL === 'silent' ? 'inherit' : 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    server.once('message', (m: Ready) => resolve(m));
    server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  const api = `http://127.0.0.1:${PORTS.app}/api`;
  const reads: Record<string, string> = {
    'GET /api/ping': `${api}/ping`,
    'GET /api/Wallets/list': `${api}/Wallets/list`,
    'GET /api/PublicExchange/exchangeRate': `${api}/PublicExchange/exchangeRate?sourceWalletId=${ready.btc}&destinationWalletId=${ready.usd}`,
    'GET /api/prices': `${api}/prices`,
    'GET /api/settings': `${api}/settings`,
    'GET /api/Wallets/wallet/ticker/BTC': `${api}/Wallets/wallet/ticker/BTC`,
    'GET /api/Wallets/wallet/:id (BTC)': `${api}/Wallets/wallet/${ready.btc}`,
    'GET /api/countries': `${api}/countries`,
  };
  const only = process.env.BENCH_ONLY;
  if (only) for (const name of Object.keys(reads)) if (!name.includes(only)) delete reads[name];
  const browser = { cookie: 'XSRF-TOKEN=bench' };
  for (const url of Object.values(reads))
    await autocannon({ url, connections: 2, duration: 1, headers: browser });
  const load = os.loadavg()[0] ?? 0;

  type Round = Record<string, { rps: number; p99: number; cpuUs: number; cachedShare: number }>;
  const rounds: Round[] = [];
  /** The bare route a read is compared with: the one answering a body of its size. */
  const against = (name: string) => (name.includes('countries') ? 'bare 36 KB' : 'bare');
  for (let i = 0; i < ROUNDS; i++) {
    const round: Round = {
      bare: await cannon(server, `http://127.0.0.1:${PORTS.bare}/bare`),
      'bare 36 KB': await cannon(server, `http://127.0.0.1:${PORTS.bare}/bare-36k`),
    };
    for (const [name, url] of Object.entries(reads)) round[name] = await cannon(server, url, browser);
    rounds.push(round);
  }
  const routes = Object.fromEntries(
    ['bare', 'bare 36 KB', ...Object.keys(reads)].map((name) => {
      const of = (f: (r: Round) => number) => median(rounds.map(f));
      const at = (r: Round) => r[name] as Round[string];
      const bare = (r: Round) => r[against(name)] as Round[string];
      return [
        name,
        {
          against: against(name),
          rps: Math.round(of((r) => at(r).rps)),
          p99ms: of((r) => at(r).p99),
          cpuUsPerRequest: round2(of((r) => at(r).cpuUs)),
          ratio: round2(of((r) => at(r).rps / bare(r).rps)),
          cpuRatio: round2(of((r) => bare(r).cpuUs / at(r).cpuUs)),
          // Share of the requests answered by the public read cache (0 for bare and ping).
          cached: round2(of((r) => at(r).cachedShare)),
        },
      ];
    }),
  );
  const result = {
    meta: {
      date: new Date().toISOString(),
      cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? '?'}`,
      node: process.version,
      database: ready.database,
      logLevel: LOG_LEVEL,
      connections: CONNECTIONS,
      seconds: DURATION,
      rounds: ROUNDS,
      loadAverageBefore: round2(load),
      loadAverageAfter: round2(os.loadavg()[0] ?? 0),
    },
    routes,
  };
  server.disconnect();
  await new Promise((r) => server.once('exit', r));

  console.log(
    `| Route (log level ${LOG_LEVEL}) | against | req/s | ratio (req/s) | server CPU/request | ratio (CPU) | p99 | from the cache |`,
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, r] of Object.entries(routes))
    console.log(
      `| ${name} | ${r.against} | ${r.rps} | ${r.ratio} | ${r.cpuUsPerRequest} us | ${r.cpuRatio} | ${r.p99ms} ms | ${r.cached} |`,
    );
  console.log(JSON.stringify(result, null, 2));
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, JSON.stringify(result, null, 2));
}

if (process.argv[2] === 'serve') void serve();
else
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
