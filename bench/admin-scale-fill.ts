/**
 * Fills a migrated database with a back office's worth of rows for bench/admin-scale.ts, in SQL
 * (generate_series), so a million rows take seconds rather than hours through the API. The rows are
 * shaped like the product's own (the same columns and statuses), with made-up names and e-mails.
 */
import type pg from 'pg';

export interface FillSize {
  /** Guest exchanges in all. */
  exchanges: number;
  users: number;
  /** Exchanges of the one user whose history is timed (part of `exchanges`). */
  historyExchanges: number;
}

/**
 * Statuses as a back office sees them: 1 % on the pending list (2 pending, -1 not processed,
 * 3 awaiting the deposit), 5 % failed, the rest succeeded (posted in the ledger). Dates spread over
 * a year. Every user has one conversion and one deposit (1 % of deposits awaiting verification).
 * Rows go in in time order, as a live database receives them.
 */
export async function fill(c: pg.Client, size: FillSize): Promise<{ historyUserId: string }> {
  const q = (text: string, values: unknown[] = []) => c.query(text, values);
  await q(
    `
    insert into users (email, password_hash, first_name, last_name, creation_date)
    select lower(f.first) || '.' || substr(md5(i::text), 1, 6) || i || '@example.org', 'x', f.first,
           initcap(substr(md5('last' || i), 1, 3) || translate(substr(md5('n' || i), 1, 6), '0123456789', 'aeioubcdfg')),
           now() - ($1::int - i) * (365.0 / $1::int) * interval '1 day'
    from generate_series(1, $1::int) i,
         lateral (select (array['Anna','Ben','Chloé','David','Emma','Felix','Grace','Hugo','Ines','Jonas',
                                'Klara','Louis','Mia','Noah','Olga','Paul','Rosa','Sven','Tara','Yann'])[1 + i % 20] as first) f`,
    [size.users],
  );
  const {
    rows: [historyUser],
  } = await q(`select id from users order by email limit 1`);
  const historyUserId = (historyUser as { id: string }).id;
  await q(
    `
    create temp table fill_x as
    select gen_random_uuid() as id, i,
           now() - (random() * 365) * interval '1 day' as at,
           case when i % 100 = 0 then (array[2, -1, 3])[1 + (i / 100) % 3]
                when i % 20 = 1 then 0 else 1 end::smallint as status,
           case when i <= $2::int then $3::uuid end as user_id
    from generate_series(1, $1::int) i`,
    [size.exchanges, size.historyExchanges, historyUserId],
  );
  await q(`
    insert into journal_entries (id, kind, reference, created_at)
    select gen_random_uuid(), 'bench_exchange', x.id::text, x.at + interval '10 minutes'
    from fill_x x where x.status = 1 order by x.at`);
  await q(`
    insert into guest_exchanges (id, source_asset_id, destination_asset_id, amount, destination_amount,
      rate, fee, fee_rate, usd_value, user_id, email, deposit_address, destination_address, status,
      journal_entry_id, creation_date, updated_at)
    select x.id, s.id, d.id, 0.5 + (x.i % 97) / 10.0, 7.9 + (x.i % 89), 15.9, 0.01, 0.005,
           300 + (x.i % 1000), x.user_id, 'guest' || x.i || '@example.net', 'bc1qsource' || x.i,
           '0xdestination' || x.i, x.status, j.id, x.at, x.at + interval '10 minutes'
    from fill_x x
    cross join (select id from assets where ticker = 'BTC') s
    cross join (select id from assets where ticker = 'ETH') d
    left join journal_entries j on j.kind = 'bench_exchange' and j.reference = x.id::text
    order by x.at`);
  await q(`
    insert into journal_entries (id, kind, reference, created_at)
    select gen_random_uuid(), 'bench_conversion', u.id::text, u.creation_date + interval '1 hour'
    from users u order by u.creation_date`);
  await q(`
    insert into conversions (user_id, lock_id, left_asset_id, right_asset_id, amount, destination_amount,
      rate, fee, usd_value, status, journal_entry_id, creation_date)
    select u.id, gen_random_uuid(), l.id, r.id, 100, 0.0015, 0.000015, 0.0000075, 100, 1, j.id, j.created_at
    from users u
    join journal_entries j on j.kind = 'bench_conversion' and j.reference = u.id::text
    cross join (select id from assets where ticker = 'USD') l
    cross join (select id from assets where ticker = 'BTC') r
    order by j.created_at`);
  await q(`
    insert into deposits (user_id, asset_id, method, amount, status, transaction_hash, creation_date)
    select u.id, a.id, 'crypto', 0.1, case when row_number() over () % 100 = 0 then 3 else 1 end,
           '0x' || md5(u.id::text) || md5(u.email), u.creation_date + interval '2 hours'
    from users u cross join (select id from assets where ticker = 'ETH') a
    order by u.creation_date`);
  await q('drop table fill_x');
  await q('select fold_kept_figures()');
  // What autovacuum does on a live database (index-only scans need the visibility map).
  await q('vacuum analyze');
  return { historyUserId };
}
