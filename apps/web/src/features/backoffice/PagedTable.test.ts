// Proves how a list's address carries its filters and page, and how many pages a total makes.
import { describe, expect, it } from 'vitest';
import { listParams, pageCount, pageFromParams } from './PagedTable';

describe('list addresses', () => {
  it('read the page, 1 when missing or not a whole positive number', () => {
    expect(pageFromParams(new URLSearchParams('page=3'))).toBe(3);
    for (const query of ['', 'page=0', 'page=-2', 'page=1.5', 'page=abc']) expect(pageFromParams(new URLSearchParams(query))).toBe(1);
  });

  it('keep the filters that have a value, and the page only past the first', () => {
    expect(listParams({ status: 'New', type: '' })).toEqual({ status: 'New' });
    expect(listParams({ status: 'New', type: '' }, 1)).toEqual({ status: 'New' });
    expect(listParams({ status: 'New', type: 'crypto' }, 4)).toEqual({ status: 'New', type: 'crypto', page: '4' });
    expect(listParams({}, 2)).toEqual({ page: '2' });
  });
});

describe('pageCount', () => {
  it('counts whole pages, one at least', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(5, 0)).toBe(5);
  });
});
