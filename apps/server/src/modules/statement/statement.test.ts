// Proves GET /api/statement against hand-computed answers: every filter, every preset in UTC and in
// zones far from it (Vladivostok +10 across a month boundary, Kiritimati +14), the period's opening
// and closing balances and turnovers against the ledger's postings (a pending hold is not one; an
// approval books on its own date), each row's own balance figures, that the transfer list, the
// statement and the templates read the same rows alike, keyset paging in both directions and by
// page number, and that a client never reaches another client's rows through any filter.
import { randomUUID } from 'node:crypto';
import {
  decimalToMinor,
  formatMinor,
  statementQuerySchema,
  type StatementPage,
  type StatementQueryInput,
  type TransactionRecord,
  type TransferFeeResponse,
  type TransferTemplate,
} from '@bank/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { openTestAccount } from '../accounts/test-support';
import { bankAccountId, postEntry } from '../ledger';
import { approveTransfer } from '../operations';
import { ensureDailyTotals } from './balances';
import { readStatementPage } from './service';
import { createTransfer, internal, international, ledgerAccountOf, moveFundingTo, moveOperationTo, rowsAgainstSummary } from './test-support';
import { closeCheckingLedger } from '../ledger/test-context';

let context: TestContext;
let alice: TestClient;
let bob: TestClient;
let carol: TestClient;
const accounts = { a1: '', a2: '', b1: '', c1: '' };
/** Transaction numbers of the operations, named as in the scenario below. */
const op = { one: '', two: '', three: '', four: '', five: '', six: '', seven: '', carol: '' };
/** The international fee on 1000.00 USD (the minimum of docs/product.md#tariffs-and-limits, converted at the shipped rates). */
let feeUsd = 0n;
/** What 200.00 USD bought in EUR. */
let exchangedEur = 0n;

/** Saturday 2026-11-21 10:13:59 UTC: Saturday evening in Vladivostok, already Sunday on Kiritimati. */
const NOW = new Date('2026-11-21T10:13:59Z');
const usd = (minor: bigint) => formatMinor(minor, 'USD');
const eur = (minor: bigint) => formatMinor(minor, 'EUR');
const cents = (text: string) => decimalToMinor(text, 'USD');

const create = (client: TestClient, payload: Record<string, unknown>) => createTransfer(context, client, payload);

async function statement(client: TestClient, query: Record<string, string | number | boolean> = {}): Promise<StatementPage> {
  const response = await context.app.inject({
    method: 'GET',
    url: '/api/statement',
    headers: client.headers,
    query: Object.fromEntries(Object.entries({ limit: 100, ...query }).map(([key, value]) => [key, String(value)])),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatementPage>();
}

const numbers = (page: StatementPage) => page.rows.map((row) => `${row.transactionNumber}${row.direction === 'IN' ? '+' : '-'}`);

/** The service with a controlled clock: presets are computed from `now`. */
function at(client: TestClient, input: StatementQueryInput, now = NOW): Promise<StatementPage> {
  return readStatementPage(context.db, client.id, statementQuerySchema.parse({ limit: 100, ...input }), now);
}

beforeAll(async () => {
  context = await createTestContext();
  alice = await createSignedInClient(context, { firstName: 'Alice' });
  bob = await createSignedInClient(context, { firstName: 'Bob' });
  carol = await createSignedInClient(context, { firstName: 'Carol' });
  accounts.a1 = (await openTestAccount(context, alice, 'USD', '10000.00')).number;
  accounts.a2 = (await openTestAccount(context, alice, 'EUR', '5000.00')).number;
  accounts.b1 = (await openTestAccount(context, bob, 'USD', '1000.00')).number;
  accounts.c1 = (await openTestAccount(context, carol, 'USD', '777.00')).number;
  for (const number of Object.values(accounts)) {
    await moveFundingTo(context.db, await ledgerAccountOf(context.db, number), new Date('2026-10-01T00:00:00Z'));
  }
  const fee = await context.app.inject({ method: 'GET', url: '/api/transaction/fee?amount=1000.00&currency=USD' });
  feeUsd = cents(fee.json<TransferFeeResponse>().fee);

  // The scenario, made in time order through the real services, then placed on its dates.
  op.one = await create(alice, internal(accounts.a1, accounts.b1, '100.00', { fullName: 'Bob Builder', reference: 'Rent October', templateName: 'Rent' }));
  await moveOperationTo(context.db, op.one, new Date('2026-10-20T12:00:00Z'));
  // 15:00 UTC on 31 October is already 1 November, 01:00, in Vladivostok.
  op.two = await create(alice, internal(accounts.a1, accounts.b1, '45.10', { reference: 'Коммунальные услуги' }));
  await moveOperationTo(context.db, op.two, new Date('2026-10-31T15:00:00Z'));
  op.three = await create(bob, internal(accounts.b1, accounts.a1, '250.50', { fullName: 'Alice Adams', reference: 'Refund' }));
  await moveOperationTo(context.db, op.three, new Date('2026-11-02T09:00:00Z'));
  // Made on the 10th, approved (booked) on the 12th.
  op.four = await create(alice, international(accounts.a1, 'SWIFT', '1000.00', { purpose: 'Invoice 42 — оплата услуг', templateName: 'Hans' }));
  const transfer = await context.db.selectFrom('operations').select('id').where('number', '=', op.four).executeTakeFirstOrThrow();
  await context.db.transaction().execute((trx) => approveTransfer(trx, transfer.id, randomUUID()));
  await moveOperationTo(context.db, op.four, new Date('2026-11-10T10:00:00Z'), { postingsAt: new Date('2026-11-12T10:00:00Z') });
  // Still pending: funds held, nothing booked.
  op.five = await create(alice, international(accounts.a2, 'SEPA', '300.00', { purpose: 'Deposit top-up' }));
  await moveOperationTo(context.db, op.five, new Date('2026-11-19T10:00:00Z'));
  op.six = await create(alice, { type: 'exchange', accNumberFrom: accounts.a1, accNumberTo: accounts.a2, amount: '200.00', forAmountCurrency: 'USD', getAmountCurrency: 'EUR' });
  await moveOperationTo(context.db, op.six, new Date('2026-11-20T23:30:00Z'));
  op.seven = await create(alice, internal(accounts.a1, accounts.b1, '30.00', { templateName: 'Rent', reference: 'Rent November' }));
  await moveOperationTo(context.db, op.seven, new Date('2026-11-21T08:00:00Z'));
  op.carol = await create(carol, internal(accounts.c1, accounts.b1, '12.34', { reference: 'Carol secret' }));
  await moveOperationTo(context.db, op.carol, new Date('2026-11-05T00:00:00Z'));

  const exchangeIn = await context.db
    .selectFrom('statement_rows as s')
    .innerJoin('operations as o', 'o.id', 's.operation_id')
    .select('s.amount')
    .where('o.number', '=', op.six)
    .where('s.direction', '=', 'IN')
    .executeTakeFirstOrThrow();
  exchangedEur = decimalToMinor(exchangeIn.amount, 'EUR');
});

afterAll(() => closeCheckingLedger(context));

describe('rows and filters', () => {
  it('lists the client own rows newest first, both sides of an exchange, each account once', async () => {
    const page = await statement(alice);
    expect(numbers(page)).toEqual([`${op.seven}-`, `${op.six}+`, `${op.six}-`, `${op.five}-`, `${op.four}-`, `${op.three}+`, `${op.two}-`, `${op.one}-`]);
    expect(page.total).toBe(8);
    expect(page.rows.map((row) => row.accountNumber)).toEqual([accounts.a1, accounts.a2, accounts.a1, accounts.a2, accounts.a1, accounts.a1, accounts.a1, accounts.a1]);
  });

  it('filters by account', async () => {
    expect(numbers(await statement(alice, { accountNumber: accounts.a1 }))).toEqual([`${op.seven}-`, `${op.six}-`, `${op.four}-`, `${op.three}+`, `${op.two}-`, `${op.one}-`]);
    expect(numbers(await statement(alice, { accountNumber: accounts.a2 }))).toEqual([`${op.six}+`, `${op.five}-`]);
  });

  it('filters by purpose, case-insensitive, Cyrillic included, the reference text standing in for internal transfers', async () => {
    expect(numbers(await statement(alice, { purpose: 'ОПЛАТА' }))).toEqual([`${op.four}-`]);
    expect(numbers(await statement(alice, { purpose: 'коммунальные' }))).toEqual([`${op.two}-`]);
    expect(numbers(await statement(alice, { purpose: 'rent' }))).toEqual([`${op.seven}-`, `${op.one}-`]);
    // LIKE's own characters are taken literally.
    expect(numbers(await statement(alice, { purpose: '%' }))).toEqual([]);
  });

  it('filters by recipient as a case-insensitive substring of the target account', async () => {
    expect(numbers(await statement(alice, { recipient: accounts.b1.slice(-6) }))).toEqual([`${op.seven}-`, `${op.two}-`, `${op.one}-`]);
    expect(numbers(await statement(alice, { recipient: 'de8937' }))).toEqual([`${op.five}-`, `${op.four}-`]);
    // The recipient's name is not the target account.
    expect(numbers(await statement(alice, { recipient: 'Bob Builder' }))).toEqual([]);
  });

  it('filters by exact amount', async () => {
    expect(numbers(await statement(alice, { amount: '250.5' }))).toEqual([`${op.three}+`]);
    expect(numbers(await statement(alice, { amount: '100' }))).toEqual([`${op.one}-`]);
    expect(numbers(await statement(alice, { amount: '100.01' }))).toEqual([]);
  });

  it('filters incoming, outgoing, both or neither', async () => {
    expect(numbers(await statement(alice, { incoming: true }))).toEqual([`${op.six}+`, `${op.three}+`]);
    expect(numbers(await statement(alice, { outgoing: true }))).toEqual([`${op.seven}-`, `${op.six}-`, `${op.five}-`, `${op.four}-`, `${op.two}-`, `${op.one}-`]);
    expect((await statement(alice, { incoming: true, outgoing: true })).total).toBe(8);
    expect((await statement(alice, { incoming: false, outgoing: false })).total).toBe(8);
  });

  it('filters by currency, type (also as selectedType), template name and payment region', async () => {
    expect(numbers(await statement(alice, { currency: 'EUR' }))).toEqual([`${op.six}+`, `${op.five}-`]);
    expect(numbers(await statement(alice, { type: 'Intra' }))).toEqual([`${op.seven}-`, `${op.three}+`, `${op.two}-`, `${op.one}-`]);
    expect(numbers(await statement(alice, { selectedType: 'Exchange' }))).toEqual([`${op.six}+`, `${op.six}-`]);
    expect(numbers(await statement(alice, { type: 'International (SWIFT)' }))).toEqual([`${op.four}-`]);
    expect(numbers(await statement(alice, { templateName: 'Rent' }))).toEqual([`${op.seven}-`, `${op.one}-`]);
    expect(numbers(await statement(alice, { templateName: 'Hans' }))).toEqual([`${op.four}-`]);
    // A template is the payer's private label: the payee's rows neither show it nor answer to it.
    expect(numbers(await statement(bob, { templateName: 'Rent' }))).toEqual([]);
    expect((await statement(bob)).rows.filter((row) => row.templateName !== null)).toEqual([]);
    expect(numbers(await statement(alice, { paymentRegion: 'SEPA' }))).toEqual([`${op.five}-`]);
    expect(numbers(await statement(alice, { paymentRegion: 'SWIFT' }))).toEqual([`${op.four}-`]);
  });

  it('combines filters', async () => {
    const page = await at(alice, { accountNumber: accounts.a1, outgoing: 'true', templateName: 'Rent', period: 'lastMonth' });
    expect(numbers(page)).toEqual([`${op.one}-`]);
  });

  it('refuses bad filters with field errors', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/statement?period=someday&currency=XXX&type=Teleport&paymentRegion=MOON&amount=-5&timeZone=Mars/Base&limit=0',
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      period: 'validation.period.unknown',
      currency: 'validation.currency.unknown',
      type: 'validation.type.unknown',
      paymentRegion: 'validation.paymentRegion.unknown',
      amount: 'validation.amount.invalid',
      timeZone: 'validation.timeZone.unknown',
      limit: 'validation.limit.invalid',
    });
  });

  it('shows each party and the row own balance figures, which chain from row to row', async () => {
    const rows = (await statement(alice, { accountNumber: accounts.a1 })).rows;
    expect(rows).toHaveLength(6);
    const byNumber = new Map(rows.map((row) => [row.transactionNumber, row]));
    expect(byNumber.get(op.one)).toMatchObject({
      sender: accounts.a1,
      recipient: accounts.b1,
      recipientName: 'Bob Builder',
      senderName: null,
      type: 'Intra',
      purpose: 'Rent October',
      amount: '100.00',
      direction: 'OUT',
      status: 'Approved',
      openingBalance: '10000.00',
      creditTurnover: '0.00',
      debitTurnover: '100.00',
      balance: '9900.00',
      templateName: 'Rent',
    });
    expect(byNumber.get(op.three)).toMatchObject({ direction: 'IN', openingBalance: '9854.90', creditTurnover: '250.50', debitTurnover: '0.00', balance: '10105.40' });
    // The international transfer debits amount plus fee from the booked balance when it is approved.
    expect(byNumber.get(op.four)).toMatchObject({
      type: 'International (SWIFT)',
      paymentRegion: 'SWIFT',
      status: 'Approved',
      openingBalance: '10105.40',
      debitTurnover: usd(cents('1000.00') + feeUsd),
      balance: usd(cents('9105.40') - feeUsd),
      fee: usd(feeUsd),
    });
    for (const [index, row] of rows.entries()) {
      expect(cents(row.openingBalance) + cents(row.creditTurnover) - cents(row.debitTurnover)).toBe(cents(row.balance));
      const older = rows[index + 1];
      if (older) expect(row.openingBalance).toBe(older.balance);
    }
    expect(rows[0]!.balance).toBe(usd(cents('8875.40') - feeUsd));
  });

  it('reads each row once for the transfer list, the statement and the templates: the same rows, the same figures', async () => {
    const records = (await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers: alice.headers })).json<TransactionRecord[]>();
    const page = await statement(alice);
    const rows = page.rows;
    expect(records).toHaveLength(8);
    expect(records.map((record) => `${record.transactionNumber}${record.direction === 'IN' ? '+' : '-'}`)).toEqual(numbers(page));
    for (const [index, record] of records.entries()) {
      const row = rows[index]!;
      expect({
        accountNumber: record.accountNumber,
        sender: record.fromAccount,
        recipient: record.toAccount,
        amount: record.amount,
        fee: record.fee,
        currency: record.currency,
        status: record.transactionStatus,
        balance: record.balance,
        type: record.transactionType,
        reference: record.reference,
        purpose: record.purpose ?? record.paymentReference,
        templateName: record.templateName,
        paymentRegion: record.paymentRegion,
      }).toEqual({
        accountNumber: row.accountNumber,
        sender: row.sender,
        recipient: row.recipient,
        amount: row.amount,
        fee: row.fee,
        currency: row.currency,
        status: row.status,
        balance: row.balance,
        type: row.type,
        reference: row.reference,
        purpose: row.purpose,
        templateName: row.templateName,
        paymentRegion: row.paymentRegion,
      });
    }
    const templates = (await context.app.inject({ method: 'GET', url: '/api/statement/templates', headers: alice.headers })).json<TransferTemplate[]>();
    expect(templates.map((template) => [template.templateName, template.uses])).toEqual([['Rent', 2], ['Hans', 1]]);
    for (const template of templates) {
      const latest = records.find((record) => record.templateName === template.templateName && record.direction === 'OUT')!;
      expect(template).toEqual({
        templateName: latest.templateName,
        accountNumber: latest.fromAccount,
        currency: latest.currency,
        toAccount: latest.toAccount,
        recipient: latest.recipient,
        amount: latest.amount,
        type: latest.transactionType,
        paymentRegion: latest.paymentRegion,
        purpose: latest.purpose,
        lastUsed: latest.created,
        uses: template.uses,
      });
    }
  });
});

describe('periods', () => {
  const a1 = () => ({ accountNumber: accounts.a1 });

  it('computes every preset in UTC', async () => {
    const expected: Record<string, string[]> = {
      today: [`${op.seven}-`],
      yesterday: [`${op.six}-`],
      thisWeek: [`${op.seven}-`, `${op.six}-`],
      lastWeek: [`${op.four}-`],
      thisMonth: [`${op.seven}-`, `${op.six}-`, `${op.four}-`, `${op.three}+`],
      last30Days: [`${op.seven}-`, `${op.six}-`, `${op.four}-`, `${op.three}+`, `${op.two}-`],
      lastMonth: [`${op.two}-`, `${op.one}-`],
      lastAndCurrentMonth: [`${op.seven}-`, `${op.six}-`, `${op.four}-`, `${op.three}+`, `${op.two}-`, `${op.one}-`],
    };
    for (const [period, rows] of Object.entries(expected)) {
      expect({ period, rows: numbers(await at(alice, { ...a1(), period: period as 'today' })) }).toEqual({ period, rows });
    }
  });

  it('computes presets in Vladivostok, where 31 October 15:00 UTC is already November', async () => {
    const vladivostok = { ...a1(), timeZone: 'Asia/Vladivostok' };
    expect(numbers(await at(alice, { ...vladivostok, period: 'today' }))).toEqual([`${op.seven}-`, `${op.six}-`]);
    expect(numbers(await at(alice, { ...vladivostok, period: 'yesterday' }))).toEqual([]);
    expect(numbers(await at(alice, { ...vladivostok, period: 'thisMonth' }))).toEqual([`${op.seven}-`, `${op.six}-`, `${op.four}-`, `${op.three}+`, `${op.two}-`]);
    expect(numbers(await at(alice, { ...vladivostok, period: 'lastMonth' }))).toEqual([`${op.one}-`]);
  });

  it('computes presets on Kiritimati, fourteen hours ahead of UTC', async () => {
    const kiritimati = { ...a1(), timeZone: 'Pacific/Kiritimati' };
    expect(numbers(await at(alice, { ...kiritimati, period: 'today' }))).toEqual([]);
    expect(numbers(await at(alice, { ...kiritimati, period: 'yesterday' }))).toEqual([`${op.seven}-`, `${op.six}-`]);
  });

  it('takes custom dates as whole days of the client zone', async () => {
    expect(numbers(await statement(alice, { ...a1(), from: '2026-10-31', to: '2026-11-02' }))).toEqual([`${op.three}+`, `${op.two}-`]);
    expect(numbers(await statement(alice, { ...a1(), from: '2026-11-01', to: '2026-11-01', timeZone: 'Asia/Vladivostok' }))).toEqual([`${op.two}-`]);
    expect(numbers(await statement(alice, { ...a1(), to: '2026-10-20' }))).toEqual([`${op.one}-`]);
    expect(numbers(await statement(alice, { ...a1(), from: '2026-11-21' }))).toEqual([`${op.seven}-`]);
  });
});

describe('balances and turnovers of the period', () => {
  it('answers this month in UTC from the postings', async () => {
    const page = await at(alice, { accountNumber: accounts.a1, period: 'thisMonth' });
    expect(page.accounts).toEqual([
      {
        accountNumber: accounts.a1,
        currency: 'USD',
        openingBalance: '9854.90',
        creditTurnover: '250.50',
        debitTurnover: usd(cents('1230.00') + feeUsd),
        closingBalance: usd(cents('8875.40') - feeUsd),
      },
    ]);
    expect(page.period).toEqual({ firstDay: '2026-11-01', lastDay: '2026-11-30', start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z', timeZone: 'UTC' });
  });

  it('moves the month boundary with the zone: in Vladivostok the 45.10 of 31 October belongs to November', async () => {
    const november = await at(alice, { accountNumber: accounts.a1, period: 'thisMonth', timeZone: 'Asia/Vladivostok' });
    expect(november.accounts![0]).toMatchObject({ openingBalance: '9900.00', creditTurnover: '250.50', debitTurnover: usd(cents('1275.10') + feeUsd), closingBalance: usd(cents('8875.40') - feeUsd) });
    const october = await at(alice, { accountNumber: accounts.a1, period: 'lastMonth', timeZone: 'Asia/Vladivostok' });
    expect(october.accounts![0]).toMatchObject({ openingBalance: '0.00', creditTurnover: '10000.00', debitTurnover: '100.00', closingBalance: '9900.00' });
    const octoberUtc = await at(alice, { accountNumber: accounts.a1, period: 'lastMonth' });
    expect(octoberUtc.accounts![0]).toMatchObject({ openingBalance: '0.00', creditTurnover: '10000.00', debitTurnover: '145.10', closingBalance: '9854.90' });
  });

  it('books an approved transfer on its approval date, not the date it was made: its row moves there', async () => {
    // Made on the 10th, approved on the 12th: the 10th shows neither the row nor a posting.
    const tenth = await statement(alice, { accountNumber: accounts.a1, from: '2026-11-10', to: '2026-11-11' });
    expect(numbers(tenth)).toEqual([]);
    expect(tenth.accounts![0]).toMatchObject({ openingBalance: '10105.40', creditTurnover: '0.00', debitTurnover: '0.00', closingBalance: '10105.40' });
    const twelfth = await statement(alice, { accountNumber: accounts.a1, from: '2026-11-12', to: '2026-11-12' });
    expect(numbers(twelfth)).toEqual([`${op.four}-`]);
    expect(twelfth.accounts![0]).toMatchObject({ openingBalance: '10105.40', debitTurnover: usd(cents('1000.00') + feeUsd), closingBalance: usd(cents('9105.40') - feeUsd) });
    expect(twelfth.rows[0]).toMatchObject({
      created: Date.parse('2026-11-12T10:00:00Z') / 1000,
      openingBalance: '10105.40',
      debitTurnover: usd(cents('1000.00') + feeUsd),
      balance: usd(cents('9105.40') - feeUsd),
    });
    expect(rowsAgainstSummary(twelfth.rows, twelfth.accounts![0]!)).toEqual([]);
  });

  it('leaves a pending hold out: it is not a posting', async () => {
    const page = await at(alice, { accountNumber: accounts.a2, period: 'thisMonth' });
    expect(page.accounts).toEqual([
      { accountNumber: accounts.a2, currency: 'EUR', openingBalance: '5000.00', creditTurnover: eur(exchangedEur), debitTurnover: '0.00', closingBalance: eur(cents('5000.00') + exchangedEur) },
    ]);
    // The pending row moves nothing: it shows the booked balance at its place, and its status.
    expect(page.rows.find((row) => row.transactionNumber === op.five)).toMatchObject({
      openingBalance: '5000.00',
      creditTurnover: '0.00',
      debitTurnover: '0.00',
      balance: '5000.00',
      status: 'New',
    });
    expect(rowsAgainstSummary(page.rows, page.accounts![0]!)).toEqual([]);
  });

  it('answers every account when none is chosen, the currency filter narrowing them', async () => {
    const all = await statement(alice);
    expect(all.accounts!.map((account) => [account.accountNumber, account.openingBalance, account.closingBalance])).toEqual([
      [accounts.a1, '0.00', usd(cents('8875.40') - feeUsd)],
      [accounts.a2, '0.00', eur(cents('5000.00') + exchangedEur)],
    ]);
    expect((await statement(alice, { currency: 'EUR' })).accounts!.map((account) => account.accountNumber)).toEqual([accounts.a2]);
  });

  it('agrees with a plain sum of the postings for every preset and zone', async () => {
    const ledgerIds = [await ledgerAccountOf(context.db, accounts.a1), await ledgerAccountOf(context.db, accounts.a2)];
    for (const timeZone of ['UTC', 'Asia/Vladivostok', 'Pacific/Kiritimati']) {
      for (const period of ['today', 'yesterday', 'thisWeek', 'thisMonth', 'lastWeek', 'last30Days', 'lastMonth', 'lastAndCurrentMonth'] as const) {
        const page = await at(alice, { period, timeZone });
        const start = new Date(page.period.start!);
        const end = new Date(page.period.end!);
        for (const [index, ledgerId] of ledgerIds.entries()) {
          const { rows } = await sql<{ opening: string; credit: string; debit: string; closing: string }>`
            select coalesce(sum(amount) filter (where created_at < ${start}), 0)::text as opening,
              coalesce(sum(amount) filter (where amount > 0 and created_at >= ${start} and created_at < ${end}), 0)::text as credit,
              coalesce(sum(-amount) filter (where amount < 0 and created_at >= ${start} and created_at < ${end}), 0)::text as debit,
              coalesce(sum(amount) filter (where created_at < ${end}), 0)::text as closing
            from postings where ledger_account_id = ${ledgerId}`.execute(context.db);
          const currency = index === 0 ? 'USD' : 'EUR';
          const expected = rows[0]!;
          const money = (value: string) => formatMinor(decimalToMinor(value, currency), currency);
          expect({ timeZone, period, summary: page.accounts![index] }).toEqual({
            timeZone,
            period,
            summary: {
              accountNumber: index === 0 ? accounts.a1 : accounts.a2,
              currency,
              openingBalance: money(expected.opening),
              creditTurnover: money(expected.credit),
              debitTurnover: money(expected.debit),
              closingBalance: money(expected.closing),
            },
          });
        }
      }
    }
  });
});

describe('daily totals cache', () => {
  it('holds each settled day once with the postings\' sums, and the balances are read from it', async () => {
    const ledgerId = await ledgerAccountOf(context.db, accounts.a1);
    const horizon = await ensureDailyTotals(context.db, [ledgerId]);
    expect(horizon.getTime()).toBeLessThanOrEqual(Date.now());
    const { rows } = await sql<{ day: string | null; cached: string | null; summed: string | null }>`
      select coalesce(d.day, p.day)::text as day, (d.credit::text || '/' || d.debit::text) as cached, (p.credit::text || '/' || p.debit::text) as summed
      from (select day, credit, debit from statement_daily_totals where ledger_account_id = ${ledgerId}) d
      full join (
        select (created_at at time zone 'UTC')::date as day, sum(greatest(amount, 0)) as credit, sum(greatest(-amount, 0)) as debit
        from postings where ledger_account_id = ${ledgerId} and created_at < ${horizon} group by 1
      ) p on p.day = d.day
      order by 1`.execute(context.db);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) expect([row.day, row.cached]).toEqual([row.day, row.summed]);

    // A cached day changed by hand changes the answer: whole days come from the cache.
    await sql`update statement_daily_totals set credit = credit + 1 where ledger_account_id = ${ledgerId} and day = '2026-11-02'`.execute(context.db);
    try {
      expect((await at(alice, { accountNumber: accounts.a1, period: 'thisMonth' })).accounts![0]!.creditTurnover).toBe('251.50');
      // In Vladivostok the 2nd of November starts at 14:00 UTC on the 1st: the UTC day is still whole inside the month.
      expect((await at(alice, { accountNumber: accounts.a1, period: 'thisMonth', timeZone: 'Asia/Vladivostok' })).accounts![0]!.creditTurnover).toBe('251.50');
    } finally {
      await sql`update statement_daily_totals set credit = credit - 1 where ledger_account_id = ${ledgerId} and day = '2026-11-02'`.execute(context.db);
    }
    expect((await at(alice, { accountNumber: accounts.a1, period: 'thisMonth' })).accounts![0]!.creditTurnover).toBe('250.50');
  });

  it('forgets the cache of an account when a posting is dated into a settled day', async () => {
    const ledgerId = await ledgerAccountOf(context.db, accounts.a2);
    const before = (await at(alice, { accountNumber: accounts.a2, from: '2026-10-01', to: '2026-10-31' })).accounts![0]!;
    expect(before).toMatchObject({ openingBalance: '0.00', creditTurnover: '5000.00', closingBalance: '5000.00' });
    expect(Number((await sql<{ count: string }>`select count(*) from statement_daily_totals where ledger_account_id = ${ledgerId}`.execute(context.db)).rows[0]!.count)).toBeGreaterThan(0);
    // A value-dated correction through the ledger, dated 15 October.
    await context.db.transaction().execute(async (trx) =>
      postEntry(trx, {
        kind: 'incoming_payment',
        postedAt: new Date('2026-10-15T12:00:00Z'),
        postings: [
          { accountId: await bankAccountId(trx, 'clearing', 'EUR'), currency: 'EUR', amountMinor: -1234n },
          { accountId: ledgerId, currency: 'EUR', amountMinor: 1234n },
        ],
      }),
    );
    expect(Number((await sql<{ count: string }>`select count(*) from statement_daily_totals where ledger_account_id = ${ledgerId}`.execute(context.db)).rows[0]!.count)).toBe(0);
    const after = (await at(alice, { accountNumber: accounts.a2, from: '2026-10-01', to: '2026-10-31' })).accounts![0]!;
    expect(after).toMatchObject({ openingBalance: '0.00', creditTurnover: '5012.34', closingBalance: '5012.34' });
  });

  it('counts what happened today at once, before the day is settled', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const from = (await openTestAccount(context, payer, 'CHF', '40.00')).number;
    const to = (await openTestAccount(context, payee, 'CHF')).number;
    const closing = async () => (await statement(payer, { period: 'today' })).accounts![0]!;
    expect(await closing()).toMatchObject({ openingBalance: '0.00', creditTurnover: '40.00', closingBalance: '40.00' });
    await create(payer, internal(from, to, '1.25'));
    expect(await closing()).toMatchObject({ creditTurnover: '40.00', debitTurnover: '1.25', closingBalance: '38.75' });
  });
});

describe('paging', () => {
  it('moves by cursor both ways and jumps by page number, the same rows as one long page', async () => {
    const everything = numbers(await statement(alice));
    const first = await statement(alice, { limit: 3 });
    expect([first.page, first.total, first.totalExact, first.totalPages, numbers(first)]).toEqual([1, 8, true, 3, everything.slice(0, 3)]);
    expect(first.accounts).not.toBeNull();
    const second = await statement(alice, { limit: 3, cursor: first.cursor!, page: 2 });
    expect([second.page, numbers(second), second.accounts]).toEqual([2, everything.slice(3, 6), null]);
    const third = await statement(alice, { limit: 3, cursor: second.cursor!, page: 3 });
    expect([third.page, numbers(third)]).toEqual([3, everything.slice(6)]);
    const back = await statement(alice, { limit: 3, cursor: third.cursor!, page: 1 });
    expect([back.page, numbers(back)]).toEqual([1, everything.slice(0, 3)]);
    const jump = await statement(alice, { limit: 3, page: 3 });
    expect([jump.page, numbers(jump)]).toEqual([3, everything.slice(6)]);
    const beyond = await statement(alice, { limit: 3, page: 99 });
    expect([beyond.page, numbers(beyond)]).toEqual([3, everything.slice(6)]);
    const same = await statement(alice, { limit: 3, cursor: second.cursor! });
    expect([same.page, numbers(same)]).toEqual([2, everything.slice(3, 6)]);
  });

  it('pages through a long statement every way: forward, backward, by number, from afar', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const from = (await openTestAccount(context, payer, 'GBP', '1000.00')).number;
    const to = (await openTestAccount(context, payee, 'GBP')).number;
    for (let index = 1; index <= 23; index += 1) await create(payer, internal(from, to, `${index}.00`));
    const everything = numbers(await statement(payer));
    expect(everything).toHaveLength(23);
    const limit = 4;
    const pages = Math.ceil(23 / limit);
    const expectedPage = (page: number) => everything.slice((page - 1) * limit, page * limit);
    let cursor = (await statement(payer, { limit })).cursor!;
    for (let page = 2; page <= pages; page += 1) {
      const answer = await statement(payer, { limit, cursor, page });
      expect([page, numbers(answer)]).toEqual([page, expectedPage(page)]);
      cursor = answer.cursor!;
    }
    for (let page = pages - 1; page >= 1; page -= 1) {
      const answer = await statement(payer, { limit, cursor, page });
      expect([page, numbers(answer)]).toEqual([page, expectedPage(page)]);
      cursor = answer.cursor!;
    }
    for (let page = 1; page <= pages; page += 1) {
      expect([page, numbers(await statement(payer, { limit, page }))]).toEqual([page, expectedPage(page)]);
      // From page 1's cursor straight to page N, and from the last page's cursor back to it.
      expect([page, numbers(await statement(payer, { limit, cursor, page }))]).toEqual([page, expectedPage(page)]);
    }
  });

  it('stops counting at the cap, says so, and still pages past it by keyset and by number', async () => {
    const everything = numbers(await statement(alice));
    const query = (input: StatementQueryInput) => statementQuerySchema.parse({ limit: 3, ...input });
    const first = await readStatementPage(context.db, alice.id, query({}), NOW, 5);
    expect([first.total, first.totalExact, first.totalPages, numbers(first)]).toEqual([5, false, 2, everything.slice(0, 3)]);
    const second = await readStatementPage(context.db, alice.id, query({ cursor: first.cursor!, page: 2 }), NOW, 5);
    const third = await readStatementPage(context.db, alice.id, query({ cursor: second.cursor!, page: 3 }), NOW, 5);
    expect([third.page, third.totalExact, numbers(third)]).toEqual([3, false, everything.slice(6)]);
    const jump = await readStatementPage(context.db, alice.id, query({ page: 3 }), NOW, 5);
    expect([jump.page, numbers(jump)]).toEqual([3, everything.slice(6)]);
    const exact = await readStatementPage(context.db, alice.id, query({}), NOW, 8);
    expect([exact.total, exact.totalExact, exact.totalPages]).toEqual([8, true, 3]);
  });

  it('refuses a broken cursor and a cursor made for other filters', async () => {
    const page = await statement(alice, { limit: 3 });
    const broken = await context.app.inject({ method: 'GET', url: '/api/statement?cursor=not-a-cursor&page=2', headers: alice.headers });
    expect([broken.statusCode, broken.json().fields]).toEqual([400, { cursor: 'validation.cursor.invalid' }]);
    const other = await context.app.inject({ method: 'GET', url: `/api/statement?limit=3&currency=EUR&page=2&cursor=${page.cursor}`, headers: alice.headers });
    expect([other.statusCode, other.json().fields]).toEqual([400, { cursor: 'validation.cursor.otherFilters' }]);
    // A cursor with the right filters but an impossible date or a row id past bigint is still a 400.
    const token = JSON.parse(Buffer.from(page.cursor!, 'base64url').toString('utf8')) as { n: [string, string]; o: [string, string] };
    for (const key of [['2024-13-45T99:99:99.000000Z', '1'], ['2024-02-30T00:00:00.000000Z', '1'], ['2024-06-01T00:00:00.000000Z', '9999999999999999999']]) {
      const forged = Buffer.from(JSON.stringify({ ...token, n: key, o: key })).toString('base64url');
      const answer = await context.app.inject({ method: 'GET', url: `/api/statement?limit=3&page=2&cursor=${forged}`, headers: alice.headers });
      expect([answer.statusCode, answer.json().fields], JSON.stringify(key)).toEqual([400, { cursor: 'validation.cursor.invalid' }]);
    }
  });
});

describe('only the client own rows, ever', () => {
  it('answers 401 without a token', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/statement' });
    expect([response.statusCode, response.json().message]).toEqual([401, 'Invalid authorization data']);
  });

  it('answers 404 for another client account, as for one that does not exist, in JSON and CSV', async () => {
    for (const accountNumber of [accounts.b1, accounts.c1, '40817810000000000000']) {
      for (const format of ['json', 'csv']) {
        const response = await context.app.inject({ method: 'GET', url: `/api/statement?accountNumber=${accountNumber}&format=${format}`, headers: alice.headers });
        expect([accountNumber, response.statusCode, response.json().fields]).toEqual([accountNumber, 404, { accountNumber: 'validation.accountNumber.notFound' }]);
      }
      const templates = await context.app.inject({ method: 'GET', url: `/api/statement/templates?accountNumber=${accountNumber}`, headers: alice.headers });
      expect([accountNumber, templates.statusCode]).toEqual([accountNumber, 404]);
    }
  });

  it('never shows another client rows through any filter, and each side sees only its own side', async () => {
    const own = async (client: TestClient) => new Set((await statement(client)).rows.map((row) => `${row.transactionNumber}${row.direction}`));
    const aliceRows = await own(alice);
    expect(aliceRows.size).toBe(8);
    // Each filter with the number of Alice's rows it matches: none where only another client's rows would.
    const filters: Array<[Record<string, string | boolean>, number]> = [
      [{}, 8],
      [{ recipient: accounts.c1 }, 0],
      [{ recipient: accounts.b1 }, 3],
      [{ purpose: 'Carol secret' }, 0],
      [{ amount: '12.34' }, 0],
      [{ incoming: true }, 2],
      [{ currency: 'USD' }, 6],
      [{ type: 'Intra' }, 4],
      [{ templateName: 'Rent' }, 2],
      [{ paymentRegion: 'SWIFT' }, 1],
      [{ from: '2000-01-01', to: '2100-12-31' }, 8],
    ];
    for (const [filter, count] of filters) {
      const rows = (await statement(alice, filter)).rows;
      expect({ filter, count: rows.length }).toEqual({ filter, count });
      for (const row of rows) {
        expect(aliceRows.has(`${row.transactionNumber}${row.direction}`)).toBe(true);
        expect([accounts.a1, accounts.a2]).toContain(row.accountNumber);
      }
    }
    expect((await statement(alice, { purpose: 'Carol secret' })).rows).toEqual([]);
    expect(numbers(await statement(carol))).toEqual([`${op.carol}-`]);
    // Bob sees his own sides only: the IN sides of what Alice and Carol paid him, his OUT side to Alice.
    expect(numbers(await statement(bob))).toEqual([`${op.seven}+`, `${op.carol}+`, `${op.three}-`, `${op.two}+`, `${op.one}+`]);
    expect((await statement(bob)).accounts!.map((account) => account.accountNumber)).toEqual([accounts.b1]);
  });

  it('keeps a cursor of another client to the reader own rows', async () => {
    const bobsPage = await statement(bob, { limit: 3 });
    const answer = await statement(alice, { limit: 3, cursor: bobsPage.cursor!, page: 2 });
    // Bob's first page ends at his side of op.three; Alice's rows older than that key are hers only.
    expect(numbers(answer)).toEqual([`${op.two}-`, `${op.one}-`]);
  });
});
