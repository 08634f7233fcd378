// Proves on PostgreSQL, where requests run side by side, that no single operator, whatever their
// roles, can credit a client, approve a transfer that needs two, change a rate past the free band
// or the spread, or add an admin alone; and that a second operator is all each of these needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { listedWallet, openTestWallet } from '../crypto/test-support';
import { closeCheckingLedger } from '../ledger/test-context';
import { sendAbroad } from '../transfers/test-support';
import { createSignedInClient } from '../../test/clients';
import { createTestContext, onPostgres, type TestContext } from '../../test/harness';
import { createSignedInOperator, type TestOperator } from '../../test/operators';

describe.runIf(onPostgres)('no single insider (PostgreSQL)', () => {
  let context: TestContext;
  let insider: TestOperator;
  let colleague: TestOperator;

  beforeAll(async () => {
    context = await createTestContext({}, { postgresOnly: true });
    // Every role at once, and a bank with another admin, so no exception for a lone admin applies.
    insider = await createSignedInOperator(context, ['compliance', 'payments', 'admin']);
    colleague = await createSignedInOperator(context, ['payments', 'admin']);
  });
  afterAll(() => closeCheckingLedger(context));

  function as(operator: TestOperator, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
    return context.app.inject({ method, url: `/api/backoffice/${url}`, headers: operator.headers, ...(payload === undefined ? {} : { payload }) });
  }

  /** The insider tries to approve their own proposal, twice at once, as a script would. */
  async function insiderApprovesOwn(approvalId: string): Promise<void> {
    const answers = await Promise.all([as(insider, 'POST', `approvals/${approvalId}/approve`), as(insider, 'POST', `approvals/${approvalId}/approve`, { confirmDuplicate: true })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403]);
    expect((await as(insider, 'GET', `approvals/${approvalId}`)).json().status).toBe('Pending');
  }

  it('cannot credit a client: an incoming payment and a crypto deposit wait for another operator', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR');
    const wallet = await openTestWallet(context, client, 'ETH');
    const payment = await as(insider, 'POST', 'incoming-payments', {
      accountNumber: account.number,
      amount: '250000.00',
      currency: 'EUR',
      senderName: 'Made Up Ltd',
      senderAccount: 'GB33BUKB20201555555555',
      paymentRegion: 'SWIFT',
    });
    expect(payment.statusCode, payment.body).toBe(202);
    const deposit = await as(insider, 'POST', 'crypto-deposits', { address: wallet.number, amount: '10', currency: 'ETH', txHash: `0x${'b'.repeat(64)}` });
    expect(deposit.statusCode, deposit.body).toBe(202);
    await insiderApprovesOwn(payment.json().approval.id);
    await insiderApprovesOwn(deposit.json().approval.id);
    expect((await listedAccount(context, client, account.number)).bookedBalance).toBe('0.00');
    expect((await listedWallet(context, client, wallet.number)).balance).toBe('0.000000000000000000');

    expect((await as(colleague, 'POST', `approvals/${payment.json().approval.id}/approve`)).statusCode).toBe(200);
    expect((await listedAccount(context, client, account.number)).bookedBalance).toBe('249250.00');
  });

  it('cannot approve a transfer that needs two, alone or at once with itself', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '30000.00');
    const number = await sendAbroad(context, client, account.number, '20000.00');
    const answers = await Promise.all([as(insider, 'POST', `transactions/${number}/approve`), as(insider, 'POST', `transactions/${number}/approve`)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await as(insider, 'POST', `transactions/${number}/approve`)).statusCode).toBe(409);
    const release = (await as(insider, 'GET', 'approvals?kind=transferRelease')).json().items.find((item: { payload: { transactionNumber: string } }) => item.payload.transactionNumber === number);
    await insiderApprovesOwn(release.id);
    expect((await as(insider, 'GET', `transactions/${number}`)).json()).toMatchObject({ status: 'Processing', requiredApprovals: 2 });
    expect((await listedAccount(context, client, account.number)).bookedBalance).toBe('30000.00');

    const booked = await as(colleague, 'POST', `transactions/${number}/approve`);
    expect(booked.json()).toMatchObject({ status: 'Approved' });
    expect((await as(colleague, 'GET', `approvals/${release.id}`)).json()).toMatchObject({ status: 'Approved', checker: { id: colleague.id } });
  });

  it('cannot move a rate past the free band or change the spread alone, and no rate past the bounds at all', async () => {
    expect((await as(insider, 'PUT', 'rates', { pair: 'EUR/USD', rate: '1000' })).json().fields).toEqual({ rate: 'validation.rate.outOfBounds' });
    const rate = await as(insider, 'PUT', 'rates', { pair: 'EUR/USD', rate: '1.9000', reason: 'Test' });
    expect(rate.statusCode, rate.body).toBe(202);
    const spread = await as(insider, 'PUT', 'rates/spread', { basisPoints: 900 });
    expect(spread.statusCode).toBe(202);
    await insiderApprovesOwn(rate.json().approval.id);
    await insiderApprovesOwn(spread.json().approval.id);
    const rates = (await as(insider, 'GET', 'rates')).json();
    expect(rates.spreadBasisPoints).toBe(50);
    expect(rates.rates.find((row: { currency: string }) => row.currency === 'USD').perEur).not.toBe('1.9000');
    for (const approval of [rate.json().approval, spread.json().approval]) {
      expect((await as(colleague, 'POST', `approvals/${approval.id}/reject`, { reason: 'Not agreed' })).json().status).toBe('Rejected');
    }
  });

  it('cannot add an admin alone: not by inviting one, nor by granting the role', async () => {
    const invite = await as(insider, 'POST', 'operators', { email: 'second-admin@bank.test', name: 'Second Admin', roles: ['admin'], reason: 'Cover' });
    expect(invite.statusCode, invite.body).toBeLessThan(300);
    expect(invite.json()).toMatchObject({ operator: null, approval: { kind: 'operatorInvite', status: 'Pending' } });
    await insiderApprovesOwn(invite.json().approval.id);
    expect(await context.db.selectFrom('operators').select('id').where('email', '=', 'second-admin@bank.test').executeTakeFirst()).toBeUndefined();

    // Nor a second identity of their own with lesser roles: past the bank's first admin, every invitation waits.
    const alias = await as(insider, 'POST', 'operators', { email: 'insider.alias@bank.test', name: 'Alias', roles: ['payments'], reason: 'Help' });
    expect(alias.json()).toMatchObject({ operator: null, approval: { kind: 'operatorInvite', status: 'Pending' } });
    await insiderApprovesOwn(alias.json().approval.id);

    const clerk = await createSignedInOperator(context, ['compliance']);
    const grant = await as(insider, 'POST', `operators/${clerk.id}/roles`, { roles: ['admin'], reason: 'Promotion' });
    expect(grant.statusCode, grant.body).toBeLessThan(300);
    await insiderApprovesOwn(grant.json().approval.id);
    expect((await as(clerk, 'GET', 'operators')).statusCode).toBe(403);

    expect((await as(colleague, 'POST', `approvals/${grant.json().approval.id}/approve`)).statusCode).toBe(200);
    expect((await as(clerk, 'GET', 'operators')).statusCode).toBe(200);
  });
});
