import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts } from '../../db/schema';

export type AccountKind = 'user' | 'house' | 'fee' | 'external' | 'partner' | 'held';

/**
 * The house, fee and external accounts of these assets, the missing ones created, in one statement
 * (the partial unique index on kind and asset keeps one of each).
 */
export async function ensureHouseAccounts(db: DbOrTx, assetIds: string[]): Promise<void> {
  const rows = assetIds.flatMap((assetId) =>
    (['house', 'fee', 'external'] as const).map((kind) => ({ kind, userId: null, assetId })),
  );
  if (rows.length > 0) await db.insert(ledgerAccounts).values(rows).onConflictDoNothing();
}

export interface LegRow {
  owner: AccountKind;
  userId?: string;
  assetId: string;
  /** Decimal string; positive credits. */
  amount: string;
}

/**
 * Posts an entry in one round trip through the SQL function ledger_post (migration 0005), whose
 * triggers keep every ledger rule. Returns the entry id, or undefined when (kind, reference) was
 * already posted.
 */
export async function postEntry(
  db: DbOrTx,
  kind: string,
  reference: string,
  memo: string | null,
  legs: LegRow[],
): Promise<string | undefined> {
  const [row] = await rows<{ id: string | null }>(
    db,
    sql`select ledger_post(${kind}, ${reference}, ${memo}, ${JSON.stringify(legs)}::jsonb) as id`,
  );
  return row?.id ?? undefined;
}

/** Several entries in one round trip (ledger_post_many, migration 0018); ids by reference. */
export async function postEntries(
  db: DbOrTx,
  entries: { kind: string; reference: string; memo: string | null; legs: LegRow[] }[],
): Promise<Map<string, string | undefined>> {
  if (entries.length === 0) return new Map();
  const out = await rows<{ reference: string; id: string | null }>(
    db,
    sql`select reference, id from ledger_post_many(${JSON.stringify(entries)}::jsonb)`,
  );
  return new Map(out.map((r) => [r.reference, r.id ?? undefined]));
}

/** A user's balances per asset: the wallets (kind 'user'), or what withdrawals hold ('held'). */
export async function userBalances(db: DbOrTx, userId: string, kind: 'user' | 'held' = 'user') {
  return db
    .select({ assetId: ledgerAccounts.assetId, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.userId, userId)));
}

/** Ledger-wide checks (tests, audits): entries not summing to zero, stored balances off their postings. */
async function rows<T>(db: DbOrTx, q: ReturnType<typeof sql>): Promise<T[]> {
  // node-postgres and PGlite both answer raw SQL with { rows }.
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

export async function auditLedger(db: DbOrTx) {
  const unbalanced = await rows<{ entry_id: string }>(
    db,
    sql`
    select entry_id from postings group by entry_id, asset_id having sum(amount) <> 0`,
  );
  const drift = await rows<{ id: string }>(
    db,
    sql`
    select a.id from ledger_accounts a left join postings p on p.account_id = a.id
    where a.kind in ('user', 'partner', 'held') group by a.id, a.balance having a.balance <> coalesce(sum(p.amount), 0)`,
  );
  const negative = await rows<{ id: string }>(
    db,
    sql`
    select id from ledger_accounts where kind in ('user', 'partner', 'held') and balance < 0`,
  );
  return { unbalanced, drift, negative };
}
