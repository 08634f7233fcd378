// Proves that a statement row carries its own transfer's facts, as the transfer list does: the date a
// Scheduled transfer runs on, the reason a Denied or Failed one did not go through (none for any
// other row), on the page the screen reads; and that a fee of the bank's own, stored under its
// English name, reads in Russian in a Russian PDF statement while the CSV keeps the stored text.
import { randomUUID } from 'node:crypto';
import type { Account, StatementPage, TransactionRecord } from '@bank/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { jobContextOf, createTestContext, type TestContext } from '../../test/harness';
import { openTestAccount } from '../accounts/test-support';
import { fixedClock, type JobContext } from '../jobs';
import { closeCheckingLedger } from '../ledger/test-context';
import { denyTransfer } from '../operations';
import { runDueScheduledTransfers } from '../transfers';
import { TEST_RECIPIENT_DETAILS, transferIdOf } from '../transfers/test-support';

// Wednesday 2 December 2037, 10:00 in the bank's zone (UTC); the payments hour is 06:00. Years ahead of
// the real clock, which the database books by: every row it books comes before the bank's clock here.
const clock = fixedClock('2037-12-02T10:00:00Z');
const MONDAY = '2037-12-07';

let context: TestContext;
let jobs: JobContext;
let payer: TestClient;
let from: Account;
let to: Account;
/** Transaction numbers: two dated Monday (one the balance cannot pay), one denied, one withdrawn, the withdrawal's fee. */
const op = { paid: '', short: '', denied: '', withdrawn: '', fee: '' };

beforeAll(async () => {
  const { time } = loadConfig({ NODE_ENV: 'test' });
  context = await createTestContext({ time: { ...time, ratesMaxAgeHours: Number.MAX_SAFE_INTEGER } }, { clock });
  jobs = jobContextOf(context, clock);
  payer = await createSignedInClient(context);
  const payee = await createSignedInClient(context);
  from = await openTestAccount(context, payer, 'EUR', '1000.00');
  to = await openTestAccount(context, payee, 'EUR');

  op.paid = await create({ type: 'internal', accNumberFrom: from.number, accNumberTo: to.number, fullName: 'Anna Petrova', amount: '250.00', reference: 'Rent', transferDate: MONDAY });
  op.short = await create({ type: 'internal', accNumberFrom: from.number, accNumberTo: to.number, fullName: 'Anna Petrova', amount: '5000.00', reference: 'Car', transferDate: MONDAY });
  op.denied = await create(abroad('100.00'));
  await context.db.transaction().execute(async (trx) => denyTransfer(trx, await transferIdOf(trx, op.denied), randomUUID(), 'Documents missing'));
  op.withdrawn = await create(abroad('100.00'));
  const withdrawal = await context.app.inject({ method: 'POST', url: '/api/transaction/cancel', headers: payer.headers, payload: { transactionNumber: op.withdrawn } });
  expect(withdrawal.statusCode, withdrawal.body).toBe(200);
  op.fee = (await list())[0]!.transactionNumber;
});
afterAll(() => closeCheckingLedger(context));

function abroad(amount: string) {
  return { type: 'international', paymentRegions: 'SWIFT', fromAccount: from.number, amount, purpose: 'Invoice', recipientDetails: TEST_RECIPIENT_DETAILS };
}

async function create(payload: object): Promise<string> {
  const response = await context.app.inject({ method: 'POST', url: '/api/transaction/create', headers: payer.headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return (await list())[0]!.transactionNumber;
}

async function list(): Promise<TransactionRecord[]> {
  const response = await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers: payer.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TransactionRecord[]>();
}

async function statement(): Promise<StatementPage> {
  const response = await context.app.inject({ method: 'GET', url: `/api/statement?accountNumber=${from.number}&limit=50`, headers: payer.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatementPage>();
}

function statementFile(query: Record<string, string>) {
  return context.app.inject({ method: 'GET', url: '/api/statement', headers: payer.headers, query: { accountNumber: from.number, ...query } });
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Each row's date and reason by transaction number. */
const factsOf = (rows: ReadonlyArray<{ transactionNumber: string; paymentDate: string | null; statusReason: string | null }>) =>
  Object.fromEntries(rows.map((row) => [row.transactionNumber, { paymentDate: row.paymentDate, statusReason: row.statusReason }]));

describe('a statement row', () => {
  it('carries the date a scheduled transfer runs on and the reason a denied one did not go through', async () => {
    const page = await statement();
    const byNumber = new Map(page.rows.map((row) => [row.transactionNumber, row]));
    for (const scheduled of [op.paid, op.short]) expect(byNumber.get(scheduled)).toMatchObject({ status: 'Scheduled', paymentDate: MONDAY, statusReason: null });
    expect(byNumber.get(op.denied)).toMatchObject({ status: 'Denied', statusReason: 'Documents missing' });
    // A withdrawal is the client's own act: no reason to give.
    expect(byNumber.get(op.withdrawn)).toMatchObject({ status: 'Canceled', statusReason: null });
    expect(byNumber.get(op.fee)).toMatchObject({ status: 'Approved', paymentDate: null, statusReason: null, purpose: 'Withdrawal of a payment order' });
    expect(factsOf(page.rows)).toEqual(factsOf(await list()));
  });

  it('carries the reason a scheduled transfer failed on its date, as the transfer list does', async () => {
    clock.set(`${MONDAY}T06:00:00Z`);
    expect(await runDueScheduledTransfers(jobs)).toMatchObject({ Approved: 1, Failed: 1 });
    const page = await statement();
    const byNumber = new Map(page.rows.map((row) => [row.transactionNumber, row]));
    expect(byNumber.get(op.paid)).toMatchObject({ status: 'Approved', paymentDate: MONDAY, statusReason: null });
    expect(byNumber.get(op.short)).toMatchObject({ status: 'Failed', paymentDate: MONDAY, statusReason: 'insufficientFunds' });
    expect(factsOf(page.rows)).toEqual(factsOf(await list()));
  });
});

describe("a fee of the bank's own", () => {
  it('reads in the language of the PDF statement, and as stored in the CSV', async () => {
    const russian = await statementFile({ format: 'pdf', lang: 'ru' });
    expect(russian.statusCode).toBe(200);
    const ruText = await pdfText(russian.rawPayload);
    expect(ruText).toContain('Отзыв платёжного поручения');
    expect(ruText).not.toContain('Withdrawal of a payment order');
    expect(ruText).toContain('Invoice');

    const english = await statementFile({ format: 'pdf', lang: 'en' });
    expect(await pdfText(english.rawPayload)).toContain('Withdrawal of a payment order');

    const csv = await statementFile({ format: 'csv', lang: 'ru' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n').find((line) => line.includes(op.fee))).toContain('Withdrawal of a payment order');
  });
});
