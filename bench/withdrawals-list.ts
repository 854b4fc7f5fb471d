/**
 * Withdrawal lists at 1,000 and at 1,000,000 rows, on PostgreSQL (issue 31, "Done when": within 2×).
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/withdrawals-list.ts
 *
 * - Two databases, migrated and filled in SQL (bench/withdrawals-list-fill.ts): "small" (1,000
 *   withdrawals, 200 users, a user with 100 of them) and "large" (BENCH_WITHDRAWALS, default
 *   1,000,000; 100,000 users; a user with 2,000).
 * - The API runs as deployed (production build, logging discarded) on each in turn; each call is
 *   timed over HTTP BENCH_REPS times (default 30) after 3 warm-ups: p50, p95. Same script, same
 *   calls on both: the small database is the baseline.
 * - Calls: the review queue (status=review), every withdrawal, and one user's withdrawals (the back
 *   office's filter and, when the route exists, the user's own GET /api/Withdrawals); a list's first
 *   page, its middle page opened with the cursor of the row before it (as the pager opens a page
 *   from its neighbour), and its last page by number where the total is known.
 * - EXPLAIN: every call runs once more in this process on the large database with its SQL recorded;
 *   each statement is explained with its parameters and its scans of `withdrawals` summarised.
 * BENCH_KEEP=1 keeps the databases (bench_wd_small, bench_wd_large) for the next run.
 * Prints JSON on stdout; the figures go into docs/performance.md.
 */
import pg from 'pg';
import { type Call, explainCalls, type PlanNode } from './admin-scale-explain';
import { startApi } from './api-process';
import { median, withDb } from './pg-tools';
import { fillWithdrawals, type WithdrawalFill } from './withdrawals-list-fill';

const base = process.env.DATABASE_URL;
const REPS = Number(process.env.BENCH_REPS ?? 30);
const KEEP = process.env.BENCH_KEEP === '1';
const PORT = Number(process.env.BENCH_PORT ?? 8363);
const JWT_SECRET = 'bench-jwt-secret-bench-jwt-secret-bench-jwt';
const PAGE = 20;
const SIZES: Record<'small' | 'large', WithdrawalFill> = {
  small: { withdrawals: 1_000, users: 200, userRows: 100 },
  large: { withdrawals: Number(process.env.BENCH_WITHDRAWALS ?? 1_000_000), users: 100_000, userRows: 2_000 },
};

type Get = (path: string, as: Call['as']) => Promise<{ status: number; content: Record<string, unknown> }>;

/** The cursor of the row `offset` rows into a list, newest first (lib/keyset.ts's form). */
async function cursorAt(c: pg.Client, where: string, values: unknown[], offset: number): Promise<string> {
  const r = await c.query(
    `select (extract(epoch from created_at) * 1000000)::bigint::text || '_' || id::text as cursor
     from withdrawals where ${where} order by created_at desc, id desc offset $${values.length + 1} limit 1`,
    [...values, offset],
  );
  return r.rows[0].cursor as string;
}

async function calls(get: Get, c: pg.Client, userId: string): Promise<Call[]> {
  const lists = [
    { name: 'review queue', path: 'Admin/withdrawals?status=review', where: `status = 'review'`, values: [] },
    { name: 'all withdrawals', path: 'Admin/withdrawals?', where: 'true', values: [] },
    {
      name: "a user's withdrawals (admin)",
      path: `Admin/withdrawals?userId=${userId}`,
      where: 'user_id = $1',
      values: [userId],
    },
  ];
  const out: Call[] = [];
  for (const l of lists) {
    const sep = l.path.endsWith('?') ? '' : '&';
    const first = `${l.path}${sep}page=1&pageSize=${PAGE}`;
    const answer = await get(first, 'admin');
    if (answer.status !== 200)
      throw new Error(`${first}: ${answer.status} ${JSON.stringify(answer.content)}`);
    const page = answer.content as { total: number; totalCapped: boolean };
    const rows = Number(
      (await c.query(`select count(*) from withdrawals where ${l.where}`, l.values)).rows[0].count,
    );
    const mid = Math.max(1, Math.floor(rows / PAGE / 2));
    // A list of one page has no page before its middle: its first page stands for it.
    const after =
      mid > 1
        ? `&after=${encodeURIComponent(await cursorAt(c, l.where, l.values, (mid - 1) * PAGE - 1))}`
        : '';
    out.push({ name: `${l.name}: first page`, path: first, as: 'admin' });
    out.push({
      name: `${l.name}: middle page`,
      path: `${l.path}${sep}page=${mid}&pageSize=${PAGE}${after}`,
      as: 'admin',
    });
    if (!page.totalCapped)
      out.push({
        name: `${l.name}: last page`,
        path: `${l.path}${sep}page=${Math.max(1, Math.ceil(page.total / PAGE))}&pageSize=${PAGE}`,
        as: 'admin',
      });
  }
  // The user's own list (the withdrawals module's GET /api/Withdrawals), when this build has it.
  const own = await get(`Withdrawals?limit=${PAGE}`, 'history');
  if (own.status === 200) {
    const rows = SIZES.small.userRows;
    const cursor = await cursorAt(c, 'user_id = $1', [userId], Math.floor(rows / 2) - 1);
    out.push({ name: "the user's own list: first page", path: `Withdrawals?limit=${PAGE}`, as: 'history' });
    out.push({
      name: "the user's own list: a deep page",
      path: `Withdrawals?limit=${PAGE}&after=${encodeURIComponent(cursor)}`,
      as: 'history',
    });
  } else console.error(`GET /api/Withdrawals: ${own.status}, not timed (the route is not in this build)`);
  return out;
}

async function prepare(admin: pg.Client, name: string, size: WithdrawalFill) {
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
    await fillWithdrawals(c, size);
    console.error(`${name}: filled in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    await c.end();
  } else await (await openPostgres(url, 2)).close();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const adminRow = await c.query(
    `insert into users (email, password_hash, first_name, last_name, role)
     values ('bench-admin@example.org', 'x', 'Bench', 'Admin', 'admin')
     on conflict (email) do update set role = 'admin' returning id`,
  );
  const user = await c.query(`select id from users where email like 'wd%' order by email limit 1`);
  return { url, c, adminId: adminRow.rows[0].id as string, userId: user.rows[0].id as string };
}

async function tokensFor(db: { adminId: string; userId: string }) {
  const { createTokenService } = await import('../apps/api/src/lib/tokens');
  const tokens = createTokenService(JWT_SECRET, 24 * 3600);
  return {
    admin: await tokens.sign({ sub: db.adminId, role: 'admin', premium: false, ver: 0 }),
    history: await tokens.sign({ sub: db.userId, role: 'user', premium: false, ver: 0 }),
  };
}

async function measure(name: string, db: Awaited<ReturnType<typeof prepare>>) {
  const api = await startApi({
    root: process.cwd(),
    databaseUrl: db.url,
    port: PORT,
    jwtSecret: JWT_SECRET,
    // The bench admin has no second factor: the lists' cost is measured, not the admin's sign-in.
    env: {
      LOG_LEVEL: '',
      TWO_FACTOR_ENCRYPTION_KEY: 'bench-two-factor-key-bench-two-factor-key',
      ADMIN_REQUIRE_2FA: 'false',
    },
    output: 'discard',
  });
  const tokens = await tokensFor(db);
  const get: Get = async (path, as) => {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/${path}`, {
      headers: { authorization: `Bearer ${tokens[as]}` },
    });
    return {
      status: res.status,
      content: ((await res.json()) as { content: Record<string, unknown> }).content,
    };
  };
  const ok = async (path: string, as: Call['as']) => {
    const r = await get(path, as);
    if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
  };
  try {
    const list = await calls(get, db.c, db.userId);
    const figures: Record<string, { p50: number; p95: number }> = {};
    for (const call of list) {
      for (let i = 0; i < 3; i++) await ok(call.path, call.as);
      const ms: number[] = [];
      for (let i = 0; i < REPS; i++) {
        const t0 = performance.now();
        await ok(call.path, call.as);
        ms.push(performance.now() - t0);
      }
      ms.sort((a, b) => a - b);
      figures[call.name] = { p50: median(ms), p95: ms[Math.floor(ms.length * 0.95)] ?? 0 };
      console.error(`${name.padEnd(6)} ${call.name.padEnd(44)} p50 ${median(ms).toFixed(2)} ms`);
    }
    return { figures, list };
  } finally {
    await api.stop();
  }
}

/** The plan's scans of withdrawals (and any sequential scan), e.g. "Index Scan withdrawals_status_idx". */
function scansOf(node: PlanNode, out: Set<string>): Set<string> {
  const type = node['Node Type'];
  if (node['Relation Name'] === 'withdrawals' || type === 'Seq Scan')
    out.add(`${type}${node['Index Name'] ? ` ${node['Index Name']}` : ` ${node['Relation Name'] ?? ''}`}`);
  for (const child of node.Plans ?? []) scansOf(child, out);
  return out;
}

async function main() {
  if (!base) throw new Error('set DATABASE_URL (a PostgreSQL server; the bench creates its own databases)');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const small = await prepare(admin, 'bench_wd_small', SIZES.small);
  const large = await prepare(admin, 'bench_wd_large', SIZES.large);
  const s = await measure('small', small);
  const l = await measure('large', large);
  const plans: Record<string, Set<string>> = {};
  await explainCalls(large.url, l.list, await tokensFor(large), JWT_SECRET, (call, plan) => {
    plans[call] = scansOf(plan, plans[call] ?? new Set());
  });
  const rows = Object.keys(l.figures).map((call) => {
    const a = s.figures[call];
    const b = l.figures[call];
    return {
      call,
      smallP50: Number(a?.p50.toFixed(2)),
      largeP50: Number(b?.p50.toFixed(2)),
      largeP95: Number(b?.p95.toFixed(2)),
      ratio: a && b ? Number((b.p50 / a.p50).toFixed(2)) : null,
      plan: [...(plans[call] ?? [])],
    };
  });
  console.log(JSON.stringify({ sizes: SIZES, reps: REPS, rows }, null, 2));
  await small.c.end();
  await large.c.end();
  if (!KEEP) {
    await admin.query('drop database bench_wd_small with (force)');
    await admin.query('drop database bench_wd_large with (force)');
  }
  await admin.end();
}

await main();
