/**
 * The pages of the crypto list seen so far. The server pages by keyset: each answer gives the
 * cursor of the next (older) page only, so the cursors of the pages already seen are kept here to
 * go back. Page 1 has no cursor. A change of filters starts again from page 1.
 */
export interface PageCursors {
  /** cursors[i] is what fetches page i + 1; cursors[0] is null. */
  cursors: ReadonlyArray<string | null>;
  /** The page on screen, from 0. */
  index: number;
}

export const FIRST_PAGE: PageCursors = { cursors: [null], index: 0 };

/** The cursor that fetches the page on screen. */
export function currentCursor(pages: PageCursors): string | null {
  return pages.cursors[pages.index] ?? null;
}

/** One page on, with the `nextCursor` the page on screen answered; unchanged on the last page. */
export function nextPage(pages: PageCursors, nextCursor: string | null): PageCursors {
  if (nextCursor === null) return pages;
  const cursors = [...pages.cursors.slice(0, pages.index + 1), nextCursor];
  return { cursors, index: pages.index + 1 };
}

/** One page back; the cursors ahead are kept, though a new answer may replace them. */
export function previousPage(pages: PageCursors): PageCursors {
  return pages.index === 0 ? pages : { cursors: pages.cursors, index: pages.index - 1 };
}

/** "Page N of M": M from the number of rows matching the filters, at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
