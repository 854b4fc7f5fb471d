import { BankAccountStatus } from '@vaultline/shared';
import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addresses, assets, bankAccounts, countries, refreshTokens, users } from '../../db/schema';

/*
 * The back office reads and changes rows of several areas (users, profiles, assets) for admins
 * only. Its changes run in one transaction with their audit row, so the SQL is here rather than
 * behind the other modules' services, which do not take a transaction.
 */

async function rows<T>(db: DbOrTx, q: ReturnType<typeof sql>): Promise<T[]> {
  // node-postgres and PGlite both answer raw SQL with { rows }.
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

export interface StatsRow {
  total_users: number;
  new_users_24h: number;
  new_users_7d: number;
  new_users_30d: number;
  traded_total: string;
  traded_24h: string;
  traded_7d: string;
  traded_30d: string;
}

/**
 * spec-2 admin stats in one statement, judged by the database clock. Traded amounts are the USD
 * values stored at execution (decision 0019): a conversion's usd_value (amount × the lock's USD
 * price) at its settlement time; a guest exchange's usd_value (fixed with its quote) when its
 * success was posted in the ledger (the journal entry's time; the journal is append-only).
 */
export async function stats(db: DbOrTx): Promise<StatsRow> {
  const [row] = await rows<StatsRow>(
    db,
    sql`
    with u as (
      select count(*)::int as total_users,
             (count(*) filter (where creation_date >= now() - interval '24 hours'))::int as new_users_24h,
             (count(*) filter (where creation_date >= now() - interval '7 days'))::int as new_users_7d,
             (count(*) filter (where creation_date >= now() - interval '30 days'))::int as new_users_30d
      from users
    ), traded as (
      select c.usd_value, c.creation_date as at from conversions c where c.status = 1
      union all
      select e.usd_value, j.created_at
      from guest_exchanges e join journal_entries j on j.id = e.journal_entry_id
      where e.status = 1
    ), t as (
      select coalesce(sum(usd_value), 0)::text as traded_total,
             coalesce(sum(usd_value) filter (where at >= now() - interval '24 hours'), 0)::text as traded_24h,
             coalesce(sum(usd_value) filter (where at >= now() - interval '7 days'), 0)::text as traded_7d,
             coalesce(sum(usd_value) filter (where at >= now() - interval '30 days'), 0)::text as traded_30d
      from traded
    )
    select * from u cross join t`,
  );
  if (!row) throw new Error('stats query returned nothing');
  return row;
}

const summary = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  status: users.status,
};

/** LIKE pattern for "starts with" (the text's own % _ \ are literal). */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const fullName = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * Users whose e-mail, "first last" or last name starts with the text, or whose id starts with it
 * (hex digits): each condition has an index (migration 0011), so this never reads the whole table.
 */
export function searchByPrefix(db: DbOrTx, text: string, limit: number) {
  const q = text.toLowerCase();
  const conditions = [
    sql`${users.email} like ${startsWith(q)}`,
    sql`${fullName} like ${startsWith(q)}`,
    sql`lower(${users.lastName}) like ${startsWith(q)}`,
  ];
  const range = idRange(q);
  if (range) conditions.push(sql`${users.id} between ${range[0]} and ${range[1]}`);
  return db
    .select(summary)
    .from(users)
    .where(sql.join(conditions, sql` or `))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit);
}

/**
 * Users with the text anywhere in their e-mail or name (a scan, stopped at `limit` rows): only
 * run when the prefix search found fewer than a page.
 */
export function searchBySubstring(db: DbOrTx, text: string, exclude: string[], limit: number) {
  const q = text.toLowerCase();
  return db
    .select(summary)
    .from(users)
    .where(
      and(
        sql`strpos(${users.email} || ' ' || ${fullName}, ${q}) > 0`,
        exclude.length ? notInArray(users.id, exclude) : undefined,
      ),
    )
    .limit(limit);
}

/** The ids starting with these hex digits (dashes ignored) as an index range; null if not hex. */
export function idRange(text: string): [string, string] | null {
  const hex = text.replace(/-/g, '');
  if (!/^[0-9a-f]{1,32}$/.test(hex)) return null;
  const uuid = (h: string) =>
    `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  return [uuid(hex.padEnd(32, '0')), uuid(hex.padEnd(32, 'f'))];
}

/** A user with address (and country) and bank account, for the admin's user page. */
export async function userDetail(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ user: users, address: addresses, country: countries, bank: bankAccounts })
    .from(users)
    .leftJoin(addresses, eq(addresses.userId, users.id))
    .leftJoin(countries, eq(countries.id, addresses.countryId))
    .leftJoin(bankAccounts, eq(bankAccounts.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** The user's status, locked until the transaction ends (two admins toggling queue here). */
export async function lockUserStatus(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ status: users.status, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
}

/**
 * Sets the account status. Deactivating also bumps the token version (every access token of the
 * user stops working on its next call) and revokes every refresh token, in the same transaction.
 */
export async function setUserStatus(tx: DbOrTx, id: string, status: number, deactivate: boolean) {
  const [row] = await tx
    .update(users)
    .set(deactivate ? { status, tokenVersion: sql`${users.tokenVersion} + 1` } : { status })
    .where(eq(users.id, id))
    .returning({ status: users.status, tokenVersion: users.tokenVersion });
  if (deactivate) {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.userId, id), isNull(refreshTokens.revokedAt)));
  }
  return row;
}

/** Bank accounts not processed yet, oldest first, with their owner's name. */
export function pendingBankAccounts(db: DbOrTx, limit: number) {
  return db
    .select({
      account: bankAccounts,
      user: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(bankAccounts)
    .innerJoin(users, eq(users.id, bankAccounts.userId))
    .where(eq(bankAccounts.status, BankAccountStatus.notProcessed))
    .orderBy(asc(bankAccounts.creationDate), asc(bankAccounts.id))
    .limit(limit);
}

export async function lockBankAccount(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(bankAccounts).where(eq(bankAccounts.id, id)).for('update');
  return row;
}

export async function setBankAccountStatus(tx: DbOrTx, id: string, status: number) {
  const [row] = await tx.update(bankAccounts).set({ status }).where(eq(bankAccounts.id, id)).returning();
  return row;
}

export async function lockAsset(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(assets).where(eq(assets.id, id)).for('update');
  return row;
}

export async function setAssetAddress(tx: DbOrTx, id: string, address: string) {
  const [row] = await tx
    .update(assets)
    .set({ adminWalletAddress: address })
    .where(eq(assets.id, id))
    .returning();
  return row;
}
