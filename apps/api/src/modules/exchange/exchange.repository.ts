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
 * The guest's confirmation: awaitingVerification -> pending with the guest's hash, in one statement
 * (of two concurrent confirms only one matches the status condition; undefined for the other), and
 * only within its quote's window (judged by the database clock, as the expiry job judges it), so a
 * quote that has lapsed is never confirmed, even before the job has failed it.
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
 * A partner's current commission rate (a widget's or the partner API's exchange); undefined when it
 * is not a partner or its account is disabled.
 */
export async function partnerCommissionRate(db: DbOrTx, partnerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ commission: partners.commission })
    .from(partners)
    .innerJoin(users, eq(users.id, partners.userId))
    .where(and(eq(partners.userId, partnerId), eq(users.status, UserStatus.active)))
    .limit(1);
  return row?.commission;
}
