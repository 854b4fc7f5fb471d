/**
 * Card payments as deployed, on PostgreSQL: a card deposit end to end through the test gateway
 * (checkout, the hosted page's Pay, the gateway's signed webhook, the credit), against a lock and
 * convert pair of the same users in the same run (the money path's unit, bench/money-path.ts).
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/card-payments.ts
 *
 * - The API runs as its own process (the production build when it exists, default logging, DEMO=true
 *   so the test gateway takes payments), its CPU read from /proc around each load.
 * - BENCH_USERS users (default 8) pay in a loop for BENCH_SECONDS (default 10); the API's CPU per
 *   payment covers the checkout, the hosted page, the webhook and the credit (the run ends when all
 *   are credited). Then they pay again for as long, each waiting for its credit: "gateway to credit"
 *   is from the hosted page's 303 (the gateway has the money, its webhook is queued) to the first
 *   status read that says succeeded (read every 10 ms).
 * - Then the same users convert (lock + convert pairs) for as long: API CPU per payment is reported
 *   as a ratio to API CPU per pair. BENCH_PROFILE=dir writes a CPU profile of the API.
 * After the run every payment the gateway took must be credited once and the ledger audit clean.
 */
import path from 'node:path';
import pg from 'pg';
import { startApi } from './api-process';
import { withDb } from './pg-tools';
import { cpuMs } from './proc-cpu';

const base = process.env.DATABASE_URL;
const USERS = Number(process.env.BENCH_USERS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = 8461;
const root = path.resolve(import.meta.dirname, '..');
const api = `http://127.0.0.1:${PORT}`;
const XSRF = { cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench', 'content-type': 'application/json' };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? 0;
};

async function call<T>(
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; content: T }> {
  const res = await fetch(`${api}/api/${url}`, {
    method,
    headers: { ...XSRF, authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { content: T };
  return { status: res.status, content: json.content };
}

async function signUp(i: number): Promise<string> {
  const email = `pay${i}.${process.pid}@bench.test`;
  const res = await call<{ jwToken: string }>('POST', 'Auth/signup', '', {
    firstName: 'Bench',
    lastName: `Payer${i}`,
    email,
    birthDay: '1990-01-01',
    password: 'bench-password-123',
  });
  if (res.status !== 200) throw new Error(`signup ${res.status}`);
  return res.content.jwToken;
}

/** One card deposit: answers the ms from the gateway's success to the credit seen by the payer. */
async function pay(token: string, eur: string): Promise<number> {
  const co = await call<{ url: string }>('POST', 'Payment/card/checkout', token, {
    assetId: eur,
    amount: '10',
  });
  if (co.status !== 200) throw new Error(`checkout ${co.status}`);
  const paid = await fetch(`${api}${co.content.url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242424242424242', expiry: '12/39', cvc: '123' }),
  });
  const start = performance.now();
  if (paid.status !== 303) throw new Error(`hosted page ${paid.status}`);
  const id = new URL(paid.headers.get('location') ?? '/', api).searchParams.get('id');
  for (;;) {
    const s = await call<{ status: string }>('GET', `Payment/checkout/${id}`, token);
    if (s.content.status === 'succeeded') return performance.now() - start;
    if (performance.now() - start > 10_000) throw new Error('not credited within 10 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function convertPair(token: string, left: string, right: string): Promise<void> {
  const lock = await call<{ id: string }>('POST', 'AssetConvert/lock', token, {
    leftAssetId: left,
    rightAssetId: right,
  });
  if (lock.status !== 200) throw new Error(`lock ${lock.status}`);
  const c = await call('POST', 'AssetConvert/convert', token, {
    transactionLockId: lock.content.id,
    amount: '150',
  });
  if (c.status !== 200) throw new Error(`convert ${c.status}`);
}

async function loop(seconds: number, tokens: string[], one: (token: string) => Promise<unknown>) {
  const end = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    tokens.map(async (t) => {
      while (performance.now() < end) {
        await one(t);
        n++;
      }
    }),
  );
  return n;
}

async function main() {
  if (!base) throw new Error('set DATABASE_URL (a PostgreSQL server; the bench creates its own database)');
  const appDb = `bench_cards_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${appDb}`);
  const proc = await startApi({
    root,
    databaseUrl: withDb(base, appDb),
    port: PORT,
    jwtSecret: 'bench-jwt-secret-bench-jwt-secret-bench',
    ...(process.env.BENCH_PROFILE ? { profileDir: process.env.BENCH_PROFILE } : {}),
    env: {
      LOG_LEVEL: '',
      DEMO: 'true',
      DEMO_CHAIN: 'false',
      AUTH_RATE_LIMIT_MAX: '100000',
      GUEST_RATE_LIMIT_MAX: '100000',
    },
    output: 'discard',
  });
  try {
    const tokens = await Promise.all(Array.from({ length: USERS }, (_, i) => signUp(i)));
    const wallets = (await call<{ id: string; ticker: string }[]>('GET', 'Wallets/list', '')).content;
    const id = (t: string) => wallets.find((w) => w.ticker === t)?.id ?? '';
    const latencies: number[] = [];
    const payOnce = async (t: string) => latencies.push(await pay(t, id('EUR')));
    await loop(2, tokens, payOnce); // warm-up
    latencies.length = 0;
    const cpu0 = cpuMs(proc.pid);
    const payments = await loop(SECONDS, tokens, payOnce);
    const cpuPerPayment = (cpuMs(proc.pid) - cpu0) / payments;
    // Funds for the pairs come from the payments just made (10 EUR each).
    const cpu1 = cpuMs(proc.pid);
    const pairs = await loop(SECONDS, tokens, (t) =>
      convertPair(t, id('EUR'), id('BTC')).catch(() => undefined),
    );
    const cpuPerPair = (cpuMs(proc.pid) - cpu1) / pairs;
    const db = new pg.Client({ connectionString: withDb(base, appDb) });
    await db.connect();
    const check = await db.query(`
      select (select count(*) from test_gateway_sessions where status = 'complete')::int as paid,
             (select count(*) from deposits where method = 'card' and status = 1 and journal_entry_id is not null)::int as credited,
             (select count(*) from (select entry_id from postings group by entry_id, asset_id having sum(amount) <> 0) u)::int as unbalanced`);
    await db.end();
    console.log(
      JSON.stringify(
        {
          users: USERS,
          seconds: SECONDS,
          paymentsPerSecond: +(payments / SECONDS).toFixed(1),
          pairsPerSecond: +(pairs / SECONDS).toFixed(1),
          gatewayToCreditMs: { p50: +pct(latencies, 50).toFixed(1), p99: +pct(latencies, 99).toFixed(1) },
          apiCpuMsPerPayment: +cpuPerPayment.toFixed(2),
          apiCpuMsPerPair: +cpuPerPair.toFixed(2),
          paymentToPairCpuRatio: +(cpuPerPayment / cpuPerPair).toFixed(2),
          ...check.rows[0],
        },
        null,
        2,
      ),
    );
    if (check.rows[0].paid !== check.rows[0].credited || check.rows[0].unbalanced !== 0)
      throw new Error('a payment the gateway took is not credited once, or the ledger is off');
  } finally {
    await proc.stop();
    await admin.query(`DROP DATABASE ${appDb} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
