import { and, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { listCount } from '../../db/list-counts';
import { guestExchanges } from '../../db/schema';
import {
  compareCursors,
  cursorOf,
  keysetCondition,
  keysetOrder,
  type PagePlan,
  readsAscending,
} from '../../lib/keyset';
import type { ExchangeRow } from './exchange.repository';

/* The back office's paged lists of guest exchanges (decision 0029). */

/** An exchange row with its page cursor (lib/keyset.ts). */
export type ListedExchange = ExchangeRow & { cursor: string };

const listed = {
  ...getTableColumns(guestExchanges),
  cursor: cursorOf(guestExchanges.creationDate, guestExchanges.id),
};

function readList(db: DbOrTx, status: SQL | undefined, plan: PagePlan, limit: number, offset: number) {
  return db
    .select(listed)
    .from(guestExchanges)
    .where(and(status, keysetCondition(plan, guestExchanges.creationDate, guestExchanges.id)))
    .orderBy(...keysetOrder(plan, guestExchanges.creationDate, guestExchanges.id))
    .limit(limit)
    .offset(offset);
}

/** Rows each status's index is read for when several statuses are merged (beyond, one query). */
const MERGE_MAX = 1000;

/**
 * Admin lists (spec-2): every exchange, or those of some statuses; newest first, one page as the
 * plan reads it (lib/keyset.ts). Each status has its index on (status, date, id): several statuses
 * are read one index each and merged here, as an `in` over the index would sort every row of them.
 */
export async function listExchanges(
  db: DbOrTx,
  statuses: number[] | undefined,
  plan: PagePlan,
): Promise<ListedExchange[]> {
  const offset = plan.kind === 'offset' ? plan.offset : 0;
  if (!statuses || statuses.length === 1)
    return readList(
      db,
      statuses && eq(guestExchanges.status, statuses[0] as number),
      plan,
      plan.limit,
      offset,
    );
  if (offset + plan.limit > MERGE_MAX)
    return readList(db, inArray(guestExchanges.status, statuses), plan, plan.limit, offset);
  const each = await Promise.all(
    statuses.map((s) => readList(db, eq(guestExchanges.status, s), plan, offset + plan.limit, 0)),
  );
  const newestFirst = (a: ListedExchange, b: ListedExchange) => compareCursors(b.cursor, a.cursor);
  const merged = each.flat().sort(readsAscending(plan) ? (a, b) => -newestFirst(a, b) : newestFirst);
  return merged.slice(offset, offset + plan.limit);
}

export function countExchanges(db: DbOrTx, statuses?: number[]): Promise<number> {
  return listCount(db, 'guest_exchanges', statuses);
}
