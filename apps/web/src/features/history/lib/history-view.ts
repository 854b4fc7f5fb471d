import { type HistoryItem, mergeProgress, type TransactionProgress } from '@vaultline/shared';

/** Newest first (the server's order; the browser's own records may be in any order). */
export const newestFirst = (items: readonly HistoryItem[]): HistoryItem[] =>
  [...items].sort((a, b) => Date.parse(b.creationDate) - Date.parse(a.creationDate));

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** One page of a list held in the browser (pages start at 1; a page past the end gives the last). */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const last = pageCount(items.length, pageSize);
  const p = Math.min(Math.max(1, page), last);
  return items.slice((p - 1) * pageSize, p * pageSize);
}

/** "Showing x to y of z transactions": 1-based positions of the page's first and last rows. */
export function showingRange(page: number, pageSize: number, shown: number, total: number) {
  if (total === 0 || shown === 0) return { from: 0, to: 0, total };
  const from = (page - 1) * pageSize + 1;
  return { from, to: from + shown - 1, total };
}

/** spec-1 §8 status notification: "Transaction {first 8 chars}... status: {label}." */
export const shortId = (id: string) => id.slice(0, 8);

export interface Move {
  item: HistoryItem;
  notify: 'success' | 'failed' | null;
}

/**
 * The best version known of each transaction seen on this page: server pages and live updates pass
 * through it, so a status never moves backwards (spec-1 §4) even when a late server page is older
 * than an update already shown.
 */
export function createProgressBook() {
  const known = new Map<string, HistoryItem>();
  return {
    has: (id: string) => known.has(id),
    get: (id: string) => known.get(id),
    /** Merges server rows; returns them as they should be shown and the ones whose status moved. */
    absorb(items: readonly HistoryItem[]): { items: HistoryItem[]; moves: Move[] } {
      const moves: Move[] = [];
      const out = items.map((item) => {
        const prev = known.get(item.id);
        if (!prev) {
          known.set(item.id, item);
          return item;
        }
        const { merged, statusChanged, notify } = mergeProgress(prev, item);
        const full: HistoryItem = { ...item, ...progressOf(merged) };
        known.set(item.id, full);
        if (statusChanged) moves.push({ item: full, notify });
        return full;
      });
      return { items: out, moves };
    },
    /** A live update of a known transaction; null when unknown. */
    update(u: TransactionProgress): { item: HistoryItem; move: Move | null } | null {
      const prev = known.get(u.id);
      if (!prev) return null;
      const { merged, statusChanged, notify } = mergeProgress(prev, u);
      known.set(u.id, merged);
      return { item: merged, move: statusChanged ? { item: merged, notify } : null };
    },
  };
}
export type ProgressBook = ReturnType<typeof createProgressBook>;

const progressOf = (p: HistoryItem) => ({
  status: p.status,
  adminNotes: p.adminNotes,
  transactionHash: p.transactionHash,
  updatedAt: p.updatedAt,
});

/** When a card deposit was refunded by support (decision 0031), else null. */
export const refundedAtOf = (item: HistoryItem): string | null =>
  item.kind === 'deposit' ? (item.refundedAt ?? null) : null;
