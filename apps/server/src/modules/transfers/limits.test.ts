// Proves the limits on money: a transfer waiting for the bank keeps the EUR value and the approvals
// fixed when it was made, whatever an admin does to the rates afterwards; a client's transfers
// abroad and crypto transfers out are summed per day, so splitting a payment does not avoid two
// approvals (also when two are made at once, on PostgreSQL); and no money-moving operation may carry
// more than MAX_OPERATION_EUR, for clients and the back office alike.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { internationalTransferSchema, MAX_OPERATION_EUR, type TransactionRecord } from '@bank/contracts';
import { incomingPaymentRequestSchema } from '@bank/contracts/backoffice/incoming-payment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, onPostgres, type TestContext } from '../../test/harness';
import { createFourEyesOperators, type FourEyesOperators, type TestOperator } from '../../test/operators';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { bookCryptoDeposit } from '../crypto';
import { openTestWallet, sendCrypto } from '../crypto/test-support';
import { closeCheckingLedger } from '../ledger/test-context';
import { bookIncomingForOperator } from './incoming-review';
import { createInternationalTransfer } from './international';
import { approvalsNeeded, bankDayOf } from '../operations';
import { TEST_RECIPIENT_DETAILS } from './test-support';

const OUTSIDE_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

let context: TestContext;
let operators: FourEyesOperators;

beforeAll(async () => {
  context = await createTestContext();
  operators = await createFourEyesOperators(context);
});
afterAll(() => closeCheckingLedger(context));

function backoffice(operator: TestOperator, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  return context.app.inject({ method, url: `/api/backoffice/${url}`, headers: operator.headers, ...(payload === undefined ? {} : { payload }) });
}

function create(client: TestClient, payload: Record<string, unknown>) {
  return context.app.inject({ method: 'POST', url: '/api/transaction/create', headers: { ...client.headers, 'idempotency-key': randomUUID() }, payload });
}

function abroad(fromAccount: string, amount: string) {
  return { type: 'international', paymentRegions: 'SWIFT', fromAccount, amount, purpose: 'Invoice', recipientDetails: TEST_RECIPIENT_DETAILS };
}

/** Sends a transfer abroad through the API and answers its transaction number. */
async function sendAbroad(client: TestClient, fromAccount: string, amount: string): Promise<string> {
  const before = await pendingNumbers(client);
  const created = await create(client, abroad(fromAccount, amount));
  expect(created.statusCode, created.body).toBe(200);
  const [number] = (await pendingNumbers(client)).filter((candidate) => !before.includes(candidate));
  return number!;
}

async function pendingNumbers(client: TestClient): Promise<string[]> {
  const rows = (await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers: client.headers })).json<TransactionRecord[]>();
  return rows.filter((row) => row.transactionStatus === 'New' && row.direction === 'OUT').map((row) => row.transactionNumber);
}

async function reviewed(number: string) {
  const answer = await backoffice(operators.payments, 'GET', `transactions/${number}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/**
 * An admin sets a mid rate through PUT /rates; a change the back office holds for a second admin
 * (four eyes on re-pricing) is approved by one.
 */
async function setRate(pair: string, rate: string): Promise<void> {
  const set = await backoffice(operators.admin, 'PUT', 'rates', { pair, rate, reason: 'Rate test' });
  if (set.statusCode === 202) {
    const approved = await backoffice(operators.secondAdmin, 'POST', `approvals/${set.json().approval.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
  } else {
    expect(set.statusCode, set.body).toBe(200);
  }
  const listed = (await backoffice(operators.admin, 'GET', 'rates')).json().rates.find((row: { currency: string }) => row.currency === pair.slice(4));
  expect(listed).toMatchObject({ perEur: rate, source: 'operator' });
}

describe('the approval rule, as a table', () => {
  it('asks two approvals above 10,000 EUR alone, or once the day passes 10,000 EUR with it', () => {
    const cases: Array<[bigint, bigint | null, ReturnType<typeof approvalsNeeded>]> = [
      [1_000_000n, null, { approvalsRequired: 1, reason: null }],
      [1_000_000n, 0n, { approvalsRequired: 1, reason: null }],
      [1_000_001n, null, { approvalsRequired: 2, reason: 'amount' }],
      [1_000_001n, 0n, { approvalsRequired: 2, reason: 'amount' }],
      [990_000n, 0n, { approvalsRequired: 1, reason: null }],
      // Exactly 10,000.00 for the day is not past it; a cent more is.
      [10_000n, 990_000n, { approvalsRequired: 1, reason: null }],
      [10_001n, 990_000n, { approvalsRequired: 2, reason: 'dailyLimit' }],
      [990_000n, 990_000n, { approvalsRequired: 2, reason: 'dailyLimit' }],
      [1n, 5_000_000n, { approvalsRequired: 2, reason: 'dailyLimit' }],
      // A conversion is not summed per day: only its own amount counts.
      [990_000n, null, { approvalsRequired: 1, reason: null }],
      [2_000_000n, 5_000_000n, { approvalsRequired: 2, reason: 'amount' }],
    ];
    for (const [amountEurMinor, daySumBefore, expected] of cases) {
      expect(approvalsNeeded(amountEurMinor, daySumBefore), `${amountEurMinor} after ${daySumBefore}`).toEqual(expected);
    }
  });

  it('takes the bank day as the UTC day of the instant', () => {
    expect(bankDayOf('2026-11-21T23:59:59.999999Z')).toEqual({ start: new Date('2026-11-21T00:00:00Z'), end: new Date('2026-11-22T00:00:00Z') });
    expect(bankDayOf('2026-12-31T00:00:00.000000Z')).toEqual({ start: new Date('2026-12-31T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') });
  });
});

describe('approvals fixed when the transfer is made', () => {
  it('a transfer that needed two approvals still needs two after an admin moves the rate fivefold', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'USD', '60000.00');
    // 50,000 USD at the snapshot's 1.0823 USD per EUR is 46,197.91 EUR: two approvals.
    const number = await sendAbroad(client, account.number, '50000.00');
    expect(await reviewed(number)).toMatchObject({ amountEur: '46197.91', requiredApprovals: 2, approvalReason: 'amount' });

    // Five times as many dollars per euro: 50,000 USD would now be 9,239.58 EUR.
    await setRate('EUR/USD', '5.4115');
    try {
      expect(await reviewed(number)).toMatchObject({ amountEur: '46197.91', requiredApprovals: 2, approvalReason: 'amount' });
      const first = await backoffice(operators.payments, 'POST', `transactions/${number}/approve`);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ status: 'Processing', requiredApprovals: 2 });
      expect((await listedAccount(context, client, account.number)).bookedBalance).toBe('60000.00');
      const second = await backoffice(operators.secondPayments, 'POST', `transactions/${number}/approve`);
      expect(second.json()).toMatchObject({ status: 'Approved' });
    } finally {
      await setRate('EUR/USD', '1.0823');
    }
  });

  it('a rate one admin moves alone within the free band does not bring a transfer under the threshold', async () => {
    // 1.1039 USD per EUR is within 2 % of the reference 1.0823, so it holds on one admin's word.
    const set = await backoffice(operators.admin, 'PUT', 'rates', { pair: 'EUR/USD', rate: '1.1039' });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const client = await createSignedInClient(context);
      const account = await openTestAccount(context, client, 'USD', '12000.00');
      // 11,000 USD is 10,163.54 EUR at the reference, 9,964.67 EUR at the rate in use: the larger counts.
      const number = await sendAbroad(client, account.number, '11000.00');
      expect(await reviewed(number)).toMatchObject({ amountEur: '10163.54', requiredApprovals: 2, approvalReason: 'amount' });
    } finally {
      await setRate('EUR/USD', '1.0823');
    }
  });
});

describe('the daily sum abroad', () => {
  it('three transfers of 9,900 EUR in one day: the second and the third need two approvals', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '40000.00');
    const numbers: string[] = [];
    for (let index = 0; index < 3; index += 1) numbers.push(await sendAbroad(client, account.number, '9900.00'));
    const items = await Promise.all(numbers.map(reviewed));
    expect(items.map((item) => [item.amountEur, item.requiredApprovals, item.approvalReason])).toEqual([
      ['9900.00', 1, null],
      ['9900.00', 2, 'dailyLimit'],
      ['9900.00', 2, 'dailyLimit'],
    ]);
    // The queue shows the same, and one operator's approval books only the first.
    const queue = (await backoffice(operators.payments, 'GET', 'transactions?status=New')).json().items;
    expect(queue.filter((item: { transactionNumber: string }) => numbers.includes(item.transactionNumber)).map((item: { requiredApprovals: number }) => item.requiredApprovals)).toEqual([1, 2, 2]);
    for (const number of numbers) expect((await backoffice(operators.payments, 'POST', `transactions/${number}/approve`)).statusCode).toBe(200);
    expect((await Promise.all(numbers.map(reviewed))).map((item) => item.status)).toEqual(['Approved', 'Processing', 'Processing']);

    // Another client's day is its own.
    const other = await createSignedInClient(context);
    const otherAccount = await openTestAccount(context, other, 'EUR', '20000.00');
    expect(await reviewed(await sendAbroad(other, otherAccount.number, '9900.00'))).toMatchObject({ requiredApprovals: 1, approvalReason: null });
  });

  it('counts crypto transfers out with transfers abroad, leaves out denied ones, and starts afresh the next day', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '30000.00');
    const wallet = await openTestWallet(context, client, 'BTC', '1');
    const denied = await sendAbroad(client, account.number, '9000.00');
    expect((await backoffice(operators.payments, 'POST', `transactions/${denied}/deny`, { reason: 'Screening' })).statusCode).toBe(200);
    const abroadNumber = await sendAbroad(client, account.number, '9000.00');
    expect(await reviewed(abroadNumber)).toMatchObject({ requiredApprovals: 1, approvalReason: null });

    // 0.02 BTC is about 1,785 EUR at the snapshot's rate: with the 9,000 EUR abroad, past 10,000 EUR.
    const sent = await sendCrypto(context, client, { fromWallet: wallet.number, recipient: OUTSIDE_BTC, amount: '0.02', currency: 'BTC' });
    expect(sent.statusCode, sent.body).toBe(200);
    const crypto = await context.db.selectFrom('operations').select('number').where('client_id', '=', client.id).where('kind', '=', 'crypto').executeTakeFirstOrThrow();
    expect(await reviewed(crypto.number)).toMatchObject({ type: 'crypto', amountEur: '1784.97', requiredApprovals: 2, approvalReason: 'dailyLimit' });

    // The same transfers made yesterday leave today's sum empty.
    await context.db.updateTable('operations').set({ created_at: new Date(Date.now() - 86_400_000) }).where('client_id', '=', client.id).execute();
    expect(await reviewed(await sendAbroad(client, account.number, '9000.00'))).toMatchObject({ requiredApprovals: 1, approvalReason: null });
  });
});

describe.runIf(onPostgres)('the daily sum under concurrency (PostgreSQL)', () => {
  it('of two transfers made at once from two accounts of one client, the second waits and needs two approvals', async () => {
    const client = await createSignedInClient(context);
    const eur = await openTestAccount(context, client, 'EUR', '20000.00');
    const usd = await openTestAccount(context, client, 'USD', '20000.00');
    const request = (fromAccount: string, amount: string) => internationalTransferSchema.parse(abroad(fromAccount, amount));

    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstWritten!: (backend: number) => void;
    const firstIsWritten = new Promise<number>((resolve) => (firstWritten = resolve));
    const first = context.db.transaction().execute(async (trx) => {
      const number = await createInternationalTransfer(trx, client.id, request(eur.number, '9900.00'));
      firstWritten((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid);
      await firstMayCommit;
      return number;
    });
    const firstBackend = await firstIsWritten;
    // Different accounts: no balance row is shared, so only the client's daily lock orders them.
    let secondEnded = false;
    const second = context.db
      .transaction()
      .execute((trx) => createInternationalTransfer(trx, client.id, request(usd.number, '10700.00')))
      .finally(() => {
        secondEnded = true;
      });
    // Until PostgreSQL reports the second blocked by the first's session, or the second has ended
    // (as it would, unordered, while the first is still held open).
    for (;;) {
      const { rows } = await sql<{ blocked: number }>`select count(*)::int as blocked from pg_stat_activity where ${firstBackend}::int = any(pg_blocking_pids(pid))`.execute(context.db);
      if (rows[0]!.blocked > 0 || secondEnded) break;
      await new Promise(setImmediate);
    }
    expect(secondEnded).toBe(false);
    releaseFirst();
    const [firstNumber, secondNumber] = await Promise.all([first, second]);
    expect(await reviewed(firstNumber)).toMatchObject({ amountEur: '9900.00', requiredApprovals: 1, approvalReason: null });
    // 10,700 USD is 9,886.35 EUR: with the first, past 10,000 EUR.
    expect(await reviewed(secondNumber)).toMatchObject({ amountEur: '9886.35', requiredApprovals: 2, approvalReason: 'dailyLimit' });
  });
});

describe('the maximum of one operation', () => {
  const overLimit = { amount: 'validation.amount.overLimit' };

  it(`refuses more than ${MAX_OPERATION_EUR} EUR in every client operation with a 400 on amount, moving nothing`, async () => {
    const client = await createSignedInClient(context);
    const eur = await openTestAccount(context, client, 'EUR', '1000000.00');
    const payee = await createSignedInClient(context);
    const otherEur = await openTestAccount(context, payee, 'EUR');
    const usd = await openTestAccount(context, client, 'USD');
    const btc = await openTestWallet(context, client, 'BTC');
    // 1,100,000 USD is 1,016,354.06 EUR; 12 BTC is about 1,070,979 EUR at the snapshot's rates.
    const attempts: Array<[string, Promise<{ statusCode: number; json(): { fields?: unknown } }>]> = [
      ['internal', create(client, { type: 'internal', accNumberFrom: eur.number, accNumberTo: otherEur.number, amount: '1000000.01' })],
      ['abroad', create(client, abroad(usd.number, '1100000.00'))],
      ['exchange', create(client, { type: 'exchange', accNumberFrom: usd.number, accNumberTo: eur.number, amount: '1100000', forAmountCurrency: 'USD', getAmountCurrency: 'EUR' })],
      ['crypto', sendCrypto(context, client, { fromWallet: btc.number, recipient: OUTSIDE_BTC, amount: '12', currency: 'BTC' })],
      ['conversion', create(client, { type: 'exchange', accNumberFrom: btc.number, accNumberTo: eur.number, amount: '12', forAmountCurrency: 'BTC', getAmountCurrency: 'EUR' })],
    ];
    for (const [name, attempt] of attempts) {
      const answer = await attempt;
      expect(answer.statusCode, name).toBe(400);
      expect(answer.json().fields, name).toEqual(overLimit);
    }
    expect(await listedAccount(context, client, eur.number)).toMatchObject({ balance: '1000000.00' });
    // The maximum itself is allowed.
    const exactly = await create(client, { type: 'internal', accNumberFrom: eur.number, accNumberTo: otherEur.number, amount: '1000000.00' });
    expect(exactly.statusCode, exactly.body).toBe(200);
  });

  it('refuses it in the back office too: incoming payments and crypto deposits', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR');
    const wallet = await openTestWallet(context, client, 'BTC');
    const incoming = incomingPaymentRequestSchema.parse({ accountNumber: account.number, amount: '1000000.01', currency: 'EUR', senderName: 'Acme GmbH', senderAccount: 'DE89370400440532013000', paymentRegion: 'SEPA' });
    const preview = await backoffice(operators.payments, 'POST', 'incoming-payments/preview', incoming);
    expect(preview.statusCode).toBe(400);
    expect(preview.json().fields).toEqual(overLimit);
    await expect(context.db.transaction().execute((trx) => bookIncomingForOperator(trx, incoming, operators.payments.id, context.deps))).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: overLimit });
    const deposit = { address: wallet.number, amount: '12', currency: 'BTC' as const, txHash: 'a'.repeat(64) };
    await expect(context.db.transaction().execute((trx) => bookCryptoDeposit(trx, deposit, operators.payments.id))).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: overLimit });
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '0.00' });
    expect(await context.db.selectFrom('operations').select('id').where('client_id', '=', client.id).execute()).toEqual([]);
  });
});
