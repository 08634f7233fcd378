// Proves that the deposit rate table changes only through four eyes: an admin's proposal changes
// nothing, its maker cannot approve it, and another admin's approval writes a version of the table
// that holds from then on; that a table equal to the one in force, a second proposal while one
// waits, a rate out of bounds and a role that does not re-price are all refused.
import { DEPOSITS } from '@bank/contracts';
import type { DepositRatesResponse } from '@bank/contracts/backoffice/deposits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { createSignedInOperator, type TestOperator } from '../../test/operators';
import { depositRatesInForce } from './rate-table';

describe('deposit rate table through four eyes', () => {
  let context: TestContext;
  let maker: TestOperator;
  let checker: TestOperator;
  let payments: TestOperator;

  beforeAll(async () => {
    context = await createTestContext();
    maker = await createSignedInOperator(context, ['admin']);
    checker = await createSignedInOperator(context, ['admin']);
    payments = await createSignedInOperator(context, ['payments']);
  });
  afterAll(() => context.close());

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
