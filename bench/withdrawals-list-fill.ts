/**
 * Fills a migrated database with withdrawals for bench/withdrawals-list.ts, in SQL (generate_series):
 * a million rows in seconds rather than hours through the API. Rows are shaped like the product's
 * (the same columns, kinds and statuses), in time order as a live database receives them; the lists
 * read rows only, so no ledger entry is written for them.
 */
import type pg from 'pg';

export interface WithdrawalFill {
  withdrawals: number;
  users: number;
  /** Withdrawals of the one user whose list is timed (part of `withdrawals`). */
  userRows: number;
}

/**
 * Statuses as a back office sees them: 0.5 % in review (the queue), 1 % queued, 2 % failed, the
 * rest completed. One in ten is a EUR bank transfer, the rest BTC to an address. Dates spread over
 * a year. The first user (by e-mail) has `userRows` of them, evenly through the year.
 */
export async function fillWithdrawals(c: pg.Client, size: WithdrawalFill): Promise<{ userId: string }> {
  const q = (text: string, values: unknown[] = []) => c.query(text, values);
  await q(
    `insert into users (email, password_hash, first_name, last_name, creation_date)
     select 'wd' || lpad(i::text, 7, '0') || '@example.org', 'x', 'User', 'N' || i, now() - interval '400 days'
     from generate_series(1, $1::int) i`,
    [size.users],
  );
  await q(`create temp table fill_u as select id, row_number() over (order by email) - 1 as n from users`);
  const {
    rows: [first],
  } = await q(`select id from fill_u where n = 0`);
  const userId = (first as { id: string }).id;
  const every = Math.max(1, Math.floor(size.withdrawals / size.userRows));
  await q(
    `insert into withdrawals (user_id, asset_id, kind, network, to_address, iban, amount, fee, usd_value,
       status, review_reasons, created_at, updated_at, completed_at)
     select case when i % $3::int = 0 and i / $3::int <= $4::int then $5::uuid else u.id end,
            case when i % 10 = 0 then eur.id else btc.id end,
            case when i % 10 = 0 then 'bank' else 'crypto' end,
            case when i % 10 = 0 then null else 'BTC' end,
            case when i % 10 = 0 then null else 'bc1qbench' || i end,
            case when i % 10 = 0 then 'DE89370400440532013000' end,
            case when i % 10 = 0 then 10 + i % 900 else 0.001 * (1 + i % 500) end,
            case when i % 10 = 0 then 1 else 0.0001 end,
            10 + i % 900,
            case when i % 200 = 0 then 'review' when i % 100 = 1 then 'queued'
                 when i % 50 = 2 then 'failed' else 'completed' end,
            case when i % 200 = 0 then '{firstWithdrawal}'::text[] else '{}'::text[] end,
            at, at, case when i % 200 <> 0 and i % 100 <> 1 and i % 50 <> 2 then at + interval '1 hour' end
     from generate_series(1, $1::int) i
     cross join lateral (select now() - ($1::int - i) * (365.0 / $1::int) * interval '1 day' as at) t
     join fill_u u on u.n = i % $2::int
     cross join (select id from assets where ticker = 'EUR') eur
     cross join (select id from assets where ticker = 'BTC') btc
     order by i`,
    [size.withdrawals, size.users, every, size.userRows, userId],
  );
  await q('drop table fill_u');
  // What autovacuum does on a live database (index-only scans need the visibility map).
  await q('vacuum analyze');
  return { userId };
}
