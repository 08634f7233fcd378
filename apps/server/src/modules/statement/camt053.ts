import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { decimalToMinor, formatMinor, isIban, type Currency, type StatementQuery } from '@bank/contracts';
import { createCB } from 'xmlbuilder2';
import type { Db } from '../../db';
import { BRAND } from '../mail';
import { openBankStatement, zonedIsoDateTime, type BankEntry, type BankStatement } from './bank-statement';

/**
 * ISO 20022 camt.053.001.08 (BankToCustomerStatementV08): one statement of one account, its opening
 * (OPBD) and closing (CLBD) booked balances, the totals of its entries, and one booked entry (Sts
 * BOOK) per movement, oldest first, with its amount as booked (fees included, the fee also shown as
 * a charge included in the amount, ChrgInclInd), its bank transaction code (the type as the bank's
 * proprietary code, and ISO's code for card rows), the instructed amount, the parties and the
 * remittance text. What is and is not an entry: bank-statement.ts.
 *
 * Written with xmlbuilder2's callback builder, which hands out the text as it goes: the entries are
 * read a batch at a time and the text is passed on in pieces only when the reader wants more
 * (Readable.from's backpressure), so memory stays flat whatever the number of entries.
 */
export const CAMT053_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08';
export const CAMT053_CONTENT_TYPE = 'application/xml; charset=utf-8';

/** The callback builder (its interface is not exported by name). */
type XMLBuilderCB = ReturnType<typeof createCB>;

/** Entries per piece of text handed to the stream (~150 kB). */
const CAMT053_PIECE_ENTRIES = 100;

/** Longest texts of the schema's types (Max34Text, Max35Text, Max70Text, Max140Text). */
const MAX_34 = 34;
const MAX_35 = 35;
const MAX_70 = 70;
const MAX_140 = 140;

/** Characters XML 1.0 cannot carry at all (control characters, unpaired surrogates, U+FFFE/FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text fit for an element of at most `max` characters: what XML cannot carry dropped, whitespace collapsed. */
function fit(text: string, max: number): string {
  return [...text.replace(NOT_XML, '').replace(/\s+/g, ' ').trim()].slice(0, max).join('');
}

/** Text in pieces of at most `max` characters (ISO's repeated Max140Text lines). */
function pieces(text: string, max: number): string[] {
  const characters = [...fit(text, Number.MAX_SAFE_INTEGER)];
  const result: string[] = [];
  for (let start = 0; start < characters.length; start += max) result.push(characters.slice(start, start + max).join('').trim());
  return result.filter(Boolean);
}

/** The schema's amounts are never negative: the sign is the credit/debit indicator. */
const indicator = (minor: bigint) => (minor < 0n ? 'DBIT' : 'CRDT');
const magnitude = (minor: bigint) => (minor < 0n ? -minor : minor);

function leaf(xml: XMLBuilderCB, name: string, text: string, attributes?: Record<string, string>): void {
  xml.ele(name, attributes).txt(text).up();
}

function group(xml: XMLBuilderCB, name: string, body: () => void): void {
  xml.ele(name);
  body();
  xml.up();
}

function amount(xml: XMLBuilderCB, name: string, minor: bigint, currency: Currency): void {
  leaf(xml, name, formatMinor(magnitude(minor), currency), { Ccy: currency });
}

/** Our account numbers are not IBANs; a counterparty's account abroad may be one. */
function accountId(xml: XMLBuilderCB, account: string): void {
  group(xml, 'Id', () => {
    if (isIban(account)) leaf(xml, 'IBAN', account);
    else group(xml, 'Othr', () => leaf(xml, 'Id', fit(account, MAX_34)));
  });
}

function party(xml: XMLBuilderCB, role: 'Dbtr' | 'Cdtr', name: string | null, account: string): void {
  const shown = name ? fit(name, MAX_140) : '';
  if (shown) group(xml, role, () => group(xml, 'Pty', () => leaf(xml, 'Nm', shown)));
  if (account) group(xml, `${role}Acct`, () => accountId(xml, account));
}

function balance(xml: XMLBuilderCB, code: 'OPBD' | 'CLBD', minor: bigint, currency: Currency, day: string): void {
  group(xml, 'Bal', () => {
    group(xml, 'Tp', () => group(xml, 'CdOrPrtry', () => leaf(xml, 'Cd', code)));
    amount(xml, 'Amt', minor, currency);
    leaf(xml, 'CdtDbtInd', indicator(minor));
    group(xml, 'Dt', () => leaf(xml, 'Dt', day));
  });
}

function header(xml: XMLBuilderCB, statement: BankStatement): void {
  const { document, counts } = statement;
  const { summary, holder, issuedAt, period, query } = document;
  const currency = summary.currency;
  const minor = (text: string) => decimalToMinor(text, currency);
  const compactDay = (day: string) => day.replaceAll('-', '');
  xml.dec({ version: '1.0', encoding: 'UTF-8' }).ele(CAMT053_NAMESPACE, 'Document').ele('BkToCstmrStmt');
  group(xml, 'GrpHdr', () => {
    leaf(xml, 'MsgId', randomUUID().replaceAll('-', ''));
    leaf(xml, 'CreDtTm', zonedIsoDateTime(issuedAt, query.timeZone));
  });
  xml.ele('Stmt');
  leaf(xml, 'Id', fit(`${summary.accountNumber}-${compactDay(statement.openingDay)}-${compactDay(statement.closingDay)}`, MAX_35));
  leaf(xml, 'CreDtTm', zonedIsoDateTime(issuedAt, query.timeZone));
  if (period.start) {
    const end = period.end && period.end < issuedAt ? new Date(period.end.getTime() - 1000) : issuedAt;
    group(xml, 'FrToDt', () => {
      leaf(xml, 'FrDtTm', zonedIsoDateTime(period.start!, query.timeZone));
      leaf(xml, 'ToDtTm', zonedIsoDateTime(end, query.timeZone));
    });
  }
  group(xml, 'Acct', () => {
    accountId(xml, summary.accountNumber);
    leaf(xml, 'Ccy', currency);
    group(xml, 'Ownr', () => {
      leaf(xml, 'Nm', fit(holder.name, MAX_140) || holder.clientNumber);
      const address = holder.address ? fit(holder.address, MAX_70) : '';
      if (address) group(xml, 'PstlAdr', () => leaf(xml, 'AdrLine', address));
    });
    group(xml, 'Svcr', () => group(xml, 'FinInstnId', () => leaf(xml, 'Nm', BRAND.en)));
  });
  balance(xml, 'OPBD', minor(summary.openingBalance), currency, statement.openingDay);
  balance(xml, 'CLBD', minor(summary.closingBalance), currency, statement.closingDay);
  // The totals of the booked entries, from the ledger's turnovers (the entries add up to them).
  const credit = minor(summary.creditTurnover);
  const debit = minor(summary.debitTurnover);
  group(xml, 'TxsSummry', () => {
    group(xml, 'TtlNtries', () => {
      leaf(xml, 'NbOfNtries', String(counts.credits + counts.debits));
      leaf(xml, 'Sum', formatMinor(credit + debit, currency));
      group(xml, 'TtlNetNtry', () => {
        leaf(xml, 'Amt', formatMinor(magnitude(credit - debit), currency));
        leaf(xml, 'CdtDbtInd', indicator(credit - debit));
      });
    });
    group(xml, 'TtlCdtNtries', () => {
      leaf(xml, 'NbOfNtries', String(counts.credits));
      leaf(xml, 'Sum', formatMinor(credit, currency));
    });
    group(xml, 'TtlDbtNtries', () => {
      leaf(xml, 'NbOfNtries', String(counts.debits));
      leaf(xml, 'Sum', formatMinor(debit, currency));
    });
  });
}

/**
 * ISO's bank transaction code (its external code lists of domains, families and sub-families) where
 * one says what the row is: a card payment is PMNT/CCRD/POSD (customer card transactions, a
 * point-of-sale payment with a debit card), a merchant's refund to the card PMNT/CCRD/RIMB
 * (reimbursement). Every entry also carries the row's type as the bank's proprietary code.
 */
function isoTransactionCode({ row, credit }: BankEntry): { domain: string; family: string; subFamily: string } | null {
  if (row.type === 'Card') return { domain: 'PMNT', family: 'CCRD', subFamily: credit ? 'RIMB' : 'POSD' };
  return null;
}

function entry(xml: XMLBuilderCB, statement: BankStatement, item: BankEntry): void {
  const { row, amountMinor, credit, bookingDay, counterparty } = item;
  const currency = row.currency;
  const side = credit ? 'CRDT' : 'DBIT';
  const feeMinor = decimalToMinor(row.fee, currency);
  const holder = statement.document.holder.name;
  group(xml, 'Ntry', () => {
    leaf(xml, 'NtryRef', row.transactionNumber);
    amount(xml, 'Amt', amountMinor, currency);
    leaf(xml, 'CdtDbtInd', side);
    group(xml, 'Sts', () => leaf(xml, 'Cd', 'BOOK'));
    group(xml, 'BookgDt', () => leaf(xml, 'Dt', bookingDay));
    group(xml, 'ValDt', () => leaf(xml, 'Dt', bookingDay));
    leaf(xml, 'AcctSvcrRef', row.transactionNumber);
    group(xml, 'BkTxCd', () => {
      const iso = isoTransactionCode(item);
      if (iso) {
        group(xml, 'Domn', () => {
          leaf(xml, 'Cd', iso.domain);
          group(xml, 'Fmly', () => {
            leaf(xml, 'Cd', iso.family);
            leaf(xml, 'SubFmlyCd', iso.subFamily);
          });
        });
      }
      group(xml, 'Prtry', () => {
        leaf(xml, 'Cd', fit(row.type, MAX_35));
        leaf(xml, 'Issr', BRAND.en);
      });
    });
    if (feeMinor > 0n) {
      // The entry's amount is the posting; the transfer's own amount and the fee inside it are shown too.
      group(xml, 'AmtDtls', () => group(xml, 'InstdAmt', () => amount(xml, 'Amt', decimalToMinor(row.amount, currency), currency)));
      group(xml, 'Chrgs', () => {
        amount(xml, 'TtlChrgsAndTaxAmt', feeMinor, currency);
        group(xml, 'Rcrd', () => {
          amount(xml, 'Amt', feeMinor, currency);
          leaf(xml, 'CdtDbtInd', 'DBIT');
          leaf(xml, 'ChrgInclInd', 'true');
        });
      });
    }
    group(xml, 'NtryDtls', () =>
      group(xml, 'TxDtls', () => {
        group(xml, 'Refs', () => {
          leaf(xml, 'AcctSvcrRef', row.transactionNumber);
          // No end-to-end reference travels with our transfers; NOTPROVIDED is ISO's word for that.
          leaf(xml, 'EndToEndId', 'NOTPROVIDED');
        });
        amount(xml, 'Amt', amountMinor, currency);
        leaf(xml, 'CdtDbtInd', side);
        group(xml, 'RltdPties', () => {
          if (credit) {
            party(xml, 'Dbtr', counterparty.name, counterparty.account);
            party(xml, 'Cdtr', holder, row.accountNumber);
          } else {
            party(xml, 'Dbtr', holder, row.accountNumber);
            party(xml, 'Cdtr', counterparty.name, counterparty.account);
          }
        });
        const remittance = row.purpose ? pieces(row.purpose, MAX_140) : [];
        if (remittance.length > 0) group(xml, 'RmtInf', () => remittance.forEach((line) => leaf(xml, 'Ustrd', line)));
      }),
    );
  });
}

/** The statement of `query.accountNumber` as camt.053 XML (UTF-8), streamed. */
export async function statementCamt053(db: Db, clientId: string, query: StatementQuery, now: Date): Promise<{ stream: Readable; filename: string }> {
  const statement = await openBankStatement(db, clientId, query, now);
  const written: string[] = [];
  const xml = createCB({ data: (chunk: string) => void written.push(chunk), prettyPrint: true });
  const take = () => written.splice(0, written.length).join('');
  async function* chunks() {
    header(xml, statement);
    yield take();
    for await (const batch of statement.entries()) {
      for (let start = 0; start < batch.length; start += CAMT053_PIECE_ENTRIES) {
        for (const item of batch.slice(start, start + CAMT053_PIECE_ENTRIES)) entry(xml, statement, item);
        const text = take();
        if (text) yield text;
      }
    }
    // Stmt, BkToCstmrStmt, Document.
    xml.up().up().up().end();
    yield take();
  }
  // A failed batch destroys the stream, so the download is cut short visibly instead of looking complete.
  return { stream: Readable.from(chunks(), { objectMode: false }), filename: statement.filename('xml') };
}
