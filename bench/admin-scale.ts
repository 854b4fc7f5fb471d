/**
 * Back-office and history costs at 1,000 and at 1,000,000 rows, on PostgreSQL.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/admin-scale.ts
 *
 * - Two databases, migrated and filled in SQL (bench/admin-scale-fill.ts): "small" (1,000 guest
 *   exchanges, 1,000 users, a user with 500 of the exchanges) and "large" (BENCH_EXCHANGES,
 *   default 1,000,000; BENCH_USERS, default 200,000; a user with 20,000 exchanges). Every user has a
 *   conversion and a deposit.
 * - The API runs as deployed (production build, default logging to a discarded stdout) on each in
 *   turn; every call is timed over HTTP, BENCH_REPS times (default 30) after 3 warm-ups: p50, p95.
 * - Deep pages: the middle page of each list, opened as the pager opens it (with the cursor of the
 *   page before), and the last page.
 * - EXPLAIN: the same calls run once more in this process against the large database with every
 *   SQL statement recorded; each is explained with its parameters, and a sequential scan of a big
 *   table (users, guest_exchanges, journal_entries, conversions, deposits) is reported.
 * BENCH_KEEP=1 keeps the databases (bench_scale_small, bench_scale_large) and reuses them next run.
 * Prints JSON on stdout; the figures go into docs/performance.md.
 */
import pg from 'pg';
import { type Call, explainCalls } from './admin-scale-explain';
import { fill } from './admin-scale-fill';
import { startApi } from './api-process';
import { median, withDb } from './pg-tools';

const base = process.env.DATABASE_URL;
const REPS = Number(process.env.BENCH_REPS ?? 30);
const KEEP = process.env.BENCH_KEEP === '1';
const PORT = Number(process.env.BENCH_PORT ?? 8362);
const JWT_SECRET = 'bench-jwt-secret-bench-jwt-secret-bench-jwt';
const SIZES = {
  small: { exchanges: 1_000, users: 1_000, historyExchanges: 500 },
  large: {
    exchanges: Number(process.env.BENCH_EXCHANGES ?? 1_000_000),
    users: Number(process.env.BENCH_USERS ?? 200_000),
    historyExchanges: 20_000,
  },
} as const;

/** The calls timed: each list's first page, middle page (from its neighbour) and last page. */
async function calls(
  get: (path: string, as: Call['as']) => Promise<Record<string, unknown>>,
): Promise<Call[]> {
  const lists: { name: string; path: string; as: Call['as']; pageSize: number }[] = [
    {
      name: 'pending exchanges',
      path: 'Admin/allAnonymousExchanges?status=2,-1,3',
      as: 'admin',
      pageSize: 10,
    },
    { name: 'approved exchanges', path: 'Admin/allAnonymousExchanges?status=1', as: 'admin', pageSize: 10 },
    { name: 'all exchanges', path: 'Admin/anonymousExchanges?', as: 'admin', pageSize: 10 },
    { name: 'deposits awaiting', path: 'Admin/deposits?status=3', as: 'admin', pageSize: 10 },
    { name: 'all deposits', path: 'Admin/deposits?', as: 'admin', pageSize: 10 },
    { name: 'history', path: 'History?', as: 'history', pageSize: 5 },
  ];
  const out: Call[] = [];
  for (const l of lists) {
    const sep = l.path.endsWith('?') ? '' : '&';
    const first = `${l.path}${sep}page=1&pageSize=${l.pageSize}`;
    const total = Number((await get(first, l.as)).total);
    const pages = Math.max(1, Math.ceil(total / l.pageSize));
    const mid = Math.max(1, Math.floor(pages / 2));
    out.push({ name: `${l.name}: first page`, path: first, as: l.as });
    const before = (await get(`${l.path}${sep}page=${mid - 1 || 1}&pageSize=${l.pageSize}`, l.as)) as {
      after?: string;
    };
    const cursor = mid > 1 && before.after ? `&after=${encodeURIComponent(before.after)}` : '';
    out.push({
      name: `${l.name}: middle page`,
      path: `${l.path}${sep}page=${mid}&pageSize=${l.pageSize}${cursor}`,
      as: l.as,
    });
    out.push({
      name: `${l.name}: last page`,
      path: `${l.path}${sep}page=${pages}&pageSize=${l.pageSize}`,
      as: l.as,
    });
  }
  out.push(
    { name: 'user search: first name (prefix)', path: 'Admin/searchUser?query=chlo', as: 'admin' },
    { name: 'user search: inside the last name', path: 'Admin/searchUser?query=aeio', as: 'admin' },
    { name: 'user search: no match', path: 'Admin/searchUser?query=zzqqxx', as: 'admin' },
    { name: 'stats', path: 'Admin/stats', as: 'admin' },
  );
  return out;
}

async function prepare(admin: pg.Client, name: string, size: (typeof SIZES)[keyof typeof SIZES]) {
  const url = withDb(base as string, name);
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (exists && !KEEP) await admin.query(`drop database ${name} with (force)`);
  const { openPostgres } = await import('../apps/api/src/db/client');
  if (!exists || !KEEP) {
    await admin.query(`create database ${name}`);
    const database = await openPostgres(url, 2);
    const { seedReference } = await import('../apps/api/src/db/seed');
    await seedReference(database.db);
    await database.close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const t0 = performance.now();
    await fill(c, size);
    console.error(`${name}: filled in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    await c.end();
  } else {
    // Reused: migrations added since run now (as on a deployed database).
    await (await openPostgres(url, 2)).close();
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const adminRow = await c.query(
    `insert into users (email, password_hash, first_name, last_name, role)
     values ('bench-admin@example.org', 'x', 'Bench', 'Admin', 'admin')
     on conflict (email) do update set role = 'admin' returning id`,
  );
  const history = await c.query(`select id from users order by email limit 1`);
  await c.end();
  return { url, adminId: adminRow.rows[0].id as string, historyUserId: history.rows[0].id as string };
}

async function tokensFor(db: { adminId: string; historyUserId: string }) {
  const { createTokenService } = await import('../apps/api/src/lib/tokens');
  const tokens = createTokenService(JWT_SECRET, 24 * 3600);
  return {
    admin: await tokens.sign({ sub: db.adminId, role: 'admin', premium: false, ver: 0 }),
    history: await tokens.sign({ sub: db.historyUserId, role: 'user', premium: false, ver: 0 }),
  };
}

async function measure(name: string, db: Awaited<ReturnType<typeof prepare>>) {
  const api = await startApi({
    root: process.cwd(),
    databaseUrl: db.url,
    port: PORT,
    jwtSecret: JWT_SECRET,
    env: { LOG_LEVEL: '' },
    output: 'discard',
  });
  const tokens = await tokensFor(db);
  const get = async (path: string, as: Call['as']) => {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/${path}`, {
      headers: { authorization: `Bearer ${tokens[as]}` },
    });
    const body = (await res.json()) as { content: Record<string, unknown> };
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body.content;
  };
  try {
    const list = await calls(get);
    const figures: Record<string, { p50: number; p95: number }> = {};
    for (const call of list) {
      for (let i = 0; i < 3; i++) await get(call.path, call.as);
      const ms: number[] = [];
      for (let i = 0; i < REPS; i++) {
        const t0 = performance.now();
        await get(call.path, call.as);
        ms.push(performance.now() - t0);
      }
      ms.sort((a, b) => a - b);
      figures[call.name] = { p50: median(ms), p95: ms[Math.floor(ms.length * 0.95)] ?? 0 };
      console.error(`${name.padEnd(6)} ${call.name.padEnd(40)} p50 ${median(ms).toFixed(2)} ms`);
    }
    return { figures, list };
  } finally {
    await api.stop();
  }
}

async function main() {
  if (!base) throw new Error('set DATABASE_URL (a PostgreSQL server; the bench creates its own databases)');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const small = await prepare(admin, 'bench_scale_small', SIZES.small);
  const large = await prepare(admin, 'bench_scale_large', SIZES.large);
  const s = await measure('small', small);
  const l = await measure('large', large);
  const plans = await explainCalls(large.url, l.list, await tokensFor(large), JWT_SECRET);
  const rows = Object.keys(l.figures).map((call) => {
    const a = s.figures[call];
    const b = l.figures[call];
    return {
      call,
      smallP50: Number(a?.p50.toFixed(2)),
      largeP50: Number(b?.p50.toFixed(2)),
      largeP95: Number(b?.p95.toFixed(2)),
      ratio: a && b ? Number((b.p50 / a.p50).toFixed(2)) : null,
      seqScans: plans[call] ?? [],
    };
  });
  console.log(JSON.stringify({ sizes: SIZES, reps: REPS, rows }, null, 2));
  if (!KEEP) {
    await admin.query('drop database bench_scale_small with (force)');
    await admin.query('drop database bench_scale_large with (force)');
  }
  await admin.end();
}

await main();
