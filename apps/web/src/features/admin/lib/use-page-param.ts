import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { cursorTo, type PageCursor, type ShownPage } from '../../../lib/page-cursor';

/**
 * A back-office list's page number, kept in ?page= (a reload or a shared link opens the same page),
 * and the cursor that opens it when it was reached from the page next to it (kept in memory only).
 * `onPage(p, shown)`: go to page p from the page shown.
 */
export function usePageParam() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [hint, setHint] = useState<{ page: number; cursor: PageCursor } | null>(null);
  const onPage = useCallback(
    (p: number, shown?: ShownPage) => {
      const cursor = cursorTo(shown, p);
      setHint(cursor ? { page: p, cursor } : null);
      setParams(p > 1 ? { page: String(p) } : {}, { replace: true });
    },
    [setParams],
  );
  return { page, cursor: hint?.page === page ? hint.cursor : undefined, onPage };
}
