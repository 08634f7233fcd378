// Proves the client's term deposit calls (docs/product.md#tariffs-and-limits): the quote's figures (the rate of the client's
// history tier, the fee at the day's mid rate, the dates, every payout, the total, the cost of
// closing early); every refusal names its field; opening is idempotent and writes nothing when the
// account cannot pay principal and fee; the list shows the deposit; an early closing pays what is
// due, returns the principal and forfeits the interest since the last payout; a deposit is closed
// once; nobody reaches another client's account or deposit; and the back office cannot reverse a
// deposit's movement.
import { randomUUID } from 'node:crypto';
import type { Deposit, DepositCloseQuote, DepositQuote, StatementPage } from '@bank/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { createSignedInOperator } from '../../test/operators';
import { openTestAccount } from '../accounts/test-support';
import { fixedClock, type FixedClock } from '../jobs';
import { closeCheckingLedger } from '../ledger/test-context';
import { fundLedgerAccount } from '../ledger/test-support';
import { clientIdentifiedAt, createDeposit, ledgerBalancesOf, listDeposits, openedDeposit, quoteDeposit, termsOf } from './test-support';

let context: TestContext;
let clock: FixedClock;

const OPENING = '2026-01-31T09:00:00Z';

beforeAll(async () => {
  clock = fixedClock(OPENING);
  context = await createTestContext({}, { clock });
  // 500 EUR × 1.0855 = 542.75 USD at the mid rate.
  await context.db.insertInto('fx_rates').values({ currency: 'USD', per_eur: '1.0855', source: 'operator' })
    .onConflict((conflict) => conflict.column('currency').doUpdateSet({ per_eur: '1.0855' })).execute();
});
afterAll(() => closeCheckingLedger(context));

/** The funding account's statement, oldest row first: purpose, direction, amount and balance after. */
async function statementOf(client: TestClient, accountNumber: string) {
  const response = await context.app.inject({ method: 'GET', url: '/api/statement', headers: client.headers, query: { accountNumber, limit: '100' } });
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<StatementPage>()
    .rows.reverse()
    .map((row) => ({ purpose: row.purpose, direction: row.direction, amount: row.amount, balance: row.balance, recipient: row.recipient }));
}

async function ledgerAccountIdOf(accountNumber: string): Promise<string> {
  const row = await context.db.selectFrom('accounts').select('ledger_account_id').where('number', '=', accountNumber).executeTakeFirstOrThrow();
  return String(row.ledger_account_id);
}

async function countRows(clientId: string) {
  const [deposits, transfers, ledgerDeposits] = await Promise.all([
    context.db.selectFrom('deposits').select((s) => s.fn.countAll<string>().as('n')).where('client_id', '=', clientId).executeTakeFirstOrThrow(),
    context.db.selectFrom('operations').select((s) => s.fn.countAll<string>().as('n')).where('client_id', '=', clientId).where('kind', 'in', ['deposit', 'fee']).executeTakeFirstOrThrow(),
    context.db.selectFrom('ledger_accounts').select((s) => s.fn.countAll<string>().as('n')).where('kind', '=', 'deposit').executeTakeFirstOrThrow(),
  ]);
  return { deposits: Number(deposits.n), transfers: Number(transfers.n), ledgerDeposits: Number(ledgerDeposits.n) };
}

describe('GET /api/deposit/quote', () => {
  it('quotes a client identified recently at the rate without history: dates, each payout, total, fee, early closing', async () => {
    clock.set(OPENING);
    const client = await clientIdentifiedAt(context, '2025-06-01T10:00:00Z');
    const account = await openTestAccount(context, client, 'EUR', '20000.00');
    const response = await quoteDeposit(context, client, termsOf(account.number));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DepositQuote>()).toEqual({
      currency: 'EUR',
      accNumberFrom: account.number,
      amount: '10000.00',
      termMonths: 3,
      payoutMonths: 1,
      historyTier: 'withoutHistory',
      rateBasisPoints: 1000,
      rate: '10.00',
      openingDate: '2026-01-31',
      maturityDate: '2026-04-30',
      openingFee: { amount: '500.00', currency: 'EUR', eurAmount: '500.00' },
      totalDebit: '10500.00',
      // 10,000.00 at 10 % ACT/365: 28 days 76.712… → 76.71; 59 days 161.643… → 161.64; 89 days 243.835… → 243.84.
      payouts: [
        { sequence: 1, date: '2026-02-28', amount: '76.71', days: 28, paid: false },
        { sequence: 2, date: '2026-03-31', amount: '84.93', days: 31, paid: false },
        { sequence: 3, date: '2026-04-30', amount: '82.20', days: 30, paid: false },
      ],
      totalInterest: '243.84',
      earlyClosing: { rule: 'forfeitSinceLastPayout', maxForfeit: '84.93' },
    });
  });

  it('gives a client identified more than twelve whole months before the opening day the rate with history', async () => {
    clock.set(OPENING);
    const client = await clientIdentifiedAt(context, '2025-01-30T12:00:00Z');
    const account = await openTestAccount(context, client, 'EUR', '20000.00');
    const quote = (await quoteDeposit(context, client, termsOf(account.number))).json<DepositQuote>();
    expect(quote).toMatchObject({ historyTier: 'withHistory', rateBasisPoints: 1100, rate: '11.00', totalInterest: '268.22' });
    expect(quote.payouts.map((payout) => payout.amount)).toEqual(['84.38', '93.43', '90.41']);
  });

  it('counts exactly twelve months as not more than twelve, and the earliest approval as the identification', async () => {
    clock.set(OPENING);
    const client = await clientIdentifiedAt(context, '2025-01-31T12:00:00Z');
    // A later approval (a form sent again) does not move the identification day.
    await context.db.insertInto('kyc_records').values({ client_id: client.id, status: 'Approved', account_type: 'personal', decided_at: new Date('2025-12-01T00:00:00Z') }).execute();
    const account = await openTestAccount(context, client, 'EUR', '20000.00');
    expect((await quoteDeposit(context, client, termsOf(account.number))).json()).toMatchObject({ historyTier: 'withoutHistory', rateBasisPoints: 1000 });
    clock.set('2026-02-01T09:00:00Z');
    expect((await quoteDeposit(context, client, termsOf(account.number))).json()).toMatchObject({ historyTier: 'withHistory', rateBasisPoints: 1100 });
  });

  it('prices the fee of a USD deposit at the day\'s mid rate, and its rate by the USD column', async () => {
    clock.set(OPENING);
    const recent = await clientIdentifiedAt(context, '2025-06-01T10:00:00Z');
    const account = await openTestAccount(context, recent, 'USD', '30000.00');
    const quote = (await quoteDeposit(context, recent, termsOf(account.number, { currency: 'USD', amount: '25000', termMonths: 12, payoutMonths: 3 }))).json<DepositQuote>();
    expect(quote).toMatchObject({
      currency: 'USD',
      amount: '25000.00',
      historyTier: 'withoutHistory',
      rateBasisPoints: 1100,
      maturityDate: '2027-01-31',
      openingFee: { amount: '542.75', currency: 'USD', eurAmount: '500.00' },
      totalDebit: '25542.75',
      // A whole year of 365 days at 11 %: 2,750.00, paid quarterly.
      totalInterest: '2750.00',
      earlyClosing: { rule: 'forfeitSinceLastPayout', maxForfeit: '693.15' },
    });
    expect(quote.payouts.map((payout) => [payout.date, payout.amount])).toEqual([
      ['2026-04-30', '670.55'], ['2026-07-31', '693.15'], ['2026-10-31', '693.15'], ['2027-01-31', '693.15'],
    ]);
    const longtime = await clientIdentifiedAt(context, '2023-05-01T10:00:00Z');
    const theirs = await openTestAccount(context, longtime, 'USD', '30000.00');
    expect((await quoteDeposit(context, longtime, termsOf(theirs.number, { currency: 'USD' }))).json()).toMatchObject({ rateBasisPoints: 1200, rate: '12.00', totalInterest: '292.60' });
  });
});

describe('refusals', () => {
  let client: TestClient;
  let eur: string;
  let usd: string;
  beforeAll(async () => {
    clock.set(OPENING);
    client = await clientIdentifiedAt(context, '2025-06-01T10:00:00Z');
    eur = (await openTestAccount(context, client, 'EUR', '20000.00')).number;
    usd = (await openTestAccount(context, client, 'USD', '20000.00')).number;
  });

  const cases: Array<[string, () => Record<string, unknown>, number, Record<string, string>]> = [
    ['a currency deposits are not kept in', () => ({ ...termsOf(eur), currency: 'GBP' }), 400, { currency: 'validation.deposit.currency' }],
    ['an amount below the minimum', () => termsOf(eur, { amount: '9999.99' }), 400, { amount: 'validation.deposit.minimum' }],
    ['the USD minimum, the same figure', () => termsOf(usd, { currency: 'USD', amount: '5000' }), 400, { amount: 'validation.deposit.minimum' }],
    ['an amount of more decimals than the currency has', () => termsOf(eur, { amount: '10000.001' }), 400, { amount: 'validation.amount.tooManyDecimals' }],
    ['an amount above the most one operation may carry', () => termsOf(eur, { amount: '1000000.01' }), 400, { amount: 'validation.amount.overLimit' }],
    ['a term of 2 months', () => termsOf(eur, { termMonths: 2 }), 400, { termMonths: 'validation.deposit.term' }],
    ['a term of 61 months', () => termsOf(eur, { termMonths: 61 }), 400, { termMonths: 'validation.deposit.term' }],
    ['a payout every 5 months', () => termsOf(eur, { termMonths: 12, payoutMonths: 5 }), 400, { payoutMonths: 'validation.deposit.payoutPeriod' }],
    ['a payout period longer than the term', () => termsOf(eur, { termMonths: 3, payoutMonths: 6 }), 400, { payoutMonths: 'validation.deposit.payoutLongerThanTerm' }],
    ['an account in another currency', () => termsOf(usd), 400, { accNumberFrom: 'validation.deposit.accountCurrency' }],
  ];

  for (const [name, terms, status, fields] of cases) {
    it(`refuses ${name}, naming the field, in the quote and on opening`, async () => {
      for (const response of [await quoteDeposit(context, client, terms()), await createDeposit(context, client, terms(), randomUUID())]) {
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields });
      }
      expect(await countRows(client.id)).toMatchObject({ deposits: 0 });
    });
  }

  it("refuses another client's account as not found (404), naming accNumberFrom", async () => {
    const other = await clientIdentifiedAt(context);
    const theirs = await openTestAccount(context, other, 'EUR', '20000.00');
    for (const response of [await quoteDeposit(context, client, termsOf(theirs.number)), await createDeposit(context, client, termsOf(theirs.number))]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', fields: { accNumberFrom: 'validation.accNumberFrom.notFound' } });
    }
    expect(await countRows(other.id)).toMatchObject({ deposits: 0, transfers: 0 });
  });

  it('refuses a client not identified (403) on every call', async () => {
    const unidentified = await createSignedInClient(context, { kycStatus: 'New' });
    const calls = [
      quoteDeposit(context, unidentified, termsOf(eur)),
      createDeposit(context, unidentified, termsOf(eur)),
      context.app.inject({ method: 'GET', url: '/api/deposit/list', headers: unidentified.headers }),
      context.app.inject({ method: 'GET', url: '/api/deposit/close-quote', headers: unidentified.headers, query: { depositId: randomUUID() } }),
      context.app.inject({ method: 'POST', url: '/api/deposit/close', headers: unidentified.headers, payload: { depositId: randomUUID() } }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode, response.body).toBe(403);
  });
});

describe('POST /api/deposit/create', () => {
  it('opens once per Idempotency-Key: the principal to the deposit, the fee, one deposit and one set of rows', async () => {
    clock.set(OPENING);
    const client = await clientIdentifiedAt(context, '2025-06-01T10:00:00Z');
    const account = await openTestAccount(context, client, 'EUR', '12000.00');
    const key = randomUUID();
    const first = await createDeposit(context, client, termsOf(account.number), key);
    expect(first.statusCode, first.body).toBe(200);
    const deposit = first.json<Deposit>();
    expect(deposit).toMatchObject({
      status: 'Active',
      number: expect.stringMatching(/^DEP-20260131-\d{6}$/),
      currency: 'EUR',
      principal: '10000.00',
      rate: '10.00',
      accountNumber: account.number,
      openingDate: '2026-01-31',
      maturityDate: '2026-04-30',
      openingFee: '500.00',
      accruedInterest: '0.00',
      interestPaid: '0.00',
      totalInterest: '243.84',
      nextPayout: { date: '2026-02-28', amount: '76.71' },
      closedOn: null,
      forfeitedInterest: null,
    });
    const again = await createDeposit(context, client, termsOf(account.number), key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(deposit);
    // The same key with other terms is another request: 409, nothing written.
    expect((await createDeposit(context, client, termsOf(account.number, { termMonths: 6 }), key)).statusCode).toBe(409);

    expect(await countRows(client.id)).toMatchObject({ deposits: 1, transfers: 2 });
    expect(await ledgerBalancesOf(context, deposit.id)).toEqual({ deposit: '10000.00', account: '1500.00' });
    expect(await statementOf(client, account.number)).toEqual([
      { purpose: 'Placement of a term deposit', direction: 'OUT', amount: '10000.00', balance: '2000.00', recipient: deposit.number },
      { purpose: 'Deposit account opening', direction: 'OUT', amount: '500.00', balance: '1500.00', recipient: '' },
    ]);
    expect(await listDeposits(context, client)).toEqual([deposit]);
  });

  it('refuses with 422 INSUFFICIENT_FUNDS when the account cannot pay principal and fee, writing nothing', async () => {
    clock.set(OPENING);
    const client = await clientIdentifiedAt(context, '2025-06-01T10:00:00Z');
    const account = await openTestAccount(context, client, 'EUR', '10499.99');
    const before = await countRows(client.id);
    const key = randomUUID();
    const refused = await createDeposit(context, client, termsOf(account.number), key);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await countRows(client.id)).toEqual(before);
    expect(await statementOf(client, account.number)).toHaveLength(0);
    expect(await listDeposits(context, client)).toEqual([]);
    // The refusal gave its key back: once the account can pay, the same key opens the deposit.
    await fundLedgerAccount(context.db, await ledgerAccountIdOf(account.number), 'EUR', '0.01');
    const opened = await createDeposit(context, client, termsOf(account.number), key);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['idempotent-replayed']).toBeUndefined();
    expect(await ledgerBalancesOf(context, opened.json<Deposit>().id)).toEqual({ deposit: '10000.00', account: '0.00' });
  });
});

describe('confirming what was quoted', () => {
  const confirmationOf = (quote: DepositQuote) => ({
    rateBasisPoints: quote.rateBasisPoints,
    openingDate: quote.openingDate,
    openingFee: quote.openingFee.amount,
    totalInterest: quote.totalInterest,
  });

  it('opens on the quote confirmed; refuses with the new quote (409) when the rates or the day changed since, writing nothing', async () => {
    clock.set('2026-01-31T22:59:00Z');
    const client = await clientIdentifiedAt(context, '2025-06-01T10:00:00Z');
    const account = await openTestAccount(context, client, 'EUR', '25000.00');
    const quote = (await quoteDeposit(context, client, termsOf(account.number))).json<DepositQuote>();

    // A new rate table is approved between the quote and the confirmation.
    await context.db.insertInto('deposit_rate_versions').values({ rates: JSON.stringify({ withHistory: { EUR: 1100, USD: 1200 }, withoutHistory: { EUR: 500, USD: 1100 } }) }).execute();
    const before = await countRows(client.id);
    const changed = await createDeposit(context, client, { ...termsOf(account.number), expected: confirmationOf(quote) }, randomUUID());
    expect(changed.statusCode, changed.body).toBe(409);
    const body = changed.json<{ code: string; details: { reason: string; quote: DepositQuote } }>();
    expect(body.details.reason).toBe('quoteChanged');
    expect(body.details.quote).toMatchObject({ rateBasisPoints: 500, rate: '5.00', totalInterest: '121.92', openingDate: '2026-01-31' });
    expect(await countRows(client.id)).toEqual(before);

    // The bank's day turns before the new quote is confirmed: its dates are not today's any more.
    clock.set('2026-02-01T00:01:00Z');
    const lateDay = await createDeposit(context, client, { ...termsOf(account.number), expected: confirmationOf(body.details.quote) }, randomUUID());
    expect(lateDay.statusCode, lateDay.body).toBe(409);
    const today = lateDay.json<{ details: { quote: DepositQuote } }>().details.quote;
    expect(today).toMatchObject({ openingDate: '2026-02-01', maturityDate: '2026-05-01' });
    expect(await countRows(client.id)).toEqual(before);

    // Confirmed as quoted, it opens exactly on those figures.
    const opened = await createDeposit(context, client, { ...termsOf(account.number), expected: confirmationOf(today) }, randomUUID());
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<Deposit>()).toMatchObject({ rateBasisPoints: 500, openingDate: '2026-02-01', totalInterest: today.totalInterest });
    await context.db.deleteFrom('deposit_rate_versions').execute();
  });

  it('closes on the close quote confirmed; refuses with the new one (409) once the day turned, closing nothing', async () => {
    clock.set(OPENING);
    const client = await clientIdentifiedAt(context, '2025-06-01T10:00:00Z');
    const account = await openTestAccount(context, client, 'EUR', '12000.00');
    const deposit = await openedDeposit(context, client, termsOf(account.number));
    clock.set('2026-02-10T09:00:00Z');
    const quote = (await context.app.inject({ method: 'GET', url: '/api/deposit/close-quote', headers: client.headers, query: { depositId: deposit.id } })).json<DepositCloseQuote>();
    clock.set('2026-02-11T09:00:00Z');
    const expected = { closingDate: quote.closingDate, forfeitedInterest: quote.forfeitedInterest };
    const changed = await context.app.inject({ method: 'POST', url: '/api/deposit/close', headers: client.headers, payload: { depositId: deposit.id, expected } });
    expect(changed.statusCode, changed.body).toBe(409);
    const fresh = changed.json<{ details: { reason: string; quote: DepositCloseQuote } }>().details;
    expect(fresh.reason).toBe('quoteChanged');
    // One more day of interest at 10 % on 10,000.00: 11 days = 30.136… → 30.14.
    expect(fresh.quote).toMatchObject({ closingDate: '2026-02-11', forfeitedInterest: '30.14' });
    expect((await listDeposits(context, client)).find((listed) => listed.id === deposit.id)?.status).toBe('Active');
    const closed = await context.app.inject({
      method: 'POST',
      url: '/api/deposit/close',
      headers: client.headers,
      payload: { depositId: deposit.id, expected: { closingDate: fresh.quote.closingDate, forfeitedInterest: fresh.quote.forfeitedInterest } },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<Deposit>()).toMatchObject({ status: 'ClosedEarly', forfeitedInterest: '30.14' });
  });
});

describe('closing early', () => {
  let client: TestClient;
  let accountNumber: string;
  let deposit: Deposit;
  beforeAll(async () => {
    clock.set(OPENING);
    client = await clientIdentifiedAt(context, '2025-06-01T10:00:00Z');
    accountNumber = (await openTestAccount(context, client, 'EUR', '12000.00')).number;
    deposit = await openedDeposit(context, client, termsOf(accountNumber));
  });

  it('quotes and closes on 10 March: the February payout is made first, 27.40 accrued since is forfeited, the principal returns', async () => {
    clock.set('2026-03-10T09:00:00Z');
    const quote = await context.app.inject({ method: 'GET', url: '/api/deposit/close-quote', headers: client.headers, query: { depositId: deposit.id } });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json<DepositCloseQuote>()).toEqual({
      depositId: deposit.id,
      closingDate: '2026-03-10',
      currency: 'EUR',
      principal: '10000.00',
      // 38 days 104.109… → 104.11, less the 76.71 paid on 28 February.
      forfeitedInterest: '27.40',
      returned: '10000.00',
      accountNumber,
    });
    const listed = (await listDeposits(context, client))[0]!;
    expect(listed).toMatchObject({ accruedInterest: '27.40', interestPaid: '0.00', nextPayout: { date: '2026-02-28', amount: '76.71' } });

    const key = randomUUID();
    const closed = await context.app.inject({ method: 'POST', url: '/api/deposit/close', headers: { ...client.headers, 'idempotency-key': key }, payload: { depositId: deposit.id } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<Deposit>()).toMatchObject({
      status: 'ClosedEarly',
      closedOn: '2026-03-10',
      forfeitedInterest: '27.40',
      accruedInterest: '0.00',
      interestPaid: '76.71',
      nextPayout: null,
    });
    expect(closed.json<Deposit>().payouts.map((payout) => payout.paid)).toEqual([true, false, false]);
    expect(await statementOf(client, accountNumber)).toEqual(
      [
        ['Placement of a term deposit', 'OUT', '10000.00', '2000.00'],
        ['Deposit account opening', 'OUT', '500.00', '1500.00'],
        ['Interest on a term deposit', 'IN', '76.71', '1576.71'],
        ['Early closing of a term deposit', 'IN', '10000.00', '11576.71'],
      ].map(([purpose, direction, amount, balance]) => expect.objectContaining({ purpose, direction, amount, balance })),
    );
    expect(await ledgerBalancesOf(context, deposit.id)).toEqual({ deposit: '0.00', account: '11576.71' });
    // Replayed with its key, the closing answers the same and moves nothing again.
    const replay = await context.app.inject({ method: 'POST', url: '/api/deposit/close', headers: { ...client.headers, 'idempotency-key': key }, payload: { depositId: deposit.id } });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await ledgerBalancesOf(context, deposit.id)).toEqual({ deposit: '0.00', account: '11576.71' });
  });

  it('refuses to close a deposit closed already (409), and its quote', async () => {
    const again = await context.app.inject({ method: 'POST', url: '/api/deposit/close', headers: client.headers, payload: { depositId: deposit.id } });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', details: { status: 'ClosedEarly' } });
    const quote = await context.app.inject({ method: 'GET', url: '/api/deposit/close-quote', headers: client.headers, query: { depositId: deposit.id } });
    expect(quote.statusCode).toBe(409);
    expect(await ledgerBalancesOf(context, deposit.id)).toEqual({ deposit: '0.00', account: '11576.71' });
  });

  it('refuses to close on the maturity date: the bank returns it that day (409)', async () => {
    clock.set(OPENING);
    const running = await openedDeposit(context, client, termsOf(accountNumber, { amount: '10000' }));
    clock.set('2026-04-30T09:00:00Z');
    const refused = await context.app.inject({ method: 'POST', url: '/api/deposit/close', headers: client.headers, payload: { depositId: running.id } });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ details: { reason: 'matured' } });
    expect(await ledgerBalancesOf(context, running.id)).toMatchObject({ deposit: '10000.00' });
  });

  it("answers 404 for another client's deposit, and for none", async () => {
    clock.set('2026-03-10T09:00:00Z');
    const other = await clientIdentifiedAt(context, '2025-06-01T10:00:00Z');
    const otherAccount = await openTestAccount(context, other, 'EUR', '11000.00');
    clock.set(OPENING);
    const theirs = await openedDeposit(context, other, termsOf(otherAccount.number));
    clock.set('2026-03-10T09:00:00Z');
    for (const depositId of [theirs.id, randomUUID()]) {
      const close = await context.app.inject({ method: 'POST', url: '/api/deposit/close', headers: client.headers, payload: { depositId } });
      expect(close.statusCode, close.body).toBe(404);
      const quote = await context.app.inject({ method: 'GET', url: '/api/deposit/close-quote', headers: client.headers, query: { depositId } });
      expect(quote.statusCode, quote.body).toBe(404);
    }
    expect((await listDeposits(context, client)).map((listed) => listed.id)).not.toContain(theirs.id);
    expect(await ledgerBalancesOf(context, theirs.id)).toEqual({ deposit: '10000.00', account: '500.00' });
    const malformed = await context.app.inject({ method: 'POST', url: '/api/deposit/close', headers: client.headers, payload: { depositId: 'not-an-id' } });
    expect(malformed.statusCode).toBe(400);
  });
});

describe("a deposit's movements in the back office", () => {
  it('are not reversed: the deposit is closed instead (409)', async () => {
    clock.set(OPENING);
    const client = await clientIdentifiedAt(context, '2025-06-01T10:00:00Z');
    const account = await openTestAccount(context, client, 'EUR', '11000.00');
    const deposit = await openedDeposit(context, client, termsOf(account.number));
    const placement = await context.db.selectFrom('operations').select('number').where('client_id', '=', client.id).where('kind', '=', 'deposit').executeTakeFirstOrThrow();
    const maker = await createSignedInOperator(context, ['payments']);
    const refused = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/reversals',
      headers: maker.headers,
      payload: { transactionNumber: placement.number, reason: 'Placed by mistake' },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', details: { reason: 'isDeposit' } });
    expect(await ledgerBalancesOf(context, deposit.id)).toEqual({ deposit: '10000.00', account: '500.00' });
  });
});
