import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { CAROUSEL, isAutoAdvancing, nextPage, type PauseReasons, previousPage } from './carousel';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const reducedMotionNow = () =>
  typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(REDUCED_MOTION).matches;

/** Whether the user asked the system for less motion (follows the setting while mounted). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, reducedMotionNow, () => false);
}

/**
 * Page state of a carousel of `pages` pages: previous/next with wrap-around, and auto-advance every
 * `intervalMs` while nothing pauses it. The timer restarts after any move, so a page the user just
 * chose stays a full interval.
 */
export function useCarousel(pages: number, intervalMs: number = CAROUSEL.intervalMs) {
  const [page, setPage] = useState(0);
  const [moves, setMoves] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reasons: PauseReasons = { reducedMotion, userPaused, hovered, focused };
  const auto = isAutoAdvancing(reasons, pages);

  const next = useCallback(() => {
    setPage((p) => nextPage(p, pages));
    setMoves((m) => m + 1);
  }, [pages]);
  const previous = useCallback(() => {
    setPage((p) => previousPage(p, pages));
    setMoves((m) => m + 1);
  }, [pages]);

  // `moves` restarts the interval after a manual move.
  // biome-ignore lint/correctness/useExhaustiveDependencies: moves is a restart trigger
  useEffect(() => {
    if (!auto) return;
    const id = setInterval(() => setPage((p) => nextPage(p, pages)), intervalMs);
    return () => clearInterval(id);
  }, [auto, pages, intervalMs, moves]);

  // A shorter list (never here: the list is fixed) would leave the page out of range.
  const current = page < pages ? page : 0;
  return {
    page: current,
    next,
    previous,
    auto,
    reducedMotion,
    userPaused,
    setUserPaused,
    setHovered,
    setFocused,
  };
}
