import { decimalToMinor, hasBankFormatCode, zoneOffsetMs, type StatementQuery, type StatementRow } from '@bank/contracts';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { countMovements } from '../operations';
import { statementFilename, zonedTimestampFormatter } from './csv';
import { openStatementDocument, type StatementDocument } from './document';

/**
 * What the bank formats (ISO 20022 camt.053, SWIFT MT940) have in common: a statement of one account
 * whose entries are its booked movements, so they add up from the opening balance to the closing one.
 *
 * - The screen's row filters do not apply (document.ts): a file with some of the movements would
 *   not balance, and accounting software that reads these formats checks that it does.
 * - A row that moved no money is not an entry: a pending transfer (its hold is not a posting and the
 *   booked balances do not include it; ISO's and SWIFT's statement messages report booked entries,
 *   pending ones belong to intraday reports), a denied or canceled one.
 * - An entry's amount is the row's posting, fees included: an incoming payment credits the amount
 *   less its fee, an outgoing transfer debits the amount plus its fee.
 * - A card payment is an entry once cleared (booked); while only authorised it is pending like any
 *   other hold, and a reversed or expired one moved nothing. Its other side is the merchant.
 */


/** One booked movement of the account. */
export interface BankEntry {
  row: StatementRow;
  /** The posting, positive, in minor units of the account's currency: amount ∓ fee. */
  amountMinor: bigint;
  credit: boolean;
  /** The day it was booked, in the statement's time zone (YYYY-MM-DD); also its value date. */
  bookingDay: string;
  /** The other side: the payer of a credit, the payee of a debit; a card row's merchant, by name only (account ''). */
  counterparty: { name: string | null; account: string };
}

export interface BankStatement {
  document: StatementDocument;
  /** Booked movements in and out, counted before they are written (the formats state them first). */
  counts: { credits: number; debits: number };
  /** The days the opening and closing balances are stated at (YYYY-MM-DD in the statement's zone). */
  openingDay: string;
  closingDay: string;
  /** The day the statement was made, in its zone. */
  issuedDay: string;
  /** The booked movements, oldest first, a batch at a time (memory stays flat). */
  entries(): AsyncGenerator<BankEntry[]>;
  filename(extension: string): string;
}

/** An instant as ISO 8601 wall-clock time of a zone with its offset: 2026-11-21T20:13:59+10:00. */
export function zonedIsoDateTime(instant: Date, timeZone: string): string {
  const offsetMinutes = Math.round(zoneOffsetMs(instant, timeZone) / 60_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  const sign = offsetMinutes < 0 ? '-' : '+';
  const local = zonedTimestampFormatter(timeZone, 'en')(instant).replace(' ', 'T');
  return `${local}${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
}

/** A day text YYYY-MM-DD, the earlier of two. */
const earlier = (first: string, second: string) => (first < second ? first : second);

/** The row as an entry, or null when it moved no money. */
function toBankEntry(row: StatementRow, bookingDay: string): BankEntry | null {
  const credit = decimalToMinor(row.creditTurnover, row.currency);
  const debit = decimalToMinor(row.debitTurnover, row.currency);
  if (credit === 0n && debit === 0n) return null;
  if (credit !== 0n && debit !== 0n) throw new Error(`Row ${row.transactionNumber} both credits and debits its account`);
  if (row.type === 'Card') {
    // A card row's other side is the merchant, kept where an account would be: it is named, with no account.
    return credit !== 0n
      ? { row, amountMinor: credit, credit: true, bookingDay, counterparty: { name: row.senderName ?? row.sender, account: '' } }
      : { row, amountMinor: debit, credit: false, bookingDay, counterparty: { name: row.recipientName ?? row.recipient, account: '' } };
  }
  return credit !== 0n
    ? { row, amountMinor: credit, credit: true, bookingDay, counterparty: { name: row.senderName, account: row.sender } }
    : { row, amountMinor: debit, credit: false, bookingDay, counterparty: { name: row.recipientName, account: row.recipient } };
}

/**
 * Opens the statement of the account `query.accountNumber` (the client's own, else 404) for a bank
 * format. The balances are stated at the period's first day and at its last day, or today when the
 * period runs on past it; an open-ended period opens at the day of its first entry.
 */
export async function openBankStatement(db: Db, clientId: string, query: StatementQuery, now: Date): Promise<BankStatement> {
  const document = await openStatementDocument(db, clientId, query, now);
  const { currency } = document.summary;
  if (!hasBankFormatCode(currency)) {
    throw new AppError('BAD_REQUEST', { message: `Bank statement formats need an account in an ISO 4217 currency, not ${currency}` });
  }
  const counts = await countMovements(db, document.rowScope);
  const dayOf = zonedTimestampFormatter(query.timeZone, 'en');
  const day = (instant: Date) => dayOf(instant).slice(0, 'YYYY-MM-DD'.length);

  async function* entryBatches(): AsyncGenerator<BankEntry[]> {
    for await (const rows of document.batches()) {
      const entries: BankEntry[] = [];
      for (const row of rows) {
        const entry = toBankEntry(row, day(new Date(row.created * 1000)));
        if (entry) entries.push(entry);
      }
      if (entries.length > 0) yield entries;
    }
  }
  // The first batch is read now when the opening day depends on it; it is handed out first.
  const batches = entryBatches();
  const first = document.period.firstDay ? null : await batches.next();
  const issuedDay = day(now);
  const closingDay = earlier(document.period.lastDay ?? issuedDay, issuedDay);
  const firstEntryDay = first && !first.done ? first.value[0]?.bookingDay : undefined;
  const openingDay = earlier(document.period.firstDay ?? firstEntryDay ?? closingDay, closingDay);
  return {
    document,
    counts,
    openingDay,
    closingDay,
    issuedDay,
    async *entries() {
      const read = { credits: 0, debits: 0, creditMinor: 0n, debitMinor: 0n };
      const tally = (entries: BankEntry[]) => {
        for (const entry of entries) {
          if (entry.credit) {
            read.credits += 1;
            read.creditMinor += entry.amountMinor;
          } else {
            read.debits += 1;
            read.debitMinor += entry.amountMinor;
          }
        }
        return entries;
      };
      if (first && !first.done) yield tally(first.value);
      if (!first?.done) for await (const entries of batches) yield tally(entries);
      // The entries must be the ledger's turnovers, counted as announced: a file that does not balance is never finished.
      const summary = document.summary;
      const turnover = (text: string) => decimalToMinor(text, summary.currency);
      if (read.creditMinor !== turnover(summary.creditTurnover) || read.debitMinor !== turnover(summary.debitTurnover)) {
        throw new Error(`The entries of account ${summary.accountNumber} do not add up to its turnovers over the period`);
      }
      if (read.credits !== counts.credits || read.debits !== counts.debits) {
        throw new Error(`The entries of account ${summary.accountNumber} are not the ones counted`);
      }
    },
    filename: (extension) => statementFilename(document.summary.accountNumber, document.period, extension),
  };
}
