import type { WithdrawalReviewReason } from '@vaultline/shared';
import { and, desc, eq, gte, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, withdrawalAddresses, withdrawals } from '../../db/schema';
import { cursorOf, keysetCondition } from '../../lib/keyset';
import type { WithdrawalRow } from './withdrawal-moves';

export type AddressRow = typeof withdrawalAddresses.$inferSelect;

/** A withdrawal with its address book label (null for a bank one, or an address since removed: kept). */
export type WithdrawalWithLabel = WithdrawalRow & { addressLabel: string | null };

const withLabel = {
  w: withdrawals,
  label: withdrawalAddresses.label,
};
const joined = (rows: { w: WithdrawalRow; label: string | null }[]): WithdrawalWithLabel[] =>
  rows.map((r) => ({ ...r.w, addressLabel: r.label }));

export async function findWithdrawal(db: DbOrTx, id: string): Promise<WithdrawalWithLabel | undefined> {
  const rows = await db
    .select(withLabel)
    .from(withdrawals)
    .leftJoin(withdrawalAddresses, eq(withdrawalAddresses.id, withdrawals.addressId))
    .where(eq(withdrawals.id, id));
  return joined(rows)[0];
}

export async function byRequestId(db: DbOrTx, userId: string, requestId: string) {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.requestId, requestId)));
  return row;
}

/**
 * A user's withdrawals, newest first, after a keyset cursor (lib/keyset: `<µs>_<id>`); one row more
 * than asked tells whether a next page exists.
 */
export async function listWithdrawals(
  db: DbOrTx,
  userId: string,
  opts: { after?: string | undefined; limit: number; assetId?: string | undefined },
) {
  const at = withdrawals.createdAt;
  const id = withdrawals.id;
  const range = opts.after
    ? keysetCondition({ kind: 'after', ...parseCursor(opts.after), limit: opts.limit }, at, id)
    : undefined;
  const rows = await db
    .select({ ...withLabel, cursor: cursorOf(at, id) })
    .from(withdrawals)
    .leftJoin(withdrawalAddresses, eq(withdrawalAddresses.id, withdrawals.addressId))
    .where(
      and(
        eq(withdrawals.userId, userId),
        opts.assetId ? eq(withdrawals.assetId, opts.assetId) : undefined,
        range,
      ),
    )
    .orderBy(desc(at), desc(id))
    .limit(opts.limit + 1);
  return rows.map((r) => ({ ...r.w, addressLabel: r.label, cursor: r.cursor }));
}

function parseCursor(c: string): { micros: string; id: string } {
  const i = c.indexOf('_');
  return { micros: c.slice(0, i), id: c.slice(i + 1) };
}

/** USD of the user's withdrawals in the last 24 hours that are not ended unpaid (the daily limit). */
export async function dailyUsd(tx: DbOrTx, userId: string): Promise<string> {
  const [row] = await tx
    .select({ usd: sql<string>`coalesce(sum(${withdrawals.usdValue}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        gte(withdrawals.createdAt, sql`now() - interval '24 hours'`),
        notInArray(withdrawals.status, ['cancelled', 'rejected', 'failed']),
      ),
    );
  return row?.usd ?? '0';
}

export async function hasCompleted(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'completed')))
    .limit(1);
  return row !== undefined;
}

/** Locks the user's row (a user's requests run one at a time); answers the lock and the language. */
export async function lockUser(tx: DbOrTx, userId: string) {
  const [row] = await tx
    .select({
      lockedUntil: users.withdrawalsLockedUntil,
      email: users.email,
      language: users.preferedLanguage,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export async function insertWithdrawal(
  tx: DbOrTx,
  v: typeof withdrawals.$inferInsert & { reviewReasons: WithdrawalReviewReason[] },
): Promise<WithdrawalRow> {
  const [row] = await tx.insert(withdrawals).values(v).returning();
  if (!row) throw new Error('withdrawal insert returned nothing');
  return row;
}

// ---------- Address book ----------

export function liveAddresses(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.userId, userId), isNull(withdrawalAddresses.deletedAt)))
    .orderBy(desc(withdrawalAddresses.createdAt), desc(withdrawalAddresses.id));
}

export async function findAddress(db: DbOrTx, id: string): Promise<AddressRow | undefined> {
  const [row] = await db.select().from(withdrawalAddresses).where(eq(withdrawalAddresses.id, id));
  return row;
}

/** Removes a live address of the user (a removed one keeps its row); the row, or undefined. */
export async function removeAddress(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .update(withdrawalAddresses)
    .set({ deletedAt: sql`now()`, removeTokenHash: null })
    .where(
      and(
        eq(withdrawalAddresses.id, id),
        eq(withdrawalAddresses.userId, userId),
        isNull(withdrawalAddresses.deletedAt),
      ),
    )
    .returning();
  return row;
}

/** The e-mail's link: removes the live address holding this token hash, once. */
export async function removeAddressByToken(db: DbOrTx, hash: string) {
  const [row] = await db
    .update(withdrawalAddresses)
    .set({ deletedAt: sql`now()`, removeTokenHash: null })
    .where(and(eq(withdrawalAddresses.removeTokenHash, hash), isNull(withdrawalAddresses.deletedAt)))
    .returning();
  return row;
}

export const statusesIn = (statuses: WithdrawalRow['status'][]) => inArray(withdrawals.status, statuses);
