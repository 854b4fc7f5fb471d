import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface HistoryRow {
  kind: 'conversion' | 'deposit' | 'exchange';
  id: string;
  status: number;
  creation_date: Date | string;
  updated_at: Date | string;
  source_ticker: string;
  destination_ticker: string | null;
  amount: string;
  destination_amount: string | null;
  fee: string | null;
  rate: string | null;
  method: 'crypto' | 'card' | null;
  admin_notes: string | null;
  transaction_hash: string | null;
  deposit_address: string | null;
}

async function rows<T>(db: DbOrTx, q: ReturnType<typeof sql>): Promise<T[]> {
  // node-postgres and PGlite both answer raw SQL with { rows }.
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/**
 * A user's conversions, deposits and own guest exchanges, newest first (ties by id, so pages never
 * overlap). Each table has an index on (user_id, creation_date); each branch is limited to the rows
 * the page can need, so a deep history does not sort every row it has.
 */
export function historyPage(db: DbOrTx, userId: string, limit: number, offset: number) {
  const upTo = limit + offset;
  return rows<HistoryRow>(
    db,
    sql`
    select * from (
      (select 'conversion' as kind, c.id, c.status, c.creation_date, c.creation_date as updated_at,
             la.ticker as source_ticker, ra.ticker as destination_ticker, c.amount::text as amount,
             c.destination_amount::text as destination_amount, c.fee::text as fee, c.rate::text as rate,
             null::text as method, null::text as admin_notes, null::text as transaction_hash,
             null::text as deposit_address
      from conversions c
      join assets la on la.id = c.left_asset_id
      join assets ra on ra.id = c.right_asset_id
      where c.user_id = ${userId}
      order by c.creation_date desc, c.id desc limit ${upTo})
      union all
      (select 'deposit', d.id, d.status, d.creation_date, coalesce(d.decided_at, d.creation_date),
             a.ticker, null, d.amount::text, null, null, null, d.method, d.admin_notes,
             d.transaction_hash, null
      from deposits d
      join assets a on a.id = d.asset_id
      where d.user_id = ${userId}
      order by d.creation_date desc, d.id desc limit ${upTo})
      union all
      (select 'exchange', e.id, e.status, e.creation_date, e.updated_at, sa.ticker, da.ticker,
             e.amount::text, e.destination_amount::text, e.fee::text, e.rate::text, null,
             e.admin_notes, e.transaction_hash, e.deposit_address
      from guest_exchanges e
      join assets sa on sa.id = e.source_asset_id
      join assets da on da.id = e.destination_asset_id
      where e.user_id = ${userId}
      order by e.creation_date desc, e.id desc limit ${upTo})
    ) h
    order by h.creation_date desc, h.id desc
    limit ${limit} offset ${offset}`,
  );
}

export async function historyCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    db,
    sql`select (select count(*) from conversions where user_id = ${userId})
             + (select count(*) from deposits where user_id = ${userId})
             + (select count(*) from guest_exchanges where user_id = ${userId}) as n`,
  );
  return Number(row?.n ?? 0);
}
