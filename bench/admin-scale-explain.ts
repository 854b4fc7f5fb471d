/**
 * The EXPLAIN half of bench/admin-scale.ts: runs each call once in this process (the app built as
 * the server builds it) with every SQL statement its database pool sends recorded, then explains
 * each statement with its parameters and lists the sequential scans of big tables it plans.
 */
import pg from 'pg';

/** One back-office call the bench times and explains. */
export interface Call {
  name: string;
  /** Path under /api; a function of the cursor when the call is a deep page opened from the page before. */
  path: string;
  as: 'admin' | 'history';
}

const BIG = new Set([
  'users',
  'guest_exchanges',
  'journal_entries',
  'conversions',
  'deposits',
  'journal_lines',
]);

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode, out: string[]): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && BIG.has(node['Relation Name']))
    out.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScans(child, out);
  return out;
}

export async function explainCalls(
  url: string,
  calls: Call[],
  tokens: Record<Call['as'], string>,
  jwtSecret: string,
  /** Given each statement's plan (bench/withdrawals-list.ts summarises them). */
  onPlan?: (call: string, plan: PlanNode) => void,
): Promise<Record<string, string[]>> {
  const recorded: { text: string; values: unknown[] }[] = [];
  let recording = false;
  const original = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this only reads its first argument
  (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
    const [first, second] = args;
    if (recording) {
      const text = typeof first === 'string' ? first : first?.text;
      const values = (typeof first === 'string' ? second : (first?.values ?? second)) ?? [];
      if (typeof text === 'string' && /^\s*(select|with|\()/i.test(text)) recorded.push({ text, values });
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  const [{ buildApp }, { loadConfig }, { openPostgres }] = await Promise.all([
    import('../apps/api/src/app'),
    import('../apps/api/src/config'),
    import('../apps/api/src/db/client'),
  ]);
  const database = await openPostgres(url, 4);
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: jwtSecret,
      COOKIE_SECRET: 'bench-cookie-secret-bench-cookie-secret-x',
      DATA_DIR: '/tmp/vaultline-bench',
      LOG_LEVEL: 'warn',
    }),
    database,
  });
  await app.ready();
  const plans: Record<string, string[]> = {};
  const explainer = new pg.Client({ connectionString: url });
  await explainer.connect();
  // The explainer's own queries are not recorded (recording is off while it runs).
  try {
    for (const call of calls) {
      recorded.length = 0;
      recording = true;
      const res = await app.inject({
        method: 'GET',
        url: `/api/${call.path}`,
        headers: { authorization: `Bearer ${tokens[call.as]}` },
      });
      recording = false;
      if (res.statusCode !== 200) throw new Error(`${call.path}: ${res.statusCode} ${res.body}`);
      const scans: string[] = [];
      for (const s of recorded) {
        const r = await explainer.query(`explain (format json) ${s.text}`, s.values as unknown[]);
        const plan = (r as unknown as { rows: { 'QUERY PLAN': { Plan: PlanNode }[] }[] }).rows[0]?.[
          'QUERY PLAN'
        ][0]?.Plan;
        if (plan) seqScans(plan, scans);
        if (plan) onPlan?.(call.name, plan);
      }
      plans[call.name] = [...new Set(scans)];
    }
  } finally {
    recording = false;
    await explainer.end();
    await app.close();
    await database.close();
    pg.Client.prototype.query = original;
  }
  return plans;
}
