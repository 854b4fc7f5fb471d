import { describe, expect, it } from 'vitest';
import { pageCount, pagerItems } from './pager';

/** The pager as text: page numbers, "…" for a gap. */
const show = (current: number, count: number) =>
  pagerItems(current, count)
    .map((i) => (i.kind === 'page' ? String(i.page) : '…'))
    .join(' ');

describe('pager rule (spec-2 §9: first 5, the last, and those within one of the current page)', () => {
  it('shows every page when there are few', () => {
    expect(show(1, 1)).toBe('1');
    expect(show(2, 5)).toBe('1 2 3 4 5');
    expect(show(1, 6)).toBe('1 2 3 4 5 6');
  });

  it('shows the first five and the last, with a gap, from the first pages', () => {
    expect(show(1, 20)).toBe('1 2 3 4 5 … 20');
    expect(show(4, 20)).toBe('1 2 3 4 5 … 20');
    // Page 6 is next to the current page 5.
    expect(show(5, 20)).toBe('1 2 3 4 5 6 … 20');
  });

  it('adds the current page and its neighbours in the middle, each run of hidden pages a gap', () => {
    expect(show(10, 20)).toBe('1 2 3 4 5 … 9 10 11 … 20');
    expect(show(7, 20)).toBe('1 2 3 4 5 6 7 8 … 20');
  });

  it('near the end, joins the neighbours to the last page', () => {
    expect(show(19, 20)).toBe('1 2 3 4 5 … 18 19 20');
    expect(show(20, 20)).toBe('1 2 3 4 5 … 19 20');
  });

  it('counts pages of 10 rows', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(95, 10)).toBe(10);
  });
});
