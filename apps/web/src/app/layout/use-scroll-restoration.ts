import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, useLocation, useNavigationType } from 'react-router';

/** sessionStorage entry holding the positions, so a reload or a return from another site finds them. */
export const SCROLL_STORAGE_KEY = 'scrollPositions';

/**
 * Every fresh page load has the location key "default", so keying by it would carry one page's
 * scroll position to another URL; fresh loads are keyed by path instead.
 */
export const scrollKey = (location: Location) =>
  location.key === 'default' ? location.pathname : location.key;

function readPositions(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}');
    return saved && typeof saved === 'object' ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function writePositions(positions: Record<string, number>) {
  try {
    sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or disabled: positions are kept for this page view only.
  }
}

/**
 * What react-router's <ScrollRestoration> did for the data router: a new navigation (PUSH, REPLACE)
 * starts at the top of the page (or at its #anchor), back/forward (POP, and a reload) returns to the
 * position the entry was left at. Positions are recorded as the page scrolls (the old page may stay
 * on screen, and be scrolled, while the next page's code loads) under the entry's key.
 *
 * Call it from a component inside the Suspense boundary of the pages: its layout effect then runs
 * once the new page is in the DOM, not while the spinner shows.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const action = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const current = useRef<string | null>(null);
  const shown = useRef<Location | null>(null);

  useEffect(() => {
    const manual = 'scrollRestoration' in history;
    if (manual) history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (positions.current && current.current) positions.current[current.current] = window.scrollY;
    };
    const onHide = () => {
      if (positions.current) writePositions(positions.current);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onHide);
      if (manual) history.scrollRestoration = 'auto';
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per location (its key)
  useLayoutEffect(() => {
    positions.current ??= readPositions();
    const key = scrollKey(location);
    const before = shown.current;
    // The same entry shown again (a remount, StrictMode's second run): leave the position alone.
    if (before === location) return;
    current.current = key;
    shown.current = location;
    // A same-page #anchor (the skip link): the browser has already moved to it.
    if (before && before.pathname === location.pathname && before.search === location.search && location.hash)
      return;
    const saved = positions.current[key];
    if (action === 'POP' && typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    const anchor = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
    positions.current[key] = window.scrollY;
  }, [location.key]);
}
