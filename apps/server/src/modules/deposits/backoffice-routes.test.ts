// Proves the back office's deposit liability report with known figures, as the end of each day
// (in the bank's zone, Berlin) saw it: every deposit opened by then and not yet returned, with the
// interest accrued since its last payout date and what fell due and was not paid by then. While the
// payout job is behind, a payout's interest is due and unpaid, and once it has run it is not; a
// deposit past its maturity whose return is not booked stays on the report with its principal due;
// a deposit closed early is off it from its closing day; a past date answers as its end did even
// after a later payout or return; the totals add up per currency over every page; and a date
// before 1900 is refused. And that an operator sees a client's deposits as the client does, each
// look on the audit trail.
import { randomUUID } from 'node:crypto';
import type { Deposit } from '@bank/contracts';
import type { DepositLiabilityResponse } from '@bank/contracts/backoffice/deposits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/clients';
import { createTestContext, jobContextOf, type TestContext } from '../../test/harness';
import { createSignedInOperator, type TestOperator } from '../../test/operators';
import { openTestAccount } from '../accounts/test-support';
import { fixedClock, type FixedClock } from '../jobs';
import { closeCheckingLedger } from '../ledger/test-context';
import { depositLiability } from './liability';
import { depositPayoutsJob } from './payouts';
import { clientIdentifiedAt, listDeposits, openedDeposit, stampDepositBookingsAt, termsOf } from './test-support';

describe('the back office on deposits', () => {
  let context: TestContext;
  let clock: FixedClock;
  let operator: TestOperator;
  let recent: TestClient;
  let longStanding: TestClient;
  /** 10,000.00 EUR at 10 %, 3 months paid monthly, opened 15 January 2026: payouts 84.93 on 15 February, 76.71 on 15 March, 84.94 on 15 April. */
  let monthly: Deposit;
  /** 20,000.00 USD at 11 %, 6 months paid quarterly, opened 15 January 2026: first payout 542.47 on 15 April. */
  let quarterly: Deposit;
  /** 15,000.00 EUR at 10 %, opened 15 January 2026 and closed early on 5 February. */
  let closedEarly: Deposit;
  /** 12,000.00 EUR at 11 % (a client of more than a year), 12 months paid yearly, opened 1 February 2026. */
  let yearly: Deposit;

  /** Moves the bank's clock on; what the app books from then is dated then. */
  function at(instant: string): void {
    clock.set(instant);
  }

  /** The payout job's run at the clock's instant, its bookings dated then. */
  async function runPayouts(): Promise<void> {
    await depositPayoutsJob.run(jobContextOf(context, clock), {});
    await stampDepositBookingsAt(context, clock.now().toISOString());
  }

  beforeAll(async () => {
    // Berlin is an hour ahead of UTC in winter: its 15 March ends at 23:00 UTC.
    clock = fixedClock('2026-01-15T09:00:00Z', 'Europe/Berlin');
    context = await createTestContext({}, { clock });
    // The opening fee of a USD deposit is priced at the day's mid rate.
    await context.db.insertInto('fx_rates').values({ currency: 'USD', per_eur: '1.0855', source: 'operator' })
      .onConflict((conflict) => conflict.column('currency').doUpdateSet({ per_eur: '1.0855' })).execute();
    operator = await createSignedInOperator(context, ['compliance']);
    recent = await clientIdentifiedAt(context, '2025-06-01T10:00:00Z');
    longStanding = await clientIdentifiedAt(context, '2024-01-01T10:00:00Z');
    const recentEur = (await openTestAccount(context, recent, 'EUR', '30000.00')).number;
    const recentUsd = (await openTestAccount(context, recent, 'USD', '25000.00')).number;
    const longStandingEur = (await openTestAccount(context, longStanding, 'EUR', '15000.00')).number;

    monthly = await openedDeposit(context, recent, termsOf(recentEur));
    quarterly = await openedDeposit(context, recent, termsOf(recentUsd, { currency: 'USD', amount: '20000.00', termMonths: 6, payoutMonths: 3 }));
    closedEarly = await openedDeposit(context, recent, termsOf(recentEur, { amount: '15000.00' }));
    at('2026-02-01T09:00:00Z');
    yearly = await openedDeposit(context, longStanding, termsOf(longStandingEur, { amount: '12000.00', termMonths: 12, payoutMonths: 12 }));
    at('2026-02-05T09:00:00Z');
    const closed = await context.app.inject({
      method: 'POST',
      url: '/api/deposit/close',
      headers: { ...recent.headers, 'idempotency-key': randomUUID() },
      payload: { depositId: closedEarly.id },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await stampDepositBookingsAt(context, clock.now().toISOString());
    expect([monthly.rateBasisPoints, quarterly.rateBasisPoints, closedEarly.rateBasisPoints, yearly.rateBasisPoints]).toEqual([1000, 1100, 1000, 1100]);
  });
  afterAll(() => closeCheckingLedger(context));

  function ask(query: Record<string, string>) {
    return context.app.inject({ method: 'GET', url: '/api/backoffice/deposits/liability', headers: operator.headers, query });
  }

  async function report(query: Record<string, string> = {}): Promise<DepositLiabilityResponse> {
    const response = await ask(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DepositLiabilityResponse>();
  }

  /** Each row as [number, accrued, due unpaid interest, principal due, last payout date], in the report's order. */
  const owed = (answer: DepositLiabilityResponse) =>
    answer.items.map((row) => [row.number, row.accruedInterest, row.dueUnpaidInterest, row.principalDue, row.lastPayoutDate]);

  /** The totals as [currency, deposits, principal, accrued, due unpaid interest, due unpaid principal]. */
  const totalsOf = (answer: DepositLiabilityResponse) =>
    answer.totals.map((total) => [total.currency, total.deposits, total.principal, total.accruedInterest, total.dueUnpaidInterest, total.dueUnpaidPrincipal]);

  it('on the day before the closing: every deposit opened by then, with the interest since its opening; on the closing day the closed one is gone', async () => {
    const answer = await report({ date: '2026-02-04' });
    expect(answer.date).toBe('2026-02-04');
    // 20 days of 10,000.00 at 10 % (54.79), of 15,000.00 at 10 % (82.19); 3 days of 12,000.00 at 11 % (10.85); 20 days of 20,000.00 at 11 % (120.55).
    expect(owed(answer)).toEqual([
      [monthly.number, '54.79', '0.00', false, null],
      [closedEarly.number, '82.19', '0.00', false, null],
      [yearly.number, '10.85', '0.00', false, null],
      [quarterly.number, '120.55', '0.00', false, null],
    ]);
    expect(totalsOf(answer)).toEqual([
      ['EUR', 3, '37000.00', '147.83', '0.00', '0.00'],
      ['USD', 1, '20000.00', '120.55', '0.00', '0.00'],
    ]);
    // Closed at 10:00 on 5 February: its principal was back before that day ended.
    expect(owed(await report({ date: '2026-02-05' })).map(([number]) => number)).toEqual([monthly.number, yearly.number, quarterly.number]);
  });

  it('before the first payout: the closed deposit is gone, each row carries its terms and client', async () => {
    const answer = await report({ date: '2026-02-10' });
    expect(owed(answer)).toEqual([
      [monthly.number, '71.23', '0.00', false, null],
      [yearly.number, '32.55', '0.00', false, null],
      [quarterly.number, '156.71', '0.00', false, null],
    ]);
    expect(answer.items[0]).toEqual({
      depositId: monthly.id,
      number: monthly.number,
      client: { clientId: recent.id, clientNumber: expect.any(String), name: 'Test Client' },
      currency: 'EUR',
      principal: '10000.00',
      rateBasisPoints: 1000,
      rate: '10.00',
      openingDate: '2026-01-15',
      maturityDate: '2026-04-15',
      lastPayoutDate: null,
      accruedInterest: '71.23',
      dueUnpaidInterest: '0.00',
      principalDue: false,
    });
    expect(totalsOf(answer)).toEqual([
      ['EUR', 2, '22000.00', '103.78', '0.00', '0.00'],
      ['USD', 1, '20000.00', '156.71', '0.00', '0.00'],
    ]);
    expect(answer).toMatchObject({ page: 1, pageSize: 20, total: 3 });
    // The totals are over every page: a page past the last has no rows and the same totals.
    const second = await report({ date: '2026-02-10', page: '2' });
    expect(second).toMatchObject({ items: [], page: 2, total: 3, totals: answer.totals });
  });

  it('while the payout job is behind, a payout dated by the day is due and unpaid; once it has run, it is paid', async () => {
    // 16 February: nothing of the 15th has been paid yet.
    at('2026-02-16T09:00:00Z');
    const behind = await report({ date: '2026-02-15' });
    expect(owed(behind)).toEqual([
      [monthly.number, '0.00', '84.93', false, '2026-02-15'],
      [yearly.number, '50.63', '0.00', false, null],
      [quarterly.number, '186.85', '0.00', false, null],
    ]);
    expect(totalsOf(behind)).toEqual([
      ['EUR', 2, '22000.00', '50.63', '84.93', '0.00'],
      ['USD', 1, '20000.00', '186.85', '0.00', '0.00'],
    ]);
    expect(owed(await report({ date: '2026-02-16' }))[0]).toEqual([monthly.number, '2.74', '84.93', false, '2026-02-15']);

    await runPayouts();
    const paid = await context.db.selectFrom('deposit_payouts').select(['sequence', 'amount']).where('deposit_id', '=', monthly.id).execute();
    expect(paid).toEqual([{ sequence: 1, amount: '84.93' }]);
    const today = await report({ date: '2026-02-16' });
    expect(owed(today)[0]).toEqual([monthly.number, '2.74', '0.00', false, '2026-02-15']);
    expect(totalsOf(today)[0]).toEqual(['EUR', 2, '22000.00', '56.99', '0.00', '0.00']);
    // Without a date, the report is of the bank's today.
    expect(await report()).toEqual(today);
    // The 15th ended before the payout was made: its report stays as it was.
    expect(await report({ date: '2026-02-15' })).toEqual(behind);
  });

  it("reads the day's end in the bank's zone: a payout made at 00:30 in Berlin was unpaid at the end of the day before", async () => {
    // 23:30 UTC on 15 March is already 16 March in Berlin.
    at('2026-03-15T23:30:00Z');
    await runPayouts();
    expect(owed(await report({ date: '2026-03-15' }))[0]).toEqual([monthly.number, '0.00', '76.71', false, '2026-03-15']);
    expect(owed(await report({ date: '2026-03-16' }))[0]).toEqual([monthly.number, '2.74', '0.00', false, '2026-03-15']);
  });

  it('a deposit past its maturity whose return is not booked stays on the report with its principal due, until it is returned', async () => {
    expect(owed(await report({ date: '2026-04-14' }))).toEqual([
      [monthly.number, '82.20', '0.00', false, '2026-03-15'],
      [yearly.number, '260.38', '0.00', false, null],
      [quarterly.number, '536.44', '0.00', false, null],
    ]);
    // 16 April: the job has not run since 16 March, so neither 15 April's payouts nor the return are booked.
    at('2026-04-16T09:00:00Z');
    const matured = await report({ date: '2026-04-15' });
    expect(owed(matured)).toEqual([
      [monthly.number, '0.00', '84.94', true, '2026-04-15'],
      [yearly.number, '264.00', '0.00', false, null],
      [quarterly.number, '0.00', '542.47', false, '2026-04-15'],
    ]);
    expect(totalsOf(matured)).toEqual([
      ['EUR', 2, '22000.00', '264.00', '84.94', '10000.00'],
      ['USD', 1, '20000.00', '0.00', '542.47', '0.00'],
    ]);
    expect((await listDeposits(context, recent)).find((deposit) => deposit.id === monthly.id)?.status).toBe('Active');
    const dayAfter = await report({ date: '2026-04-16' });
    expect(owed(dayAfter)).toEqual([
      [monthly.number, '0.00', '84.94', true, '2026-04-15'],
      [yearly.number, '267.62', '0.00', false, null],
      [quarterly.number, '6.02', '542.47', false, '2026-04-15'],
    ]);

    at('2026-04-17T09:00:00Z');
    await runPayouts();
    expect((await listDeposits(context, recent)).find((deposit) => deposit.id === monthly.id)?.status).toBe('Matured');
    const returned = await report({ date: '2026-04-17' });
    expect(owed(returned)).toEqual([
      [yearly.number, '271.23', '0.00', false, null],
      [quarterly.number, '12.05', '0.00', false, '2026-04-15'],
    ]);
    expect(totalsOf(returned)).toEqual([
      ['EUR', 1, '12000.00', '271.23', '0.00', '0.00'],
      ['USD', 1, '20000.00', '12.05', '0.00', '0.00'],
    ]);
    // The days before the return read as they ended.
    expect(await report({ date: '2026-04-15' })).toEqual(matured);
    expect(await report({ date: '2026-04-16' })).toEqual(dayAfter);
  });

  it('before any deposit opened, nothing is owed; a date that is not one, or is before 1900, is refused', async () => {
    const answer = await report({ date: '2026-01-14' });
    expect(answer.items).toEqual([]);
    expect(totalsOf(answer)).toEqual([
      ['EUR', 0, '0.00', '0.00', '0.00', '0.00'],
      ['USD', 0, '0.00', '0.00', '0.00', '0.00'],
    ]);
    // PostgreSQL has no year 0: it was a 500 before the schema refused it.
    for (const date of ['2026-02-30', '0000-01-01', '1899-12-31']) {
      const refused = await ask({ date });
      expect(refused.statusCode, date).toBe(400);
      expect(refused.json().fields).toEqual({ date: 'validation.date.invalid' });
    }
    expect((await report({ date: '1900-01-01' })).items).toEqual([]);
  });

  it('on the last day there is, every running deposit is due in full less what was paid', async () => {
    const last = await report({ date: '9999-12-31' });
    // Quarterly: 1,090.96 of interest, 542.47 of it paid; yearly: 1,320.00, none paid.
    expect(owed(last)).toEqual([
      [yearly.number, '0.00', '1320.00', true, '2027-02-01'],
      [quarterly.number, '0.00', '548.49', true, '2026-07-15'],
    ]);
    // A bank on or west of Greenwich ends that day in year 10000: the same answer, not a failure.
    for (const timeZone of ['UTC', 'America/Los_Angeles']) expect(await depositLiability(context.deps.db, '9999-12-31', timeZone, 1)).toEqual(last);
  });

  it("shows an operator a client's deposits as the client's own list does, and audits the look", async () => {
    const own = await context.app.inject({ method: 'GET', url: '/api/deposit/list', headers: recent.headers });
    const seen = await context.app.inject({ method: 'GET', url: `/api/backoffice/clients/${recent.id}/deposits`, headers: operator.headers });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<Deposit[]>()).toEqual(own.json<{ deposits: Deposit[] }>().deposits);
    expect(seen.json<Deposit[]>().map((deposit) => [deposit.number, deposit.status])).toEqual([
      [quarterly.number, 'Active'],
      [closedEarly.number, 'ClosedEarly'],
      [monthly.number, 'Matured'],
    ]);
    const looks = await context.db.selectFrom('audit_log').select(['actor_id', 'subject_type']).where('action', '=', 'backoffice.depositsViewed').where('subject_id', '=', recent.id).execute();
    expect(looks).toEqual([{ actor_id: operator.id, subject_type: 'client' }]);

    const nobody = await context.app.inject({ method: 'GET', url: `/api/backoffice/clients/${randomUUID()}/deposits`, headers: operator.headers });
    expect(nobody.statusCode).toBe(404);
    const asClient = await context.app.inject({ method: 'GET', url: `/api/backoffice/clients/${recent.id}/deposits`, headers: recent.headers });
    expect(asClient.statusCode).toBe(401);
  });
});
