import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assets, deposits, users } from '../../db/schema';

export type DepositRow = typeof deposits.$inferSelect;

export async function insertDeposit(db: DbOrTx, v: typeof deposits.$inferInsert): Promise<DepositRow> {
  const [row] = await db.insert(deposits).values(v).returning();
  if (!row) throw new Error('deposit insert returned nothing');
  return row;
}

/** Moves a deposit from one status to another; undefined when it was not in `from` (someone was first). */
export async function transitionDeposit(
  db: DbOrTx,
  id: string,
  from: number,
  set: Partial<typeof deposits.$inferInsert>,
): Promise<DepositRow | undefined> {
  const [row] = await db
    .update(deposits)
    .set(set)
    .where(and(eq(deposits.id, id), eq(deposits.status, from)))
    .returning();
  return row;
}

/** Card deposits still charging (status 2) created before `olderThan`, oldest first, a batch at a time. */
export function stuckCardDeposits(db: DbOrTx, olderThan: Date, limit = 100) {
  return db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.method, 'card'), eq(deposits.status, 2), lt(deposits.creationDate, olderThan)))
    .orderBy(asc(deposits.creationDate))
    .limit(limit);
}

export async function findDeposit(db: DbOrTx, id: string) {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id)).limit(1);
  return row;
}

const listColumns = {
  deposit: deposits,
  wallet: { id: assets.id, ticker: assets.ticker, type: assets.type },
  user: { firstName: users.firstName, lastName: users.lastName, email: users.email },
};

/** Deposits newest first, optionally of one user and/or one status. */
export function listDeposits(db: DbOrTx, filter: { userId?: string; status?: number }, limit = 500) {
  const where = and(
    filter.userId ? eq(deposits.userId, filter.userId) : undefined,
    filter.status !== undefined ? eq(deposits.status, filter.status) : undefined,
  );
  return db
    .select(listColumns)
    .from(deposits)
    .innerJoin(assets, eq(assets.id, deposits.assetId))
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(where)
    .orderBy(desc(deposits.creationDate), desc(deposits.id))
    .limit(limit);
}
