// Proves the crypto list's paging by cursor: forward with each answer's next cursor, back through the
// cursors already seen, never past the last page, and "page N of M" from the total.
import { describe, expect, it } from 'vitest';
import { currentCursor, FIRST_PAGE, nextPage, pageCount, previousPage } from './pageCursors';

describe('page cursors', () => {
  it('starts on page 1 without a cursor and goes forward with the cursor each page answered', () => {
    expect(currentCursor(FIRST_PAGE)).toBeNull();
    const second = nextPage(FIRST_PAGE, 'c2');
    const third = nextPage(second, 'c3');
    expect(third).toEqual({ cursors: [null, 'c2', 'c3'], index: 2 });
    expect(currentCursor(third)).toBe('c3');
  });

  it('goes back through the cursors already seen, and forward again from there', () => {
    const third = nextPage(nextPage(FIRST_PAGE, 'c2'), 'c3');
    const back = previousPage(previousPage(third));
    expect(back.index).toBe(0);
    expect(currentCursor(back)).toBeNull();
    expect(previousPage(back)).toBe(back);
    // A new answer on page 1 may name another next page: what lay ahead is replaced.
    expect(nextPage(back, 'c2-new')).toEqual({ cursors: [null, 'c2-new'], index: 1 });
  });

  it('stays on the last page, which has no next cursor', () => {
    const second = nextPage(FIRST_PAGE, 'c2');
    expect(nextPage(second, null)).toBe(second);
  });

  it('counts pages of eight, at least one', () => {
    expect(pageCount(0, 8)).toBe(1);
    expect(pageCount(8, 8)).toBe(1);
    expect(pageCount(9, 8)).toBe(2);
    expect(pageCount(17, 8)).toBe(3);
  });
});
