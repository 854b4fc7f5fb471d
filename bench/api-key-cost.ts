/**
 * What an API key costs against a session token (issue: at most 50 µs more server CPU per request).
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/api-key-cost.ts
 * (without DATABASE_URL it runs on PGlite).
 *
 * The app runs in a child process (`serve`: production config, default log level, its log lines
 * written to nowhere), the load generator (autocannon) in this one. The child adds two routes with
 * the same handler and the same kind of limit, differing only in the caller's credential:
 * `GET /api/bench/session` (access 'user': a session token, verified and its account re-read from
 * the database, as every signed-in call) and `GET /api/bench/key` (access 'partner': an API key,
 * hashed and looked up, as every /api/v1 call). Rounds alternate the two, so machine load hits both
 * alike; the child's CPU per request is read from /proc, medians over rounds.
 * BENCH_SECONDS (5), BENCH_ROUNDS (5), BENCH_CONNECTIONS (8); BENCH_OUT=file writes the JSON there.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { cpuMs, postgresCpu, postgresCpuSince } from './proc-cpu';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PORT = 8352;
const XSRF = { cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench' };

type Ready = { kind: 'ready'; token: string; key: string; database: string };

async function serve() {
  const [{ buildApp }, { loadConfig }, { openPglite, openPostgres }, { seedReference }, rl, { sql }] =
    await Promise.all([
      import('../apps/api/src/app'),
      import('../apps/api/src/config'),
      import('../apps/api/src/db/client'),
      import('../apps/api/src/db/seed'),
      import('../apps/api/src/modules/partners/partner-rate-limit'),
      import('drizzle-orm'),
    ]);
  const url = process.env.DATABASE_URL;
  const database = url ? await openPostgres(url, 10) : await openPglite();
  await seedReference(database.db);
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-bench-jwt',
    COOKIE_SECRET: 'bench-cookie-secret-bench-cookie-secret-x',
    DATA_DIR: os.tmpdir(),
    AUTH_RATE_LIMIT_MAX: '100000',
    PARTNER_RATE_LIMIT_MAX: '100000000',
  });
  const app = await buildApp({ config, database });
  const limits = rl.partnerRateLimits(config);
  const answer = async () => ({ content: { ok: true } });
  // The same handler and a limit of the same size: only the credential differs.
  app.get('/api/bench/session', {
    config: { access: 'user', rateLimit: { max: 100_000_000, timeWindow: 60_000 } },
    handler: answer,
  });
  app.get('/api/bench/key', {
    config: { access: 'partner', partnerScope: 'read', rateLimit: limits.read },
    handler: answer,
  });
  await app.listen({ port: PORT, host: '127.0.0.1' });

  const call = async (method: 'GET' | 'POST', path: string, token?: string, payload?: object) => {
    const res = await app.inject({
      method,
      url: path,
      headers: { ...XSRF, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return res.json().content;
  };
  const signup = (email: string) =>
    call('POST', '/api/Auth/signup', undefined, {
      firstName: 'Bench',
      lastName: 'Partner',
      email,
      birthDay: '1990-01-01',
      password: 'bench-password-123',
    }) as Promise<{ jwToken: string }>;
  const partner = await signup('partner@bench.test');
  const admin = await signup('admin@bench.test');
  await database.db.execute(sql`update users set role = 'admin' where email = 'admin@bench.test'`);
  const { id: userId } = (await call('GET', '/api/User', partner.jwToken)) as { id: string };
  await call('POST', `/api/Admin/partners/${userId}`, admin.jwToken, { maxCommission: '0.01' });
  const { key } = (await call('POST', '/api/partner/keys', partner.jwToken, {
    name: 'bench',
    scopes: ['read'],
  })) as { key: string };
  process.send?.({ kind: 'ready', token: partner.jwToken, key, database: database.kind } satisfies Ready);
  process.once('disconnect', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

async function cannon(server: ChildProcess, url: string, headers: Record<string, string>) {
  const cpu0 = cpuMs(server.pid as number);
  const pg0 = postgresCpu();
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const cpu = cpuMs(server.pid as number) - cpu0;
  // On PostgreSQL its server processes' CPU counts too (both credentials cost one query).
  const db = process.env.DATABASE_URL ? postgresCpuSince(pg0) : 0;
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return {
    rps: r.requests.average,
    cpuUs: (cpu * 1000) / r.requests.total,
    dbUs: (db * 1000) / r.requests.total,
  };
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
const round1 = (x: number) => Math.round(x * 10) / 10;

async function main() {
  const server = fork(import.meta.filename, ['serve'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['inherit', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    server.once('message', (m: Ready) => resolve(m));
    server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  const api = `http://127.0.0.1:${PORT}/api/bench`;
  const session = { authorization: `Bearer ${ready.token}`, ...XSRF };
  const key = { authorization: `Bearer ${ready.key}` };
  // Warm both paths (JIT, prepared statements, pools).
  await cannon(server, `${api}/session`, session);
  await cannon(server, `${api}/key`, key);
  const rounds: {
    session: number;
    key: number;
    sessionDb: number;
    keyDb: number;
    sessionRps: number;
    keyRps: number;
  }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const s = await cannon(server, `${api}/session`, session);
    const k = await cannon(server, `${api}/key`, key);
    rounds.push({
      session: s.cpuUs,
      key: k.cpuUs,
      sessionDb: s.dbUs,
      keyDb: k.dbUs,
      sessionRps: s.rps,
      keyRps: k.rps,
    });
  }
  server.disconnect();
  const result = {
    meta: {
      date: new Date().toISOString(),
      cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? '?'}`,
      node: process.version,
      database: ready.database,
      connections: CONNECTIONS,
      seconds: DURATION,
      rounds: ROUNDS,
    },
    sessionCpuUsPerRequest: round1(median(rounds.map((r) => r.session))),
    keyCpuUsPerRequest: round1(median(rounds.map((r) => r.key))),
    // Per round, so that both sides of a difference saw the same machine.
    keyMinusSessionUs: round1(median(rounds.map((r) => r.key - r.session))),
    sessionDbCpuUsPerRequest: round1(median(rounds.map((r) => r.sessionDb))),
    keyDbCpuUsPerRequest: round1(median(rounds.map((r) => r.keyDb))),
    keyMinusSessionWithDbUs: round1(median(rounds.map((r) => r.key + r.keyDb - r.session - r.sessionDb))),
    sessionRps: Math.round(median(rounds.map((r) => r.sessionRps))),
    keyRps: Math.round(median(rounds.map((r) => r.keyRps))),
    rounds: rounds.map((r) => ({ session: round1(r.session), key: round1(r.key) })),
  };
  const json = JSON.stringify(result, null, 2);
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${json}\n`);
  console.log(json);
}

if (process.argv[2] === 'serve') await serve();
else await main();
