import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { listCount } from '../../db/list-counts';
import { assets, chainDeposits, deposits, users } from '../../db/schema';
import { cursorOf, keysetCondition, keysetOrder, type PagePlan } from '../../lib/keyset';

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
  chain: { confirmations: chainDeposits.confirmations, required: chainDeposits.requiredConfirmations },
};

/** Deposits newest first, optionally of one user and/or one status. */
function depositFilter(filter: { userId?: string; status?: number }) {
  return and(
    filter.userId ? eq(deposits.userId, filter.userId) : undefined,
    filter.status !== undefined ? eq(deposits.status, filter.status) : undefined,
  );
}

export function listDeposits(
  db: DbOrTx,
  filter: { userId?: string; status?: number },
  limit = 500,
  offset = 0,
) {
  return listDepositsPlanned(db, filter, { kind: 'offset', offset, limit, fromEnd: false });
}

/** Deposits newest first as the plan reads them (lib/keyset.ts), each with its page cursor. */
export function listDepositsPlanned(
  db: DbOrTx,
  filter: { userId?: string; status?: number },
  plan: PagePlan,
) {
  return db
    .select({ ...listColumns, cursor: cursorOf(deposits.creationDate, deposits.id) })
    .from(deposits)
    .innerJoin(assets, eq(assets.id, deposits.assetId))
    .innerJoin(users, eq(users.id, deposits.userId))
    .leftJoin(chainDeposits, eq(chainDeposits.id, deposits.chainDepositId))
    .where(and(depositFilter(filter), keysetCondition(plan, deposits.creationDate, deposits.id)))
    .orderBy(...keysetOrder(plan, deposits.creationDate, deposits.id))
    .limit(plan.limit)
    .offset(plan.kind === 'offset' ? plan.offset : 0);
}

/** Deposits of a status, or all, from the counts the triggers keep (migration 0020). */
export function countDeposits(db: DbOrTx, filter: { status?: number }): Promise<number> {
  return listCount(db, 'deposits', filter.status === undefined ? undefined : [filter.status]);
}

/**
 * A transfer to a user's own address on a watched network, as the user's deposit (pending while it
 * confirms). Seen again after a reorganisation, the same row comes back to pending.
 */
export async function upsertChainDeposit(
  db: DbOrTx,
  v: { userId: string; assetId: string; amount: string; transactionHash: string; chainDepositId: string },
): Promise<DepositRow> {
  const [row] = await db
    .insert(deposits)
    .values({ ...v, method: 'crypto', status: 2 })
    .onConflictDoUpdate({
      target: deposits.chainDepositId,
      targetWhere: sql`${deposits.chainDepositId} is not null`,
      // Seen again after a reorganisation: what its new block moved, to whom (issue 29).
      set: { status: 2, adminNotes: null, decidedAt: null, amount: v.amount, userId: v.userId },
    })
    .returning();
  if (!row) throw new Error('deposit upsert returned nothing');
  return row;
}

export function depositsOfChainDeposits(db: DbOrTx, chainDepositIds: string[]) {
  if (chainDepositIds.length === 0) return Promise.resolve([]);
  return db.select().from(deposits).where(inArray(deposits.chainDepositId, chainDepositIds));
}

export async function setChainDepositStatus(
  db: DbOrTx,
  chainDepositId: string,
  set: Partial<typeof deposits.$inferInsert>,
): Promise<DepositRow | undefined> {
  const [row] = await db
    .update(deposits)
    .set(set)
    .where(eq(deposits.chainDepositId, chainDepositId))
    .returning();
  return row;
}
