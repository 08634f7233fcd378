import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectUserToken } from '../auth';
import { fetchCryptoTransactions } from './cryptoTransactionsApi';
import { cryptoTransactionsLoaded, selectCryptoFilters, selectCryptoTransactions } from './cryptoTransactionsSlice';
import { currentCursor, FIRST_PAGE, nextPage, previousPage, type PageCursors } from './pageCursors';

export interface CryptoTransactionsView {
  status: 'loading' | 'ready' | 'failed';
  rows: ReturnType<typeof selectCryptoTransactions>;
  /** Page on screen, from 1. */
  page: number;
  total: number;
  hasNext: boolean;
  next(): void;
  previous(): void;
  retry(): void;
  /** Loads the first page again: after a transfer its new row, the newest, shows at once. */
  reload(): void;
}

/**
 * The page of the crypto list on screen (docs/product.md#screens-and-routes: 8 a page). A change of the filters goes back to
 * page 1 (as the statement does); next and previous move through the cursors seen so far. The rows
 * are kept in the cryptoTransactions slice (docs/product.md#data); an answer no longer wanted is dropped.
 */
export function useCryptoTransactions(): CryptoTransactionsView {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectUserToken);
  const filters = useAppSelector(selectCryptoFilters);
  const rows = useAppSelector(selectCryptoTransactions);
  const filtersKey = useMemo(() => JSON.stringify(filters), [filters]);
  const [pages, setPages] = useState<{ filtersKey: string; cursors: PageCursors }>({ filtersKey, cursors: FIRST_PAGE });
  const cursors = pages.filtersKey === filtersKey ? pages.cursors : FIRST_PAGE;
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ requestKey: string; total: number; nextCursor: string | null } | null>(null);
  const [failedFor, setFailedFor] = useState('');
  const cursor = currentCursor(cursors);
  const requestKey = `${filtersKey}|${cursor ?? ''}|${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    fetchCryptoTransactions(token, filters, cursor, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        dispatch(cryptoTransactionsLoaded(page.items));
        setAnswer({ requestKey, total: page.total, nextCursor: page.nextCursor });
        setFailedFor('');
      },
      () => {
        if (!controller.signal.aborted) setFailedFor(requestKey);
      },
    );
    return () => controller.abort();
    // The request is named by its key: filters, cursor and attempt.
  }, [requestKey]);

  const ready = answer?.requestKey === requestKey;
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return {
    status: failedFor === requestKey ? 'failed' : ready ? 'ready' : 'loading',
    rows,
    page: cursors.index + 1,
    total: answer?.total ?? 0,
    hasNext: ready && answer.nextCursor !== null,
    next: () => {
      if (ready) setPages({ filtersKey, cursors: nextPage(cursors, answer.nextCursor) });
    },
    previous: () => setPages({ filtersKey, cursors: previousPage(cursors) }),
    retry,
    reload: () => {
      setPages({ filtersKey, cursors: FIRST_PAGE });
      retry();
    },
  };
}
