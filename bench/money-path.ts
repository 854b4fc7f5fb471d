/**
 * The money path on PostgreSQL, against `pgbench -N` on the same server in the same run.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/money-path.ts
 *
 * - The API runs as its own process (the production build in apps/api/dist when it exists, else
 *   the TypeScript sources through tsx), so its CPU time is its own: read from /proc before and
 *   after each load round. PostgreSQL's CPU is the sum over its processes, read the same way.
 * - BENCH_USERS users (default 16), each funded with USD through the ledger, each converting on
 *   their own wallet in a loop: POST AssetConvert/lock then POST AssetConvert/convert (a "pair").
 * - Rounds alternate `pgbench -N -c BENCH_USERS` (simple-update) and the pairs load, BENCH_SECONDS
 *   each (default 10), BENCH_ROUNDS times (default 3); figures are medians over rounds.
 * - Two API processes on the same database, as deployed (NODE_ENV=production): one with the
 *   default logging (a request line per call at info, written to a discarded stdout as a log
 *   collector would take it) and one with LOG_LEVEL=warn ("logs off"); each round measures both,
 *   one after the other. The targets apply to the default one.
 * - BENCH_PROFILE=dir writes a CPU profile of the API (node --cpu-prof) into dir; BENCH_API=src runs
 *   the sources through tsx even when a build exists; BENCH_ROOT=dir measures another checkout.
 * After the run the ledger audit must be clean and every acknowledged conversion must be stored.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Decimal } from '@vaultline/shared';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type * as ClientModule from '../apps/api/src/db/client';
import type * as SchemaModule from '../apps/api/src/db/schema';
import type * as SeedModule from '../apps/api/src/db/seed';
import type * as TokensModule from '../apps/api/src/lib/tokens';
import type * as LedgerRepositoryModule from '../apps/api/src/modules/ledger/ledger.repository';
import type * as LedgerServiceModule from '../apps/api/src/modules/ledger/ledger.service';
import { startApi } from './api-process';
import { median, pgbench, withDb } from './pg-tools';
import { backendsGone, cpuMs, cpuTimes, machineBusy, postgresCpu, postgresCpuSince } from './proc-cpu';
import { RawHttpClient } from './raw-http';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = Number(process.env.BENCH_USERS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 8352);
const PROFILE = process.env.BENCH_PROFILE;
const base = process.env.DATABASE_URL;
// BENCH_ROOT=<checkout>: measure another checkout of the project (e.g. a worktree of an earlier
// commit, built with `npm run build -w @vaultline/api`): its API build, migrations and ledger code.
const root = path.resolve(process.env.BENCH_ROOT ?? path.join(import.meta.dirname, '..'));
const apiModule = <T>(file: string): Promise<T> =>
  import(path.join(root, 'apps/api/src', file)) as Promise<T>;
const JWT_SECRET = 'bench-jwt-secret-bench-jwt-secret-bench-jwt';

interface LoadRound {
  pairs: number;
  p50ms: number;
  p99ms: number;
  seconds: number;
  clientCpuMs: number;
}

/** Each user converting in a loop on its own connection (bench/raw-http.ts), for `seconds`. */
async function loadPairs(
  port: number,
  clients: { headers: string }[],
  seconds: number,
  pair: { left: string; right: string },
): Promise<LoadRound> {
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    clients.map(async (c) => {
      const http = await RawHttpClient.connect(port);
      const post = async (p: string, body: object) => {
        const res = await http.request(`POST /api${p} HTTP/1.1\r\n${c.headers}`, JSON.stringify(body));
        if (res.status !== 200) throw new Error(`${p}: ${res.status} ${res.body}`);
        return (JSON.parse(res.body) as { content: { id: string } }).content;
      };
      while (Date.now() < end) {
        const started = performance.now();
        const lock = await post('/AssetConvert/lock', { leftAssetId: pair.left, rightAssetId: pair.right });
        await post('/AssetConvert/convert', { transactionLockId: lock.id, amount: '100' });
        latencies.push(performance.now() - started);
      }
      http.close();
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  latencies.sort((a, b) => a - b);
  return {
    pairs: latencies.length,
    p50ms: pct(latencies, 50),
    p99ms: pct(latencies, 99),
    seconds: (performance.now() - t0) / 1000,
    clientCpuMs: (cpu.user + cpu.system) / 1000,
  };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function main() {
  if (!base) throw new Error('set DATABASE_URL (a PostgreSQL server; the bench creates its own databases)');
  const appDb = `bench_money_${process.pid}`;
  const benchDb = `bench_pgbench_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${appDb}`);
  await admin.query(`CREATE DATABASE ${benchDb}`);
  execFileSync('pgbench', ['-i', '-q', '-s', String(USERS), withDb(base, benchDb)], { stdio: 'ignore' });

  const [
    { openPostgres },
    { assets, users },
    { seedReference },
    { createTokenService },
    ledgerRepo,
    ledgerMod,
  ] = await Promise.all([
    apiModule<typeof ClientModule>('db/client.ts'),
    apiModule<typeof SchemaModule>('db/schema/index.ts'),
    apiModule<typeof SeedModule>('db/seed.ts'),
    apiModule<typeof TokensModule>('lib/tokens.ts'),
    apiModule<typeof LedgerRepositoryModule>('modules/ledger/ledger.repository.ts'),
    apiModule<typeof LedgerServiceModule>('modules/ledger/ledger.service.ts'),
  ]);
  const { auditLedger } = ledgerRepo;
  const { createLedgerService } = ledgerMod;
  const database = await openPostgres(withDb(base, appDb), 4);
  const db = database.db;
  // BENCH_SQL_EXTRA=file.sql: SQL run after the migrations, to measure a change before it becomes one.
  if (process.env.BENCH_SQL_EXTRA)
    await db.execute(sql.raw(readFileSync(process.env.BENCH_SQL_EXTRA, 'utf8')));
  await seedReference(db);
  const [usd] = await db.select().from(assets).where(eq(assets.ticker, 'USD'));
  const [btc] = await db.select().from(assets).where(eq(assets.ticker, 'BTC'));
  if (!usd || !btc) throw new Error('assets missing');
  const ledger = createLedgerService({ db });
  const tokens = createTokenService(JWT_SECRET, 24 * 3600);
  const clients: { headers: string }[] = [];
  for (let i = 0; i < USERS; i++) {
    const [u] = await db
      .insert(users)
      .values({ email: `bench${i}@bench.test`, passwordHash: 'x', firstName: 'B', lastName: 'B' })
      .returning({ id: users.id });
    if (!u) throw new Error('no user');
    const amount = new Decimal('1000000000');
    await db.transaction((tx) =>
      ledger.post(tx, {
        kind: 'bench_fund',
        reference: u.id,
        legs: [
          { owner: { kind: 'house' }, assetId: usd.id, amount: amount.neg() },
          { owner: { kind: 'user', userId: u.id }, assetId: usd.id, amount },
        ],
      }),
    );
    const token = await tokens.sign({ sub: u.id, role: 'user', premium: false, ver: 0 });
    clients.push({
      headers:
        `host: 127.0.0.1\r\nauthorization: Bearer ${token}\r\ncontent-type: application/json\r\n` +
        'cookie: XSRF-TOKEN=bench\r\nx-xsrf-token: bench',
    });
  }

  /** The two configurations measured side by side: the default logging, and logs off. */
  const configs = [
    { name: 'logs', port: PORT, env: { LOG_LEVEL: '' } },
    { name: 'quiet', port: PORT + 1, env: { LOG_LEVEL: 'warn' } },
  ] as const;
  const apis: Awaited<ReturnType<typeof startApi>>[] = [];
  for (const c of configs)
    apis.push(
      await startApi({
        root,
        databaseUrl: withDb(base, appDb),
        port: c.port,
        jwtSecret: JWT_SECRET,
        profileDir: PROFILE,
        source: process.env.BENCH_API === 'src',
        env: c.env,
        output: 'discard',
      }),
    );
  let acknowledged = 0;
  const pairsRound = async (i: number, seconds: number) => {
    const api = apis[i];
    if (!api) throw new Error(`no API ${i}`);
    const apiCpu0 = cpuTimes(api.pid);
    const pgCpu0 = postgresCpu();
    const busy0 = machineBusy();
    const r = await loadPairs(configs[i]?.port ?? PORT, clients, seconds, { left: usd.id, right: btc.id });
    acknowledged += r.pairs;
    const n = r.pairs;
    return {
      pairsPerSecond: n / r.seconds,
      p50ms: r.p50ms,
      p99ms: r.p99ms,
      apiCpuMsPerPair: (cpuMs(api.pid) - apiCpu0.user - apiCpu0.system) / n,
      apiSystemCpuMsPerPair: (cpuTimes(api.pid).system - apiCpu0.system) / n,
      postgresCpuMsPerPair: postgresCpuSince(pgCpu0) / n,
      clientCpuMsPerPair: r.clientCpuMs / n,
      machineBusy: machineBusy(busy0).fraction,
      pairs: n,
    };
  };

  // Warm-up of both: JIT, connections, prepared statements.
  for (let i = 0; i < configs.length; i++) await pairsRound(i, 2);
  type Pairs = Awaited<ReturnType<typeof pairsRound>>;
  const rounds: { pgbenchTps: number; pairs: Pairs; quiet: Pairs }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const pgbenchTps = pgbench(withDb(base, benchDb), { clients: USERS, seconds: SECONDS, args: ['-N'] }).tps;
    await backendsGone((text, values) => admin.query(text, values), benchDb);
    const pairs = await pairsRound(0, SECONDS);
    const quiet = await pairsRound(1, SECONDS);
    rounds.push({ pgbenchTps, pairs, quiet });
    for (const [name, r] of [
      ['logs on ', pairs],
      ['logs off', quiet],
    ] as const)
      console.error(
        `round ${i + 1} ${name}: pgbench ${pgbenchTps.toFixed(0)} tps; ${r.pairsPerSecond.toFixed(0)} pairs/s, ` +
          `p99 ${r.p99ms.toFixed(1)} ms, CPU/pair: API ${r.apiCpuMsPerPair.toFixed(3)} ms, ` +
          `PostgreSQL ${r.postgresCpuMsPerPair.toFixed(3)} ms, load generator ${r.clientCpuMsPerPair.toFixed(3)} ms; ` +
          `machine ${(r.machineBusy * 100).toFixed(0)} % busy`,
      );
  }
  for (const api of apis) await api.stop();

  const stored = await db.execute(sql`select count(*)::int as n from conversions`);
  const storedCount = (stored as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  const audit = await auditLedger(db);
  const m = (f: (r: (typeof rounds)[number]) => number, digits = 1) => +median(rounds.map(f)).toFixed(digits);
  const result = {
    meta: {
      date: new Date().toISOString(),
      cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? '?'}`,
      node: process.version,
      users: USERS,
      seconds: SECONDS,
      rounds: ROUNDS,
      loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
    },
    pgbenchTps: m((r) => r.pgbenchTps, 0),
    pairsPerSecond: m((r) => r.pairs.pairsPerSecond),
    ratioToPgbench: m((r) => r.pairs.pairsPerSecond / r.pgbenchTps, 3),
    p50ms: m((r) => r.pairs.p50ms),
    p99ms: m((r) => r.pairs.p99ms),
    apiCpuMsPerPair: m((r) => r.pairs.apiCpuMsPerPair, 3),
    apiSystemCpuMsPerPair: m((r) => r.pairs.apiSystemCpuMsPerPair, 3),
    postgresCpuMsPerPair: m((r) => r.pairs.postgresCpuMsPerPair, 3),
    machineBusy: m((r) => r.pairs.machineBusy, 3),
    clientCpuMsPerPair: m((r) => r.pairs.clientCpuMsPerPair, 3),
    logsOff: {
      pairsPerSecond: m((r) => r.quiet.pairsPerSecond),
      ratioToPgbench: m((r) => r.quiet.pairsPerSecond / r.pgbenchTps, 3),
      p50ms: m((r) => r.quiet.p50ms),
      p99ms: m((r) => r.quiet.p99ms),
      apiCpuMsPerPair: m((r) => r.quiet.apiCpuMsPerPair, 3),
    },
    targets: { ratio: 0.25, p99ms: 50, apiCpuMsPerPair: 0.5 },
    check: {
      acknowledged,
      stored: storedCount,
      unbalanced: audit.unbalanced.length,
      drift: audit.drift.length,
      negative: audit.negative.length,
    },
    rounds,
  };
  console.log(JSON.stringify(result, null, 2));
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${appDb} WITH (FORCE)`);
  await admin.query(`DROP DATABASE IF EXISTS ${benchDb} WITH (FORCE)`);
  await admin.end();
  // Every acknowledged conversion is stored; a call still in flight when a round ended may be stored
  // without its answer having been read (at most one per user and round).
  if (
    storedCount < acknowledged ||
    storedCount > acknowledged + USERS * 2 * (ROUNDS + 1) ||
    audit.unbalanced.length + audit.drift.length + audit.negative.length > 0
  ) {
    console.error(
      'MONEY CHECK FAILED: an acknowledged conversion is missing, or the ledger audit is not clean',
    );
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
