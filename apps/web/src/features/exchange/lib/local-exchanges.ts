import { type FeedUpdate, type HistoryItem, historyItemSchema, mergeProgress } from '@vaultline/shared';
import { z } from 'zod';
import { readJson, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

/**
 * spec-1 §3 `anonymousTransactions`: the guest exchanges this browser created. Their random ids are
 * the guest's only key (DECISIONS §4): the history asks the server for exactly these ids. Records
 * are history rows, so a guest's list and a signed-in user's list render the same way.
 */
const KEY = STORAGE_KEYS.anonymousTransactions;
/** Older or hand-edited records that do not parse are dropped rather than breaking the page. */
const recordsSchema = z.array(z.unknown());

type Listener = () => void;
const listeners = new Set<Listener>();

export function readLocalExchanges(): HistoryItem[] {
  const parsed = recordsSchema.safeParse(readJson<unknown>(KEY));
  if (!parsed.success) return [];
  const out: HistoryItem[] = [];
  for (const r of parsed.data) {
    const item = historyItemSchema.safeParse(r);
    if (item.success && item.data.kind === 'exchange') out.push(item.data);
  }
  return out;
}

export const localExchangeIds = (): string[] => readLocalExchanges().map((e) => e.id);

function write(items: HistoryItem[]) {
  writeStorage(KEY, JSON.stringify(items));
  for (const l of listeners) l();
}

/** Adds or replaces one record (newest first). */
export function saveLocalExchange(item: HistoryItem): void {
  write([item, ...readLocalExchanges().filter((e) => e.id !== item.id)]);
}

/**
 * Merges server rows or a live update into the stored records with the rule that never moves a
 * status backwards (spec-1 §4). Returns the records whose status moved, for notifications.
 */
export function mergeLocalExchanges(incoming: ReadonlyArray<Partial<HistoryItem> & { id: string }>) {
  const byId = new Map(incoming.map((i) => [i.id, i]));
  const moved: { item: HistoryItem; notify: 'success' | 'failed' | null }[] = [];
  const next = readLocalExchanges().map((stored) => {
    const inc = byId.get(stored.id);
    if (!inc) return stored;
    const { merged, statusChanged, notify } = mergeProgress(stored, inc);
    // Amounts and addresses fixed by the server are taken as they are (a record may predate them).
    const full: HistoryItem = { ...stored, ...inc, ...merged };
    if (statusChanged) moved.push({ item: full, notify });
    return full;
  });
  write(next);
  return moved;
}

export const mergeLocalUpdate = (u: FeedUpdate) => mergeLocalExchanges([u]);

export function subscribeLocalExchanges(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
