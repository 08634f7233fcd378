import { Readable } from 'node:stream';
import {
  STATEMENT_COLUMN_HEADINGS,
  STATEMENT_COLUMNS,
  zoneOffsetMs,
  type ResolvedPeriod,
  type StatementColumn,
  type StatementLanguage,
  type StatementQuery,
  type StatementRow,
} from '@bank/contracts';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db';
import { transactionRowBatches } from '../operations';
import { toStatementRows } from './rows';
import { resolveScope } from './service';

/** Rows read per keyset query while exporting: the memory held at once, whatever the file's size. */
export const CSV_BATCH_ROWS = 1000;
/**
 * Rows per piece of text handed to the stream (~15 kB): small enough to stay in the young
 * generation of the heap, where garbage is freed at once, not among large objects kept until a
 * full collection.
 */
const CSV_PIECE_ROWS = 100;

const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * Formats instants as wall-clock text of a time zone. Every zone offset and every change of
 * offset falls on a quarter hour, so the offset is looked up once per quarter hour of the rows
 * (they come in time order) instead of asking Intl for each of a million rows.
 */
export function zonedTimestampFormatter(timeZone: string, language: StatementLanguage): (instant: Date) => string {
  let bucket = Number.NaN;
  let offsetMs = 0;
  const pad = (value: number) => String(value).padStart(2, '0');
  return (instant) => {
    const time = instant.getTime();
    const instantBucket = Math.floor(time / QUARTER_HOUR_MS);
    if (instantBucket !== bucket) {
      bucket = instantBucket;
      offsetMs = zoneOffsetMs(new Date(instantBucket * QUARTER_HOUR_MS), timeZone);
    }
    const local = new Date(time + offsetMs);
    const date =
      language === 'ru'
        ? `${pad(local.getUTCDate())}.${pad(local.getUTCMonth() + 1)}.${local.getUTCFullYear()}`
        : `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
    return `${date} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  };
}

/** A party of a row as one cell: the name, when known, then the account (the CSV's and the PDF's). */
export function partyCell(account: string, name: string | null): string {
  return name ? `${name} (${account})` : account;
}

/**
 * What each column holds. Text cells can carry what another client typed (a name, a purpose), so
 * they are escaped against formula injection; money cells are the bank's own decimals and stay
 * bare, so a spreadsheet reads `-30.00` as a number. Every column is listed, so a new one is
 * decided on here.
 */
const CSV_COLUMN_KINDS: Record<StatementColumn, 'text' | 'money'> = {
  date: 'text',
  transactionNumber: 'text',
  sender: 'text',
  recipient: 'text',
  type: 'text',
  purpose: 'text',
  amount: 'money',
  currency: 'text',
  direction: 'text',
  status: 'text',
  openingBalance: 'money',
  creditTurnover: 'money',
  debitTurnover: 'money',
  balance: 'money',
};
const TEXT_COLUMN = STATEMENT_COLUMNS.map((column) => CSV_COLUMN_KINDS[column] === 'text');

/** A first character that makes a spreadsheet read the cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as a spreadsheet shows it but never evaluates it: OWASP's advice, a leading single
 * quote before a cell that starts like a formula, so `=HYPERLINK(…)` in a payee's name stays text.
 */
export function inertCsvText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One line's cells, in STATEMENT_COLUMNS order (arrays cost csv-stringify far less than objects); exported for tests. */
export function csvRecord(row: StatementRow, datedAt: Date, formatTimestamp: (instant: Date) => string): string[] {
  const cells: Record<StatementColumn, string> = {
    date: formatTimestamp(datedAt),
    transactionNumber: row.transactionNumber,
    sender: partyCell(row.sender, row.senderName),
    recipient: partyCell(row.recipient, row.recipientName),
    type: row.type,
    purpose: row.purpose ?? '',
    amount: row.amount,
    currency: row.currency,
    direction: row.direction,
    status: row.status,
    openingBalance: row.openingBalance,
    creditTurnover: row.creditTurnover,
    debitTurnover: row.debitTurnover,
    balance: row.balance,
  };
  return STATEMENT_COLUMNS.map((column, index) => (TEXT_COLUMN[index] ? inertCsvText(cells[column]) : cells[column]));
}

export interface StatementCsv {
  /** UTF-8 text with a BOM (spreadsheet programs then read Cyrillic right) and a header row. */
  stream: Readable;
  filename: string;
}

/**
 * The whole filtered statement as CSV, newest first, one line per row with every column of the product's
 * statement row and headings in the client's language. Rows are read by keyset in batches
 * (transactionRowBatches: one batch read ahead, no transaction held open across them), and no more
 * is read until the reader wants more (the stream's backpressure), so memory stays flat however many
 * rows there are. Each batch is turned into small pieces of CSV text at once, so its row objects die
 * young and only short strings wait in the stream.
 */
export async function statementCsv(
  db: Db,
  clientId: string,
  query: StatementQuery,
  now: Date,
  batchRows: number = CSV_BATCH_ROWS,
): Promise<StatementCsv> {
  const scope = await resolveScope(db, clientId, query, now);
  const formatTimestamp = zonedTimestampFormatter(query.timeZone, query.lang);
  const headings = STATEMENT_COLUMN_HEADINGS[query.lang];
  async function* chunks() {
    yield `\uFEFF${stringify([STATEMENT_COLUMNS.map((key) => headings[key])])}`;
    for await (const rows of transactionRowBatches(db, scope.rows, 'older', batchRows)) {
      const statementRows = await toStatementRows(db, rows, (row) => scope.accountNumbers.get(row.accountId) ?? '');
      const pieces: string[] = [];
      for (let start = 0; start < rows.length; start += CSV_PIECE_ROWS) {
        const records = rows
          .slice(start, start + CSV_PIECE_ROWS)
          .map((row, index) => csvRecord(statementRows[start + index]!, new Date(row.at), formatTimestamp));
        pieces.push(stringify(records));
      }
      yield* pieces;
    }
  }
  // A failed batch destroys the stream, so the download is cut short visibly instead of looking complete.
  return { stream: Readable.from(chunks(), { objectMode: false }), filename: statementFilename(query.accountNumber, scope.period, 'csv') };
}

/**
 * The name of a statement file, the same for every format: `statement_<account or all>`, then the
 * period's first and last days when it is bounded, then the format's extension. Only letters,
 * digits, '.', '-' and '_' remain, so the name is safe in a content-disposition header.
 */
export function statementFilename(accountNumber: string | undefined, period: ResolvedPeriod, extension: string): string {
  const bounds = period.firstDay || period.lastDay ? `_${period.firstDay ?? 'start'}_${period.lastDay ?? 'today'}` : '';
  return `statement_${accountNumber ?? 'all'}${bounds}.${extension}`.replace(/[^\w.-]/g, '_');
}
