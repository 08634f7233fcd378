import type { StatementAccountSummary, StatementPage } from '@bank/contracts/statement/statement-row';
import { useEffect, useMemo, useState } from 'react';
import { fetchStatementPage } from './statementApi';
import type { TransactionFilters } from './transactionsSlice';

export interface StatementView {
  status: 'loading' | 'ready' | 'failed';
  page: StatementPage | null;
  /** The balances of the period, answered when the statement was opened with these filters. */
  accounts: StatementAccountSummary[];
  goToPage(page: number): void;
  retry(): void;
  /** Opens the statement afresh on page 1 (a row changed: its balances and count may have too). */
  reload(): void;
}

interface Wanted {
  filtersKey: string;
  page: number;
  attempt: number;
  /** Asked without a cursor, so the server counts and sums the period again. */
  fresh?: boolean;
}

/**
 * The page of the statement on screen. Any change of the filters goes back to page 1 (docs/product.md#states);
 * moving between pages sends the cursor of the page on screen, so the server seeks by keyset.
 * An answer for filters or a page no longer wanted is dropped (its request is aborted).
 */
export function useStatementPage(token: string | null, filters: TransactionFilters): StatementView {
  const filtersKey = useMemo(() => JSON.stringify(filters), [filters]);
  const [wanted, setWanted] = useState<Wanted>({ filtersKey, page: 1, attempt: 0 });
  const current = wanted.filtersKey === filtersKey ? wanted : { filtersKey, page: 1, attempt: 0 };
  const [shown, setShown] = useState<{ filtersKey: string; requested: number; page: StatementPage | null; accounts: StatementAccountSummary[]; failedFor: string }>({
    filtersKey: '',
    requested: 0,
    page: null,
    accounts: [],
    failedFor: '',
  });
  const requestKey = `${current.filtersKey}|${current.page}|${current.attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    const sameFilters = shown.filtersKey === current.filtersKey && shown.page !== null && !current.fresh;
    const cursor = sameFilters ? shown.page!.cursor : null;
    fetchStatementPage(token, filters, { page: current.page, cursor }, controller.signal)
      .then((page) => {
        if (controller.signal.aborted) return;
        setShown({ filtersKey: current.filtersKey, requested: current.page, page, accounts: page.accounts ?? (sameFilters ? shown.accounts : []), failedFor: '' });
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setShown((previous) => ({ ...previous, failedFor: requestKey }));
      });
    return () => controller.abort();
    // The fetch depends on what is wanted; what is shown only supplies the cursor to seek from.
  }, [token, current.filtersKey, current.page, current.attempt]);

  const upToDate = shown.filtersKey === current.filtersKey && shown.requested === current.page;
  return {
    status: shown.failedFor === requestKey ? 'failed' : upToDate ? 'ready' : 'loading',
    page: shown.filtersKey === current.filtersKey ? shown.page : null,
    accounts: shown.filtersKey === current.filtersKey ? shown.accounts : [],
    goToPage: (page) => setWanted({ filtersKey, page, attempt: current.attempt }),
    retry: () => setWanted({ ...current, attempt: current.attempt + 1 }),
    reload: () => setWanted({ filtersKey, page: 1, attempt: current.attempt + 1, fresh: true }),
  };
}
