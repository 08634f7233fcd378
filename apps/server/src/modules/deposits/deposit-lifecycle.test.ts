// Proves a deposit's life on a clock the test moves: a 3-month deposit with monthly payouts, from
// its opening to its maturity, with every statement row of the funding account (placement, fee,
// three interest payments, the principal's return), their amounts and balances after, the deposit's
// and the account's ledger balances and the ledger's invariants checked after each step; the
// invariants catch a deposit's rows that disagree with the ledger. And, on PostgreSQL, two app
// nodes sweeping at once make each payout exactly once.
import type { Deposit, StatementPage } from '@bank/contracts';
import pino from 'pino';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/clients';
import { createTestContext, jobContextOf, onPostgres, openSecondNode, type SecondNode, type TestContext } from '../../test/harness';
import { openTestAccount } from '../accounts/test-support';
import { fixedClock, type FixedClock, type JobContext } from '../jobs';
import { findLedgerViolations } from '../ledger';
import { closeCheckingLedger } from '../ledger/test-context';
import { depositPayoutsJob } from './payouts';
import { clientIdentifiedAt, ledgerBalancesOf, listDeposits, openedDeposit, termsOf } from './test-support';

describe('a 3-month deposit with monthly payouts, from opening to maturity', () => {
  let context: TestContext;
  let clock: FixedClock;
  let jobs: JobContext;
  let client: TestClient;
  let accountNumber: string;
  let deposit: Deposit;

  beforeAll(async () => {
    clock = fixedClock('2026-01-31T08:00:00Z');
    context = await createTestContext({}, { clock });
    jobs = jobContextOf(context, clock);
    client = await clientIdentifiedAt(context, '2025-06-01T10:00:00Z');
    accountNumber = (await openTestAccount(context, client, 'EUR', '12000.00')).number;
  });
  afterAll(() => closeCheckingLedger(context));

  /** The funding account's whole statement, oldest first, as [purpose, direction, amount, balance after, payment date]. */
  async function statement(): Promise<string[][]> {
    const response = await context.app.inject({ method: 'GET', url: '/api/statement', headers: client.headers, query: { accountNumber, limit: '100' } });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<StatementPage>()
      .rows.reverse()
      .map((row) => [row.purpose ?? '', row.direction, row.amount, row.balance, row.paymentDate ?? '']);
  }

  /** Moves the clock to `date` and runs the sweep twice, as the cron and a start's catch-up may. */
  async function sweepOn(date: string): Promise<void> {
    clock.set(`${date}T00:30:00Z`);
    await depositPayoutsJob.run(jobs, {});
    await depositPayoutsJob.run(jobs, {});
  }

  /** The rules broken once `corruption` is written; it is rolled back after. */
  async function violationsWith(corruption: RawBuilder<unknown>): Promise<string[]> {
    let rules: string[] = [];
    const rollback = new Error('rolled back');
    await context.db
      .transaction()
      .execute(async (trx) => {
        await corruption.execute(trx);
        rules = (await findLedgerViolations(trx)).map((violation) => violation.rule);
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    return rules;
  }

  async function expectSound(balances: { deposit: string; account: string }): Promise<void> {
    expect(await ledgerBalancesOf(context, deposit.id)).toEqual(balances);
    expect(await findLedgerViolations(context.db)).toEqual([]);
  }

  const placement = ['Placement of a term deposit', 'OUT', '10000.00', '2000.00', '2026-01-31'];
  const fee = ['Deposit account opening', 'OUT', '500.00', '1500.00', ''];
  const february = ['Interest on a term deposit', 'IN', '76.71', '1576.71', '2026-02-28'];
  const march = ['Interest on a term deposit', 'IN', '84.93', '1661.64', '2026-03-31'];
  const april = ['Interest on a term deposit', 'IN', '82.20', '1743.84', '2026-04-30'];
  const returned = ['Return of a term deposit at maturity', 'IN', '10000.00', '11743.84', '2026-04-30'];

  it('opens: the placement and the fee leave the account, the principal is on the deposit', async () => {
    deposit = await openedDeposit(context, client, termsOf(accountNumber));
    expect(deposit).toMatchObject({ totalInterest: '243.84', maturityDate: '2026-04-30', nextPayout: { date: '2026-02-28', amount: '76.71' } });
    expect(await statement()).toEqual([placement, fee]);
    await expectSound({ deposit: '10000.00', account: '1500.00' });
  });

  it('pays nothing before the first payout date, while interest accrues day by day', async () => {
    await sweepOn('2026-02-27');
    expect(await statement()).toEqual([placement, fee]);
    // 27 days: 73.972… → 73.97.
    expect((await listDeposits(context, client))[0]).toMatchObject({ accruedInterest: '73.97', interestPaid: '0.00' });
    await expectSound({ deposit: '10000.00', account: '1500.00' });
  });

  it('pays February on its date, once however often the sweep runs', async () => {
    await sweepOn('2026-02-28');
    await sweepOn('2026-03-01');
    expect(await statement()).toEqual([placement, fee, february]);
    expect((await listDeposits(context, client))[0]).toMatchObject({
      status: 'Active',
      // 1 March: 29 days 79.452… → 79.45, less the 76.71 paid.
      accruedInterest: '2.74',
      interestPaid: '76.71',
      nextPayout: { date: '2026-03-31', amount: '84.93' },
    });
    await expectSound({ deposit: '10000.00', account: '1576.71' });
  });

  it('pays March', async () => {
    await sweepOn('2026-03-31');
    expect(await statement()).toEqual([placement, fee, february, march]);
    expect((await listDeposits(context, client))[0]).toMatchObject({ accruedInterest: '0.00', interestPaid: '161.64', nextPayout: { date: '2026-04-30', amount: '82.20' } });
    await expectSound({ deposit: '10000.00', account: '1661.64' });
  });

  it('at maturity pays April and returns the principal, and the deposit is Matured', async () => {
    await sweepOn('2026-04-29');
    expect(await statement()).toEqual([placement, fee, february, march]);
    await sweepOn('2026-04-30');
    expect(await statement()).toEqual([placement, fee, february, march, april, returned]);
    const [matured] = await listDeposits(context, client);
    expect(matured).toMatchObject({
      status: 'Matured',
      closedOn: '2026-04-30',
      accruedInterest: '0.00',
      interestPaid: '243.84',
      totalInterest: '243.84',
      nextPayout: null,
      forfeitedInterest: null,
    });
    expect(matured!.payouts.map((payout) => payout.paid)).toEqual([true, true, true]);
    await expectSound({ deposit: '0.00', account: '11743.84' });
    // Nothing more, ever.
    await sweepOn('2026-05-31');
    expect(await statement()).toHaveLength(6);
    const rows = await context.db.selectFrom('deposit_payouts').select(['sequence', 'amount']).where('deposit_id', '=', deposit.id).orderBy('sequence').execute();
    expect(rows.map((row) => [row.sequence, row.amount])).toEqual([[1, '76.71'], [2, '84.93'], [3, '82.20']]);
  });

  it("finds a deposit's rows that disagree with the ledger", async () => {
    expect(await violationsWith(sql`insert into deposit_payouts (deposit_id, sequence, due_date, amount) values (${deposit.id}, 4, '2026-05-31', 0)`)).toContain(
      'no deposit has a payout beyond its schedule',
    );
    expect(await violationsWith(sql`update deposit_payouts set amount = amount + 0.01 where deposit_id = ${deposit.id} and sequence = 2`)).toEqual(
      expect.arrayContaining(['every deposit payout of interest is its transfer from interest expense to the funding account, of exactly its amount', "a matured deposit's payouts add up to its total interest"]),
    );
    expect(await violationsWith(sql`update deposits set status = 'Active', closed_on = null, closing_transfer_id = null, next_payout_date = maturity_date where id = ${deposit.id}`)).toContain(
      "a running deposit's ledger account holds its principal, a closed one's nothing",
    );
    expect(await violationsWith(sql`insert into ledger_accounts (kind, currency) values ('deposit', 'EUR')`)).toContain(
      'every deposit ledger account belongs to exactly one deposit, and a deposit to a deposit ledger account',
    );
    expect(await findLedgerViolations(context.db)).toEqual([]);
  });
});

describe.runIf(onPostgres)('two app nodes sweeping at once, on PostgreSQL', () => {
  let context: TestContext;
  let second: SecondNode;
  let clock: FixedClock;

  beforeAll(async () => {
    clock = fixedClock('2026-01-31T08:00:00Z');
    context = await createTestContext({}, { clock, postgresOnly: true });
    second = await openSecondNode(context);
  });
  afterAll(async () => {
    await second.close();
    await closeCheckingLedger(context);
  });

  it('makes each payout exactly once: one payout row, one entry and one statement row each', async () => {
    const client = await clientIdentifiedAt(context, '2025-06-01T10:00:00Z');
    const account = await openTestAccount(context, client, 'EUR', '120000.00');
    // Opened on several days, monthly and quarterly: their payouts fall on different dates.
    const opened: Deposit[] = [];
    for (const [date, termMonths, payoutMonths] of [['2026-01-31', 3, 1], ['2026-02-10', 6, 1], ['2026-02-10', 6, 3], ['2026-03-05', 3, 1], ['2026-03-05', 12, 12]] as const) {
      clock.set(`${date}T08:00:00Z`);
      for (let copy = 0; copy < 2; copy += 1) opened.push(await openedDeposit(context, client, termsOf(account.number, { termMonths, payoutMonths })));
    }
    const log = pino({ level: 'silent' });
    const first: JobContext = { ...jobContextOf(context, clock), log };
    const other: JobContext = { ...first, db: second.app.deps.db };
    // The nodes sweep side by side on each day, some days twice; a day with nothing due is swept too.
    for (const date of ['2026-02-28', '2026-03-10', '2026-03-31', '2026-04-05', '2026-04-30', '2026-05-10', '2026-06-05', '2026-08-10', '2027-03-05']) {
      clock.set(`${date}T00:30:00Z`);
      await Promise.all([depositPayoutsJob.run(first, {}), depositPayoutsJob.run(other, {}), depositPayoutsJob.run(other, {})]);
    }
    const ids = opened.map((deposit) => deposit.id);
    const payouts = await context.db
      .selectFrom('deposit_payouts')
      .select(['deposit_id', (s) => s.fn.countAll<string>().as('n')])
      .where('deposit_id', 'in', ids)
      .groupBy('deposit_id')
      .execute();
    const expected = (deposit: Deposit) => deposit.payouts.length;
    expect(Object.fromEntries(payouts.map((row) => [row.deposit_id, Number(row.n)]))).toEqual(Object.fromEntries(opened.map((deposit) => [deposit.id, expected(deposit)])));
    const { rows: entries } = await sql<{ kind: string; n: string }>`
      select e.kind, count(*)::text as n from journal_entries e
      where e.transfer_id in (select operation_id from statement_rows where account_id = (select id from accounts where number = ${account.number}))
        and e.kind in ('deposit_interest', 'deposit_return')
      group by e.kind order by e.kind`.execute(context.db);
    const totalPayouts = opened.reduce((sum, deposit) => sum + expected(deposit), 0);
    expect(entries.map((row) => [row.kind, Number(row.n)])).toEqual([['deposit_interest', totalPayouts], ['deposit_return', opened.length]]);
    const { rows: statementRows } = await sql<{ purpose: string; n: string }>`
      select o.details ->> 'purpose' as purpose, count(*)::text as n from statement_rows s join operations o on o.id = s.operation_id
      where s.account_id = (select id from accounts where number = ${account.number})
      group by 1 order by 1`.execute(context.db);
    expect(Object.fromEntries(statementRows.map((row) => [row.purpose, Number(row.n)]))).toEqual({
      'Deposit account opening': opened.length,
      'Interest on a term deposit': totalPayouts,
      'Placement of a term deposit': opened.length,
      'Return of a term deposit at maturity': opened.length,
    });
    for (const deposit of await listDeposits(context, client)) expect(deposit).toMatchObject({ status: 'Matured', interestPaid: deposit.totalInterest });
    expect(await findLedgerViolations(context.db)).toEqual([]);
  });
});
