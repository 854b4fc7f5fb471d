import type { RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import { buildApp } from '../app';
import { openTestDatabase, type TestApp, testConfig } from '../test/test-app';

/** One API route as registered (HEAD copies left out), with what it declares. */
export interface TableRoute {
  method: string;
  url: string;
  access: 'public' | 'user' | 'premium' | 'admin' | 'partner';
  /** The route's own rate limit (config.rateLimit), if it has one. */
  rateLimited: boolean;
  /** Checks a credential of its own and answers 401 without it (config.ownCredential). */
  ownCredential: boolean;
  /** The account is checked inside the route's statement (config.userCheck 'in-query'). */
  inQuery: boolean;
  /** A second factor given recently (config.stepUp, issue 30). */
  stepUp: 'required' | 'ifEnrolled' | 'always' | undefined;
  schema: { querystring?: ZodType; params?: ZodType; body?: ZodType };
}

/**
 * A test app that also records the route table through buildApp's `onRoute` option (as the
 * authorization matrix does), so the security tests walk every route, including ones added later.
 */
/** An example debtor account (the SEPA files' own), so the SEPA routes are configured. */
const SEPA_DEBTOR = {
  SEPA_DEBTOR_NAME: 'Vaultline Test',
  SEPA_DEBTOR_IBAN: 'DE89370400440532013000',
  SEPA_DEBTOR_BIC: 'COBADEFFXXX',
};

export async function appWithRouteTable(
  opts: { env?: Record<string, string>; logStream?: NodeJS.WritableStream } = {},
): Promise<{ t: TestApp; routes: TableRoute[] }> {
  const db = await openTestDatabase();
  const routes: TableRoute[] = [];
  const onRoute = (r: RouteOptions) => {
    const config = r.config as
      | {
          access?: TableRoute['access'];
          rateLimit?: unknown;
          ownCredential?: string;
          userCheck?: string;
          stepUp?: TableRoute['stepUp'];
        }
      | undefined;
    if (!r.url.startsWith('/api') || r.url.startsWith('/api/docs') || !config?.access) return;
    for (const method of [r.method].flat())
      if (method !== 'HEAD')
        routes.push({
          method,
          url: r.url,
          access: config.access,
          rateLimited: config.rateLimit !== undefined && config.rateLimit !== false,
          ownCredential: !!config.ownCredential,
          inQuery: config.userCheck === 'in-query',
          stepUp: config.stepUp,
          schema: (r.schema ?? {}) as TableRoute['schema'],
        });
  };
  const app = await buildApp({
    // Every optional service configured, as in production: no route answers 503 for a missing setting.
    config: testConfig({ ...SEPA_DEBTOR, ...opts.env }),
    database: db,
    onRoute,
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
  });
  await app.ready();
  const xsrf = 'test-xsrf-token-value';
  const t: TestApp = {
    app,
    database: db,
    services: app.services,
    request({ token, xsrf: withXsrf = true, headers, cookies, ...rest }) {
      return app.inject({
        ...rest,
        headers: {
          ...(withXsrf ? { 'x-xsrf-token': xsrf } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        cookies: { ...(withXsrf ? { 'XSRF-TOKEN': xsrf } : {}), ...cookies },
      });
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
  return { t, routes };
}

/** Row counts of every table of the public schema, by table name. */
export async function tableCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = await tableNames(t);
  const select = tables.map((n) => `(SELECT count(*)::int FROM "${n}") AS "${n}"`).join(', ');
  const { sql } = await import('drizzle-orm');
  const res = (await t.services.db.execute(sql.raw(`SELECT ${select}`))) as unknown as {
    rows: Record<string, number>[];
  };
  return res.rows[0] ?? {};
}

const names = new WeakMap<TestApp, Promise<string[]>>();
function tableNames(t: TestApp): Promise<string[]> {
  let found = names.get(t);
  if (!found) {
    found = (async () => {
      const { sql } = await import('drizzle-orm');
      const res = (await t.services.db.execute(
        sql`SELECT table_name AS name FROM information_schema.tables
            WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
      )) as unknown as { rows: { name: string }[] };
      return res.rows.map((r) => r.name).filter((n) => /^[a-z_][a-z0-9_]*$/.test(n));
    })();
    names.set(t, found);
  }
  return found;
}

/** Every row of every table as JSON text, one line per row (to search stored data for secrets). */
export async function allRowsText(t: TestApp): Promise<string[]> {
  const { sql } = await import('drizzle-orm');
  const lines: string[] = [];
  for (const name of await tableNames(t)) {
    const res = (await t.services.db.execute(
      sql.raw(`SELECT row_to_json(r)::text AS row FROM "${name}" r`),
    )) as unknown as { rows: { row: string }[] };
    for (const r of res.rows) lines.push(`${name} ${r.row}`);
  }
  return lines;
}

/** The tables whose row count differs between two snapshots, with both counts. */
/**
 * Tables the background jobs write by themselves, whatever a request does: a job's first lease, and
 * the list counts' deltas, which a job folds into their totals (the rows counted are compared apart).
 */
const JOB_TABLES = new Set(['job_leases', 'list_count_deltas']);

export function countChanges(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys({ ...before, ...after })
    .filter((k) => !JOB_TABLES.has(k) && before[k] !== after[k])
    .map((k) => `${k}: ${before[k]} -> ${after[k]}`);
}
