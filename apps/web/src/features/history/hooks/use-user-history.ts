import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedUpdate, HistoryItem, HistoryPage } from '@vaultline/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { cursorTo, type PageCursor, type ShownPage } from '../../../lib/page-cursor';
import { getHistoryPage, HISTORY_POLL_MS } from '../api/history-api';
import { createProgressBook, type Move } from '../lib/history-view';

/**
 * A signed-in user's history, paginated on the server (GET History, 5 a page, polled every 60 s).
 * Every page and live update passes through one progress book, so a status never moves backwards.
 */
export function useUserHistory(userId: string | null, onMove: (m: Move) => void) {
  const qc = useQueryClient();
  // The page, and the cursor that opens it when it was reached from the page next to it.
  const [nav, setNav] = useState<{ page: number; cursor?: PageCursor | undefined }>({ page: 1 });
  const page = nav.page;
  const setPage = useCallback(
    (p: number, shown?: ShownPage) => setNav({ page: p, cursor: cursorTo(shown, p) }),
    [],
  );
  const [book] = useState(createProgressBook);
  const keyOf = useCallback((p: number) => ['history', 'user', userId, p] as const, [userId]);
  const onMoveRef = useRef(onMove);
  useEffect(() => {
    onMoveRef.current = onMove;
  });
  /** Unknown ids being looked up, so two quick updates of one transaction give one notice. */
  const lookingUp = useRef(new Set<string>());

  const fetchPage = useCallback(
    async (p: number, signal?: AbortSignal, cursor?: PageCursor): Promise<HistoryPage> => {
      const answer = await getHistoryPage(p, signal, cursor);
      const { items, moves } = book.absorb(answer.items);
      for (const m of moves) onMoveRef.current(m);
      return { ...answer, items };
    },
    [book],
  );

  const query = useQuery({
    queryKey: keyOf(page),
    queryFn: ({ signal }) => fetchPage(page, signal, nav.cursor),
    enabled: userId !== null,
    refetchInterval: HISTORY_POLL_MS,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });

  const patch = useCallback(
    (item: HistoryItem) =>
      qc.setQueriesData<HistoryPage>({ queryKey: ['history', 'user', userId] }, (p) =>
        p
          ? {
              ...p,
              items: p.items.map((i) =>
                i.id === item.id
                  ? {
                      ...i,
                      status: item.status,
                      adminNotes: item.adminNotes,
                      transactionHash: item.transactionHash,
                      updatedAt: item.updatedAt,
                    }
                  : i,
              ),
            }
          : p,
      ),
    [qc, userId],
  );

  /** A live update: merged when known ('known', its move if any), else looked up on page 1. */
  const applyUpdate = useCallback(
    (u: FeedUpdate): { known: boolean; move: Move | null } => {
      const r = book.update(u);
      if (!r) return { known: false, move: null };
      patch(r.item);
      return { known: true, move: r.move };
    },
    [book, patch],
  );

  /**
   * spec-1 §4: an update for a transaction not on screen that belongs to the user is added with a
   * notice. The feed carries no owner (an admin's connection also hears everyone's), so it counts
   * as the user's when it shows up on the first page (the newest) once fetched again.
   */
  const lookUp = useCallback(
    async (id: string) => {
      if (lookingUp.current.has(id)) return;
      lookingUp.current.add(id);
      try {
        const first = await qc.fetchQuery({ queryKey: keyOf(1), queryFn: () => fetchPage(1), staleTime: 0 });
        if (first.items.some((i) => i.id === id)) {
          notify({ title: i18n.t('History.NewTransaction'), severity: 'Info' });
          if (page !== 1) await qc.invalidateQueries({ queryKey: keyOf(page) });
        }
      } catch {
        // The next poll tries again; a failed look-up is not worth a notice of its own.
      } finally {
        lookingUp.current.delete(id);
      }
    },
    [qc, keyOf, fetchPage, page],
  );

  return { query, page, setPage, applyUpdate, lookUp, book, patch, known: book.has };
}
