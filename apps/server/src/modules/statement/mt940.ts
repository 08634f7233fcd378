import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { decimalToMinor, formatMinor, type Currency, type StatementQuery } from '@bank/contracts';
import type { Db } from '../../db';
import { openBankStatement, type BankEntry, type BankStatement } from './bank-statement';
import { toSwiftText, wrapSwiftText } from './swift-text';

/**
 * SWIFT MT940 (customer statement), the text of its messages as banks hand it to accounting software
 * (no FIN envelope): :20: reference, :25: account, :28C: statement/sequence number, :60F: opening
 * balance, per booked movement a :61: line and a :86: narrative (purpose, counterparty's name and
 * account, at most 6 lines of 65 characters), :62F: closing balance, and '-' closing the message.
 * Only the X character set (swift-text.ts), CR LF line ends, plain ASCII bytes.
 *
 * A FIN message holds at most 2,000 characters, so a long statement continues in further messages
 * of the same :20: and statement number with the next sequence number, each closing at the balance
 * reached (:62M:) and the next opening at it (:60M:), as the standard does it. Entries are read a
 * batch at a time and written as the reader wants them: memory stays flat.
 */
export const MT940_CONTENT_TYPE = 'text/plain; charset=us-ascii';

const CRLF = '\r\n';
/** Characters of one message's text in SWIFT FIN. */
const MT940_MESSAGE_MAX_CHARS = 2000;
/** Room kept in a message for its closing balance line and the '-' after it. */
const CLOSING_LINES_CHARS = 40;
/** Field 86: 6 lines of 65 characters. */
const NARRATIVE_LINES = 6;
const NARRATIVE_WIDTH = 65;
/** Field 61's references (16x) and amounts (15d, the comma included). */
const REFERENCE_MAX = 16;
const AMOUNT_MAX = 15;
/** Field 28C: 5 digits of statement number, 5 of sequence number. */
const SEQUENCES_PER_NUMBER = 99_999;

/** YYMMDD, MT940's date, from a day YYYY-MM-DD. */
const yymmdd = (day: string) => day.slice(2).replaceAll('-', '');
const mmdd = (day: string) => day.slice(5).replace('-', '');

/** An amount as MT940 writes it: no sign, the currency's decimals after a decimal comma. */
function swiftAmount(minor: bigint, currency: Currency): string {
  const text = formatMinor(minor < 0n ? -minor : minor, currency).replace('.', ',');
  if (text.length > AMOUNT_MAX) throw new Error(`Amount ${text} is too long for MT940`);
  return text;
}

function balanceLine(tag: '60F' | '60M' | '62F' | '62M', minor: bigint, day: string, currency: Currency): string {
  return `:${tag}:${minor < 0n ? 'D' : 'C'}${yymmdd(day)}${currency}${swiftAmount(minor, currency)}`;
}

/** SWIFT's transaction type codes: a foreign exchange, a transfer, or anything else (a card payment or refund among them). */
function transactionTypeCode({ row }: BankEntry): string {
  if (row.reference === 'Exchange') return 'NFEX';
  if (row.type === 'Card' || row.type === 'Crypto' || row.type === 'Bill Payment') return 'NMSC';
  return 'NTRF';
}

/**
 * A card row's purpose names the card by its masked number (•••• 1234), whose dots the X set has
 * no character for: they are written as X (XXXX 1234), so the narrative still shows which card paid.
 */
const maskedCardInX = (purpose: string) => purpose.replace(/\u2022/g, 'X');

/** The :61: line and the :86: narrative of one entry (a card row's: its purpose and the merchant's name). */
function entryLines(entry: BankEntry): string[] {
  const { row, bookingDay, counterparty } = entry;
  // Transfer numbers are digits, so they are already in the X set; the tail keeps them unique.
  const reference = row.transactionNumber.slice(-REFERENCE_MAX);
  const lines = [
    `:61:${yymmdd(bookingDay)}${mmdd(bookingDay)}${entry.credit ? 'C' : 'D'}${swiftAmount(entry.amountMinor, row.currency)}${transactionTypeCode(entry)}${reference}//${reference}`,
  ];
  const name = counterparty.name ? wrapSwiftText(counterparty.name, NARRATIVE_WIDTH, 1) : [];
  const account = wrapSwiftText(counterparty.account, NARRATIVE_WIDTH, 1);
  const purposeText = row.type === 'Card' && row.purpose ? maskedCardInX(row.purpose) : row.purpose;
  const purpose = purposeText ? wrapSwiftText(purposeText, NARRATIVE_WIDTH, NARRATIVE_LINES - name.length - account.length) : [];
  const narrative = [...purpose, ...name, ...account];
  if (narrative.length > 0) lines.push(`:86:${narrative[0]}`, ...narrative.slice(1));
  return lines;
}

/** The statement's lines, a batch of entries at a time. */
async function* mt940Text(statement: BankStatement): AsyncGenerator<string> {
  const { summary } = statement.document;
  const currency = summary.currency;
  const reference = randomUUID().replaceAll('-', '').slice(0, REFERENCE_MAX).toUpperCase();
  const account = toSwiftText(summary.accountNumber).slice(0, 35);
  const out: string[] = [];
  let messageChars = 0;
  let messageEntries = 0;
  let sequence = 0;
  let balance = decimalToMinor(summary.openingBalance, currency);
  let balanceDay = statement.openingDay;
  const push = (line: string) => {
    out.push(line, CRLF);
    messageChars += line.length + CRLF.length;
  };
  const open = (tag: '60F' | '60M') => {
    sequence += 1;
    messageChars = 0;
    messageEntries = 0;
    const number = String(Math.ceil(sequence / SEQUENCES_PER_NUMBER)).padStart(5, '0');
    const page = String(((sequence - 1) % SEQUENCES_PER_NUMBER) + 1).padStart(3, '0');
    push(`:20:${reference}`);
    push(`:25:${account}`);
    push(`:28C:${number}/${page}`);
    push(balanceLine(tag, balance, balanceDay, currency));
  };
  const close = (tag: '62F' | '62M', day: string) => {
    push(balanceLine(tag, balance, day, currency));
    push('-');
  };

  open('60F');
  for await (const batch of statement.entries()) {
    for (const entry of batch) {
      const lines = entryLines(entry);
      const size = lines.reduce((total, line) => total + line.length + CRLF.length, 0);
      if (messageEntries > 0 && messageChars + size + CLOSING_LINES_CHARS > MT940_MESSAGE_MAX_CHARS) {
        close('62M', balanceDay);
        open('60M');
      }
      lines.forEach(push);
      messageEntries += 1;
      balance += entry.credit ? entry.amountMinor : -entry.amountMinor;
      balanceDay = entry.bookingDay;
    }
    yield out.splice(0, out.length).join('');
  }
  // entries() has checked the movements against the ledger's turnovers, so this is the closing balance.
  close('62F', statement.closingDay);
  yield out.join('');
}

/** The statement of `query.accountNumber` as MT940 text (ASCII), streamed. */
export async function statementMt940(db: Db, clientId: string, query: StatementQuery, now: Date): Promise<{ stream: Readable; filename: string }> {
  const statement = await openBankStatement(db, clientId, query, now);
  // A failed batch destroys the stream, so the download is cut short visibly instead of looking complete.
  return { stream: Readable.from(mt940Text(statement), { objectMode: false }), filename: statement.filename('sta') };
}
