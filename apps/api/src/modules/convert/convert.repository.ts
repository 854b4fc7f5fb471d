import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conversions, priceLocks } from '../../db/schema';

export type LockRow = typeof priceLocks.$inferSelect;
export type ConversionRow = typeof conversions.$inferSelect;

export async function insertLock(
  db: DbOrTx,
  v: {
    userId: string;
    leftAssetId: string;
    rightAssetId: string;
    rate: string;
    leftUsd: string;
    rightUsd: string;
  },
  ttlSeconds: number,
): Promise<LockRow> {
  const [row] = await db
    .insert(priceLocks)
    .values({ ...v, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` })
    .returning();
  if (!row) throw new Error('lock insert returned nothing');
  return row;
}

/** The caller's own lock; someone else's is simply not found. */
export async function findOwnLock(db: DbOrTx, id: string, userId: string): Promise<LockRow | undefined> {
  const [row] = await db
    .select()
    .from(priceLocks)
    .where(and(eq(priceLocks.id, id), eq(priceLocks.userId, userId)))
    .limit(1);
  return row;
}

/** Whether the database clock says the lock has expired (one clock for every instance). */
export async function isExpired(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ expired: sql<boolean>`${priceLocks.expiresAt} <= now()` })
    .from(priceLocks)
    .where(eq(priceLocks.id, id));
  return row?.expired ?? true;
}

/**
 * Marks the lock used if it is the caller's, unused, not cancelled and not expired. Concurrent
 * callers queue on the row; after the first commits, the others match nothing.
 */
export async function claimLock(db: DbOrTx, id: string, userId: string): Promise<LockRow | undefined> {
  const [row] = await db
    .update(priceLocks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(priceLocks.id, id),
        eq(priceLocks.userId, userId),
        isNull(priceLocks.usedAt),
        isNull(priceLocks.cancelledAt),
        sql`${priceLocks.expiresAt} > now()`,
      ),
    )
    .returning();
  return row;
}

export async function cancelLock(db: DbOrTx, id: string, userId: string): Promise<LockRow | undefined> {
  const [row] = await db
    .update(priceLocks)
    .set({ cancelledAt: sql`now()` })
    .where(
      and(
        eq(priceLocks.id, id),
        eq(priceLocks.userId, userId),
        isNull(priceLocks.usedAt),
        isNull(priceLocks.cancelledAt),
      ),
    )
    .returning();
  return row;
}

export async function insertConversion(
  db: DbOrTx,
  v: typeof conversions.$inferInsert,
): Promise<ConversionRow> {
  const [row] = await db.insert(conversions).values(v).returning();
  if (!row) throw new Error('conversion insert returned nothing');
  return row;
}

export async function findOwnConversion(db: DbOrTx, id: string, userId: string) {
  const [row] = await db
    .select()
    .from(conversions)
    .where(and(eq(conversions.id, id), eq(conversions.userId, userId)))
    .limit(1);
  return row;
}

export function listOwnConversions(db: DbOrTx, userId: string, limit: number) {
  return db
    .select()
    .from(conversions)
    .where(eq(conversions.userId, userId))
    .orderBy(desc(conversions.creationDate), desc(conversions.id))
    .limit(limit);
}
