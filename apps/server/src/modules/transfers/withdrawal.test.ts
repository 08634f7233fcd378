// The client withdraws its own payment order (POST /api/transaction/cancel): a transfer abroad still
// New is released and charged the 30 EUR of docs/product.md#tariffs-and-limits (its equivalent at the day's mid rate) as a statement
// row of its own, with a mail in the client's language; one the bank has taken into work or decided
// is 409; another client's is 404; on PostgreSQL, a withdrawal and an operator's decision fired at
// once leave exactly one of them done. And the state table refuses every move it does not list,
// side rows included.
import { randomUUID } from 'node:crypto';
import type { CancelTransferResponse, FiatCurrency, TransactionRecord } from '@bank/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, onPostgres, type TestContext } from '../../test/harness';
import { createSignedInOperator } from '../../test/operators';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { addCalendarDays, bankToday } from '../jobs';
import { findLedgerViolations } from '../ledger';
import { closeCheckingLedger } from '../ledger/test-context';
import { deliverWaitingMail } from '../mail';
import { markRatesLoaded } from '../rates';
import { approveTransfer, denyTransfer, markTransferProcessing, setTransferStatus } from '../operations';
import { sendAbroad, TEST_RECIPIENT_DETAILS, transferIdOf } from './test-support';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
  // Rates of the day, chosen so the fee's one rounding shows: 30 × 1.0855 = 32.565 → 32.57 USD, 30 × 0.8405 = 25.215 → 25.22 GBP.
  for (const [currency, perEur] of [['USD', '1.0855'], ['GBP', '0.8405']] as const) await setRate(currency, perEur);
});
afterAll(() => closeCheckingLedger(context));

async function setRate(currency: FiatCurrency, perEur: string): Promise<void> {
  await context.db
    .insertInto('fx_rates')
    .values({ currency, per_eur: perEur, source: 'operator' })
    .onConflict((conflict) => conflict.column('currency').doUpdateSet({ per_eur: perEur }))
    .execute();
}

function withdraw(client: TestClient, transactionNumber: string, idempotencyKey?: string) {
  return context.app.inject({
    method: 'POST',
    url: '/api/transaction/cancel',
    headers: { ...client.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: { transactionNumber },
  });
}

async function list(client: TestClient): Promise<TransactionRecord[]> {
  const response = await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers: client.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TransactionRecord[]>();
}

/**
 * Pays 5.00 EUR from the payer's `fromAccount` to a new client's EUR account, at once or dated a week
 * ahead (Scheduled); the transfer must be made. Answers the payer's newest row.
 */
async function payAnotherClient(payer: TestClient, fromAccount: string, when: 'now' | 'in a week'): Promise<TransactionRecord> {
  const payee = await createSignedInClient(context);
  const to = await openTestAccount(context, payee, 'EUR');
  const dated = when === 'in a week' ? { transferDate: addCalendarDays(bankToday(context.deps.clock), 7) } : {};
  const sent = await context.app.inject({
    method: 'POST', url: '/api/transaction/create', headers: payer.headers,
    payload: { type: 'internal', accNumberFrom: fromAccount, accNumberTo: to.number, amount: '5.00', ...dated },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const [row] = await list(payer);
  return row!;
}

async function mailsTo(client: TestClient) {
  await deliverWaitingMail(context.deps);
  return context.mails.filter((mail) => mail.to === client.email);
}

describe('POST /api/transaction/cancel: withdrawing a transfer abroad', () => {
  it('releases the hold, charges 30 EUR as a statement row of its own, mails and audits', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '2000.00');
    const number = await sendAbroad(context, client, account.number, '100.00');
    // 100 + the 50 EUR minimum fee held.
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '1850.00', bookedBalance: '2000.00' });

    const answer = await withdraw(client, number);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<CancelTransferResponse>()).toEqual({ status: 'Canceled', fee: '30.00', currency: 'EUR' });
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '1970.00', bookedBalance: '1970.00' });

    const [feeRow, order] = await list(client);
    expect(order).toMatchObject({ transactionNumber: number, transactionStatus: 'Canceled' });
    expect(feeRow).toMatchObject({
      transactionStatus: 'Approved', direction: 'OUT', amount: '30.00', fee: '0.00', currency: 'EUR', balance: '1970.00',
      purpose: 'Withdrawal of a payment order', paymentReference: number, fromAccount: account.number,
    });

    const [mail] = await mailsTo(client);
    expect(mail?.subject).toContain('Your payment order is withdrawn');
    expect(mail?.text).toContain(number);
    expect(mail?.text).toContain('30.00 EUR');

    const transferId = await transferIdOf(context.db, number);
    const audit = await context.db.selectFrom('audit_log').select(['action', 'actor_type', 'after']).where('subject_id', '=', transferId).orderBy('id').execute();
    expect(audit.map((row) => [row.action, row.actor_type])).toEqual([['transfer.create.international', 'client'], ['transfer.canceled', 'client']]);
    expect(audit[1]!.after).toMatchObject({ status: 'Canceled', fee: '30.00', currency: 'EUR' });
    const feeTransfer = await context.db.selectFrom('operations').select(['kind', 'id']).where('number', '=', feeRow!.transactionNumber).executeTakeFirstOrThrow();
    expect(feeTransfer.kind).toBe('fee');
    const entry = await context.db.selectFrom('journal_entries').select('kind').where('transfer_id', '=', feeTransfer.id).execute();
    expect(entry).toEqual([{ kind: 'fee' }]);
  });

  it.each([
    ['USD', '32.57', '2000.00', '1967.43'],
    ['GBP', '25.22', '2000.00', '1974.78'],
  ] as const)('charges its equivalent in %s at the day\'s mid rate, one rounding half up', async (currency, fee, funded, after) => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, currency, funded);
    const number = await sendAbroad(context, client, account.number, '100.00');
    const answer = await withdraw(client, number);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<CancelTransferResponse>()).toEqual({ status: 'Canceled', fee, currency });
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: after, bookedBalance: after });
    expect((await list(client))[0]).toMatchObject({ amount: fee, currency, purpose: 'Withdrawal of a payment order' });
  });

  it('mails a Russian-speaking client in Russian', async () => {
    const client = await createSignedInClient(context);
    await context.db.updateTable('clients').set({ language: 'ru' }).where('id', '=', client.id).execute();
    const account = await openTestAccount(context, client, 'EUR', '500.00');
    const number = await sendAbroad(context, client, account.number, '10.00');
    expect((await withdraw(client, number)).statusCode).toBe(200);
    const [mail] = await mailsTo(client);
    expect(mail?.subject).toContain('Платёжное поручение отозвано');
    expect(mail?.text).toContain(`Вы отозвали платёжное поручение № ${number}`);
    expect(mail?.text).toContain('30.00 EUR');
  });

  it('answers a retry with the same Idempotency-Key once, charging once', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '1000.00');
    const number = await sendAbroad(context, client, account.number, '10.00');
    const key = randomUUID();
    const first = await withdraw(client, number, key);
    const again = await withdraw(client, number, key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await listedAccount(context, client, account.number)).balance).toBe('970.00');
    // Without the key a second withdrawal finds it withdrawn.
    expect((await withdraw(client, number)).statusCode).toBe(409);
  });

  it('refuses once the bank has taken it into work or decided it (409), and another client\'s or an unknown one (404)', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '5000.00');
    const processing = await sendAbroad(context, client, account.number, '10.00');
    const approved = await sendAbroad(context, client, account.number, '11.00');
    const denied = await sendAbroad(context, client, account.number, '12.00');
    const waiting = await sendAbroad(context, client, account.number, '13.00');
    await context.db.transaction().execute(async (trx) => {
      await markTransferProcessing(trx, await transferIdOf(trx, processing), randomUUID());
      await approveTransfer(trx, await transferIdOf(trx, approved), randomUUID());
      await denyTransfer(trx, await transferIdOf(trx, denied), randomUUID(), 'Compliance');
    });
    const before = await listedAccount(context, client, account.number);
    for (const [number, status] of [[processing, 'Processing'], [approved, 'Approved'], [denied, 'Denied']] as const) {
      const answer = await withdraw(client, number);
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json<{ details: { status: string } }>().details.status).toBe(status);
    }
    const stranger = await createSignedInClient(context);
    expect((await withdraw(stranger, waiting)).statusCode).toBe(404);
    expect((await withdraw(client, '999999999')).statusCode).toBe(404);
    expect((await withdraw(client, '')).statusCode).toBe(400);
    // Nothing moved, nothing charged.
    expect(await listedAccount(context, client, account.number)).toEqual(before);
  });

  it('cancels a scheduled transfer free of charge', async () => {
    const payer = await createSignedInClient(context);
    const from = await openTestAccount(context, payer, 'EUR', '100.00');
    const row = await payAnotherClient(payer, from.number, 'in a week');
    expect(row.transactionStatus).toBe('Scheduled');
    const answer = await withdraw(payer, row.transactionNumber);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<CancelTransferResponse>()).toEqual({ status: 'Canceled', fee: '0.00', currency: 'EUR' });
    expect((await list(payer)).map((item) => item.transactionStatus)).toEqual(['Canceled']);
    expect(await listedAccount(context, payer, from.number)).toMatchObject({ balance: '100.00', bookedBalance: '100.00' });
    expect((await withdraw(payer, row.transactionNumber)).statusCode).toBe(409);
  });

  it('refuses an internal transfer: it was booked at once (409)', async () => {
    const payer = await createSignedInClient(context);
    const from = await openTestAccount(context, payer, 'EUR', '100.00');
    const row = await payAnotherClient(payer, from.number, 'now');
    expect((await withdraw(payer, row.transactionNumber)).statusCode).toBe(409);
  });

  it('refuses with 422 INSUFFICIENT_FUNDS, changing nothing, when the account cannot pay the fee', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'USD', '100.00');
    // 40 USD + the 50 EUR minimum fee (54.28 USD) held: 94.28 of 100.00.
    const number = await sendAbroad(context, client, account.number, '40.00');
    const before = await listedAccount(context, client, account.number);
    // The dollar falls tenfold: 30 EUR is now 300 USD, more than the account holds even released.
    await setRate('USD', '10');
    try {
      const answer = await withdraw(client, number);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', details: { fee: '300.00', currency: 'USD' } });
    } finally {
      await setRate('USD', '1.0855');
    }
    expect(await listedAccount(context, client, account.number)).toEqual(before);
    expect((await list(client)).map((row) => row.transactionStatus)).toEqual(['New']);
    expect(await mailsTo(client)).toEqual([]);
  });
});

describe('POST /api/transaction/cancel while the rates are stale', () => {
  /** Runs `act` with the rates loaded more than RATES_MAX_AGE_HOURS (96 by default) before the clock's now. */
  async function withStaleRates(act: () => Promise<void>): Promise<void> {
    const now = context.deps.clock.now();
    await markRatesLoaded(context.db, new Date(now.getTime() - 100 * 3_600_000));
    try {
      await act();
    } finally {
      await markRatesLoaded(context.db, now);
    }
  }

  it('refuses a withdrawal whose fee is converted (503 RATES_STALE), changing nothing', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'USD', '2000.00');
    const number = await sendAbroad(context, client, account.number, '100.00');
    const before = await listedAccount(context, client, account.number);
    await withStaleRates(async () => {
      const answer = await withdraw(client, number);
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json()).toMatchObject({ code: 'RATES_STALE' });
    });
    expect(await listedAccount(context, client, account.number)).toEqual(before);
    expect((await list(client)).map((row) => row.transactionStatus)).toEqual(['New']);
    expect(await mailsTo(client)).toEqual([]);
    // Fresh rates again: withdrawn as ever.
    expect((await withdraw(client, number)).statusCode).toBe(200);
  });

  it('withdraws from an EUR account and cancels a scheduled transfer all the same: no rate is needed', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '2000.00');
    const number = await sendAbroad(context, client, account.number, '100.00');
    const scheduled = await payAnotherClient(client, account.number, 'in a week');
    expect(scheduled.transactionStatus).toBe('Scheduled');
    await withStaleRates(async () => {
      const withdrawn = await withdraw(client, number);
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect(withdrawn.json<CancelTransferResponse>()).toEqual({ status: 'Canceled', fee: '30.00', currency: 'EUR' });
      const canceled = await withdraw(client, scheduled.transactionNumber);
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json<CancelTransferResponse>()).toEqual({ status: 'Canceled', fee: '0.00', currency: 'EUR' });
    });
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '1970.00', bookedBalance: '1970.00' });
  });
});

describe('one state table for every status change', () => {
  it('refuses a move the table does not list and changes nothing, side rows included, even for a caller that goes on', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '1000.00');
    const approved = await transferIdOf(context.db, await sendAbroad(context, client, account.number, '10.00'));
    const denied = await transferIdOf(context.db, await sendAbroad(context, client, account.number, '20.00'));
    await context.db.transaction().execute(async (trx) => {
      await approveTransfer(trx, approved, randomUUID());
      await denyTransfer(trx, denied, randomUUID());
    });
    const statuses = async () => ({
      transfers: await context.db.selectFrom('operations').select(['id', 'status', 'booked_at']).where('id', 'in', [approved, denied]).orderBy('id').execute(),
      sides: await context.db.selectFrom('statement_rows').select(['operation_id', 'booked_at', 'balance_after']).where('operation_id', 'in', [approved, denied]).orderBy('operation_id').execute(),
    });
    const before = await statuses();
    const refused: unknown[] = [];
    // One transaction that catches each refusal and commits: nothing of the refused moves may remain.
    await context.db.transaction().execute(async (trx) => {
      for (const [transferId, status] of [[approved, 'Canceled'], [approved, 'Expired'], [approved, 'New'], [denied, 'Approved'], [denied, 'Processing']] as const) {
        await setTransferStatus(trx, transferId, status).catch((error: unknown) => refused.push(error));
      }
    });
    expect(refused).toHaveLength(5);
    expect(refused.every((error) => (error as { code?: string }).code === 'CONFLICT')).toBe(true);
    expect(await statuses()).toEqual(before);
    expect(before.transfers.map((row) => row.status).sort()).toEqual(['Approved', 'Denied']);
  });
});

describe.runIf(onPostgres)('a withdrawal and an operator\'s decision at the same moment (PostgreSQL)', () => {
  let pg: TestContext;
  beforeAll(async () => {
    pg = await createTestContext({}, { postgresOnly: true });
  });
  afterAll(() => closeCheckingLedger(pg));

  async function pendingOf(client: TestClient, amount: string, count: number, fromAccount: string): Promise<string[]> {
    for (let index = 0; index < count; index += 1) {
      const created = await pg.app.inject({
        method: 'POST', url: '/api/transaction/create', headers: client.headers,
        payload: { type: 'international', paymentRegions: 'SWIFT', fromAccount, paymentDate: bankToday(pg.deps.clock), amount, purpose: 'Rent', recipientDetails: TEST_RECIPIENT_DETAILS },
      });
      expect(created.statusCode, created.body).toBe(200);
    }
    const rows = (await pg.app.inject({ method: 'GET', url: '/api/transaction/list', headers: client.headers })).json<TransactionRecord[]>();
    return rows.filter((row) => row.transactionStatus === 'New').map((row) => row.transactionNumber);
  }

  const cancel = (client: TestClient, transactionNumber: string) =>
    pg.app.inject({ method: 'POST', url: '/api/transaction/cancel', headers: { ...client.headers, 'idempotency-key': randomUUID() }, payload: { transactionNumber } });

  it('against approvals and denials: exactly one wins, and the money moves for that one alone', async () => {
    const operator = await createSignedInOperator(pg, ['payments']);
    const client = await createSignedInClient(pg);
    const account = await openTestAccount(pg, client, 'EUR', '100000.00');
    // 12 × 800 EUR stays within the day's 10,000 EUR abroad: one approval books each.
    const numbers = await pendingOf(client, '800.00', 12, account.number);
    expect(numbers).toHaveLength(12);
    const outcomes = { Approved: 0, Denied: 0, Canceled: 0 };
    for (const [index, number] of numbers.entries()) {
      const decide = index % 2 === 0
        ? pg.app.inject({ method: 'POST', url: `/api/backoffice/transactions/${number}/approve`, headers: operator.headers })
        : pg.app.inject({ method: 'POST', url: `/api/backoffice/transactions/${number}/deny`, headers: operator.headers, payload: { reason: 'Compliance hold' } });
      const answers = await Promise.all(index % 4 < 2 ? [decide, cancel(client, number)] : [cancel(client, number), decide]);
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((answer) => answer.body).join(' | ')).toEqual([200, 409]);
      const { status } = await pg.db.selectFrom('operations').select('status').where('number', '=', number).executeTakeFirstOrThrow();
      expect(['Approved', 'Denied', 'Canceled']).toContain(status);
      outcomes[status as keyof typeof outcomes] += 1;
    }
    // An approval moved 800 + the 50 EUR transfer fee; a withdrawal charged 30; a denial nothing.
    const expected = (100000 - outcomes.Approved * 850 - outcomes.Canceled * 30).toFixed(2);
    expect(await listedAccount(pg, client, account.number)).toMatchObject({ balance: expected, bookedBalance: expected });
    const fees = await pg.db.selectFrom('operations').select('id').where('kind', '=', 'fee').where(sql<string>`details ->> 'paymentReference'`, 'in', numbers).execute();
    expect(fees).toHaveLength(outcomes.Canceled);
    expect(await findLedgerViolations(pg.db)).toEqual([]);
  });

  it('against taking into work: the transfer is either withdrawn or Processing, never both', async () => {
    const operator = await createSignedInOperator(pg, ['payments']);
    for (let round = 0; round < 6; round += 1) {
      // Over the maker-checker threshold: the first approval takes it into work (Processing) and proposes its release.
      const client = await createSignedInClient(pg);
      const account = await openTestAccount(pg, client, 'EUR', '20000.00');
      const [number] = await pendingOf(client, '15000.00', 1, account.number);
      const approve = pg.app.inject({ method: 'POST', url: `/api/backoffice/transactions/${number!}/approve`, headers: operator.headers });
      const answers = await Promise.all(round % 2 === 0 ? [approve, cancel(client, number!)] : [cancel(client, number!), approve]);
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((answer) => answer.body).join(' | ')).toEqual([200, 409]);
      const { status } = await pg.db.selectFrom('operations').select('status').where('number', '=', number!).executeTakeFirstOrThrow();
      const release = await pg.db.selectFrom('approvals').select('status').where('kind', '=', 'transferRelease').where('subject_id', '=', number!).execute();
      if (status === 'Canceled') {
        expect(release).toEqual([]);
        expect((await listedAccount(pg, client, account.number)).balance).toBe('19970.00');
      } else {
        expect(status).toBe('Processing');
        expect(release).toEqual([{ status: 'Pending' }]);
      }
    }
    expect(await findLedgerViolations(pg.db)).toEqual([]);
  });
});
