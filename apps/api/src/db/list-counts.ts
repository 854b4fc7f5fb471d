import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

async function rows<T>(db: DbOrTx, q: ReturnType<typeof sql>): Promise<T[]> {
  // node-postgres and PGlite both answer raw SQL with { rows }.
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/**
 * Rows of a long list, of some statuses or all, from the counts the triggers keep (migration 0020):
 * the folded totals plus the deltas not folded yet, a few small rows instead of a count of the table.
 */
export async function listCount(
  db: DbOrTx,
  list: 'guest_exchanges' | 'deposits' | 'premium_payments',
  statuses?: number[],
): Promise<number> {
  const which = statuses ? sql`and status in ${statuses}` : sql``;
  const [row] = await rows<{ n: string }>(
    db,
    sql`select ((select coalesce(sum(n), 0) from list_counts where list = ${list} ${which})
              + (select coalesce(sum(n), 0) from list_count_deltas where list = ${list} ${which}))::text as n`,
  );
  return Number(row?.n ?? 0);
}

/** Moves the kept figures' deltas into their totals (fold_kept_figures(), migration 0020). */
export async function foldKeptFigures(db: DbOrTx): Promise<void> {
  await db.execute(sql`select fold_kept_figures()`);
}
