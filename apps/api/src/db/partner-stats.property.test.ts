import { Decimal } from '@vaultline/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetId } from '../modules/ledger/ledger.test-helpers';
import { adminPartnerStats } from '../modules/partners/earnings/earnings.repository';
import { makePartner } from '../modules/partners/partners.test-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let btc: string;
let eth: string;
beforeAll(async () => {
  t = await createTestApp();
  [btc, eth] = [await assetId(t, 'BTC'), await assetId(t, 'ETH')];
});
afterAll(() => t.close());

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.services.db.execute(q)) as unknown as { rows: T[] }).rows;
}

/*
 * The partners' figures (migration 0026: partner_stats) always equal what the admin's partner list
 * summed from guest_exchanges before it read them, exactly (unrounded), and the list shows that sum
 * rounded to cents, whatever happens to partner exchanges: made one or several per statement, status
 * changes, requotes (amount, rate, USD value, commission; also to equal numbers of a larger scale,
 * which can change the digits of the earnings division), moves to another partner or to none,
 * deletions, and changes rolled back.
 */
describe('partner figures kept by triggers (migration 0026)', () => {
  let partnerIds: string[];
  beforeAll(async () => {
    partnerIds = [];
    for (let i = 0; i < 3; i++) partnerIds.push((await makePartner(t)).userId);
  });

  /** The list's query before partner_stats, unrounded: the definitions the triggers must keep. */
  const fromTables = sql`
    select p.user_id, s.exchanges, s.successful, s.volume_usd, s.earnings_usd
    from partners p
    cross join lateral (
      select count(*) as exchanges,
             count(*) filter (where e.status = 1) as successful,
             coalesce(sum(e.usd_value) filter (where e.status = 1), 0) as volume_usd,
             coalesce(sum(e.partner_commission * e.usd_value / (e.amount * e.rate))
                        filter (where e.status = 1 and e.partner_commission > 0 and e.rate > 0), 0) as earnings_usd
      from guest_exchanges e
      where e.partner_id = p.user_id
    ) s`;

  /** A positive decimal of 0 to 8 places, written with up to 3 trailing zeros (1.5, 1.50, 1.500). */
  const dec = fc
    .tuple(
      fc.integer({ min: 1, max: 99_999_999 }),
      fc.integer({ min: 0, max: 8 }),
      fc.integer({ min: 0, max: 3 }),
    )
    .map(([n, places, zeros]) => new Decimal(n).div(new Decimal(10).pow(places)).toFixed(places + zeros));
  // Success (1) often: the only status whose exchanges add volume and earnings.
  const status = fc.oneof(
    { weight: 3, arbitrary: fc.constant(1) },
    { weight: 4, arbitrary: fc.constantFrom(-1, 0, 2, 3) },
  );
  /** Which partner (of three), or none: a guest's exchange, which no partner's figure counts. */
  const partner = fc.option(fc.integer({ min: 0, max: 2 }), { freq: 4 });
  const row = fc.record({
    partner,
    status,
    amount: dec,
    // 0 is outside the earnings' definition (rate > 0); a null or zero commission earns nothing.
    rate: fc.oneof({ weight: 5, arbitrary: dec }, { weight: 1, arbitrary: fc.constant('0') }),
    usd: dec,
    commission: fc.oneof(dec, fc.constant('0'), fc.constant(null)),
  });
  const pick = fc.record({ pick: fc.nat(), partnersOnly: fc.boolean() });
  const pop = fc.oneof(
    fc.record({ kind: fc.constant('insert' as const), row }),
    fc.record({ kind: fc.constant('bulk' as const), rows: fc.array(row, { minLength: 2, maxLength: 5 }) }),
    fc.record({ kind: fc.constant('restatus' as const), at: pick, status }),
    fc.record({
      kind: fc.constant('requote' as const),
      at: pick,
      amount: fc.option(dec),
      rate: fc.option(dec),
      usd: fc.option(dec),
      commission: fc.option(dec),
    }),
    // The same numbers at a larger scale (1.5 → 1.5000): equal values, but past 16 significant
    // digits the scale sets how many digits the earnings division keeps.
    fc.record({ kind: fc.constant('rescale' as const), at: pick }),
    fc.record({ kind: fc.constant('move' as const), at: pick, partner }),
    fc.record({ kind: fc.constant('delete' as const), at: pick }),
    fc.record({ kind: fc.constant('rollback' as const), row, at: pick }),
  );
  type POp = typeof pop extends fc.Arbitrary<infer T> ? T : never;

  const partnerOf = (i: number | null) => (i === null ? null : (partnerIds[i] ?? null));
  type PRow = typeof row extends fc.Arbitrary<infer T> ? T : never;
  const values = (r: PRow) =>
    sql`(${btc}::uuid, ${eth}::uuid, ${r.amount}::numeric, 1, ${r.rate}::numeric, 0, 0, ${r.usd}::numeric,
      'p@example.net', 'a', 'b', ${r.status}::smallint, ${partnerOf(r.partner)}::uuid, ${r.commission}::numeric)`;
  const insert = (rows: ReturnType<typeof values>[]) =>
    sql`insert into guest_exchanges (source_asset_id, destination_asset_id, amount, destination_amount, rate, fee,
      fee_rate, usd_value, email, deposit_address, destination_address, status, partner_id, partner_commission)
      values ${sql.join(rows, sql`, `)}`;
  const target = (at: { pick: number; partnersOnly: boolean }) => {
    const only = at.partnersOnly ? sql`where partner_id is not null` : sql``;
    return sql`(select id from guest_exchanges ${only} order by id
      offset ${at.pick} % greatest(1, (select count(*) from guest_exchanges ${only})) limit 1)`;
  };

  async function applyPartner(o: POp) {
    const db = t.services.db;
    switch (o.kind) {
      case 'insert':
        await db.execute(insert([values(o.row)]));
        return;
      case 'bulk':
        await db.execute(insert(o.rows.map(values)));
        return;
      case 'restatus':
        await db.execute(sql`update guest_exchanges set status = ${o.status} where id = ${target(o.at)}`);
        return;
      case 'requote': {
        const set = (col: string, v: string | null) =>
          v !== null ? sql`${sql.raw(col)} = ${v}::numeric` : sql`${sql.raw(col)} = ${sql.raw(col)}`;
        await db.execute(sql`update guest_exchanges set ${set('amount', o.amount)}, ${set('rate', o.rate)},
          ${set('usd_value', o.usd)}, ${set('partner_commission', o.commission)} where id = ${target(o.at)}`);
        return;
      }
      case 'rescale':
        await db.execute(sql`update guest_exchanges set amount = amount * 1.000, rate = rate * 1.0000,
          usd_value = usd_value * 1.00, partner_commission = partner_commission * 1.000
          where id = ${target(o.at)}`);
        return;
      case 'move':
        await db.execute(
          sql`update guest_exchanges set partner_id = ${partnerOf(o.partner)}::uuid where id = ${target(o.at)}`,
        );
        return;
      case 'delete':
        await db.execute(sql`delete from guest_exchanges where id = ${target(o.at)}`);
        return;
      case 'rollback':
        await db
          .transaction(async (tx) => {
            await tx.execute(insert([values(o.row)]));
            await tx.execute(
              sql`update guest_exchanges set status = case when status = 1 then 0 else 1 end where id = ${target(o.at)}`,
            );
            await tx.execute(sql`delete from guest_exchanges where id = ${target(o.at)}`);
            throw new Error('rolled back');
          })
          .catch((e: Error) => {
            if (e.message !== 'rolled back') throw e;
          });
        return;
    }
  }

  it('partner_stats equal the sums of the exchanges, and the list shows them rounded, after any changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(pop, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) await applyPartner(o);
        // Exact: numeric equality of the kept (unrounded) figures and the sums; no row reads as zeros.
        const drift = await rows<Record<string, string>>(sql`
          select x.user_id, x.exchanges::text, x.successful::text, x.volume_usd::text, x.earnings_usd::text,
                 k.exchanges::text as k_exchanges, k.successful_exchanges::text as k_successful,
                 k.volume_usd::text as k_volume, k.earnings_usd::text as k_earnings
          from (${fromTables}) x left join partner_stats k on k.partner_id = x.user_id
          where (x.exchanges, x.successful, x.volume_usd, x.earnings_usd)
            is distinct from (coalesce(k.exchanges, 0), coalesce(k.successful_exchanges, 0),
                              coalesce(k.volume_usd, 0), coalesce(k.earnings_usd, 0))`);
        expect(drift).toEqual([]);
        // The list: the same sums, rounded to cents once (as the list did when it summed the rows).
        const expected = await rows<Record<string, string | number>>(sql`
          select x.user_id, x.exchanges::int as exchanges, x.successful::int as successful,
                 round(x.volume_usd, 2)::text as volume_usd, round(x.earnings_usd, 2)::text as earnings_usd
          from (${fromTables}) x order by x.user_id`);
        const listed = (await adminPartnerStats(t.services.db))
          .map((r) => ({
            user_id: r.user_id,
            exchanges: Number(r.exchanges),
            successful: Number(r.successful),
            volume_usd: r.volume_usd,
            earnings_usd: r.earnings_usd,
          }))
          .sort((a, b) => (a.user_id < b.user_id ? -1 : 1));
        expect(listed).toEqual(expected);
      }),
      { numRuns: 40 },
    );
    // The runs did reach the figures: some partner has successful exchanges with earnings.
    const [some] = await rows<{ n: number }>(
      sql`select count(*)::int as n from partner_stats where successful_exchanges > 0 and earnings_usd > 0`,
    );
    expect(some?.n).toBeGreaterThan(0);
  });
});
