import { describe, expect, it } from 'vitest';
import { CAROUSEL, isAutoAdvancing, nextPage, pageCount, paginate, previousPage } from './carousel';
import { TESTIMONIALS } from './testimonials';

const still = { reducedMotion: false, userPaused: false, hovered: false, focused: false };

describe('carousel paging', () => {
  it('uses the constants of spec-2 §9', () => {
    expect(CAROUSEL).toEqual({ perPage: 6, intervalMs: 3000, slideMs: 500 });
    expect(TESTIMONIALS).toHaveLength(8);
    expect(new Set(TESTIMONIALS.map((t) => t.id)).size).toBe(8);
  });

  it('fills 2 pages with 8 testimonials: 6 then 2', () => {
    expect(pageCount(8)).toBe(2);
    expect(paginate(TESTIMONIALS).map((p) => p.length)).toEqual([6, 2]);
    expect(paginate(TESTIMONIALS).flat()).toEqual(TESTIMONIALS);
  });

  it('counts pages at the edges', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(6)).toBe(1);
    expect(pageCount(7)).toBe(2);
    expect(pageCount(12)).toBe(2);
    expect(pageCount(13)).toBe(3);
    expect(paginate([])).toEqual([[]]);
  });

  it('wraps around at both ends', () => {
    expect(nextPage(0, 3)).toBe(1);
    expect(nextPage(2, 3)).toBe(0);
    expect(previousPage(0, 3)).toBe(2);
    expect(previousPage(1, 3)).toBe(0);
    expect(nextPage(0, 1)).toBe(0);
    expect(previousPage(0, 1)).toBe(0);
  });

  it('advances only when nothing pauses it and there is somewhere to go', () => {
    expect(isAutoAdvancing(still, 2)).toBe(true);
    expect(isAutoAdvancing(still, 1)).toBe(false);
    for (const reason of ['reducedMotion', 'userPaused', 'hovered', 'focused'] as const) {
      expect(isAutoAdvancing({ ...still, [reason]: true }, 2), reason).toBe(false);
    }
  });
});
