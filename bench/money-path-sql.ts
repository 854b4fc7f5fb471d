/**
 * The money path in SQL alone: what PostgreSQL can do for lock + convert with no API in front,
 * against `pgbench -N` on the same server in the same run. It shows the ceiling the HTTP bench
 * (bench/money-path.ts) can reach, and what a change to the SQL is worth on its own.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/money-path-sql.ts
 *
 * BENCH_USERS clients (default 16), each a user with its own funded USD wallet, each running
 * `convert_lock` then `convert_settle` (100 USD to BTC) as two prepared statements, as the API does.
 * Rounds of BENCH_SECONDS (default 10) alternate `pgbench -N` and the pair script, BENCH_ROUNDS
 * times (default 3); medians. PostgreSQL's CPU per pair is read from /proc.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Decimal } from '@vaultline/shared';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../apps/api/src/db/client';
import { assets, users } from '../apps/api/src/db/schema';
import { seedReference } from '../apps/api/src/db/seed';
import { auditLedger } from '../apps/api/src/modules/ledger/ledger.repository';
import { createLedgerService } from '../apps/api/src/modules/ledger/ledger.service';
import { median, pgbench, withDb } from './pg-tools';
import { backendsGone, postgresCpu, postgresCpuSince } from './proc-cpu';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = Number(process.env.BENCH_USERS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const base = process.env.DATABASE_URL;

/** User n's id: fixed, so that the pgbench script can name it from its client id. */
const userId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const run = (url: string, args: string[]) => pgbench(url, { clients: USERS, seconds: SECONDS, args });

async function main() {
  if (!base) throw new Error('set DATABASE_URL (a PostgreSQL server; the bench creates its own databases)');
  const appDb = `bench_sql_${process.pid}`;
  const benchDb = `bench_pgbench_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${appDb}`);
  await admin.query(`CREATE DATABASE ${benchDb}`);
  execFileSync('pgbench', ['-i', '-q', '-s', String(USERS), withDb(base, benchDb)], { stdio: 'ignore' });

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
  await ledger.prepare([usd.id, btc.id]);
  for (let i = 0; i < USERS; i++) {
    const id = userId(i);
    await db
      .insert(users)
      .values({ id, email: `sql${i}@bench.test`, passwordHash: 'x', firstName: 'B', lastName: 'B' });
    const amount = new Decimal('1000000000');
    await db.transaction((tx) =>
      ledger.post(tx, {
        kind: 'bench_fund',
        reference: id,
        legs: [
          { owner: { kind: 'house' }, assetId: usd.id, amount: amount.neg() },
          { owner: { kind: 'user', userId: id }, assetId: usd.id, amount },
        ],
      }),
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'money-sql-'));
  const script = path.join(dir, 'pair.sql');
  const uid = `('00000000-0000-4000-8000-' || lpad(cast(:client_id as text), 12, '0'))::uuid`;
  writeFileSync(
    script,
    `select id as lock_id from convert_lock(${uid}, 0, '${usd.id}', '${btc.id}', 0.00001, 1, 100000, 60)\n\\gset\n` +
      `select outcome from convert_settle(cast(:lock_id as uuid), ${uid}, 0, 100, 99, 0.005);\n`,
  );
  const appUrl = withDb(base, appDb);
  const benchUrl = withDb(base, benchDb);

  run(appUrl, ['-f', script, '-M', 'prepared', '-T', '2']); // warm-up
  // BENCH_HOLD=1: run the pair script for a minute and stop there (for perf record / pg_stat_activity).
  if (process.env.BENCH_HOLD) {
    console.error('pairs running for 60 s');
    run(appUrl, ['-f', script, '-M', 'prepared', '-T', '60']);
  }
  const rounds: { pgbenchTps: number; pairsPerSecond: number; postgresCpuMsPerPair: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const pgbenchTps = run(benchUrl, ['-N']).tps;
    await backendsGone((text, values) => admin.query(text, values), benchDb);
    const cpu0 = postgresCpu();
    const pairs = run(appUrl, ['-f', script, '-M', 'prepared']);
    await backendsGone((text, values) => admin.query(text, values), appDb);
    const postgresCpuMsPerPair = postgresCpuSince(cpu0) / pairs.transactions;
    rounds.push({ pgbenchTps, pairsPerSecond: pairs.tps, postgresCpuMsPerPair });
    console.error(
      `round ${r + 1}: pgbench -N ${pgbenchTps.toFixed(0)} tps; ${pairs.tps.toFixed(0)} pairs/s ` +
        `(ratio ${(pairs.tps / pgbenchTps).toFixed(3)}), PostgreSQL ${postgresCpuMsPerPair.toFixed(3)} ms CPU/pair`,
    );
  }
  const stored = (await db.execute(sql`select count(*)::int as n from conversions`)) as unknown as {
    rows: { n: number }[];
  };
  const audit = await auditLedger(db);
  const result = {
    date: new Date().toISOString(),
    users: USERS,
    seconds: SECONDS,
    loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
    pgbenchTps: +median(rounds.map((r) => r.pgbenchTps)).toFixed(0),
    pairsPerSecond: +median(rounds.map((r) => r.pairsPerSecond)).toFixed(0),
    ratioToPgbench: +median(rounds.map((r) => r.pairsPerSecond / r.pgbenchTps)).toFixed(3),
    postgresCpuMsPerPair: +median(rounds.map((r) => r.postgresCpuMsPerPair)).toFixed(3),
    conversions: stored.rows[0]?.n ?? 0,
    audit: {
      unbalanced: audit.unbalanced.length,
      drift: audit.drift.length,
      negative: audit.negative.length,
    },
    rounds,
  };
  console.log(JSON.stringify(result, null, 2));
  await database.close();
  // BENCH_KEEP=1 keeps the application database (for EXPLAIN ANALYZE and auto_explain afterwards).
  if (process.env.BENCH_KEEP) console.error(`kept database ${appDb}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${appDb} WITH (FORCE)`);
  await admin.query(`DROP DATABASE IF EXISTS ${benchDb} WITH (FORCE)`);
  await admin.end();
  if (audit.unbalanced.length + audit.drift.length + audit.negative.length > 0) {
    console.error('LEDGER AUDIT FAILED');
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
