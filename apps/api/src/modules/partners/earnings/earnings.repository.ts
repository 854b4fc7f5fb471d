import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { partnerWithdrawals } from '../../../db/schema';

async function rows<T>(db: DbOrTx, q: ReturnType<typeof sql>): Promise<T[]> {
  // node-postgres and PGlite both answer raw SQL with { rows }.
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

export interface EarningRow {
  asset_id: string;
  ticker: string;
  available: string;
  total: string;
}

/**
 * A partner's earnings per asset: the balance of its 'partner' ledger account (available) and that
 * plus what it already moved to its wallet (earned in all). One row per asset it ever earned in.
 */
export function partnerEarnings(db: DbOrTx, partnerId: string) {
  return rows<EarningRow>(
    db,
    sql`
    select a.asset_id, s.ticker, a.balance::text as available,
           (a.balance + coalesce((select sum(w.amount) from partner_withdrawals w
                                  where w.partner_id = a.user_id and w.asset_id = a.asset_id), 0))::text as total
    from ledger_accounts a join assets s on s.id = a.asset_id
    where a.kind = 'partner' and a.user_id = ${partnerId}
    order by s.ticker`,
  );
}

/**
 * Locks the partner's earnings account of this asset for the rest of the transaction and returns
 * it: a second withdrawal waits here, then reads the balance the first one left (zero). The lock
 * is the one the postings trigger takes, so no deadlock with a commission being credited.
 */
export async function lockEarnings(
  tx: DbOrTx,
  partnerId: string,
  assetId: string,
): Promise<{ id: string; balance: string } | undefined> {
  const [row] = await rows<{ id: string; balance: string }>(
    tx,
    sql`
    select id, balance::text as balance from ledger_accounts
    where kind = 'partner' and user_id = ${partnerId} and asset_id = ${assetId}
    for no key update`,
  );
  return row;
}

export async function insertWithdrawal(
  tx: DbOrTx,
  w: { id: string; partnerId: string; assetId: string; amount: string; journalEntryId: string },
): Promise<void> {
  await tx.insert(partnerWithdrawals).values(w);
}

export interface AdminPartnerRow {
  user_id: string;
  email: string;
  max_commission: string;
  commission: string;
  created_at: Date | string;
  exchanges: string | number;
  successful: string | number;
  volume_usd: string;
  earnings_usd: string;
}

/**
 * The admin's partner list: every partner with its exchange counts, volume and earnings in USD, read
 * from the figures the triggers of migration 0026 keep in partner_stats (one row per partner), so
 * its cost follows the number of partners, not of exchanges. A partner without a row has made no
 * exchange: zeros. The figures are the ones the list once summed from guest_exchanges: volume is the
 * USD value of the successful exchanges; a commission's USD value is its share of the exchange's USD
 * value at its (final) rate, commission × usd_value / (amount × rate), i.e. valued at the
 * destination's USD price the exchange was settled at (decision 0032). Both are kept unrounded and
 * rounded to cents here, once, as the sum was.
 */
export function adminPartnerStatsQuery() {
  return sql`
    select p.user_id, u.email, p.max_commission::text as max_commission, p.commission::text as commission,
           p.created_at, coalesce(s.exchanges, 0) as exchanges, coalesce(s.successful_exchanges, 0) as successful,
           round(coalesce(s.volume_usd, 0), 2)::text as volume_usd,
           round(coalesce(s.earnings_usd, 0), 2)::text as earnings_usd
    from partners p
    join users u on u.id = p.user_id
    left join partner_stats s on s.partner_id = p.user_id
    order by p.created_at desc, p.user_id`;
}

export function adminPartnerStats(db: DbOrTx) {
  return rows<AdminPartnerRow>(db, adminPartnerStatsQuery());
}
