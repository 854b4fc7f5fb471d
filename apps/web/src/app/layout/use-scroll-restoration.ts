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

/** Scroll positions by entry key, and the entry on screen (shared by the two hooks below). */
export interface ScrollMemory {
  positions: Record<string, number>;
  /** Key of the entry whose page is in the DOM (null before the first page is shown). */
  current: string | null;
  shown: Location | null;
}

/**
 * What react-router's <ScrollRestoration> did for the data router, part 1, called by the layout
 * (above the pages' Suspense boundary): records where each entry was left. Positions follow the
 * page's scroll events (the page being left may stay on screen, and be scrolled, while the next
 * page's code loads) and are read once more when a navigation starts: the layout's first render
 * with a new location comes before the next page replaces this one in the DOM, while a scroll
 * event may still be on its way. Kept in sessionStorage on `pagehide`.
 */
export function useScrollMemory(): ScrollMemory {
  const location = useLocation();
  const ref = useRef<ScrollMemory | null>(null);
  ref.current ??= { positions: readPositions(), current: null, shown: null };
  const memory = ref.current;
  if (memory.current !== null && scrollKey(location) !== memory.current)
    memory.positions[memory.current] = window.scrollY;

  useEffect(() => {
    const manual = 'scrollRestoration' in history;
    if (manual) history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (memory.current) memory.positions[memory.current] = window.scrollY;
    };
    const onHide = () => writePositions(memory.positions);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onHide);
      if (manual) history.scrollRestoration = 'auto';
    };
  }, [memory]);
  return memory;
}

/**
 * Part 2, called from a component inside the pages' Suspense boundary, so that its layout effect
 * runs once the new page is in the DOM (not while the spinner shows): a new navigation (PUSH,
 * REPLACE) starts at the top of the page (or at its #anchor), back/forward (POP, and a reload)
 * returns to the position the entry was left at.
 */
export function useScrollRestore(memory: ScrollMemory): void {
  const location = useLocation();
  const action = useNavigationType();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per location (its key)
  useLayoutEffect(() => {
    const key = scrollKey(location);
    const before = memory.shown;
    // The same entry shown again (a remount, StrictMode's second run): leave the position alone.
    if (before === location) return;
    memory.current = key;
    memory.shown = location;
    // A same-page #anchor (the skip link): the browser has already moved to it.
    if (before && before.pathname === location.pathname && before.search === location.search && location.hash)
      return;
    const saved = memory.positions[key];
    if (action === 'POP' && typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    const anchor = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
    memory.positions[key] = window.scrollY;
  }, [location.key]);
}
