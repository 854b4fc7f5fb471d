import { TransactionStatus, UserStatus } from '@vaultline/shared';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { guestExchanges, partners, users } from '../../db/schema';

export type ExchangeRow = typeof guestExchanges.$inferSelect;
/** What a live progress push and the stage read of an exchange. */
export type ProgressRow = Pick<
  ExchangeRow,
  | 'id'
  | 'status'
  | 'adminNotes'
  | 'transactionHash'
  | 'updatedAt'
  | 'network'
  | 'depositConfirmations'
  | 'requiredConfirmations'
  | 'holdReason'
  | 'chainResolution'
  | 'amountReceived'
  | 'amount'
  | 'payoutStatus'
  | 'payoutHash'
  | 'userId'
>;

export async function insertExchange(
  db: DbOrTx,
  v: typeof guestExchanges.$inferInsert,
): Promise<ExchangeRow> {
  const [row] = await db.insert(guestExchanges).values(v).returning();
  if (!row) throw new Error('exchange insert returned nothing');
  return row;
}

export async function findExchange(db: DbOrTx, id: string): Promise<ExchangeRow | undefined> {
  const [row] = await db.select().from(guestExchanges).where(eq(guestExchanges.id, id)).limit(1);
  return row;
}

/** The exchanges among these ids (unknown ids simply match nothing), newest first. */
export function findExchanges(db: DbOrTx, ids: string[]): Promise<ExchangeRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(guestExchanges)
    .where(inArray(guestExchanges.id, ids))
    .orderBy(desc(guestExchanges.creationDate), desc(guestExchanges.id));
}

/** Ids of the newest exchanges made with this e-mail (only for mailing their links to it). */
export async function exchangeIdsByEmail(db: DbOrTx, email: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: guestExchanges.id })
    .from(guestExchanges)
    .where(eq(guestExchanges.email, email))
    .orderBy(desc(guestExchanges.creationDate))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * awaitingVerification -> pending with the guest's hash, in one statement: of two concurrent
 * confirms only one matches the status condition; undefined for the other.
 */
/**
 * The guest's confirmation: only of an exchange still awaiting its deposit within its quote's window
 * (judged by the database clock, as the expiry job judges it), so a quote that has lapsed is never
 * confirmed, even before the job has failed it.
 */
export async function confirmExchange(
  db: DbOrTx,
  id: string,
  set: { transactionHash: string; senderAddress?: string | undefined },
  windowMinutes: number,
): Promise<ExchangeRow | undefined> {
  const [row] = await db
    .update(guestExchanges)
    .set({
      status: TransactionStatus.pending,
      transactionHash: set.transactionHash,
      ...(set.senderAddress ? { senderAddress: set.senderAddress } : {}),
      confirmedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(guestExchanges.id, id),
        eq(guestExchanges.status, TransactionStatus.awaitingVerification),
        sql`${guestExchanges.creationDate} >= ${windowStart(windowMinutes)}`,
      ),
    )
    .returning();
  return row;
}

/** The oldest creation date whose quote still holds (the database clock). */
const windowStart = (windowMinutes: number) =>
  sql`now() - ${String(windowMinutes)}::numeric * interval '1 minute'`;

/**
 * Unpaid exchanges older than the window become failed with the note "Expired" (all of them, or
 * the one `id`). One UPDATE, judged by the database clock: several API instances running it at
 * once expire each row once.
 */
export async function expireUnpaid(db: DbOrTx, windowMinutes: number, note: string, id?: string) {
  return db
    .update(guestExchanges)
    .set({ status: TransactionStatus.failed, adminNotes: note, updatedAt: sql`now()` })
    .where(
      and(
        ...(id ? [eq(guestExchanges.id, id)] : []),
        eq(guestExchanges.status, TransactionStatus.awaitingVerification),
        lt(guestExchanges.creationDate, windowStart(windowMinutes)),
      ),
    )
    .returning();
}

/**
 * An admin's decision. Success and a refund are final, so only an exchange neither successful nor
 * refunded changes; concurrent decisions queue on the row and the later ones match nothing.
 */
export async function setExchangeStatus(
  db: DbOrTx,
  id: string,
  status: number,
  adminNotes: string | null,
): Promise<ExchangeRow | undefined> {
  const [row] = await db
    .update(guestExchanges)
    .set({ status, adminNotes, updatedAt: sql`now()` })
    .where(
      and(
        eq(guestExchanges.id, id),
        sql`${guestExchanges.status} <> ${TransactionStatus.success}`,
        isNull(guestExchanges.refundedAt),
      ),
    )
    .returning();
  return row;
}

export async function setExchangeEntry(db: DbOrTx, id: string, journalEntryId: string): Promise<void> {
  await db.update(guestExchanges).set({ journalEntryId }).where(eq(guestExchanges.id, id));
}

/** The exchange row, locked for the rest of the transaction (the admin's money decisions). */
export async function lockExchange(db: DbOrTx, id: string): Promise<ExchangeRow | undefined> {
  const [row] = await db
    .select()
    .from(guestExchanges)
    .where(eq(guestExchanges.id, id))
    .for('update')
    .limit(1);
  return row;
}

/** Sets these fields (and updated_at) on one exchange; the row must exist (callers locked it). */
export async function updateExchange(
  db: DbOrTx,
  id: string,
  set: Partial<typeof guestExchanges.$inferInsert>,
): Promise<ExchangeRow> {
  const [row] = await db
    .update(guestExchanges)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(guestExchanges.id, id))
    .returning();
  if (!row) throw new Error(`exchange ${id} vanished`);
  return row;
}

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

/** A partner's current commission rate (a widget's or the partner API's exchange); undefined: no such partner. */
/** A partner's commission rate; undefined when it is not a partner or its account is disabled. */
export async function partnerCommissionRate(db: DbOrTx, partnerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ commission: partners.commission })
    .from(partners)
    .innerJoin(users, eq(users.id, partners.userId))
    .where(and(eq(partners.userId, partnerId), eq(users.status, UserStatus.active)))
    .limit(1);
  return row?.commission;
}
