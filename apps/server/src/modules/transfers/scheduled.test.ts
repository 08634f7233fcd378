// Proves payments on their date with the bank's clock held still and moved by hand: a transfer
// dated Monday moves and holds nothing before Monday (balances, list, statement), is booked on
// Monday at the payments hour, or on the first run after it when nothing ran; dates in the past or
// more than a year ahead are refused on their field; a short balance on the date fails with the
// reason and a mail in the client's language; one abroad is held with its fee quoted on the rates
// of its date for the bank, and waits Scheduled while they are stale; a cancel is free; runs at once
// book each transfer once; and one whose runs keep failing is Failed after a few.
import type { Account, StatementPage, TransactionRecord } from '@bank/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { jobContextOf, createTestContext, type TestContext } from '../../test/harness';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { fixedClock, type JobContext } from '../jobs';
import { closeCheckingLedger } from '../ledger/test-context';
import { deliverWaitingMail } from '../mail';
import { markRatesLoaded } from '../rates';
import { cancelScheduledTransfer, MAX_SCHEDULED_RUN_ATTEMPTS, runDueScheduledTransfers, runScheduledTransfersJob } from './scheduled';
import { TEST_RECIPIENT_DETAILS, transferIdOf } from './test-support';

// Wednesday 2 December 2037, 10:00 in the bank's zone (UTC); the payments hour is 06:00. Years ahead of
// the real clock, which the database books by: every row it books comes before the bank's clock here.
const clock = fixedClock('2037-12-02T10:00:00Z');
const MONDAY = '2037-12-07';

let context: TestContext;
let jobs: JobContext;
beforeAll(async () => {
  // The clock stands wherever the tests put it, far from when the rates were loaded: they stay usable.
  const { time } = loadConfig({ NODE_ENV: 'test' });
  context = await createTestContext({ time: { ...time, ratesMaxAgeHours: Number.MAX_SAFE_INTEGER } }, { clock });
  jobs = jobContextOf(context, clock);
});
afterAll(() => closeCheckingLedger(context));

function create(client: TestClient, payload: object) {
  return context.app.inject({ method: 'POST', url: '/api/transaction/create', headers: client.headers, payload });
}

async function list(client: TestClient): Promise<TransactionRecord[]> {
  const response = await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers: client.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TransactionRecord[]>();
}

/** The statement as a file: CSV lists every row, the bank formats booked movements only. */
async function statementFile(client: TestClient, accountNumber: string, format: 'csv' | 'camt053' | 'mt940'): Promise<string> {
  const response = await context.app.inject({ method: 'GET', url: `/api/statement?accountNumber=${accountNumber}&format=${format}`, headers: client.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

async function statement(client: TestClient, accountNumber: string): Promise<StatementPage> {
  const response = await context.app.inject({ method: 'GET', url: `/api/statement?accountNumber=${accountNumber}&limit=50`, headers: client.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatementPage>();
}

const internal = (from: Account, to: Account, amount: string, transferDate?: string) => ({
  type: 'internal',
  accNumberFrom: from.number,
  accNumberTo: to.number,
  fullName: 'Anna Petrova',
  amount,
  reference: 'Rent',
  ...(transferDate ? { transferDate } : {}),
});

const abroad = (from: Account, amount: string, paymentDate?: string) => ({
  type: 'international',
  paymentRegions: 'SWIFT',
  fromAccount: from.number,
  amount,
  purpose: 'Payment for services',
  recipientDetails: TEST_RECIPIENT_DETAILS,
  ...(paymentDate ? { paymentDate } : {}),
});

/** A payer with an EUR account funded from outside the bank (nothing, with null), and a payee's empty one. */
async function payerAndPayee(fund: string | null = '1000.00') {
  const payer = await createSignedInClient(context);
  const payee = await createSignedInClient(context);
  return { payer, payee, from: await openTestAccount(context, payer, 'EUR', fund ?? undefined), to: await openTestAccount(context, payee, 'EUR') };
}

async function statusOf(transactionNumber: string) {
  return context.db
    .selectFrom('operations')
    .select([
      'status',
      'status_reason',
      sql<string | null>`details ->> 'holdId'`.as('hold_id'),
      sql<number | null>`(details #>> '{thresholds,approvalsRequired}')::int`.as('approvals_required'),
    ])
    .where('number', '=', transactionNumber)
    .executeTakeFirstOrThrow();
}

/** The runs of a Scheduled transfer that failed for a reason of the bank's, as its schedule counts them. */
async function runAttemptsOf(transferId: string): Promise<number> {
  const row = await context.db.selectFrom('operations').select(sql<number>`(details #>> '{schedule,runAttempts}')::int`.as('attempts')).where('id', '=', transferId).executeTakeFirstOrThrow();
  return row.attempts;
}

/** Every test starts on Wednesday morning; the sweep runs wherever the test moves the clock. */
function at(instant: string) {
  clock.set(instant);
}

describe('a transfer dated after today', () => {
  it('moves nothing before its date and is booked on that date at the payments hour', async () => {
    at('2037-12-02T10:00:00Z');
    // Funded by a transfer (a row on the statement), so the bank formats' entries add up to its turnovers.
    const { payer, payee, from, to } = await payerAndPayee(null);
    const funder = await payerAndPayee('1000.00');
    expect((await create(funder.payer, internal(funder.from, from, '1000.00'))).statusCode).toBe(200);
    const response = await create(payer, internal(from, to, '250.00', MONDAY));
    expect(response.statusCode, response.body).toBe(200);

    const [row] = await list(payer);
    expect(row).toMatchObject({ transactionStatus: 'Scheduled', paymentDate: MONDAY, amount: '250.00', balance: '1000.00', direction: 'OUT', statusReason: null });
    expect(await list(payee)).toEqual([]);
    const page = await statement(payer, from.number);
    expect(page.rows).toHaveLength(2);
    expect(page.rows[0]).toMatchObject({ status: 'Scheduled', creditTurnover: '0.00', debitTurnover: '0.00', balance: '1000.00' });
    expect(page.accounts?.[0]).toMatchObject({ closingBalance: '1000.00', debitTurnover: '0.00' });
    const csvLine = (await statementFile(payer, from.number, 'csv')).split('\n').find((line) => line.includes(row!.transactionNumber));
    expect(csvLine).toMatch(/Scheduled/);
    expect(csvLine).toMatch(/,0\.00,0\.00,1000\.00/);
    for (const format of ['camt053', 'mt940'] as const) expect(await statementFile(payer, from.number, format)).not.toContain(row!.transactionNumber);

    for (const before of ['2037-12-06T23:59:00Z', '2037-12-07T05:59:59Z']) {
      at(before);
      await runDueScheduledTransfers(jobs);
      expect((await statusOf(row!.transactionNumber)).status).toBe('Scheduled');
      expect(await listedAccount(context, payer, from.number)).toMatchObject({ balance: '1000.00', bookedBalance: '1000.00' });
    }

    at('2037-12-07T06:00:00Z');
    await runScheduledTransfersJob.run(jobs, {});
    expect((await statusOf(row!.transactionNumber)).status).toBe('Approved');
    expect((await listedAccount(context, payer, from.number)).balance).toBe('750.00');
    expect((await listedAccount(context, payee, to.number)).balance).toBe('250.00');
    expect((await list(payer))[0]).toMatchObject({ transactionNumber: row!.transactionNumber, transactionStatus: 'Approved', balance: '750.00', paymentDate: MONDAY });
    expect(await list(payee)).toMatchObject([{ transactionNumber: row!.transactionNumber, direction: 'IN', transactionStatus: 'Approved', balance: '250.00' }]);
    const booked = await statement(payer, from.number);
    expect(booked.rows[0]).toMatchObject({ status: 'Approved', debitTurnover: '250.00', balance: '750.00', openingBalance: '1000.00' });
    expect(booked.accounts?.[0]).toMatchObject({ closingBalance: '750.00', debitTurnover: '250.00' });
    for (const format of ['camt053', 'mt940'] as const) expect(await statementFile(payer, from.number, format)).toContain(row!.transactionNumber);

    // Run again (a second tick, a retry): nothing more moves.
    await runScheduledTransfersJob.run(jobs, {});
    expect((await listedAccount(context, payer, from.number)).balance).toBe('750.00');
    const audit = await context.db.selectFrom('audit_log').select('action').where('subject_id', '=', await transferIdOf(context.db, row!.transactionNumber)).orderBy('id').execute();
    expect(audit.map((entry) => entry.action)).toEqual(['transfer.create.internal', 'transfer.approved']);
  });

  it('is booked on the first run after its date when nothing ran on it', async () => {
    at('2037-12-02T10:00:00Z');
    const { payer, from, to } = await payerAndPayee();
    expect((await create(payer, internal(from, to, '100.00', MONDAY))).statusCode).toBe(200);
    at('2037-12-10T12:00:00Z');
    await runDueScheduledTransfers(jobs);
    const [row] = await list(payer);
    expect(row).toMatchObject({ transactionStatus: 'Approved', balance: '900.00' });
  });

  it('is made at once when dated today, and refused on its field when past or more than a year ahead', async () => {
    at('2037-12-02T10:00:00Z');
    const { payer, from, to } = await payerAndPayee();
    expect((await create(payer, internal(from, to, '1.00', '2037-12-02'))).statusCode).toBe(200);
    expect((await list(payer))[0]).toMatchObject({ transactionStatus: 'Approved', paymentDate: '2037-12-02' });

    const refusals: Array<[object, string, string]> = [
      [internal(from, to, '1.00', '2037-12-01'), 'transferDate', 'validation.date.past'],
      [internal(from, to, '1.00', '2038-12-03'), 'transferDate', 'validation.date.tooFar'],
      [abroad(from, '1.00', '2037-11-30'), 'paymentDate', 'validation.date.past'],
      [abroad(from, '1.00', '2999-01-01'), 'paymentDate', 'validation.date.tooFar'],
    ];
    for (const [payload, field, key] of refusals) {
      const response = await create(payer, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: key } });
    }
    // A year ahead to the day is the last date allowed.
    expect((await create(payer, internal(from, to, '1.00', '2038-12-02'))).statusCode).toBe(200);
    expect((await list(payer))[0]).toMatchObject({ transactionStatus: 'Scheduled', paymentDate: '2038-12-02' });
  });

  it('is checked when it is scheduled like a transfer made now', async () => {
    at('2037-12-02T10:00:00Z');
    const { payer, from } = await payerAndPayee();
    const toItself = await create(payer, { ...internal(from, from, '1.00', MONDAY) });
    expect(toItself.statusCode).toBe(400);
    expect(toItself.json()).toMatchObject({ fields: { accNumberTo: 'validation.accNumberTo.sameAccount' } });
    const sepaInDollars = await create(payer, { ...abroad(from, '1.00', MONDAY), paymentRegions: 'SEPA', fromAccount: (await openTestAccount(context, payer, 'USD', '10.00')).number });
    expect(sepaInDollars.statusCode).toBe(400);
    expect(await context.db.selectFrom('operations').select('id').where('client_id', '=', payer.id).execute()).toEqual([]);
  });
});

describe('a scheduled transfer that cannot be paid on its date', () => {
  it('fails with the reason the client sees and a mail in its language', async () => {
    at('2037-12-02T10:00:00Z');
    const english = await payerAndPayee('300.00');
    const russian = await payerAndPayee('300.00');
    await context.db.updateTable('clients').set({ language: 'ru' }).where('id', '=', russian.payer.id).execute();
    for (const { payer, from, to } of [english, russian]) {
      expect((await create(payer, internal(from, to, '250.00', MONDAY))).statusCode).toBe(200);
      // Spent meanwhile: on Monday only 100.00 is left.
      expect((await create(payer, internal(from, to, '200.00'))).statusCode).toBe(200);
    }
    context.mails.length = 0;
    at('2037-12-07T06:05:00Z');
    expect(await runDueScheduledTransfers(jobs)).toMatchObject({ Failed: 2 });

    for (const { payer, payee, from, to } of [english, russian]) {
      const [failed] = (await list(payer)).filter((row) => row.transactionStatus === 'Failed');
      expect(failed).toMatchObject({ amount: '250.00', balance: '300.00', statusReason: 'insufficientFunds', paymentDate: MONDAY });
      expect((await listedAccount(context, payer, from.number)).balance).toBe('100.00');
      expect((await listedAccount(context, payee, to.number)).balance).toBe('200.00');
      const transferId = await transferIdOf(context.db, failed!.transactionNumber);
      const audit = await context.db.selectFrom('audit_log').select(['action', 'actor_type', 'after']).where('subject_id', '=', transferId).where('action', '=', 'transfer.failed').execute();
      expect(audit).toMatchObject([{ actor_type: 'system', after: { status: 'Failed', reason: 'insufficientFunds' } }]);
    }
    await deliverWaitingMail(context.deps);
    const mailTo = async (client: TestClient) => {
      const { email } = await context.db.selectFrom('clients').select('email').where('id', '=', client.id).executeTakeFirstOrThrow();
      return context.mails.filter((mail) => mail.to === email);
    };
    const [toEnglish] = await mailTo(english.payer);
    expect(toEnglish?.subject).toMatch(/^Scheduled transfer no\. \d+ was not made/);
    expect(toEnglish?.text).toContain('250.00 EUR');
    expect(toEnglish?.text).toContain('not enough funds');
    const [toRussian] = await mailTo(russian.payer);
    expect(toRussian?.subject).toMatch(/^Запланированный перевод № \d+ не выполнен/);
    expect(toRussian?.text).toContain('07.12.2037');
    expect(toRussian?.text).toContain('недостаточно средств');
  });
});

describe('a scheduled transfer abroad', () => {
  it('holds nothing before its date, then is held with its fee and waits for the bank', async () => {
    at('2037-12-02T10:00:00Z');
    const { payer, from } = await payerAndPayee();
    const response = await create(payer, abroad(from, '100.00', MONDAY));
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await list(payer);
    expect(row).toMatchObject({ transactionStatus: 'Scheduled', paymentDate: MONDAY, balance: '1000.00' });
    expect(await listedAccount(context, payer, from.number)).toMatchObject({ balance: '1000.00', bookedBalance: '1000.00' });
    expect(await statusOf(row!.transactionNumber)).toMatchObject({ hold_id: null, approvals_required: null });

    at('2037-12-07T06:00:00Z');
    expect(await runDueScheduledTransfers(jobs)).toMatchObject({ New: 1 });
    const fee = Number(row!.fee);
    expect(fee).toBeGreaterThan(0);
    expect(await listedAccount(context, payer, from.number)).toMatchObject({ bookedBalance: '1000.00', balance: (1000 - 100 - fee).toFixed(2) });
    const stored = await statusOf(row!.transactionNumber);
    expect(stored).toMatchObject({ status: 'New', approvals_required: 1 });
    expect(stored.hold_id).not.toBeNull();
    expect((await list(payer))[0]).toMatchObject({ transactionNumber: row!.transactionNumber, transactionStatus: 'New' });
  });
});

describe('canceling a scheduled transfer', () => {
  it('is free, moves nothing, and only the client’s own Scheduled transfer can be', async () => {
    at('2037-12-02T10:00:00Z');
    const { payer, payee, from, to } = await payerAndPayee();
    expect((await create(payer, internal(from, to, '300.00', MONDAY))).statusCode).toBe(200);
    const [row] = await list(payer);
    const transferId = await transferIdOf(context.db, row!.transactionNumber);

    await expect(context.deps.db.transaction().execute((trx) => cancelScheduledTransfer(trx, payee.id, transferId))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await context.deps.db.transaction().execute((trx) => cancelScheduledTransfer(trx, payer.id, transferId));
    await expect(context.deps.db.transaction().execute((trx) => cancelScheduledTransfer(trx, payer.id, transferId))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await list(payer))[0]).toMatchObject({ transactionStatus: 'Canceled', fee: '0.00', balance: '1000.00' });

    at('2037-12-07T07:00:00Z');
    await runDueScheduledTransfers(jobs);
    expect(await listedAccount(context, payer, from.number)).toMatchObject({ balance: '1000.00', bookedBalance: '1000.00' });
    expect(await list(payee)).toEqual([]);
  });
});

describe('runs at once', () => {
  it('book each due transfer once', async () => {
    at('2037-12-02T10:00:00Z');
    const pairs = await Promise.all([1, 2, 3].map(() => payerAndPayee('100.00')));
    for (const { payer, from, to } of pairs) {
      for (const amount of ['30.00', '30.00', '30.00']) expect((await create(payer, internal(from, to, amount, MONDAY))).statusCode).toBe(200);
    }
    at('2037-12-08T06:00:00Z');
    await Promise.all([runDueScheduledTransfers(jobs), runDueScheduledTransfers(jobs), runDueScheduledTransfers(jobs)]);
    // Whatever ran where, each transfer is booked once: 90.00 left each payer, 90.00 reached each payee.
    for (const { payer, payee, from, to } of pairs) {
      expect((await listedAccount(context, payer, from.number)).balance).toBe('10.00');
      expect((await listedAccount(context, payee, to.number)).balance).toBe('90.00');
      expect((await list(payee)).filter((row) => row.direction === 'IN')).toHaveLength(3);
    }
    expect(await runDueScheduledTransfers(jobs)).toEqual({ Approved: 0, New: 0, Failed: 0 });
  });
});

describe('a scheduled transfer abroad on the rates of its date', () => {
  // An operator's rate over the snapshot's, taken away after.
  async function setUsdRate(perEur: string): Promise<void> {
    await context.db
      .insertInto('fx_rates')
      .values({ currency: 'USD', per_eur: perEur, source: 'operator' })
      .onConflict((conflict) => conflict.column('currency').doUpdateSet({ per_eur: perEur }))
      .execute();
  }

  it('is held with its fee quoted again on the rates of the day it runs', async () => {
    at('2037-12-02T10:00:00Z');
    const payer = await createSignedInClient(context);
    const from = await openTestAccount(context, payer, 'USD', '1000.00');
    try {
      await setUsdRate('1');
      expect((await create(payer, abroad(from, '100.00', MONDAY))).statusCode).toBe(200);
      const [scheduled] = await list(payer);
      // The 50 EUR minimum at 1 USD per EUR.
      expect(scheduled).toMatchObject({ transactionStatus: 'Scheduled', fee: '50.00' });
      // By Monday the euro costs 2 USD: the minimum is 100 USD.
      await setUsdRate('2');
      at('2037-12-07T06:00:00Z');
      expect(await runDueScheduledTransfers(jobs)).toMatchObject({ New: 1 });
    } finally {
      await context.db.deleteFrom('fx_rates').where('currency', '=', 'USD').execute();
    }
    const [held] = await list(payer);
    expect(held).toMatchObject({ transactionStatus: 'New', fee: '100.00' });
    expect(await listedAccount(context, payer, from.number)).toMatchObject({ bookedBalance: '1000.00', balance: '800.00' });
    const transferId = await transferIdOf(context.db, held!.transactionNumber);
    const { fee } = await context.db.selectFrom('operations').select('fee').where('id', '=', transferId).executeTakeFirstOrThrow();
    expect(String(fee)).toBe('100.00');
    const audit = await context.db.selectFrom('audit_log').select('after').where('subject_id', '=', transferId).where('action', '=', 'transfer.new').execute();
    expect(audit).toMatchObject([{ after: { fee: '100.00', scheduledFee: '50.00' } }]);
  });

  it('waits Scheduled while the rates are stale, the others running, and is held once fresh ones are loaded', async () => {
    at('2037-12-02T10:00:00Z');
    const { payer, from, to } = await payerAndPayee();
    expect((await create(payer, abroad(from, '100.00', MONDAY))).statusCode).toBe(200);
    expect((await create(payer, internal(from, to, '10.00', MONDAY))).statusCode).toBe(200);
    const abroadRow = (await list(payer)).find((row) => row.amount === '100.00');
    // Rates loaded on Tuesday are six days old on Monday: more than 96 hours.
    const strict = { ...jobs, config: { ...jobs.config, time: { ...jobs.config.time, ratesMaxAgeHours: 96 } } };
    await markRatesLoaded(context.db, new Date('2037-12-01T16:00:00Z'));
    at('2037-12-07T06:05:00Z');
    await expect(runDueScheduledTransfers(strict)).rejects.toThrow(/1 scheduled transfers did not run/);
    expect(await statusOf(abroadRow!.transactionNumber)).toMatchObject({ status: 'Scheduled', hold_id: null });
    expect(await runAttemptsOf(await transferIdOf(context.db, abroadRow!.transactionNumber))).toBe(0);
    // The internal one needs no rates: booked all the same.
    expect(await listedAccount(context, payer, from.number)).toMatchObject({ balance: '990.00', bookedBalance: '990.00' });

    await markRatesLoaded(context.db, new Date('2037-12-07T05:00:00Z'));
    at('2037-12-07T06:10:00Z');
    expect(await runDueScheduledTransfers(strict)).toEqual({ Approved: 0, New: 1, Failed: 0 });
    expect(await statusOf(abroadRow!.transactionNumber)).toMatchObject({ status: 'New' });
  });
});

describe('a scheduled transfer whose run keeps failing for a reason of the bank’s', () => {
  it('stays Scheduled for the next runs, the others running, then is Failed (refused), audited and mailed', async () => {
    at('2037-12-02T10:00:00Z');
    const broken = await payerAndPayee();
    const healthy = await payerAndPayee();
    expect((await create(broken.payer, internal(broken.from, broken.to, '10.00', MONDAY))).statusCode).toBe(200);
    expect((await create(healthy.payer, internal(healthy.from, healthy.to, '10.00', MONDAY))).statusCode).toBe(200);
    const [row] = await list(broken.payer);
    const transferId = await transferIdOf(context.db, row!.transactionNumber);
    // A stored request that no longer reads as one: every run of it throws.
    await sql`update operations set details = jsonb_set(details, '{schedule,request}', ${JSON.stringify({ type: 'internal' })}::jsonb) where id = ${transferId}::uuid`.execute(context.db);
    context.mails.length = 0;

    at('2037-12-07T06:05:00Z');
    for (let attempt = 1; attempt < MAX_SCHEDULED_RUN_ATTEMPTS; attempt += 1) {
      await expect(runDueScheduledTransfers(jobs)).rejects.toThrow(/1 scheduled transfers did not run/);
      expect((await context.db.selectFrom('operations').select('status').where('id', '=', transferId).executeTakeFirstOrThrow()).status).toBe('Scheduled');
      expect(await runAttemptsOf(transferId)).toBe(attempt);
    }
    expect(await listedAccount(context, healthy.payer, healthy.from.number)).toMatchObject({ balance: '990.00' });

    expect(await runDueScheduledTransfers(jobs)).toEqual({ Approved: 0, New: 0, Failed: 1 });
    expect((await list(broken.payer))[0]).toMatchObject({ transactionStatus: 'Failed', statusReason: 'refused', balance: '1000.00' });
    expect(await listedAccount(context, broken.payer, broken.from.number)).toMatchObject({ balance: '1000.00', bookedBalance: '1000.00' });
    const audit = await context.db.selectFrom('audit_log').select(['actor_type', 'after']).where('subject_id', '=', transferId).where('action', '=', 'transfer.failed').execute();
    expect(audit).toMatchObject([{ actor_type: 'system', after: { status: 'Failed', reason: 'refused' } }]);
    await deliverWaitingMail(context.deps);
    const [mail] = context.mails.filter((sent) => sent.to === broken.payer.email);
    expect(mail?.text).toContain('the bank’s rules no longer allowed it');
    expect(await runDueScheduledTransfers(jobs)).toEqual({ Approved: 0, New: 0, Failed: 0 });
  });
});
