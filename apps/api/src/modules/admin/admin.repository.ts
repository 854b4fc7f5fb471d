import { BankAccountStatus } from '@vaultline/shared';
import { and, asc, eq, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
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
 * spec-2 admin stats, judged by the database clock, from the hourly figures the triggers keep
 * (migration 0020, decision 0029) rather than from the big tables. A window [now - 24 h, now] is
 * its whole hours from `stats_hourly` plus the rows of its first, partial hour read from the tables
 * by index: exact to the microsecond, and the same cost at any number of rows (the hourly rows
 * and the deltas not folded yet: at most ~31 days of hours and a few seconds of changes). Traded amounts are
 * the USD values stored at execution (decision 0019): a conversion's usd_value at its settlement,
 * a guest exchange's usd_value when its success was posted in the ledger (its settled_at).
 */
export async function stats(db: DbOrTx): Promise<StatsRow> {
  const [row] = await rows<StatsRow>(
    db,
    sql`
    with w as (
      select now() - interval '24 hours' as s1, now() - interval '7 days' as s7, now() - interval '30 days' as s30
    ), edge as (
      select s1, s7, s30,
        date_trunc('hour', s1, 'UTC') + interval '1 hour' as h1,
        date_trunc('hour', s7, 'UTC') + interval '1 hour' as h7,
        date_trunc('hour', s30, 'UTC') + interval '1 hour' as h30
      from w
    ), kept as (
      select
        coalesce(sum(n) filter (where source = 'users'), 0) as users_all,
        coalesce(sum(n) filter (where source = 'users' and hour >= edge.h1), 0) as users_1,
        coalesce(sum(n) filter (where source = 'users' and hour >= edge.h7), 0) as users_7,
        coalesce(sum(n) filter (where source = 'users' and hour >= edge.h30), 0) as users_30,
        coalesce(sum(usd) filter (where source <> 'users'), 0) as usd_all,
        coalesce(sum(usd) filter (where source <> 'users' and hour >= edge.h1), 0) as usd_1,
        coalesce(sum(usd) filter (where source <> 'users' and hour >= edge.h7), 0) as usd_7,
        coalesce(sum(usd) filter (where source <> 'users' and hour >= edge.h30), 0) as usd_30
      from (select source, hour, n, usd from stats_hourly
            union all select source, hour, n, usd from stats_deltas) h, edge
      group by edge.h1, edge.h7, edge.h30
    ), first_hours as (
      select
        (select count(*) from users where creation_date >= s1 and creation_date < h1) as users_1,
        (select count(*) from users where creation_date >= s7 and creation_date < h7) as users_7,
        (select count(*) from users where creation_date >= s30 and creation_date < h30) as users_30,
        (select coalesce(sum(usd_value), 0) from conversions where status = 1 and creation_date >= s1 and creation_date < h1)
          + (select coalesce(sum(usd_value), 0) from guest_exchanges where settled_at >= s1 and settled_at < h1) as usd_1,
        (select coalesce(sum(usd_value), 0) from conversions where status = 1 and creation_date >= s7 and creation_date < h7)
          + (select coalesce(sum(usd_value), 0) from guest_exchanges where settled_at >= s7 and settled_at < h7) as usd_7,
        (select coalesce(sum(usd_value), 0) from conversions where status = 1 and creation_date >= s30 and creation_date < h30)
          + (select coalesce(sum(usd_value), 0) from guest_exchanges where settled_at >= s30 and settled_at < h30) as usd_30
      from edge
    )
    select coalesce(k.users_all, 0)::int as total_users,
      (coalesce(k.users_1, 0) + f.users_1)::int as new_users_24h,
      (coalesce(k.users_7, 0) + f.users_7)::int as new_users_7d,
      (coalesce(k.users_30, 0) + f.users_30)::int as new_users_30d,
      coalesce(k.usd_all, 0)::text as traded_total,
      (coalesce(k.usd_1, 0) + f.usd_1)::text as traded_24h,
      (coalesce(k.usd_7, 0) + f.usd_7)::text as traded_7d,
      (coalesce(k.usd_30, 0) + f.usd_30)::text as traded_30d
    from first_hours f left join kept k on true`,
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

/**
 * Prefix matches read before ordering by name: a short prefix of a common name may match thousands
 * of users; the page shows 20, so sorting them all would cost what the table holds.
 */
const PREFIX_CANDIDATES = 200;

type SummaryRow = { id: string; first_name: string; last_name: string; email: string; status: number };

/**
 * Users whose e-mail, "first last" or last name starts with the text, or whose id starts with it
 * (hex digits). Each condition reads its own index in that index's order (`using ~<~`, the order of
 * a text_pattern_ops index) for at most PREFIX_CANDIDATES rows, so this never reads the whole
 * table; the candidates are then ordered by name.
 */
export async function searchByPrefix(db: DbOrTx, text: string, limit: number) {
  const q = startsWith(text.toLowerCase());
  const branch = (where: SQL, order: SQL) =>
    sql`(select id, first_name, last_name, email, status from users where ${where}
         order by ${order} limit ${PREFIX_CANDIDATES})`;
  const branches = [
    branch(sql`email like ${q}`, sql`email using ~<~`),
    branch(
      sql`lower(first_name || ' ' || last_name) like ${q}`,
      sql`lower(first_name || ' ' || last_name) using ~<~`,
    ),
    branch(sql`lower(last_name) like ${q}`, sql`lower(last_name) using ~<~`),
  ];
  const range = idRange(text.toLowerCase());
  if (range) branches.push(branch(sql`id between ${range[0]} and ${range[1]}`, sql`id`));
  const found = await rows<SummaryRow>(
    db,
    sql`select * from (${sql.join(branches, sql` union `)}) c
        order by c.last_name, c.first_name, c.id limit ${limit}`,
  );
  return found.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    status: Number(r.status),
  }));
}

/** What the trigram index of the search covers (migration 0020): the e-mail, then "first last". */
const searchText = sql`(${users.email} || ' ' || lower(${users.firstName} || ' ' || ${users.lastName}))`;

/**
 * Users with the text anywhere in their e-mail or name, through the trigram index (pg_trgm): a text
 * of 3 characters or more costs the same at any number of users. Only run when the prefix search
 * found fewer than a page.
 */
export function searchBySubstring(db: DbOrTx, text: string, exclude: string[], limit: number) {
  const q = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select(summary)
    .from(users)
    .where(
      and(sql`${searchText} like ${`%${q}%`}`, exclude.length ? notInArray(users.id, exclude) : undefined),
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
