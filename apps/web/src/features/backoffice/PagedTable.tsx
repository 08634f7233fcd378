import type { Page } from '@bank/contracts/backoffice/paging';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Problem } from './parts';

/** One column of a back-office list: its heading and what each row shows in it. */
export interface Column<Item> {
  key: string;
  /** The heading; on a narrow screen it labels the value inside each row's card. */
  header: string;
  cell: (item: Item) => ReactNode;
  /** Amounts: right-aligned figures of equal width. */
  money?: boolean;
  /** A column of buttons: its heading is read by screen readers only, and a card shows no label. */
  actions?: boolean;
}

/** A whole page of a list, or a list the server answers at once (client search, operators). */
export type ListData<Item> = Pick<Page<Item>, 'items'> & Partial<Omit<Page<Item>, 'items'>>;

interface PagedTableProps<Item> {
  /** What the table lists, for screen readers (the screen's heading already says it to the eye). */
  caption: string;
  columns: ReadonlyArray<Column<Item>>;
  /** The row's identity: its React key and its `data-key`, by which tests and links find it. */
  rowKey: (item: Item) => string;
  data: ListData<Item> | null;
  /** The last load's failure: alone when nothing was loaded, above the rows when a reload failed. */
  error?: unknown;
  /** A new page or filter is on its way: the rows shown are the previous ones. */
  loading?: boolean;
  empty: string;
  onRetry?: () => void;
  onPage?: (page: number) => void;
}

/**
 * The back office's list: a table on a desk's screen; where its box is narrow (a phone), each row
 * becomes a card of label and value pairs, so nothing is wider than the window. It shows the
 * loading, the failure and the empty list in one way on every screen, and the pages under it.
 */
export function PagedTable<Item>({ caption, columns, rowKey, data, error, loading = false, empty, onRetry, onPage }: PagedTableProps<Item>) {
  const { t } = useTranslation('backoffice');
  if (!data) {
    if (error) {
      return (
        <div className="paged-table__failure">
          <Problem error={error} />
          {onRetry ? (
            <button type="button" className="button button--secondary backoffice__small" onClick={onRetry}>
              {t('retry')}
            </button>
          ) : null}
        </div>
      );
    }
    return (
      <p className="backoffice__muted" role="status">
        {t('loading')}
      </p>
    );
  }
  return (
    <div className="paged-table" aria-busy={loading || undefined}>
      {error ? <Problem error={error} /> : null}
      {data.items.length === 0 ? (
        <p className="backoffice__muted paged-table__empty">{empty}</p>
      ) : (
        <div className="paged-table__box">
          <table className="backoffice-table">
            <caption className="visually-hidden">{caption}</caption>
            <TableHead columns={columns} />
            <tbody>
              {data.items.map((item) => {
                const key = rowKey(item);
                return (
                  <tr key={key} data-testid="bo-row" data-key={key}>
                    {columns.map((column) => (
                      <td
                        key={column.key}
                        data-label={column.actions ? undefined : column.header}
                        className={column.money ? 'backoffice-table__money' : column.actions ? 'paged-table__actions' : undefined}
                      >
                        {/* One box for the value, so that on a card it sits beside its label as a whole. */}
                        <div className="paged-table__value">{column.cell(item)}</div>
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {onPage && data.page !== undefined && data.pageSize !== undefined && data.total !== undefined ? (
        <Pager page={data.page} pageSize={data.pageSize} total={data.total} disabled={loading} onPage={onPage} />
      ) : null}
    </div>
  );
}

/** A back-office table's head: a heading per column, an actions column's for screen readers only. */
export function TableHead({ columns }: { columns: ReadonlyArray<Pick<Column<never>, 'key' | 'header' | 'money' | 'actions'>> }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column.key} scope="col" className={column.money ? 'backoffice-table__money' : undefined}>
            {column.actions ? <span className="visually-hidden">{column.header}</span> : column.header}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** How many pages a list has: one at least, so an empty list still says "page 1 of 1". */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** Previous and next page of a list, shown only when there is more than one. */
function Pager({ page, pageSize, total, disabled, onPage }: { page: number; pageSize: number; total: number; disabled: boolean; onPage: (page: number) => void }) {
  const { t } = useTranslation('backoffice');
  const pages = pageCount(total, pageSize);
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="backoffice__pager" aria-label={t('pager.label')}>
      <button type="button" className="button button--secondary" disabled={disabled || page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
        {t('pager.previous')}
      </button>
      <span>{t('pager.position', { page, pages })}</span>
      <button type="button" className="button button--secondary" disabled={disabled || page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}

/** The page a list's address asks for: 1 when it names none or nonsense. */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * A list's address: its filters that have a value, and the page when past the first. A changed
 * filter is given without a page, so the list starts again from page 1.
 */
export function listParams(filters: Readonly<Record<string, string>>, page = 1): Record<string, string> {
  const params = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  return page > 1 ? { ...params, page: String(page) } : params;
}
