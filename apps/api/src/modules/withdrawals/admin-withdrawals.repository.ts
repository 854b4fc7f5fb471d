import { ADMIN_WITHDRAWAL_COUNT_CAP } from '@vaultline/shared';
import { and, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assets, users, withdrawalAddresses, withdrawals } from '../../db/schema';
import { cursorOf, keysetCondition, keysetOrder, type PagePlan } from '../../lib/keyset';
import type { WithdrawalRow } from './withdrawal-moves';

/* The back office's reads of withdrawals (issue 31 point 7). */

export interface AdminWithdrawalFilter {
  status?: WithdrawalRow['status'] | undefined;
  kind?: WithdrawalRow['kind'] | undefined;
  userId?: string | undefined;
}

/** A withdrawal with what the back office shows beside it, and its page cursor. */
export type ListedWithdrawal = WithdrawalRow & {
  ticker: string;
  userEmail: string;
  holderName: string;
  addressLabel: string | null;
  decidedByEmail: string | null;
  cursor: string;
};

const decider = sql<string | null>`(select d.email from users d where d.id = ${withdrawals.decidedBy})`;

const listed = {
  ...getTableColumns(withdrawals),
  ticker: assets.ticker,
  userEmail: users.email,
  holderName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  addressLabel: withdrawalAddresses.label,
  decidedByEmail: decider,
  cursor: cursorOf(withdrawals.createdAt, withdrawals.id),
};

/**
 * The filter as conditions. Each read walks one index in (created_at, id) order: the user's
 * (withdrawals_user_idx) when a user is given, the status's (withdrawals_status_idx) when a status
 * is, withdrawals_created_idx otherwise; the other conditions only filter the rows it walks.
 */
function where(f: AdminWithdrawalFilter): SQL | undefined {
  return and(
    f.userId ? eq(withdrawals.userId, f.userId) : undefined,
    f.status ? eq(withdrawals.status, f.status) : undefined,
    f.kind ? eq(withdrawals.kind, f.kind) : undefined,
  );
}

function selectListed(db: DbOrTx) {
  return db
    .select(listed)
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .innerJoin(assets, eq(assets.id, withdrawals.assetId))
    .leftJoin(withdrawalAddresses, eq(withdrawalAddresses.id, withdrawals.addressId));
}

/** One page, newest first, as the plan reads it (lib/keyset.ts). */
export function listAdminWithdrawals(
  db: DbOrTx,
  f: AdminWithdrawalFilter,
  plan: PagePlan,
): Promise<ListedWithdrawal[]> {
  return selectListed(db)
    .where(and(where(f), keysetCondition(plan, withdrawals.createdAt, withdrawals.id)))
    .orderBy(...keysetOrder(plan, withdrawals.createdAt, withdrawals.id))
    .limit(plan.limit)
    .offset(plan.kind === 'offset' ? plan.offset : 0);
}

/**
 * The rows of the filter, counted up to the cap plus one: the same cost at a million rows (an
 * index range that stops at the cap). `capped` when there are more.
 */
export async function countAdminWithdrawals(
  db: DbOrTx,
  f: AdminWithdrawalFilter,
): Promise<{ total: number; capped: boolean }> {
  const cond = where(f);
  const res = (await db.execute(
    sql`select count(*)::int as n from (select 1 from ${withdrawals} ${cond ? sql`where ${cond}` : sql``}
        limit ${ADMIN_WITHDRAWAL_COUNT_CAP + 1}) x`,
  )) as unknown as { rows: { n: number }[] };
  const n = Number(res.rows[0]?.n ?? 0);
  return n > ADMIN_WITHDRAWAL_COUNT_CAP
    ? { total: ADMIN_WITHDRAWAL_COUNT_CAP, capped: true }
    : { total: n, capped: false };
}

export async function findAdminWithdrawal(db: DbOrTx, id: string): Promise<ListedWithdrawal | undefined> {
  const [row] = await selectListed(db).where(eq(withdrawals.id, id)).limit(1);
  return row;
}

/** Locks one withdrawal for an admin's decision (its "before" for the audit). */
export async function lockWithdrawal(tx: DbOrTx, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update').limit(1);
  return row;
}

/** The user's latest withdrawals (withdrawals_user_idx), for the detail's recent activity. */
export function recentWithdrawalsOf(db: DbOrTx, userId: string, limit: number) {
  return db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(limit);
}
