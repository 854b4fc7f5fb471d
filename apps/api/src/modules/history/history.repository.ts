import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type PagePlan, readsAscending } from '../../lib/keyset';

export interface HistoryRow {
  kind: 'conversion' | 'deposit' | 'exchange' | 'earnings' | 'withdrawal';
  cursor: string;
  id: string;
  status: number;
  creation_date: Date | string;
  updated_at: Date | string;
  source_ticker: string;
  destination_ticker: string | null;
  source_decimals: number;
  destination_decimals: number | null;
  amount: string;
  destination_amount: string | null;
  fee: string | null;
  rate: string | null;
  method: 'crypto' | 'card' | null;
  admin_notes: string | null;
  transaction_hash: string | null;
  deposit_address: string | null;
  confirmations: number | null;
  required_confirmations: number | null;
  refunded_at: string | Date | null;
  withdrawal_status: string | null;
}

async function rows<T>(db: DbOrTx, q: ReturnType<typeof sql>): Promise<T[]> {
  // node-postgres and PGlite both answer raw SQL with { rows }.
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/**
 * A user's conversions, deposits, own guest exchanges, partner earnings moved to the wallet and withdrawals, newest first (ties by id, so pages never
 * overlap), as the plan reads them (lib/keyset.ts: after or before a neighbouring page's cursor, or
 * an offset from either end). Each table has an index on (user_id, creation_date); each branch is
 * limited to the rows the page can need, so a deep history does not sort every row it has.
 */
export function historyPage(db: DbOrTx, userId: string, plan: PagePlan) {
  const offset = plan.kind === 'offset' ? plan.offset : 0;
  const upTo = plan.limit + offset;
  const dir = readsAscending(plan) ? sql.raw('asc') : sql.raw('desc');
  const point =
    plan.kind === 'offset'
      ? null
      : sql`(timestamptz 'epoch' + ${plan.micros}::bigint * interval '1 microsecond', ${plan.id}::uuid)`;
  const after = (t: string) =>
    point === null
      ? sql``
      : sql`and (${sql.raw(t)}.creation_date, ${sql.raw(t)}.id) ${sql.raw(plan.kind === 'after' ? '<' : '>')} ${point}`;
  return rows<HistoryRow>(
    db,
    sql`
    select * from (
      (select 'conversion' as kind, (extract(epoch from c.creation_date) * 1000000)::bigint::text || '_' || c.id as cursor, c.id, c.status, c.creation_date, c.creation_date as updated_at,
             la.ticker as source_ticker, ra.ticker as destination_ticker,
             la.decimals::int as source_decimals, ra.decimals::int as destination_decimals,
             c.amount::text as amount,
             c.destination_amount::text as destination_amount, c.fee::text as fee, c.rate::text as rate,
             null::text as method, null::text as admin_notes, null::text as transaction_hash,
             null::text as deposit_address, null::int as confirmations, null::int as required_confirmations,
             null::timestamptz as refunded_at, null::text as withdrawal_status
      from conversions c
      join assets la on la.id = c.left_asset_id
      join assets ra on ra.id = c.right_asset_id
      where c.user_id = ${userId} ${after('c')}
      order by c.creation_date ${dir}, c.id ${dir} limit ${upTo})
      union all
      (select 'deposit', (extract(epoch from d.creation_date) * 1000000)::bigint::text || '_' || d.id, d.id, d.status, d.creation_date, coalesce(d.decided_at, d.creation_date),
             a.ticker, null, a.decimals::int, null::int, d.amount::text, null, null, null, d.method, d.admin_notes,
             d.transaction_hash, null, cd.confirmations, cd.required_confirmations, d.refunded_at, null
      from deposits d
      join assets a on a.id = d.asset_id
      left join chain_deposits cd on cd.id = d.chain_deposit_id
      where d.user_id = ${userId} ${after('d')}
      order by d.creation_date ${dir}, d.id ${dir} limit ${upTo})
      union all
      (select 'exchange', (extract(epoch from e.creation_date) * 1000000)::bigint::text || '_' || e.id, e.id, e.status, e.creation_date, e.updated_at, sa.ticker, da.ticker,
             sa.decimals::int, da.decimals::int, e.amount::text, e.destination_amount::text, e.fee::text, e.rate::text, null,
             e.admin_notes, e.transaction_hash, e.deposit_address, e.deposit_confirmations,
             e.required_confirmations, null, null
      from guest_exchanges e
      join assets sa on sa.id = e.source_asset_id
      join assets da on da.id = e.destination_asset_id
      where e.user_id = ${userId} ${after('e')}
      order by e.creation_date ${dir}, e.id ${dir} limit ${upTo})
      union all
      (select 'earnings', (extract(epoch from w.creation_date) * 1000000)::bigint::text || '_' || w.id, w.id, 1, w.creation_date, w.creation_date,
             a.ticker, null, a.decimals::int, null::int, w.amount::text, null, null, null, null, null, null, null, null, null, null, null
      from partner_withdrawals w
      join assets a on a.id = w.asset_id
      where w.partner_id = ${userId} ${after('w')}
      order by w.creation_date ${dir}, w.id ${dir} limit ${upTo})
      union all
      (select 'withdrawal', (extract(epoch from wd.created_at) * 1000000)::bigint::text || '_' || wd.id, wd.id,
             case when wd.status = 'completed' then 1 when wd.status in ('cancelled', 'rejected', 'failed') then 0
                  when wd.status = 'review' then 3 else 2 end,
             wd.created_at, wd.updated_at, a.ticker, null, a.decimals::int, null::int, wd.amount::text, null,
             wd.fee::text, null, null, wd.note, wd.tx_hash, null, wd.confirmations, wd.required_confirmations,
             null, wd.status
      from withdrawals wd
      join assets a on a.id = wd.asset_id
      where wd.user_id = ${userId} ${point === null ? sql`` : sql`and (wd.created_at, wd.id) ${sql.raw(plan.kind === 'after' ? '<' : '>')} ${point}`}
      order by wd.created_at ${dir}, wd.id ${dir} limit ${upTo})
    ) h
    order by h.creation_date ${dir}, h.id ${dir}
    limit ${plan.limit} offset ${offset}`,
  );
}

export async function historyCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    db,
    sql`select (select count(*) from conversions where user_id = ${userId})
             + (select count(*) from deposits where user_id = ${userId})
             + (select count(*) from guest_exchanges where user_id = ${userId})
             + (select count(*) from partner_withdrawals where partner_id = ${userId})
             + (select count(*) from withdrawals where user_id = ${userId}) as n`,
  );
  return Number(row?.n ?? 0);
}
