import { describe, expect, it } from 'vitest';
import { cursorTo } from './page-cursor';

describe('cursorTo', () => {
  const shown = { page: 4, before: 'b4', after: 'a4' };
  it('opens the next page after the shown one, the previous one before it', () => {
    expect(cursorTo(shown, 5)).toEqual({ after: 'a4' });
    expect(cursorTo(shown, 3)).toEqual({ before: 'b4' });
  });
  it('goes by number to any other page, or without a shown page or its cursors', () => {
    for (const to of [1, 2, 4, 6, 100]) expect(cursorTo(shown, to)).toBeUndefined();
    expect(cursorTo(undefined, 5)).toBeUndefined();
    expect(cursorTo({ page: 4, before: null, after: null }, 5)).toBeUndefined();
  });
});
