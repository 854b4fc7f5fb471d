import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stats } from '../modules/admin/admin.repository';
import { assetId, makeUser } from '../modules/ledger/ledger.test-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { foldKeptFigures, listCount } from './list-counts';

/*
 * The figures the triggers keep (migration 0020: list counts, hourly stats) always equal what a
 * count or sum of the tables gives, whatever happens to the rows: inserts at any age (around the
 * 24 h, 7 d and 30 d edges above all), status changes, settlements, deletions, and old hours folded.
 */

let t: TestApp;
let btc: string;
let eth: string;
/** The owner of the conversions and deposits made here. */
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  [btc, eth] = [await assetId(t, 'BTC'), await assetId(t, 'ETH')];
  owner = (await makeUser(t)).id;
});
afterAll(() => t.close());

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.services.db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** The admin stats as the tables say, summed per request (the query the kept figures replace). */
async function statsFromTables() {
  const [row] = await rows<Record<string, string | number>>(sql`
    with traded as (
      select usd_value, creation_date as at from conversions where status = 1
      union all
      select e.usd_value, j.created_at from guest_exchanges e join journal_entries j on j.id = e.journal_entry_id
      where e.status = 1
    )
    select (select count(*) from users)::int as total_users,
      (select count(*) from users where creation_date >= now() - interval '24 hours')::int as new_users_24h,
      (select count(*) from users where creation_date >= now() - interval '7 days')::int as new_users_7d,
      (select count(*) from users where creation_date >= now() - interval '30 days')::int as new_users_30d,
      (select coalesce(sum(usd_value), 0) from traded)::text as traded_total,
      (select coalesce(sum(usd_value), 0) from traded where at >= now() - interval '24 hours')::text as traded_24h,
      (select coalesce(sum(usd_value), 0) from traded where at >= now() - interval '7 days')::text as traded_7d,
      (select coalesce(sum(usd_value), 0) from traded where at >= now() - interval '30 days')::text as traded_30d`);
  return row;
}

const normalize = (r: Record<string, string | number> | undefined) =>
  Object.fromEntries(
    Object.entries(r ?? {}).map(([k, v]) => [k, typeof v === 'string' ? Number(v).toFixed(6) : v]),
  );

/** Ages in seconds: a minute either side of each window's edge, old ones (folded), and any. */
const DAY = 86_400;
const age = fc.oneof(
  fc.constantFrom(...[DAY, 7 * DAY, 30 * DAY].flatMap((edge) => [edge - 60, edge + 60])),
  fc.integer({ min: 31 * DAY, max: 60 * DAY }),
  fc.integer({ min: 0, max: 40 * DAY }),
);
const usd = fc.integer({ min: 1, max: 1_000_000 }).map((c) => (c / 100).toFixed(2));
const op = fc.oneof(
  fc.record({ kind: fc.constant('user' as const), age }),
  fc.record({ kind: fc.constant('conversion' as const), age, usd }),
  fc.record({
    kind: fc.constant('exchange' as const),
    age,
    usd,
    status: fc.constantFrom(-1, 0, 1, 2, 3),
    settle: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('deposit' as const), status: fc.constantFrom(0, 1, 2, 3) }),
  // Several rows in one statement (the insert triggers count per statement).
  fc.record({
    kind: fc.constant('bulk' as const),
    rows: fc.array(fc.record({ age, usd, status: fc.constantFrom(-1, 0, 1, 2, 3) }), {
      minLength: 2,
      maxLength: 5,
    }),
  }),
  fc.record({
    kind: fc.constant('restatus' as const),
    pick: fc.nat(),
    status: fc.constantFrom(-1, 0, 1, 2, 3),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  // The job's fold: moves deltas into totals, old hours into one row; the figures stay the same.
  fc.record({ kind: fc.constant('fold' as const) }),
);

const ago = (seconds: number) => sql`now() - ${String(seconds)}::int * interval '1 second'`;

type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function apply(o: Op, n: number) {
  const db = t.services.db;
  switch (o.kind) {
    case 'user':
      await db.execute(sql`insert into users (email, password_hash, first_name, last_name, creation_date)
        values (${`kept${n}-${Math.random()}@example.org`}, 'x', 'K', 'F', ${ago(o.age)})`);
      return;
    case 'conversion':
      await db.execute(sql`with j as (
          insert into journal_entries (kind, reference) values ('kept_test', ${`c${n}-${Math.random()}`}) returning id)
        insert into conversions (user_id, lock_id, left_asset_id, right_asset_id, amount,
          destination_amount, rate, fee, usd_value, status, journal_entry_id, creation_date)
        select ${owner}, gen_random_uuid(), ${btc}, ${eth}, 1, 1, 1, 0, ${o.usd}, 1, j.id, ${ago(o.age)} from j`);
      return;
    case 'exchange': {
      const [j] = o.settle
        ? await rows<{ id: string }>(sql`insert into journal_entries (kind, reference, created_at)
            values ('kept_test', ${`x${n}-${Math.random()}`}, ${ago(o.age)}) returning id`)
        : [];
      await db.execute(sql`insert into guest_exchanges (source_asset_id, destination_asset_id, amount,
          destination_amount, rate, fee, fee_rate, usd_value, email, deposit_address, destination_address,
          status, journal_entry_id, creation_date)
        values (${btc}, ${eth}, 1, 1, 1, 0, 0, ${o.usd}, 'g@example.net', 'a', 'b', ${o.status},
          ${j?.id ?? null}, ${ago(o.age)})`);
      return;
    }
    case 'deposit':
      await db.execute(sql`insert into deposits (user_id, asset_id, method, amount, status)
        values (${owner}, ${eth}, 'crypto', 1, ${o.status})`);
      return;
    case 'bulk': {
      const values = o.rows.map(
        (r) => sql`(${btc}::uuid, ${eth}::uuid, 1, 1, 1, 0, 0, ${r.usd}::numeric, 'g@example.net', 'a', 'b',
          ${r.status}::smallint, ${ago(r.age)})`,
      );
      await db.execute(sql`insert into guest_exchanges (source_asset_id, destination_asset_id, amount,
          destination_amount, rate, fee, fee_rate, usd_value, email, deposit_address, destination_address,
          status, creation_date)
        values ${sql.join(values, sql`, `)}`);
      await db.execute(sql`insert into users (email, password_hash, first_name, last_name, creation_date)
        values ${sql.join(
          o.rows.map(
            (r, i) => sql`(${`bulk${n}-${i}-${Math.random()}@example.org`}, 'x', 'B', 'K', ${ago(r.age)})`,
          ),
          sql`, `,
        )}`);
      return;
    }
    case 'fold':
      await foldKeptFigures(db);
      return;
    case 'restatus':
      await db.execute(sql`update guest_exchanges set status = ${o.status}
        where id = (select id from guest_exchanges order by id offset ${o.pick} % greatest(1, (select count(*) from guest_exchanges)) limit 1)`);
      await db.execute(sql`update deposits set status = ${((o.status % 4) + 4) % 4}
        where id = (select id from deposits order by id offset ${o.pick} % greatest(1, (select count(*) from deposits)) limit 1)`);
      return;
    case 'delete':
      await db.execute(sql`delete from guest_exchanges
        where id = (select id from guest_exchanges order by id offset ${o.pick} % greatest(1, (select count(*) from guest_exchanges)) limit 1)`);
      await db.execute(sql`delete from conversions
        where id = (select id from conversions order by id offset ${o.pick} % greatest(1, (select count(*) from conversions)) limit 1)`);
      return;
  }
}

describe('figures kept by triggers (migration 0020)', () => {
  it('admin stats and list counts equal the counts and sums of the tables after any changes', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) await apply(o, n++);
        const kept = await stats(t.services.db);
        expect(normalize(kept as never)).toEqual(normalize(await statsFromTables()));
        // Folded, the same figures.
        await foldKeptFigures(t.services.db);
        expect(normalize((await stats(t.services.db)) as never)).toEqual(normalize(kept as never));
        for (const statuses of [undefined, [1], [2, -1, 3], [0]]) {
          const [ge] = await rows<{ n: number }>(sql`select count(*)::int as n from guest_exchanges
            ${statuses ? sql`where status in ${statuses}` : sql``}`);
          expect(await listCount(t.services.db, 'guest_exchanges', statuses)).toBe(ge?.n);
        }
        const [dep] = await rows<{ n: number }>(
          sql`select count(*)::int as n from deposits where status = 3`,
        );
        expect(await listCount(t.services.db, 'deposits', [3])).toBe(dep?.n);
      }),
      { numRuns: 25 },
    );
  });
});
