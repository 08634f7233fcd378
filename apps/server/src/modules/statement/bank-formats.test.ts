// Proves the bank formats of GET /api/statement on a seeded month: the camt.053.001.08 file holds the
// message's element structure (checked against the standard's definition, see camt053.test-support.ts)
// and the MT940 file parses (mt940js checks that every message's lines add up from its opening to its
// closing balance); both state the statement's opening and closing balances, every booked row once
// with its exact amount, side, day and reference, fees inside the amounts, no pending row; MT940 only
// in SWIFT's X character set with Russian transliterated, within its line lengths, split into
// messages of at most 2,000 characters; an empty period is a valid file without entries; card rows made
// through the signed card network are entries once cleared (PMNT/CCRD/POSD, a refund PMNT/CCRD/RIMB;
// MT940's NMSC), with the merchant as the other side, and not while pending or once reversed; another
// client's account is a 404 and a missing account a 400.
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { decimalToMinor, formatMinor, type StatementPage, type StatementRow } from '@bank/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { findOwnAccount } from '../accounts';
import { openTestAccount } from '../accounts/test-support';
import { bookIncomingPayment } from '../transfers';
import { approveTransfer } from '../operations';
import { CAMT053_NAMESPACE } from './camt053';
import { camt053StructureProblems, parseXml, select, textAt, type XmlNode } from './camt053.test-support';
import { internal, international, ledgerAccountOf, moveFundingTo, moveOperationTo, testCardNetwork, type TestCardNetwork } from './test-support';

interface Mt940Transaction {
  amount: number;
  reference: string;
  bankReference: string;
  transactionType: string;
  details: string;
  date: Date;
  entryDate: Date;
}
interface Mt940Statement {
  transactionReference: string;
  accountIdentification: string;
  number: { statement: string; sequence: string };
  currency: string;
  openingBalance: number;
  closingBalance: number;
  transactions: Mt940Transaction[];
}
const { Parser } = createRequire(import.meta.url)('mt940js') as { Parser: new () => { parse(text: string): Mt940Statement[] } };

let context: TestContext;
let alice: TestClient;
let bob: TestClient;
const accounts = { aliceUsd: '', aliceEur: '', bobUsd: '' };
const op = { before: '', rent: '', refund: '', incoming: '', abroad: '', pending: '', exchange: '', long: '', after: '' };
const small: string[] = [];
const OCTOBER = { from: '2026-10-01', to: '2026-10-31', timeZone: 'UTC' };
const EMPTY = { from: '2026-09-25', to: '2026-09-30', timeZone: 'UTC' };
const LONG_PURPOSE = `Оплата по договору № 15/2026 "Ремонт офиса": этап 2; ${'длинное назначение платежа, '.repeat(4)}конец`;
/** The SWIFT X character set, and CR LF. */
const SWIFT_X_TEXT = /^[A-Za-z0-9/\-?:().,'+ \r\n]*$/;

async function create(client: TestClient, payload: Record<string, unknown>, at: Date): Promise<string> {
  const response = await context.app.inject({ method: 'POST', url: '/api/transaction/create', headers: client.headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  const row = await context.db.selectFrom('operations').select('number').where('client_id', '=', client.id).orderBy('created_at', 'desc').orderBy('number', 'desc').executeTakeFirstOrThrow();
  await moveOperationTo(context.db, row.number, at);
  return row.number;
}

function download(client: TestClient, format: 'camt053' | 'mt940', query: Record<string, string>) {
  return context.app.inject({ method: 'GET', url: '/api/statement', headers: client.headers, query: { format, ...query } });
}

async function statement(query: Record<string, string>): Promise<StatementPage> {
  const response = await context.app.inject({ method: 'GET', url: '/api/statement', headers: alice.headers, query: { limit: '100', ...query } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatementPage>();
}

/** The rows that moved money, oldest first, as the statement on screen answers them. */
function bookedOldestFirst(page: StatementPage): StatementRow[] {
  return [...page.rows].reverse().filter((row) => row.creditTurnover !== row.debitTurnover);
}

const posting = (row: StatementRow) => (row.direction === 'IN' ? row.creditTurnover : row.debitTurnover);
const utcDay = (row: StatementRow) => new Date(row.created * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  context = await createTestContext();
  alice = await createSignedInClient(context, { firstName: 'Алиса' });
  bob = await createSignedInClient(context, { firstName: 'Bob' });
  accounts.aliceUsd = (await openTestAccount(context, alice, 'USD', '10000.00')).number;
  accounts.aliceEur = (await openTestAccount(context, alice, 'EUR', '1000.00')).number;
  accounts.bobUsd = (await openTestAccount(context, bob, 'USD', '1000.00')).number;
  for (const number of Object.values(accounts)) await moveFundingTo(context.db, await ledgerAccountOf(context.db, number), new Date('2026-09-01T00:00:00Z'));

  op.before = await create(alice, internal(accounts.aliceUsd, accounts.bobUsd, '10.00', { reference: 'September' }), new Date('2026-09-20T10:00:00Z'));
  op.rent = await create(alice, internal(accounts.aliceUsd, accounts.bobUsd, '100.00', { fullName: 'Борис Петров', reference: 'Оплата аренды, октябрь' }), new Date('2026-10-02T09:00:00Z'));
  op.refund = await create(bob, internal(accounts.bobUsd, accounts.aliceUsd, '250.50', { reference: 'Refund' }), new Date('2026-10-05T12:00:00Z'));
  // A payment from abroad: the tariff's fee comes off the amount credited.
  const aliceUsd = (await findOwnAccount(context.db, alice.id, accounts.aliceUsd))!;
  const incoming = await bookIncomingPayment(context.db, {
    account: aliceUsd,
    amountMinor: decimalToMinor('2000.00', 'USD'),
    paymentRegion: 'SWIFT',
    senderName: 'Щукин Юрий Жанович',
    senderAccount: 'DE89370400440532013000',
    purpose: 'Счёт № 7 «Консультации»',
    actor: { type: 'system', id: null },
    at: new Date('2026-10-08T10:00:00Z'),
  });
  op.incoming = incoming.transactionNumber;
  expect(incoming.feeMinor).toBeGreaterThan(0n);
  // Made on the 10th, approved (booked, with its fee) on the 12th.
  op.abroad = await create(alice, international(accounts.aliceUsd, 'SWIFT', '1000.00', { purpose: 'Invoice 42 — оплата услуг' }), new Date('2026-10-10T10:00:00Z'));
  const transfer = await context.db.selectFrom('operations').select('id').where('number', '=', op.abroad).executeTakeFirstOrThrow();
  await context.db.transaction().execute((trx) => approveTransfer(trx, transfer.id, randomUUID()));
  await moveOperationTo(context.db, op.abroad, new Date('2026-10-10T10:00:00Z'), { postingsAt: new Date('2026-10-12T10:00:00Z') });
  // Still pending: its hold is not a booking.
  op.pending = await create(alice, international(accounts.aliceUsd, 'SWIFT', '300.00', { purpose: 'Deposit' }), new Date('2026-10-15T10:00:00Z'));
  op.exchange = await create(alice, { type: 'exchange', accNumberFrom: accounts.aliceUsd, accNumberTo: accounts.aliceEur, amount: '200.00', forAmountCurrency: 'USD', getAmountCurrency: 'EUR' }, new Date('2026-10-20T23:30:00Z'));
  op.long = await create(alice, internal(accounts.aliceUsd, accounts.bobUsd, '5.00', { reference: LONG_PURPOSE }), new Date('2026-10-25T08:00:00Z'));
  // Enough small movements that the MT940 statement needs more than one 2,000-character message.
  for (let day = 0; day < 20; day += 1) {
    const from = day % 2 === 0 ? alice : bob;
    const [source, target] = day % 2 === 0 ? [accounts.aliceUsd, accounts.bobUsd] : [accounts.bobUsd, accounts.aliceUsd];
    small.push(await create(from, internal(source, target, `${day + 1}.25`, { reference: `Small payment ${day + 1}` }), new Date(Date.UTC(2026, 9, 26, 8 + day))));
  }
  op.after = await create(alice, internal(accounts.aliceUsd, accounts.bobUsd, '1.00', { reference: 'November' }), new Date('2026-11-05T10:00:00Z'));
});

afterAll(() => context.close());

describe('camt.053', () => {
  let october: StatementPage;
  let document: XmlNode;

  beforeAll(async () => {
    october = await statement({ accountNumber: accounts.aliceUsd, ...OCTOBER });
    const response = await download(alice, 'camt053', { accountNumber: accounts.aliceUsd, ...OCTOBER });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="statement_${accounts.aliceUsd}_2026-10-01_2026-10-31.xml"`);
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    document = parseXml(response.body);
  });

  it('holds the element structure of camt.053.001.08', () => {
    expect(document.namespace).toBe(CAMT053_NAMESPACE);
    expect(camt053StructureProblems(document, CAMT053_NAMESPACE)).toEqual([]);
  });

  it('states the account, its holder and the period', () => {
    const [stmt] = select(document, 'BkToCstmrStmt/Stmt');
    expect(textAt(stmt!, 'Acct/Id/Othr/Id')).toBe(accounts.aliceUsd);
    expect(textAt(stmt!, 'Acct/Ccy')).toBe('USD');
    expect(textAt(stmt!, 'Acct/Ownr/Nm')).toBe('Алиса Client');
    expect(textAt(stmt!, 'Acct/Svcr/FinInstnId/Nm')).toBe('Meridian Bank');
    expect(textAt(stmt!, 'FrToDt/FrDtTm')).toBe('2026-10-01T00:00:00+00:00');
    expect(textAt(stmt!, 'FrToDt/ToDtTm')).toBe('2026-10-31T23:59:59+00:00');
    expect(textAt(document, 'BkToCstmrStmt/GrpHdr/MsgId')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('opens and closes at the statement balances, and its totals are the turnovers', () => {
    const summary = october.accounts![0]!;
    const balances = select(document, 'BkToCstmrStmt/Stmt/Bal').map((bal) => [textAt(bal, 'Tp/CdOrPrtry/Cd'), textAt(bal, 'Amt'), bal.children[1]!.attributes.Ccy, textAt(bal, 'CdtDbtInd'), textAt(bal, 'Dt/Dt')]);
    expect(balances).toEqual([
      ['OPBD', summary.openingBalance, 'USD', 'CRDT', '2026-10-01'],
      ['CLBD', summary.closingBalance, 'USD', 'CRDT', '2026-10-31'],
    ]);
    const booked = bookedOldestFirst(october);
    const credits = booked.filter((row) => row.direction === 'IN');
    const summaryNode = select(document, 'BkToCstmrStmt/Stmt/TxsSummry')[0]!;
    const usd = (text: string) => decimalToMinor(text, 'USD');
    expect({
      entries: textAt(summaryNode, 'TtlNtries/NbOfNtries'),
      sum: textAt(summaryNode, 'TtlNtries/Sum'),
      net: [textAt(summaryNode, 'TtlNtries/TtlNetNtry/Amt'), textAt(summaryNode, 'TtlNtries/TtlNetNtry/CdtDbtInd')],
      credits: [textAt(summaryNode, 'TtlCdtNtries/NbOfNtries'), textAt(summaryNode, 'TtlCdtNtries/Sum')],
      debits: [textAt(summaryNode, 'TtlDbtNtries/NbOfNtries'), textAt(summaryNode, 'TtlDbtNtries/Sum')],
    }).toEqual({
      entries: String(booked.length),
      sum: formatMinor(usd(summary.creditTurnover) + usd(summary.debitTurnover), 'USD'),
      net: [
        formatMinor(usd(summary.creditTurnover) > usd(summary.debitTurnover) ? usd(summary.creditTurnover) - usd(summary.debitTurnover) : usd(summary.debitTurnover) - usd(summary.creditTurnover), 'USD'),
        usd(summary.creditTurnover) >= usd(summary.debitTurnover) ? 'CRDT' : 'DBIT',
      ],
      credits: [String(credits.length), summary.creditTurnover],
      debits: [String(booked.length - credits.length), summary.debitTurnover],
    });
  });

  it('has every booked row once, oldest first, with its posting, side, days and reference, and nothing else', () => {
    const entries = select(document, 'BkToCstmrStmt/Stmt/Ntry').map((ntry) => ({
      reference: textAt(ntry, 'AcctSvcrRef'),
      amount: textAt(ntry, 'Amt'),
      currency: select(ntry, 'Amt')[0]!.attributes.Ccy,
      side: textAt(ntry, 'CdtDbtInd'),
      status: textAt(ntry, 'Sts/Cd'),
      booked: textAt(ntry, 'BookgDt/Dt'),
      value: textAt(ntry, 'ValDt/Dt'),
      type: textAt(ntry, 'BkTxCd/Prtry/Cd'),
      detail: [textAt(ntry, 'NtryDtls/TxDtls/Refs/AcctSvcrRef'), textAt(ntry, 'NtryDtls/TxDtls/Amt')],
    }));
    const booked = bookedOldestFirst(october);
    expect(entries).toEqual(
      booked.map((row) => ({
        reference: row.transactionNumber,
        amount: posting(row),
        currency: 'USD',
        side: row.direction === 'IN' ? 'CRDT' : 'DBIT',
        status: 'BOOK',
        booked: utcDay(row),
        value: utcDay(row),
        type: row.type,
        detail: [row.transactionNumber, posting(row)],
      })),
    );
    const references = entries.map((entry) => entry.reference);
    expect(references).toEqual(expect.arrayContaining([op.rent, op.refund, op.incoming, op.abroad, op.exchange, op.long, ...small]));
    // The pending transfer is not booked; the rows before and after the period are not in it.
    for (const absent of [op.pending, op.before, op.after]) expect(references).not.toContain(absent);
    // The approval's day is the booking day, not the day the transfer was made.
    expect(entries.find((entry) => entry.reference === op.abroad)!.booked).toBe('2026-10-12');
    // The entries add up from the opening balance to the closing one.
    const summary = october.accounts![0]!;
    const usd = (text: string) => decimalToMinor(text, 'USD');
    const net = entries.reduce((total, entry) => total + (entry.side === 'CRDT' ? usd(entry.amount) : -usd(entry.amount)), 0n);
    expect(usd(summary.openingBalance) + net).toBe(usd(summary.closingBalance));
  });

  it('shows a fee inside the amount booked, the instructed amount, the parties and the remittance text', () => {
    const entry = (reference: string) => select(document, 'BkToCstmrStmt/Stmt/Ntry').find((ntry) => textAt(ntry, 'AcctSvcrRef') === reference)!;
    const incomingRow = october.rows.find((row) => row.transactionNumber === op.incoming)!;
    const incoming = entry(op.incoming);
    const fee = incomingRow.fee;
    expect(decimalToMinor(fee, 'USD')).toBeGreaterThan(0n);
    expect(textAt(incoming, 'Amt')).toBe(formatMinor(decimalToMinor('2000.00', 'USD') - decimalToMinor(fee, 'USD'), 'USD'));
    expect(textAt(incoming, 'AmtDtls/InstdAmt/Amt')).toBe('2000.00');
    expect([textAt(incoming, 'Chrgs/TtlChrgsAndTaxAmt'), textAt(incoming, 'Chrgs/Rcrd/Amt'), textAt(incoming, 'Chrgs/Rcrd/CdtDbtInd'), textAt(incoming, 'Chrgs/Rcrd/ChrgInclInd')]).toEqual([fee, fee, 'DBIT', 'true']);
    expect(textAt(incoming, 'NtryDtls/TxDtls/RltdPties/Dbtr/Pty/Nm')).toBe('Щукин Юрий Жанович');
    expect(textAt(incoming, 'NtryDtls/TxDtls/RltdPties/DbtrAcct/Id/IBAN')).toBe('DE89370400440532013000');
    expect(textAt(incoming, 'NtryDtls/TxDtls/RltdPties/Cdtr/Pty/Nm')).toBe('Алиса Client');
    expect(textAt(incoming, 'NtryDtls/TxDtls/RltdPties/CdtrAcct/Id/Othr/Id')).toBe(accounts.aliceUsd);
    expect(textAt(incoming, 'NtryDtls/TxDtls/RmtInf/Ustrd')).toBe('Счёт № 7 «Консультации»');

    const abroadRow = october.rows.find((row) => row.transactionNumber === op.abroad)!;
    const abroad = entry(op.abroad);
    expect(textAt(abroad, 'Amt')).toBe(abroadRow.debitTurnover);
    expect(textAt(abroad, 'Chrgs/Rcrd/Amt')).toBe(abroadRow.fee);
    expect(textAt(abroad, 'NtryDtls/TxDtls/RltdPties/Cdtr/Pty/Nm')).toBe('Hans Müller');
    expect(textAt(abroad, 'NtryDtls/TxDtls/RltdPties/CdtrAcct/Id/IBAN')).toBe('DE89370400440532013000');

    const rent = entry(op.rent);
    expect(select(rent, 'Chrgs')).toEqual([]);
    expect(textAt(rent, 'NtryDtls/TxDtls/RltdPties/Cdtr/Pty/Nm')).toBe('Борис Петров');
    expect(textAt(rent, 'NtryDtls/TxDtls/RltdPties/CdtrAcct/Id/Othr/Id')).toBe(accounts.bobUsd);
    // Remittance text longer than 140 characters goes in several Ustrd of at most 140.
    const lines = select(entry(op.long), 'NtryDtls/TxDtls/RmtInf/Ustrd').map((node) => node.text);
    expect(lines.length).toBe(2);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(140);
    expect(lines.join('').replace(/\s/g, '')).toBe(LONG_PURPOSE.replace(/\s/g, ''));
  });

  it('answers an empty period with a valid statement without entries, opening where it closes', async () => {
    const response = await download(alice, 'camt053', { accountNumber: accounts.aliceUsd, ...EMPTY });
    expect(response.statusCode).toBe(200);
    const empty = parseXml(response.body);
    expect(camt053StructureProblems(empty, CAMT053_NAMESPACE)).toEqual([]);
    expect(select(empty, 'BkToCstmrStmt/Stmt/Ntry')).toEqual([]);
    expect(select(empty, 'BkToCstmrStmt/Stmt/Bal/Amt').map((node) => node.text)).toEqual(['9990.00', '9990.00']);
    expect(select(empty, 'BkToCstmrStmt/Stmt/Bal/Dt/Dt').map((node) => node.text)).toEqual(['2026-09-25', '2026-09-30']);
    expect(textAt(empty, 'BkToCstmrStmt/Stmt/TxsSummry/TtlNtries/NbOfNtries')).toBe('0');
  });
});

describe('MT940', () => {
  let october: StatementPage;
  let text: string;
  let messages: Mt940Statement[];

  beforeAll(async () => {
    october = await statement({ accountNumber: accounts.aliceUsd, ...OCTOBER });
    const response = await download(alice, 'mt940', { accountNumber: accounts.aliceUsd, ...OCTOBER });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=us-ascii');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="statement_${accounts.aliceUsd}_2026-10-01_2026-10-31.sta"`);
    text = response.rawPayload.toString('latin1');
    // Parsing checks the tags each message must have and that its lines add up from its opening to its closing balance.
    messages = new Parser().parse(text);
  });

  it('is SWIFT X characters in CR LF lines within the fields limits', () => {
    expect(SWIFT_X_TEXT.test(text)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n').slice(0, -1);
    const limits: Record<string, number> = { '20': 16, '25': 35, '28C': 11, '60F': 25, '60M': 25, '62F': 25, '62M': 25, '61': 66, '86': 65 };
    let field = '';
    let fieldLines = 0;
    for (const line of lines) {
      const tag = /^:(\w{2,3}):/.exec(line);
      if (tag) {
        field = tag[1]!;
        fieldLines = 1;
        expect([line, field in limits]).toEqual([line, true]);
        expect([line, line.length - tag[0].length]).toEqual([line, Math.min(line.length - tag[0].length, limits[field]!)]);
      } else if (line === '-') {
        field = '';
      } else {
        // Continuation lines: only field 86 has them, 65 characters each, 6 lines at most; none starts with ':' or '-'.
        fieldLines += 1;
        expect([line, field, line.length <= 65, fieldLines <= 6]).toEqual([line, '86', true, true]);
      }
    }
  });

  it('splits the statement into messages of at most 2,000 characters, chained by their balances', () => {
    const texts = text.split('\r\n-\r\n').filter(Boolean);
    expect(texts.length).toBeGreaterThan(1);
    expect(messages).toHaveLength(texts.length);
    for (const message of texts) expect(message.length + '\r\n-\r\n'.length).toBeLessThanOrEqual(2000);
    expect(messages.map((message) => [message.number.statement, message.number.sequence])).toEqual(messages.map((_, index) => ['00001', String(index + 1).padStart(3, '0')]));
    expect(new Set(messages.map((message) => message.transactionReference)).size).toBe(1);
    expect(messages.map((message) => message.accountIdentification)).toEqual(messages.map(() => accounts.aliceUsd));
    for (const [index, message] of messages.entries()) if (index > 0) expect(message.openingBalance).toBe(messages[index - 1]!.closingBalance);
    const lines = text.split('\r\n');
    expect(lines.filter((line) => line.startsWith(':60F:'))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith(':62F:'))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith(':60M:'))).toHaveLength(texts.length - 1);
  });

  it('opens and closes at the statement balances and has every booked row once with its posting', () => {
    const summary = october.accounts![0]!;
    const comma = (amount: string) => amount.replace('.', ',');
    const lines = text.split('\r\n');
    expect(lines.find((line) => line.startsWith(':60F:'))).toBe(`:60F:C261001USD${comma(summary.openingBalance)}`);
    expect(lines.find((line) => line.startsWith(':62F:'))).toBe(`:62F:C261031USD${comma(summary.closingBalance)}`);
    const transactions = messages.flatMap((message) => message.transactions);
    const booked = bookedOldestFirst(october);
    const yymmdd = (row: StatementRow) => utcDay(row).slice(2).replaceAll('-', '');
    expect(lines.filter((line) => line.startsWith(':61:'))).toEqual(
      booked.map((row) => {
        const code = row.reference === 'Exchange' ? 'NFEX' : 'NTRF';
        return `:61:${yymmdd(row)}${yymmdd(row).slice(2)}${row.direction === 'IN' ? 'C' : 'D'}${comma(posting(row))}${code}${row.transactionNumber}//${row.transactionNumber}`;
      }),
    );
    expect(transactions.map((transaction) => [transaction.reference, transaction.amount.toFixed(2)])).toEqual(
      booked.map((row) => [row.transactionNumber, `${row.direction === 'IN' ? '' : '-'}${posting(row)}`]),
    );
    for (const absent of [op.pending, op.before, op.after]) expect(transactions.map((transaction) => transaction.reference)).not.toContain(absent);
  });

  it('writes the narrative transliterated: purpose, counterparty name and account', () => {
    const details = (reference: string) => messages.flatMap((message) => message.transactions).find((transaction) => transaction.reference === reference)!.details;
    expect(details(op.rent)).toBe(['Oplata arendy, oktiabr', 'Boris Petrov', accounts.bobUsd].join('\n'));
    expect(details(op.incoming)).toBe(["Schet N 7 'Konsultatsii'", 'Shchukin Iurii Zhanovich', 'DE89370400440532013000'].join('\n'));
    expect(details(op.abroad)).toBe(['Invoice 42 - oplata uslug', 'Hans Muller', 'DE89370400440532013000'].join('\n'));
    const long = details(op.long).split('\n');
    expect(long.length).toBeLessThanOrEqual(6);
    expect(long[0]).toBe("Oplata po dogovoru N 15/2026 'Remont ofisa': etap 2, dlinnoe");
    expect(long.at(-1)).toBe(accounts.bobUsd);
  });

  it('answers an empty period with a valid statement without movements', async () => {
    const response = await download(alice, 'mt940', { accountNumber: accounts.aliceUsd, ...EMPTY });
    expect(response.statusCode).toBe(200);
    const [empty, ...more] = new Parser().parse(response.body);
    expect(more).toEqual([]);
    expect(empty!.transactions).toEqual([]);
    expect(response.body.split('\r\n').filter((line) => /^:6[02]F:/.test(line))).toEqual([':60F:C260925USD9990,00', ':62F:C260930USD9990,00']);
  });
});

describe('card rows', () => {
  let carol: TestClient;
  let carolUsd = '';
  let card: TestCardNetwork;
  const cardOp = { payment: '', authorization: '', reversed: '', refund: '' };
  /** Since long before the card: the account's funding (no row of its own) is moved before it. */
  const WHOLE = { from: '2020-01-01', timeZone: 'UTC' };

  beforeAll(async () => {
    carol = await createSignedInClient(context, { firstName: 'Carol' });
    carolUsd = (await openTestAccount(context, carol, 'USD', '500.00')).number;
    // The card's fee is paid from the EUR account, so the USD account holds only the card's rows.
    await openTestAccount(context, carol, 'EUR', '300.00');
    await moveFundingTo(context.db, await ledgerAccountOf(context.db, carolUsd), new Date('2019-12-01T00:00:00Z'));
    card = await testCardNetwork(context, carol, carolUsd);
  });

  async function camt(): Promise<XmlNode> {
    const response = await download(carol, 'camt053', { accountNumber: carolUsd, ...WHOLE });
    expect(response.statusCode, response.body).toBe(200);
    const document = parseXml(response.body);
    expect(camt053StructureProblems(document, CAMT053_NAMESPACE)).toEqual([]);
    return document;
  }

  async function mt940(): Promise<{ text: string; transactions: Mt940Transaction[] }> {
    const response = await download(carol, 'mt940', { accountNumber: carolUsd, ...WHOLE });
    expect(response.statusCode, response.body).toBe(200);
    const text = response.rawPayload.toString('latin1');
    expect(SWIFT_X_TEXT.test(text)).toBe(true);
    return { text, transactions: new Parser().parse(text).flatMap((message) => message.transactions) };
  }

  const purpose = () => `•••• ${card.last4} · Café Central, Vienna, AT`;

  it('leaves a pending card payment out of both files, as any hold', async () => {
    const paid = await card.pay('42.00');
    cardOp.payment = paid.transactionNumber;
    cardOp.authorization = paid.authorizationId;
    const page = await context.app.inject({ method: 'GET', url: '/api/statement', headers: carol.headers, query: { accountNumber: carolUsd, ...WHOLE } });
    expect(page.json<StatementPage>().rows.find((row) => row.transactionNumber === cardOp.payment)).toMatchObject({ type: 'Card', status: 'New', debitTurnover: '0.00' });
    expect(select(await camt(), 'BkToCstmrStmt/Stmt/Ntry')).toEqual([]);
    const { text, transactions } = await mt940();
    expect(transactions).toEqual([]);
    expect(text).not.toContain(cardOp.payment);
  });

  describe('once cleared, with a reversed payment and a refund', () => {
    let document: XmlNode;
    let rows: StatementRow[];
    const entry = (reference: string) => select(document, 'BkToCstmrStmt/Stmt/Ntry').find((ntry) => textAt(ntry, 'AcctSvcrRef') === reference)!;

    beforeAll(async () => {
      await card.clear(cardOp.authorization, '40.00');
      const reversed = await card.pay('10.00');
      await card.reverse(reversed.authorizationId);
      cardOp.reversed = reversed.transactionNumber;
      cardOp.refund = await card.refund('15.00');
      const page = await context.app.inject({ method: 'GET', url: '/api/statement', headers: carol.headers, query: { accountNumber: carolUsd, ...WHOLE } });
      rows = page.json<StatementPage>().rows;
      document = await camt();
    });

    it('has the booked card rows as camt.053 entries, and the reversed one not', () => {
      const entries = select(document, 'BkToCstmrStmt/Stmt/Ntry').map((ntry) => [textAt(ntry, 'AcctSvcrRef'), textAt(ntry, 'Amt'), textAt(ntry, 'CdtDbtInd'), textAt(ntry, 'Sts/Cd')]);
      expect(entries).toEqual([
        [cardOp.payment, '40.00', 'DBIT', 'BOOK'],
        [cardOp.refund, '15.00', 'CRDT', 'BOOK'],
      ]);
      expect(rows.find((row) => row.transactionNumber === cardOp.reversed)).toMatchObject({ type: 'Card', status: 'Canceled', debitTurnover: '0.00' });
      const balances = select(document, 'BkToCstmrStmt/Stmt/Bal/Amt').map((node) => node.text);
      expect(balances).toEqual(['500.00', '475.00']);
    });

    it('codes a card payment PMNT/CCRD/POSD and a refund PMNT/CCRD/RIMB, beside the proprietary type', () => {
      const code = (ntry: XmlNode) => [textAt(ntry, 'BkTxCd/Domn/Cd'), textAt(ntry, 'BkTxCd/Domn/Fmly/Cd'), textAt(ntry, 'BkTxCd/Domn/Fmly/SubFmlyCd'), textAt(ntry, 'BkTxCd/Prtry/Cd')];
      expect(code(entry(cardOp.payment))).toEqual(['PMNT', 'CCRD', 'POSD', 'Card']);
      expect(code(entry(cardOp.refund))).toEqual(['PMNT', 'CCRD', 'RIMB', 'Card']);
    });

    it('names the merchant as the other side, without an account, and the card and the merchant as the remittance text', () => {
      const payment = entry(cardOp.payment);
      expect(textAt(payment, 'NtryDtls/TxDtls/RltdPties/Dbtr/Pty/Nm')).toBe('Carol Client');
      expect(textAt(payment, 'NtryDtls/TxDtls/RltdPties/DbtrAcct/Id/Othr/Id')).toBe(carolUsd);
      expect(textAt(payment, 'NtryDtls/TxDtls/RltdPties/Cdtr/Pty/Nm')).toBe('Café Central');
      expect(select(payment, 'NtryDtls/TxDtls/RltdPties/CdtrAcct')).toEqual([]);
      expect(textAt(payment, 'NtryDtls/TxDtls/RmtInf/Ustrd')).toBe(purpose());
      const refund = entry(cardOp.refund);
      expect(textAt(refund, 'NtryDtls/TxDtls/RltdPties/Dbtr/Pty/Nm')).toBe('Café Central');
      expect(select(refund, 'NtryDtls/TxDtls/RltdPties/DbtrAcct')).toEqual([]);
      expect(textAt(refund, 'NtryDtls/TxDtls/RltdPties/Cdtr/Pty/Nm')).toBe('Carol Client');
      expect(textAt(refund, 'NtryDtls/TxDtls/RltdPties/CdtrAcct/Id/Othr/Id')).toBe(carolUsd);
      expect(textAt(refund, 'NtryDtls/TxDtls/RmtInf/Ustrd')).toBe(purpose());
    });

    it('writes them in MT940 as NMSC lines with the card and the merchant in the narrative', async () => {
      const { text, transactions } = await mt940();
      const booked = (number: string) => rows.find((row) => row.transactionNumber === number)!;
      const yymmdd = (row: StatementRow) => utcDay(row).slice(2).replaceAll('-', '');
      expect(text.split('\r\n').filter((line) => line.startsWith(':61:'))).toEqual([
        `:61:${yymmdd(booked(cardOp.payment))}${yymmdd(booked(cardOp.payment)).slice(2)}D40,00NMSC${cardOp.payment}//${cardOp.payment}`,
        `:61:${yymmdd(booked(cardOp.refund))}${yymmdd(booked(cardOp.refund)).slice(2)}C15,00NMSC${cardOp.refund}//${cardOp.refund}`,
      ]);
      const narrative = [`XXXX ${card.last4} Cafe Central, Vienna, AT`, 'Cafe Central'].join('\n');
      expect(transactions.map((transaction) => [transaction.reference, transaction.amount.toFixed(2), transaction.details])).toEqual([
        [cardOp.payment, '-40.00', narrative],
        [cardOp.refund, '15.00', narrative],
      ]);
      expect(text).not.toContain(cardOp.reversed);
    });
  });
});

describe('whose file', () => {
  it('never gives a client another client account: 404 for both formats', async () => {
    for (const format of ['camt053', 'mt940'] as const) {
      const response = await download(bob, format, { accountNumber: accounts.aliceUsd, ...OCTOBER });
      expect([format, response.statusCode]).toEqual([format, 404]);
      expect(response.body).not.toContain(op.rent);
    }
  });

  it('refuses a file without an account: 400', async () => {
    for (const format of ['camt053', 'mt940'] as const) {
      const response = await download(alice, format, OCTOBER);
      expect([format, response.statusCode]).toEqual([format, 400]);
      expect(response.json().fields).toEqual({ accountNumber: 'validation.accountNumber.required' });
    }
  });

  it('ignores the screen filters: a statement of the account is all its movements', async () => {
    const filtered = await download(alice, 'camt053', { accountNumber: accounts.aliceUsd, ...OCTOBER, purpose: 'Refund', outgoing: 'true' });
    const whole = await download(alice, 'camt053', { accountNumber: accounts.aliceUsd, ...OCTOBER });
    const references = (body: string) => select(parseXml(body), 'BkToCstmrStmt/Stmt/Ntry/AcctSvcrRef').map((node) => node.text);
    expect(references(filtered.body)).toEqual(references(whole.body));
  });

  it('refuses an account in a currency without an ISO 4217 code', async () => {
    const usdt = await openTestAccount(context, alice, 'USDT');
    for (const format of ['camt053', 'mt940'] as const) {
      const response = await download(alice, format, { accountNumber: usdt.number, ...OCTOBER });
      expect([format, response.statusCode]).toEqual([format, 400]);
    }
  });
});
