/** Where the server starts a page of a long list: after or before a row of the page next to it. */
export interface PageCursor {
  after?: string;
  before?: string;
}

/** The page on screen, with the cursors the server gave for its neighbours. */
export interface ShownPage {
  page: number;
  before: string | null;
  after: string | null;
}

/**
 * The cursor that opens page `to` from the page shown: the next page starts after its last row,
 * the previous one before its first (the server then reads an index range, at any depth). Other
 * pages go by number.
 */
export function cursorTo(shown: ShownPage | undefined, to: number): PageCursor | undefined {
  if (!shown) return undefined;
  if (to === shown.page + 1 && shown.after) return { after: shown.after };
  if (to === shown.page - 1 && shown.before) return { before: shown.before };
  return undefined;
}
