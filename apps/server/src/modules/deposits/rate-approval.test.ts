// Proves that the deposit rate table changes only through four eyes: an admin's proposal changes
// nothing (quotes stay at the old rate), its maker cannot approve it, and another admin's approval
// writes a version of the table from which new deposits quote and open at the new rate while a
// running deposit keeps its own; that a table equal to the one in force, a second proposal while
// one waits, a rate out of bounds and a role that does not re-price are all refused.
import { DEPOSITS, type Deposit, type DepositQuote } from '@bank/contracts';
import type { DepositRatesResponse } from '@bank/contracts/backoffice/deposits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { createSignedInOperator, type TestOperator } from '../../test/operators';
import { openTestAccount } from '../accounts/test-support';
import { fixedClock } from '../jobs';
import { closeCheckingLedger } from '../ledger/test-context';
import { depositRatesInForce } from './rate-table';
import { clientIdentifiedAt, listDeposits, openedDeposit, quoteDeposit, termsOf } from './test-support';

describe('deposit rate table through four eyes', () => {
  let context: TestContext;
  let maker: TestOperator;
  let checker: TestOperator;
  let payments: TestOperator;
  let client: TestClient;
  let accountNumber: string;
  /** Opened at the tariff's rate before any change: a client identified less than a year ago, 10 % on EUR. */
  let running: Deposit;

  beforeAll(async () => {
    context = await createTestContext({}, { clock: fixedClock('2026-01-31T09:00:00Z') });
    maker = await createSignedInOperator(context, ['admin']);
    checker = await createSignedInOperator(context, ['admin']);
    payments = await createSignedInOperator(context, ['payments']);
    client = await clientIdentifiedAt(context, '2025-06-01T10:00:00Z');
    accountNumber = (await openTestAccount(context, client, 'EUR', '30000.00')).number;
    running = await openedDeposit(context, client, termsOf(accountNumber));
    expect(running.rateBasisPoints).toBe(1000);
  });
  afterAll(() => closeCheckingLedger(context));

  async function quotedRate(): Promise<number> {
    const response = await quoteDeposit(context, client, termsOf(accountNumber));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DepositQuote>().rateBasisPoints;
  }

  function as(operator: TestOperator, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
    return context.app.inject({ method, url: `/api/backoffice/${url}`, headers: operator.headers, ...(payload === undefined ? {} : { payload }) });
  }

  const proposal = {
    rates: { withHistory: { EUR: '11.50', USD: '12' }, withoutHistory: { EUR: '10,25', USD: '11.00' } },
    reason: 'ECB deposit facility rate up by 50 bp',
  };

  it('holds a proposal until another admin approves it, then the new table is in force', async () => {
    const before = await as(maker, 'GET', 'deposits/rates');
    expect(before.json<DepositRatesResponse>()).toEqual({ rates: DEPOSITS.ratesBasisPoints, versionId: null, since: null, pending: null });

    const proposed = await as(maker, 'PUT', 'deposits/rates', proposal);
    expect(proposed.statusCode, proposed.body).toBe(202);
    const answer = proposed.json<DepositRatesResponse>();
    expect(answer.rates).toEqual(DEPOSITS.ratesBasisPoints);
    expect(answer.pending).toMatchObject({
      kind: 'depositRates',
      status: 'Pending',
      reason: proposal.reason,
      payload: {
        rates: { withHistory: { EUR: 1150, USD: 1200 }, withoutHistory: { EUR: 1025, USD: 1100 } },
        previous: DEPOSITS.ratesBasisPoints,
        previousVersionId: null,
      },
      summary: 'withHistory EUR 11.00% → 11.50%; withoutHistory EUR 10.00% → 10.25%',
    });
    const approvalId = answer.pending!.id;
    // Nothing changes while it waits.
    expect((await depositRatesInForce(context.db)).rates).toEqual(DEPOSITS.ratesBasisPoints);
    expect(await quotedRate()).toBe(1000);

    // Its maker may not approve it; a second proposal waits for the first.
    const own = await as(maker, 'POST', `approvals/${approvalId}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().details).toMatchObject({ reason: 'ownProposal' });
    const second = await as(checker, 'PUT', 'deposits/rates', { ...proposal, rates: { ...proposal.rates, withHistory: { EUR: '13', USD: '14' } } });
    expect(second.statusCode).toBe(409);
    expect(second.json().details).toMatchObject({ reason: 'alreadyProposed' });
    expect((await depositRatesInForce(context.db)).versionId).toBeNull();

    const approved = await as(checker, 'POST', `approvals/${approvalId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'Approved', checker: { id: checker.id } });
    const version = await context.db.selectFrom('deposit_rate_versions').select(['id', 'approval_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(version.approval_id).toBe(approvalId);
    expect(approved.json().result).toEqual({ versionId: String(version.id) });

    const after = (await as(maker, 'GET', 'deposits/rates')).json<DepositRatesResponse>();
    expect(after).toMatchObject({ rates: { withHistory: { EUR: 1150, USD: 1200 }, withoutHistory: { EUR: 1025, USD: 1100 } }, versionId: String(version.id), pending: null });
    expect(after.since).not.toBeNull();

    // New deposits quote and open at the new rate; the running one keeps the rate it opened at.
    expect(await quotedRate()).toBe(1025);
    const opened = await openedDeposit(context, client, termsOf(accountNumber));
    expect(opened.rateBasisPoints).toBe(1025);
    const listed = await listDeposits(context, client);
    expect(listed.map((deposit) => [deposit.number, deposit.rateBasisPoints, deposit.totalInterest])).toEqual([
      [opened.number, 1025, opened.totalInterest],
      [running.number, 1000, running.totalInterest],
    ]);
    expect(Number(opened.totalInterest)).toBeGreaterThan(Number(running.totalInterest));
  });

  it('refuses a table equal to the one in force', async () => {
    const inForce = await depositRatesInForce(context.db);
    const same = {
      withHistory: { EUR: String(inForce.rates.withHistory.EUR / 100), USD: String(inForce.rates.withHistory.USD / 100) },
      withoutHistory: { EUR: String(inForce.rates.withoutHistory.EUR / 100), USD: String(inForce.rates.withoutHistory.USD / 100) },
    };
    const answer = await as(maker, 'PUT', 'deposits/rates', { rates: same, reason: 'Same again' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().details).toMatchObject({ reason: 'ratesUnchanged' });
  });

  it('names the refused cell of a table, and wants a reason', async () => {
    for (const bad of ['0', '100', '11.505', '-1', 'eleven', '']) {
      const answer = await as(maker, 'PUT', 'deposits/rates', { ...proposal, rates: { ...proposal.rates, withoutHistory: { EUR: '10', USD: bad } } });
      expect({ bad, status: answer.statusCode, fields: answer.json().fields }).toEqual({ bad, status: 400, fields: { 'rates.withoutHistory.USD': 'validation.depositRate.invalid' } });
    }
    const noReason = await as(maker, 'PUT', 'deposits/rates', { rates: proposal.rates, reason: ' ' });
    expect(noReason.json().fields).toEqual({ reason: 'validation.required' });
  });

  it('is open to the roles that re-price FX only', async () => {
    expect((await as(payments, 'GET', 'deposits/rates')).statusCode).toBe(403);
    expect((await as(payments, 'PUT', 'deposits/rates', proposal)).statusCode).toBe(403);
  });
});
