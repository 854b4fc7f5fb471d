/** spec-2 §9: 6 testimonials a page, a new page every 3 s, a 0.5 s slide. */
export const CAROUSEL = { perPage: 6, intervalMs: 3000, slideMs: 500 } as const;

/** How many pages `total` items fill (at least one, so an empty list still has a page 0). */
export function pageCount(total: number, perPage: number = CAROUSEL.perPage): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The page after `page`, back to the first after the last (spec-2: wraps at both ends). */
export function nextPage(page: number, count: number): number {
  return (page + 1) % count;
}

/** The page before `page`, to the last from the first. */
export function previousPage(page: number, count: number): number {
  return (page - 1 + count) % count;
}

/** The items of each page, in order; the last page may hold fewer. */
export function paginate<T>(items: readonly T[], perPage: number = CAROUSEL.perPage): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += perPage) pages.push(items.slice(i, i + perPage));
  return pages.length > 0 ? pages : [[]];
}

/**
 * Why auto-advance is stopped right now, if it is: the user asked for less motion, paused it with
 * the button, or is pointing at or focused inside the carousel (so it does not move under them).
 */
export interface PauseReasons {
  reducedMotion: boolean;
  userPaused: boolean;
  hovered: boolean;
  focused: boolean;
}

export function isAutoAdvancing(r: PauseReasons, pages: number): boolean {
  return pages > 1 && !r.reducedMotion && !r.userPaused && !r.hovered && !r.focused;
}
