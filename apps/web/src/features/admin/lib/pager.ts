/** One entry of the pager: a page button, or a gap standing for the pages left out. */
export type PagerItem = { kind: 'page'; page: number } | { kind: 'gap'; after: number };

/** How many pages a list of `total` rows fills at `pageSize` a page (at least one). */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));

/**
 * spec-2 §9 pager rule: the first 5 page buttons, the last, and those within one of the current page;
 * a gap marks every run of pages left out between two shown ones.
 */
export function pagerItems(current: number, count: number): PagerItem[] {
  if (count <= 0) return [];
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(5, count); p++) shown.add(p);
  shown.add(count);
  for (const p of [current - 1, current, current + 1]) if (p >= 1 && p <= count) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  let previous = 0;
  for (const page of pages) {
    if (page > previous + 1) items.push({ kind: 'gap', after: previous });
    items.push({ kind: 'page', page });
    previous = page;
  }
  return items;
}
