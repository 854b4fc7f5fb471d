import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface HistoryRow {
  kind: 'conversion' | 'deposit';
  id: string;
  status: number;
  creation_date: Date | string;
  source_ticker: string;
  destination_ticker: string | null;
  amount: string;
  destination_amount: string | null;
  fee: string | null;
  method: 'crypto' | 'card' | null;
  admin_notes: string | null;
  transaction_hash: string | null;
}

async function rows<T>(db: DbOrTx, q: ReturnType<typeof sql>): Promise<T[]> {
  // node-postgres and PGlite both answer raw SQL with { rows }.
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/**
 * One page of a user's conversions and deposits, newest first (ties by id, so pages never overlap).
 * Both tables have an index on (user_id, creation_date).
 */
export function historyPage(db: DbOrTx, userId: string, limit: number, offset: number) {
  return rows<HistoryRow>(
    db,
    sql`
    select * from (
      select 'conversion' as kind, c.id, c.status, c.creation_date, la.ticker as source_ticker,
             ra.ticker as destination_ticker, c.amount::text as amount,
             c.destination_amount::text as destination_amount, c.fee::text as fee,
             null::text as method, null::text as admin_notes, null::text as transaction_hash
      from conversions c
      join assets la on la.id = c.left_asset_id
      join assets ra on ra.id = c.right_asset_id
      where c.user_id = ${userId}
      union all
      select 'deposit', d.id, d.status, d.creation_date, a.ticker, null, d.amount::text, null, null,
             d.method, d.admin_notes, d.transaction_hash
      from deposits d
      join assets a on a.id = d.asset_id
      where d.user_id = ${userId}
    ) h
    order by h.creation_date desc, h.id desc
    limit ${limit} offset ${offset}`,
  );
}

export async function historyCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    db,
    sql`select (select count(*) from conversions where user_id = ${userId})
             + (select count(*) from deposits where user_id = ${userId}) as n`,
  );
  return Number(row?.n ?? 0);
}
