import { useId, type ReactNode } from 'react';
import { formatAmount } from '../../ui/formatMoney';
import { formatRowDate } from './labels';

/** What every row of a statement-like list has: when, which way, how much and in what. */
export interface SignedRow {
  created: number;
  direction: string;
  amount: string;
  currency: string;
}

/** SPEC §2: incoming amounts green with a plus, outgoing red with a minus. */
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
 * Rows as the statement shows them: a table that scrolls inside its own frame on wide screens, one
 * card per row on phones (the stylesheet shows one or the other). A card leads with the date and
 * the signed amount in its currency; `facts` lists the rest of the row as terms and details.
 */
export function StatementRows<Row extends SignedRow>({
  rows,
  caption,
  language,
  rowKey,
  columns,
  cells,
  facts,
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
}) {
  const captionId = useId();
  return (
    <>
      <div className="statement-table-frame" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="statement-table">
          <caption id={captionId} className="visually-hidden">
            {caption}
          </caption>
          <thead>
            <tr>{columns}</tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>{cells(row)}</tr>
            ))}
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
    </>
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
