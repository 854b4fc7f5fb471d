import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a navigation, a keyboard user's focus is usually lost: the link or button that navigated
 * went away with its page and focus fell back to the document, so the next Tab would start again
 * at the top (skip link, header). When that happened, focus moves to the main region instead
 * (tabIndex -1, no outline), so Tab goes on with the new page's content. A focus that survived
 * (a header link, a field the page focused itself) is left alone; fresh loads are left alone.
 */
export function useFocusMainOnNavigation(mainId: string): void {
  const { key } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [key]);
}
