// The chain side of watched exchanges (chain deposits, confirmations, payouts): the statements the
// chain scanner and the payout and expiry passes run over many exchanges at once.
import { TransactionStatus } from '@vaultline/shared';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { guestExchanges } from '../../db/schema';
import { type ExchangeRow, findExchanges, type ProgressRow } from './exchange.repository';

/**
 * The confirmations of watched exchanges' deposits, in one statement; returns the exchanges whose
 * count changed (still confirming, not settled yet), to show it live.
 */
export async function setConfirmations(
  db: DbOrTx,
  counts: { id: string; c: number }[],
): Promise<ProgressRow[]> {
  if (counts.length === 0) return [];
  // Every confirming exchange, every block: the columns a push needs, read back without the ORM.
  const res = (await db.execute(sql`
    update guest_exchanges g set deposit_confirmations = v.c, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(counts)}::jsonb) as v(id uuid, c int)
    where g.id = v.id and g.status = 2 and g.chain_resolution is null
      and g.deposit_confirmations is distinct from v.c
    returning g.id, g.status, g.admin_notes, g.transaction_hash, g.updated_at, g.network,
      g.deposit_confirmations, g.required_confirmations, g.hold_reason, g.chain_resolution,
      g.amount_received::text, g.amount::text, g.payout_status, g.payout_hash, g.user_id`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return res.rows.map((r) => ({
    id: r.id as string,
    status: Number(r.status),
    adminNotes: r.admin_notes as string | null,
    transactionHash: r.transaction_hash as string | null,
    updatedAt: new Date(r.updated_at as string | Date),
    network: r.network as string | null,
    depositConfirmations: r.deposit_confirmations === null ? null : Number(r.deposit_confirmations),
    requiredConfirmations: r.required_confirmations === null ? null : Number(r.required_confirmations),
    holdReason: r.hold_reason as string | null,
    chainResolution: r.chain_resolution as ExchangeRow['chainResolution'],
    amountReceived: r.amount_received as string | null,
    amount: r.amount as string,
    payoutStatus: r.payout_status as string | null,
    payoutHash: r.payout_hash as string | null,
    userId: r.user_id as string | null,
  }));
}

/** The state (and, once signed, the hash) of a watched exchange's payout or refund. */
export async function setPayoutState(
  db: DbOrTx,
  id: string,
  payoutStatus: string,
  payoutHash: string | null,
): Promise<ExchangeRow | undefined> {
  const [row] = await db
    .update(guestExchanges)
    .set({
      payoutStatus,
      payoutHash: payoutHash ?? sql`${guestExchanges.payoutHash}`,
      updatedAt: sql`now()`,
    })
    .where(eq(guestExchanges.id, id))
    .returning();
  return row;
}

/**
 * Watched exchanges not decided whose time is up, with a final transfer and none confirming: paid
 * in part, or one of their transfers left the chain after the others were final (the expiry pass
 * settles them with what is final).
 */
export async function shortPaidPastWindow(db: DbOrTx, windowMinutes: number, limit = 100): Promise<string[]> {
  const transfer = (status: 'seen' | 'final') =>
    sql`exists (select 1 from chain_deposits d where d.exchange_id = ${guestExchanges.id}
      and d.asset_id = ${guestExchanges.sourceAssetId} and d.status = ${status})`;
  const rows = await db
    .select({ id: guestExchanges.id })
    .from(guestExchanges)
    .where(
      and(
        eq(guestExchanges.status, TransactionStatus.pending),
        sql`${guestExchanges.network} is not null`,
        sql`${guestExchanges.chainResolution} is null`,
        sql`${guestExchanges.holdReason} is null`,
        transfer('final'),
        sql`not ${transfer('seen')}`,
        lt(guestExchanges.creationDate, sql`now() - ${String(windowMinutes)}::numeric * interval '1 minute'`),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * A watched exchange's first deposit is seen: awaiting (3), or expired unpaid and not settled, moves
 * to pending (2) with that transfer's hash, in one statement for all of a scan's transfers. Returns
 * the ids of the exchanges that moved.
 */
export async function markDepositsSeen(
  db: DbOrTx,
  seen: { id: string; tx: string; sender: string | null; asset: string }[],
  expiredNote: string,
): Promise<string[]> {
  if (seen.length === 0) return [];
  const res = (await db.execute(sql`
    update guest_exchanges g set
      status = 2,
      transaction_hash = coalesce(g.transaction_hash, v.tx),
      sender_address = coalesce(g.sender_address, v.sender),
      admin_notes = case when g.status = 0 then null else g.admin_notes end,
      deposit_confirmations = 0,
      confirmed_at = now(),
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(seen)}::jsonb) as v(id uuid, tx text, sender text, asset uuid)
    where g.id = v.id and g.source_asset_id = v.asset
      and (g.status = 3 or (g.status = 0 and g.admin_notes = ${expiredNote} and g.chain_resolution is null
        and g.refunded_at is null and g.journal_entry_id is null))
    returning g.id`)) as unknown as { rows: { id: string }[] };
  return res.rows.map((r) => r.id);
}

/** These exchanges, locked for the rest of the transaction, in id order (so lockers never deadlock). */
export function lockExchanges(db: DbOrTx, ids: string[]): Promise<ExchangeRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(guestExchanges)
    .where(inArray(guestExchanges.id, ids))
    .orderBy(guestExchanges.id)
    .for('update');
}

/** What has arrived so far at several watched exchanges, in one statement; the rows, as the view reads them. */
export async function setAmountsReceived(
  db: DbOrTx,
  received: { id: string; amount: string }[],
): Promise<ExchangeRow[]> {
  if (received.length === 0) return [];
  const res = (await db.execute(sql`
    update guest_exchanges g set amount_received = v.amount::numeric, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(received)}::jsonb) as v(id uuid, amount text)
    where g.id = v.id
    returning g.id`)) as unknown as { rows: { id: string }[] };
  return findExchanges(
    db,
    res.rows.map((r) => r.id),
  );
}
