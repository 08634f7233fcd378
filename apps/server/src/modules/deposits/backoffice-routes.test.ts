// Proves the back office's deposit liability report with known figures: on a day before a payout
// every running deposit owes the interest since its opening, on a payout's own date that deposit
// owes nothing (the payout is due that day) and the others go on accruing; a deposit closed early
// and one past its maturity are not running, one not yet opened is not either; the totals add up
// per currency; and the report is the same before and after the payout job has run for the day.
// And that an operator sees a client's deposits as the client does, each look on the audit trail.
import { randomUUID } from 'node:crypto';
import type { Deposit } from '@bank/contracts';
import type { DepositLiabilityResponse } from '@bank/contracts/backoffice/deposits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/clients';
import { createTestContext, jobContextOf, type TestContext } from '../../test/harness';
import { createSignedInOperator, type TestOperator } from '../../test/operators';
import { openTestAccount } from '../accounts/test-support';
import { fixedClock, type FixedClock } from '../jobs/clock';
import { closeCheckingLedger } from '../ledger/test-context';
import { depositPayoutsJob } from './payouts';
import { clientIdentifiedAt, openedDeposit, termsOf } from './test-support';

describe('the back office on deposits', () => {
  let context: TestContext;
  let clock: FixedClock;
  let operator: TestOperator;
  let recent: TestClient;
  let longStanding: TestClient;
  /** 10,000.00 EUR at 10 %, 3 months paid monthly, opened 15 January 2026: payouts 15 February, 15 March, 15 April. */
  let monthly: Deposit;
  /** 20,000.00 USD at 11 %, 6 months paid quarterly, opened 15 January 2026: first payout 15 April. */
  let quarterly: Deposit;
  /** 15,000.00 EUR at 10 %, opened 15 January 2026 and closed early on 5 February. */
  let closedEarly: Deposit;
  /** 12,000.00 EUR at 11 % (a client of more than a year), 12 months paid yearly, opened 1 February 2026. */
  let yearly: Deposit;

  beforeAll(async () => {
    clock = fixedClock('2026-01-15T09:00:00Z');
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
    clock.set('2026-02-01T09:00:00Z');
    yearly = await openedDeposit(context, longStanding, termsOf(longStandingEur, { amount: '12000.00', termMonths: 12, payoutMonths: 12 }));
    clock.set('2026-02-05T09:00:00Z');
    const closed = await context.app.inject({
      method: 'POST',
      url: '/api/deposit/close',
      headers: { ...recent.headers, 'idempotency-key': randomUUID() },
      payload: { depositId: closedEarly.id },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect([monthly.rateBasisPoints, quarterly.rateBasisPoints, closedEarly.rateBasisPoints, yearly.rateBasisPoints]).toEqual([1000, 1100, 1000, 1100]);
  });
  afterAll(() => closeCheckingLedger(context));

  async function report(query: Record<string, string> = {}): Promise<DepositLiabilityResponse> {
    const response = await context.app.inject({ method: 'GET', url: '/api/backoffice/deposits/liability', headers: operator.headers, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DepositLiabilityResponse>();
  }

  /** Each row as [number, accrued, last payout date], in the report's order. */
  const owed = (answer: DepositLiabilityResponse) => answer.items.map((row) => [row.number, row.accruedInterest, row.lastPayoutDate]);

  it('on the day before the closing: every deposit opened by then, with the interest since its opening', async () => {
    const answer = await report({ date: '2026-02-04' });
    expect(answer.date).toBe('2026-02-04');
    // 20 days of 10,000.00 at 10 % (54.79), of 15,000.00 at 10 % (82.19); 3 days of 12,000.00 at 11 % (10.85); 20 days of 20,000.00 at 11 % (120.55).
    expect(owed(answer)).toEqual([
      [monthly.number, '54.79', null],
      [closedEarly.number, '82.19', null],
      [yearly.number, '10.85', null],
      [quarterly.number, '120.55', null],
    ]);
    expect(answer.totals).toEqual([
      { currency: 'EUR', deposits: 3, principal: '37000.00', accruedInterest: '147.83' },
      { currency: 'USD', deposits: 1, principal: '20000.00', accruedInterest: '120.55' },
    ]);
  });

  it('before the first payout: the closed deposit is gone, each row carries its terms and client', async () => {
    const answer = await report({ date: '2026-02-10' });
    expect(owed(answer)).toEqual([
      [monthly.number, '71.23', null],
      [yearly.number, '32.55', null],
      [quarterly.number, '156.71', null],
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
    });
    expect(answer.totals).toEqual([
      { currency: 'EUR', deposits: 2, principal: '22000.00', accruedInterest: '103.78' },
      { currency: 'USD', deposits: 1, principal: '20000.00', accruedInterest: '156.71' },
    ]);
    expect(answer).toMatchObject({ page: 1, pageSize: 20, total: 3 });
  });

  it('on a payout date that payout is paid, not owed, whether or not the job has run yet', async () => {
    // The clock is still on 5 February: nothing of 15 February has been paid.
    const before = await report({ date: '2026-02-15' });
    expect(owed(before)).toEqual([
      [monthly.number, '0.00', '2026-02-15'],
      [yearly.number, '50.63', null],
      [quarterly.number, '186.85', null],
    ]);
    expect(before.totals.map((total) => total.accruedInterest)).toEqual(['50.63', '186.85']);

    clock.set('2026-02-15T09:00:00Z');
    await depositPayoutsJob.run(jobContextOf(context, clock), {});
    const paid = await context.db.selectFrom('deposit_payouts').select(['sequence', 'amount']).where('deposit_id', '=', monthly.id).execute();
    expect(paid).toEqual([{ sequence: 1, amount: '84.93' }]);
    expect(await report({ date: '2026-02-15' })).toEqual(before);
    // Without a date, the report is of the bank's today.
    expect(await report()).toEqual(before);
  });

  it('on the day before maturity a deposit owes the interest since its last payout; on its maturity date it is no longer running', async () => {
    expect(owed(await report({ date: '2026-04-14' }))).toEqual([
      [monthly.number, '82.20', '2026-03-15'],
      [yearly.number, '260.38', null],
      [quarterly.number, '536.44', null],
    ]);
    expect(owed(await report({ date: '2026-04-15' })).map(([number]) => number)).toEqual([yearly.number, quarterly.number]);
  });

  it('before any deposit opened, nothing is owed; a date that is not one is refused', async () => {
    const answer = await report({ date: '2026-01-14' });
    expect(answer.items).toEqual([]);
    expect(answer.totals).toEqual([
      { currency: 'EUR', deposits: 0, principal: '0.00', accruedInterest: '0.00' },
      { currency: 'USD', deposits: 0, principal: '0.00', accruedInterest: '0.00' },
    ]);
    const refused = await context.app.inject({ method: 'GET', url: '/api/backoffice/deposits/liability', headers: operator.headers, query: { date: '2026-02-30' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ date: 'validation.date.invalid' });
  });

  it("shows an operator a client's deposits as the client's own list does, and audits the look", async () => {
    const own = await context.app.inject({ method: 'GET', url: '/api/deposit/list', headers: recent.headers });
    const seen = await context.app.inject({ method: 'GET', url: `/api/backoffice/clients/${recent.id}/deposits`, headers: operator.headers });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<Deposit[]>()).toEqual(own.json<{ deposits: Deposit[] }>().deposits);
    expect(seen.json<Deposit[]>().map((deposit) => [deposit.number, deposit.status])).toEqual([
      [quarterly.number, 'Active'],
      [monthly.number, 'Active'],
      [closedEarly.number, 'ClosedEarly'],
    ]);
    const looks = await context.db.selectFrom('audit_log').select(['actor_id', 'subject_type']).where('action', '=', 'backoffice.depositsViewed').where('subject_id', '=', recent.id).execute();
    expect(looks).toEqual([{ actor_id: operator.id, subject_type: 'client' }]);

    const nobody = await context.app.inject({ method: 'GET', url: `/api/backoffice/clients/${randomUUID()}/deposits`, headers: operator.headers });
    expect(nobody.statusCode).toBe(404);
    const asClient = await context.app.inject({ method: 'GET', url: `/api/backoffice/clients/${recent.id}/deposits`, headers: recent.headers });
    expect(asClient.statusCode).toBe(401);
  });
});
