import { TransactionStatus } from '@vaultline/shared';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { guestExchanges } from '../../db/schema';

export type ExchangeRow = typeof guestExchanges.$inferSelect;

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
export async function confirmExchange(
  db: DbOrTx,
  id: string,
  set: { transactionHash: string; senderAddress?: string | undefined },
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
    .where(and(eq(guestExchanges.id, id), eq(guestExchanges.status, TransactionStatus.awaitingVerification)))
    .returning();
  return row;
}

/**
 * Unpaid exchanges older than the window become failed with the note "Expired". One UPDATE,
 * judged by the database clock: several API instances running it at once expire each row once.
 */
export async function expireUnpaid(db: DbOrTx, windowMinutes: number, note: string) {
  return db
    .update(guestExchanges)
    .set({ status: TransactionStatus.failed, adminNotes: note, updatedAt: sql`now()` })
    .where(
      and(
        eq(guestExchanges.status, TransactionStatus.awaitingVerification),
        lt(guestExchanges.creationDate, sql`now() - ${String(windowMinutes)}::numeric * interval '1 minute'`),
      ),
    )
    .returning();
}

const ofStatuses = (statuses?: number[]) =>
  statuses === undefined ? undefined : inArray(guestExchanges.status, statuses);

/** Admin lists (spec-2): every exchange, or those of some statuses; newest first, one page. */
export function listExchanges(db: DbOrTx, statuses: number[] | undefined, limit: number, offset: number) {
  return db
    .select()
    .from(guestExchanges)
    .where(ofStatuses(statuses))
    .orderBy(desc(guestExchanges.creationDate), desc(guestExchanges.id))
    .limit(limit)
    .offset(offset);
}

export async function countExchanges(db: DbOrTx, statuses?: number[]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(guestExchanges).where(ofStatuses(statuses));
  return row?.n ?? 0;
}

/**
 * An admin's decision. Success is final, so only an exchange not yet successful changes; concurrent
 * decisions queue on the row and the later ones match nothing.
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
    .where(and(eq(guestExchanges.id, id), sql`${guestExchanges.status} <> ${TransactionStatus.success}`))
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
