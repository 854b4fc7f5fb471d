import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Pages of a list ordered newest first by (a timestamp, the id), that cost the same at any depth
 * (decision 0029). The pager opens pages next to the one it shows with a cursor (the row before or
 * after the page: an index range, no offset), and the last pages from the list's other end; only a
 * direct jump into the middle of a long list walks an offset.
 */
export interface PageRequest {
  page: number;
  pageSize: number;
  after?: string | undefined;
  before?: string | undefined;
}

export type PagePlan =
  /** Rows older than the cursor, newest first (the next page). */
  | { kind: 'after'; micros: string; id: string; limit: number }
  /** Rows newer than the cursor, read oldest first and reversed (the previous page). */
  | { kind: 'before'; micros: string; id: string; limit: number }
  /** An offset from the newest end, or from the oldest end (`fromEnd`, read oldest first and reversed). */
  | { kind: 'offset'; offset: number; limit: number; fromEnd: boolean };

function parse(cursor: string): { micros: string; id: string } {
  const at = cursor.indexOf('_');
  return { micros: cursor.slice(0, at), id: cursor.slice(at + 1) };
}

/** How to read page `page` of `total` rows. */
export function planPage(req: PageRequest, total: number): PagePlan {
  if (req.after) return { kind: 'after', ...parse(req.after), limit: req.pageSize };
  if (req.before) return { kind: 'before', ...parse(req.before), limit: req.pageSize };
  const offset = (req.page - 1) * req.pageSize;
  const rows = Math.max(0, Math.min(req.pageSize, total - offset));
  // Past the middle, the page is nearer the oldest end: read it from there.
  if (offset > total / 2 && rows > 0)
    return { kind: 'offset', offset: total - offset - rows, limit: rows, fromEnd: true };
  return { kind: 'offset', offset, limit: req.pageSize, fromEnd: false };
}

/** True when the plan reads oldest first (its rows are reversed before they are shown). */
export const readsAscending = (plan: PagePlan) =>
  plan.kind === 'before' || (plan.kind === 'offset' && plan.fromEnd);

/** The plan's condition on (at, id), for a `where`. */
export function keysetCondition(plan: PagePlan, at: AnyColumn, id: AnyColumn): SQL | undefined {
  if (plan.kind === 'offset') return undefined;
  const point = sql`(timestamptz 'epoch' + ${plan.micros}::bigint * interval '1 microsecond', ${plan.id}::uuid)`;
  return plan.kind === 'after' ? sql`(${at}, ${id}) < ${point}` : sql`(${at}, ${id}) > ${point}`;
}

/** The plan's order (newest first, or oldest first when it reads from the other end). */
export function keysetOrder(plan: PagePlan, at: AnyColumn, id: AnyColumn): SQL[] {
  return readsAscending(plan) ? [sql`${at} asc`, sql`${id} asc`] : [sql`${at} desc`, sql`${id} desc`];
}

/** The cursor of a row, selected with it: its time in microseconds since 1970 and its id. */
export const cursorOf = (at: AnyColumn, id: AnyColumn) =>
  sql<string>`(extract(epoch from ${at}) * 1000000)::bigint::text || '_' || ${id}::text`;

/** Orders two cursors as their rows are ordered: by time, then id (negative when `a` is older). */
export function compareCursors(a: string, b: string): number {
  const x = parse(a);
  const y = parse(b);
  const dt = BigInt(x.micros) - BigInt(y.micros);
  if (dt !== 0n) return dt < 0n ? -1 : 1;
  return x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
}

/** The page's rows newest first, with the cursors that open its neighbours. */
export function pageOf<T extends { cursor: string }>(plan: PagePlan, rows: T[]) {
  const items = readsAscending(plan) ? [...rows].reverse() : rows;
  return {
    items,
    before: items[0]?.cursor ?? null,
    after: items[items.length - 1]?.cursor ?? null,
  };
}
