import { useId, useState, type ReactNode } from 'react';
import { formatAmount } from '../../ui/formatMoney';
import { formatRowDate } from './labels';

/** What every row of a statement-like list has: when, which way, how much and in what. */
export interface SignedRow {
  created: number;
  direction: string;
  amount: string;
  currency: string;
}

/** docs/product.md#screens-and-routes: incoming amounts green with a plus, outgoing red with a minus. */
export function SignedAmount({ row, language }: { row: Pick<SignedRow, 'direction' | 'amount'>; language: string }) {
  const incoming = row.direction === 'IN';
  return (
    <span className={`statement-amount statement-amount--${incoming ? 'in' : 'out'}`}>
      {incoming ? '+' : '\u2212'}
      {formatAmount(row.amount, language)}
    </span>
  );
}

/**
 * What a row keeps out of its table line, behind a disclosure button at the line's start: the
 * table then stays as wide as the window, and the client opens the rest of a row when wanted.
 */
export interface RowDetails<Row> {
  /** The name of one row's button and of its details region ("Details of transfer 1234"). */
  label: (row: Row) => string;
  /** The disclosure column's heading, for screen readers. */
  heading: string;
  /** The terms and details the opened row shows. */
  content: (row: Row) => ReactNode;
  /** The table's columns with the disclosure one, which the details row spans. */
  columnCount: number;
}

/** A table line and, under it, its details: hidden until its button opens them. */
function RowWithDetails<Row>({ row, cells, details }: { row: Row; cells: (row: Row) => ReactNode; details: RowDetails<Row> }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const label = details.label(row);
  return (
    <>
      <tr className={open ? 'statement-table__row statement-table__row--open' : 'statement-table__row'}>
        <td className="statement-table__toggle">
          <button type="button" className="statement-disclosure" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
            <span className="visually-hidden">{label}</span>
          </button>
        </td>
        {cells(row)}
      </tr>
      <tr id={detailsId} className="statement-table__details" hidden={!open}>
        <td colSpan={details.columnCount}>
          <div role="region" aria-label={label}>
            {details.content(row)}
          </div>
        </td>
      </tr>
    </>
  );
}

/**
 * Rows as the statement shows them: a table where there is room, one card per row where there is
 * not (the stylesheet shows one or the other by the width the rows are given, so a desktop
 * with the side menu open gets cards rather than a table wider than its window). A card leads
 * with the date and the signed amount in its currency; `facts` lists the rest of the row as terms
 * and details. With `details`, each table line opens what its cells leave out.
 */
export function StatementRows<Row extends SignedRow>({
  rows,
  caption,
  language,
  rowKey,
  columns,
  cells,
  facts,
  details,
}: {
  rows: readonly Row[];
  caption: string;
  language: string;
  rowKey: (row: Row) => string;
  /** The header cells of the table. */
  columns: ReactNode;
  /** The cells of one row of the table. */
  cells: (row: Row) => ReactNode;
  /** The terms and details of one row's card. */
  facts: (row: Row) => ReactNode;
  details?: RowDetails<Row>;
}) {
  const captionId = useId();
  return (
    <div className={details ? 'statement-rows statement-rows--details' : 'statement-rows'}>
      <div className="statement-table-frame" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={details ? 'statement-table statement-table--details data-table' : 'statement-table data-table'}>
          <caption id={captionId} className="visually-hidden">
            {caption}
          </caption>
          <thead>
            <tr>
              {details ? (
                <th scope="col" className="statement-table__toggle">
                  <span className="visually-hidden">{details.heading}</span>
                </th>
              ) : null}
              {columns}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) =>
              details ? <RowWithDetails key={rowKey(row)} row={row} cells={cells} details={details} /> : <tr key={rowKey(row)}>{cells(row)}</tr>,
            )}
          </tbody>
        </table>
      </div>
      <ol className="statement-cards" aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="statement-card">
            <div className="statement-card__head">
              <span className="statement-card__date">{formatRowDate(row.created)}</span>
              <span className="statement-card__amount">
                <SignedAmount row={row} language={language} /> {row.currency}
              </span>
            </div>
            <dl className="statement-card__facts">{facts(row)}</dl>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Rows that did not load: the reason, announced, and a way to ask again. */
export function RowsLoadFailed({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div className="statement__problem" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
