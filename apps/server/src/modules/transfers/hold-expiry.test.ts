// Holds expire: a transfer waiting for the bank that it has not decided within N banking days (5 by
// default) becomes Expired once the N-th banking day after the day it was made has ended, in the
// bank's time zone: its hold is released, a release waiting for a second operator is closed, the
// client is mailed in its language and the step audited as the system's; no fee. The sweep is
// driven by an injected clock. On PostgreSQL: two sweeps at once expire each transfer once, and a
// sweep racing the client's withdrawal leaves exactly one of them done.
import { randomUUID } from 'node:crypto';
import type { TransactionRecord } from '@bank/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient } from '../../test/clients';
import { jobContextOf, createTestContext, onPostgres, type TestContext } from '../../test/harness';
import { createSignedInOperator } from '../../test/operators';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { fixedClock, type JobContext } from '../jobs';
import { closeCheckingLedger } from '../ledger/test-context';
import { findLedgerViolations } from '../ledger';
import { deliverWaitingMail } from '../mail';
import { expireHolds, expireHoldsJob, lastExpiredCreationDate } from './hold-expiry';
import { markTransferProcessing } from '../operations';
import { sendAbroad, transferIdOf } from './test-support';

/** Made on Monday 16 November 2026 (UTC): its fifth banking day after is Monday the 23rd, which ends at midnight. */
const MADE = '2026-11-16T10:00:00Z';

function jobContext(context: TestContext, at: string, timeZone = 'UTC'): JobContext {
  return jobContextOf(context, fixedClock(at, timeZone));
}

/** Dates a transfer as made at `at` (the sweep reads when it was made). */
async function madeAt(context: TestContext, transactionNumber: string, at: string): Promise<string> {
  const transferId = await transferIdOf(context.db, transactionNumber);
  await context.db.updateTable('operations').set({ created_at: at }).where('id', '=', transferId).execute();
  return transferId;
}

async function statusOf(context: TestContext, transferId: string): Promise<string> {
  return (await context.db.selectFrom('operations').select('status').where('id', '=', transferId).executeTakeFirstOrThrow()).status;
}

describe('the expiry date', () => {
  it('is reached once N whole banking days after the day of making have passed, weekends skipped', () => {
    // Today Tuesday the 24th: everything made up to Monday the 16th has had its five banking days.
    expect(lastExpiredCreationDate('2026-11-24', 5)).toBe('2026-11-16');
    // Today Monday the 23rd: the fifth banking day of Monday the 16th is today, so only the Sunday before.
    expect(lastExpiredCreationDate('2026-11-23', 5)).toBe('2026-11-15');
    // Made on Friday the 20th (or that weekend): Mon–Fri the week after, expired from Saturday the 28th.
    expect(lastExpiredCreationDate('2026-11-28', 5)).toBe('2026-11-22');
    expect(lastExpiredCreationDate('2026-11-27', 5)).toBe('2026-11-19');
    expect(lastExpiredCreationDate('2026-11-24', 1)).toBe('2026-11-22');
  });
});

describe('transfers.expire-holds', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(() => closeCheckingLedger(context));

  it('expires an undecided transfer after 5 banking days, not after 4: hold released, mail, audit, no fee', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '1000.00');
    const number = await sendAbroad(context, client, account.number, '100.00');
    const transferId = await madeAt(context, number, MADE);
    expect((await listedAccount(context, client, account.number)).balance).toBe('850.00');

    // Friday: four banking days; Sunday: still four (six calendar days); Monday night: the fifth is not over.
    for (const at of ['2026-11-20T12:00:00Z', '2026-11-22T12:00:00Z', '2026-11-23T23:59:59Z']) {
      await expireHolds(jobContext(context, at));
      expect({ at, status: await statusOf(context, transferId) }).toEqual({ at, status: 'New' });
    }
    await expireHoldsJob.run(jobContext(context, '2026-11-24T00:00:00Z'), {});
    expect(await statusOf(context, transferId)).toBe('Expired');
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '1000.00', bookedBalance: '1000.00' });
    const rows = (await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers: client.headers })).json<TransactionRecord[]>();
    expect(rows.map((row) => [row.transactionNumber, row.transactionStatus])).toEqual([[number, 'Expired']]);

    await deliverWaitingMail(context.deps);
    const mails = context.mails.filter((mail) => mail.to === client.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Your payment order has expired');
    expect(mails[0]!.text).toContain(`payment order No. ${number} for 100.00 EUR within 5 banking days`);

    const audit = await context.db.selectFrom('audit_log').select(['action', 'actor_type', 'actor_id', 'after']).where('subject_id', '=', transferId).orderBy('id').execute();
    expect(audit.at(-1)).toMatchObject({ action: 'transfer.expired', actor_type: 'system', actor_id: null, after: { status: 'Expired', bankingDays: 5 } });

    // A second run finds nothing more to do.
    expect(await expireHolds(jobContext(context, '2026-11-24T00:15:00Z'))).toBe(0);
    expect(context.mails.filter((mail) => mail.to === client.email)).toHaveLength(1);
    expect(await findLedgerViolations(context.db)).toEqual([]);
  });

  it('counts the days in the bank\'s time zone', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '1000.00');
    // 22:30 UTC on Monday the 16th is 01:30 on Tuesday in Moscow: five banking days after Tuesday end at Moscow's midnight of the 25th.
    const transferId = await madeAt(context, await sendAbroad(context, client, account.number, '10.00'), '2026-11-16T22:30:00Z');
    await expireHolds(jobContext(context, '2026-11-24T20:59:00Z', 'Europe/Moscow'));
    expect(await statusOf(context, transferId)).toBe('New');
    await expireHolds(jobContext(context, '2026-11-24T21:00:00Z', 'Europe/Moscow'));
    expect(await statusOf(context, transferId)).toBe('Expired');
  });

  it('expires one taken into work, closing the release that waited for a second operator, and mails in Russian', async () => {
    const client = await createSignedInClient(context);
    await context.db.updateTable('clients').set({ language: 'ru' }).where('id', '=', client.id).execute();
    const account = await openTestAccount(context, client, 'EUR', '20000.00');
    const operator = await createSignedInOperator(context, ['payments']);
    // Over the maker-checker threshold: the first approval takes it into work and proposes its release.
    const number = await sendAbroad(context, client, account.number, '15000.00');
    const approved = await context.app.inject({ method: 'POST', url: `/api/backoffice/transactions/${number}/approve`, headers: operator.headers });
    expect(approved.statusCode, approved.body).toBe(200);
    const transferId = await madeAt(context, number, MADE);
    expect(await statusOf(context, transferId)).toBe('Processing');

    await expireHolds(jobContext(context, '2026-11-24T06:00:00Z'));
    expect(await statusOf(context, transferId)).toBe('Expired');
    expect((await listedAccount(context, client, account.number)).balance).toBe('20000.00');
    const release = await context.db.selectFrom('approvals').select(['status', 'checker_id', 'decision_reason']).where('kind', '=', 'transferRelease').where('subject_id', '=', number).executeTakeFirstOrThrow();
    expect(release).toEqual({ status: 'Withdrawn', checker_id: null, decision_reason: 'The transfer expired undecided' });
    await deliverWaitingMail(context.deps);
    const mail = context.mails.find((item) => item.to === client.email);
    expect(mail?.subject).toContain('Платёжное поручение аннулировано');
    expect(mail?.text).toContain('в течение 5 банковских дней');
    expect(mail?.text).toContain('комиссия не взимается');
  });

  it('leaves decided transfers and other kinds alone', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '1000.00');
    const withdrawn = await sendAbroad(context, client, account.number, '10.00');
    const answer = await context.app.inject({ method: 'POST', url: '/api/transaction/cancel', headers: client.headers, payload: { transactionNumber: withdrawn } });
    expect(answer.statusCode, answer.body).toBe(200);
    const withdrawnId = await madeAt(context, withdrawn, MADE);
    const processingId = await madeAt(context, await sendAbroad(context, client, account.number, '20.00'), '2026-11-23T10:00:00Z');
    await context.db.transaction().execute((trx) => markTransferProcessing(trx, processingId, randomUUID()));
    await expireHolds(jobContext(context, '2026-11-24T06:00:00Z'));
    expect(await statusOf(context, withdrawnId)).toBe('Canceled');
    // Made on the 23rd: not yet.
    expect(await statusOf(context, processingId)).toBe('Processing');
  });
});

describe.runIf(onPostgres)('expiry at the same moment as other nodes and the client (PostgreSQL)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext({}, { postgresOnly: true });
  });
  afterAll(() => closeCheckingLedger(context));

  it('two sweeps at once expire each transfer exactly once', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '10000.00');
    const ids: string[] = [];
    for (let index = 0; index < 20; index += 1) ids.push(await madeAt(context, await sendAbroad(context, client, account.number, '10.00'), MADE));
    const counts = await Promise.all([1, 2, 3].map(() => expireHolds(jobContext(context, '2026-11-24T06:00:00Z'))));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(20);
    const audits = await context.db.selectFrom('audit_log').select('subject_id').where('action', '=', 'transfer.expired').where('subject_id', 'in', ids).execute();
    expect(audits).toHaveLength(20);
    expect(await context.db.selectFrom('outgoing_mail').select('id').where('recipient', '=', client.email).execute()).toHaveLength(20);
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '10000.00', bookedBalance: '10000.00' });
  });

  it('a sweep racing the client\'s withdrawals: each transfer is either withdrawn with its fee or expired without, never both', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '10000.00');
    const numbers: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const number = await sendAbroad(context, client, account.number, '10.00');
      await madeAt(context, number, MADE);
      numbers.push(number);
    }
    const [, ...answers] = await Promise.all([
      expireHolds(jobContext(context, '2026-11-24T06:00:00Z')),
      ...numbers.map((transactionNumber) =>
        context.app.inject({ method: 'POST', url: '/api/transaction/cancel', headers: { ...client.headers, 'idempotency-key': randomUUID() }, payload: { transactionNumber } }),
      ),
    ]);
    const rows = await context.db.selectFrom('operations').select(['number', 'status']).where('number', 'in', numbers).execute();
    const statusByNumber = new Map(rows.map((row) => [row.number, row.status]));
    for (const [index, answer] of answers.entries()) {
      const status = statusByNumber.get(numbers[index]!);
      expect({ status, code: answer.statusCode }).toEqual(status === 'Canceled' ? { status, code: 200 } : { status: 'Expired', code: 409 });
    }
    const withdrawn = [...statusByNumber.values()].filter((status) => status === 'Canceled').length;
    const fees = await context.db.selectFrom('operations').select('id').where('kind', '=', 'fee').where(sql<string>`details ->> 'paymentReference'`, 'in', numbers).execute();
    expect(fees).toHaveLength(withdrawn);
    const expected = (10000 - 30 * withdrawn).toFixed(2);
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: expected, bookedBalance: expected });
    expect(await findLedgerViolations(context.db)).toEqual([]);
  });
});
