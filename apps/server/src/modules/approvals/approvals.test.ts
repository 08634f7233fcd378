// Proves four eyes on money that arrives and on corrections: an incoming payment or crypto deposit
// moves no balance until a second payments operator approves it, the maker's own approval is
// refused, a repeat of a booked payment must be confirmed, reversals book a new entry beside the
// original, and proposals are withdrawn, rejected and decided once, each step audited.
import type { TransactionRecord } from '@bank/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { listedWallet, openTestWallet } from '../crypto/test-support';
import { closeCheckingLedger } from '../ledger/test-context';
import { TEST_RECIPIENT_DETAILS } from '../transfers/test-support';
import { createSignedInClient } from '../../test/clients';
import { createTestContext, onPostgres, type TestContext } from '../../test/harness';
import { createSignedInOperator, type TestOperator } from '../../test/operators';

let context: TestContext;
let maker: TestOperator;
let checker: TestOperator;
let compliance: TestOperator;

beforeAll(async () => {
  context = await createTestContext();
  maker = await createSignedInOperator(context, ['payments']);
  checker = await createSignedInOperator(context, ['payments']);
  compliance = await createSignedInOperator(context, ['compliance']);
});
afterAll(() => closeCheckingLedger(context));

function as(operator: TestOperator, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return context.app.inject({ method, url: `/api/backoffice/${url}`, headers: operator.headers, ...(payload === undefined ? {} : { payload }) });
}

async function auditActions(approvalId: string): Promise<Array<{ action: string; actor_id: string | null }>> {
  return context.db.selectFrom('audit_log').select(['action', 'actor_id']).where('subject_type', '=', 'approval').where('subject_id', '=', approvalId).orderBy('id').execute();
}

async function clientWithEurAccount(fund?: string) {
  const client = await createSignedInClient(context, { firstName: 'Anna' });
  const account = await openTestAccount(context, client, 'EUR', fund);
  return { client, account };
}

function payment(accountNumber: string, overrides: Record<string, unknown> = {}) {
  return {
    accountNumber,
    amount: '250000.00',
    currency: 'EUR',
    senderName: 'Acme GmbH',
    senderAccount: 'DE89 3704 0044 0532 0130 00',
    paymentRegion: 'SEPA',
    valueDate: '2026-11-20',
    reference: 'INV-2026-118',
    reason: 'Statement of the correspondent account',
    ...overrides,
  };
}

describe('incoming payments', () => {
  it("moves nothing until a second operator approves; the maker's own approval is refused", async () => {
    const { client, account } = await clientWithEurAccount();
    const proposed = await as(maker, 'POST', 'incoming-payments', payment(account.number));
    expect(proposed.statusCode, proposed.body).toBe(202);
    const approval = proposed.json().approval;
    expect(approval).toMatchObject({ kind: 'incomingPayment', status: 'Pending', maker: { id: maker.id }, reason: 'Statement of the correspondent account', warnings: [] });
    // The checker sees whose account it is and what would be credited, as the maker did.
    expect(approval.payload).toMatchObject({ holder: 'Anna Client', fee: '750.00', credited: '249250.00', valueDate: '2026-11-20' });
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '0.00', bookedBalance: '0.00' });
    expect((await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers: client.headers })).json()).toEqual([]);

    const own = await as(maker, 'POST', `approvals/${approval.id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().details).toEqual({ reason: 'ownProposal' });
    // A compliance operator's roles do not open payments: the proposal does not exist for them.
    expect((await as(compliance, 'POST', `approvals/${approval.id}/approve`)).statusCode).toBe(404);
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '0.00' });

    const approved = await as(checker, 'POST', `approvals/${approval.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'Approved', checker: { id: checker.id }, result: { credited: '249250.00', amount: '250000.00' } });
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '249250.00', bookedBalance: '249250.00' });
    // Decided once: a second approval is a 409 and books nothing more.
    expect((await as(checker, 'POST', `approvals/${approval.id}/approve`)).statusCode).toBe(409);
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '249250.00' });
    expect(await auditActions(approval.id)).toEqual([
      { action: 'approval.proposed', actor_id: maker.id },
      { action: 'approval.approved', actor_id: checker.id },
    ]);
  });

  it('charges the investigation fee when a payment handled by hand is booked, as a row of its own; the mark is audited and shown to the checker', async () => {
    const { client, account } = await clientWithEurAccount();
    const preview = await as(maker, 'POST', 'incoming-payments/preview', payment(account.number, { amount: '1000.00', investigation: true }));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ investigationFee: '50.00' });
    const proposed = (await as(maker, 'POST', 'incoming-payments', payment(account.number, { amount: '1000.00', investigation: true }))).json().approval;
    expect(proposed.payload).toMatchObject({ investigation: true, investigationFee: '50.00' });
    expect(proposed.summary).toContain('with investigation');
    const { rows: audited } = await sql<{ after: { payload: { investigation?: boolean } } }>`
      select after from audit_log where action = 'approval.proposed' and subject_id = ${proposed.id}`.execute(context.db);
    expect(audited[0]!.after.payload.investigation).toBe(true);
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '0.00' });

    const approved = await as(checker, 'POST', `approvals/${proposed.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const result = approved.json().result;
    expect(result).toMatchObject({ amount: '1000.00', investigationFee: '50.00' });
    const credited = Number(result.credited);
    expect((await listedAccount(context, client, account.number)).balance).toBe((credited - 50).toFixed(2));
    const rows = (await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers: client.headers })).json<TransactionRecord[]>();
    expect(rows.map((row) => [row.transactionNumber, row.direction, row.amount, row.purpose, row.paymentReference])).toEqual([
      [result.investigationTransactionNumber, 'OUT', '50.00', 'Investigation and manual handling of an incoming payment', result.transactionNumber],
      [result.transactionNumber, 'IN', '1000.00', null, 'INV-2026-118'],
    ]);

    // Without the mark nothing more is charged; an account that cannot pay the fee books nothing.
    const plain = (await as(maker, 'POST', 'incoming-payments', payment(account.number, { amount: '100.00', reference: 'INV-2' }))).json().approval;
    expect((await as(checker, 'POST', `approvals/${plain.id}/approve`)).json().result.investigationFee).toBeUndefined();
    const poor = await clientWithEurAccount();
    const small = (await as(maker, 'POST', 'incoming-payments', payment(poor.account.number, { amount: '20.00', investigation: true }))).json().approval;
    const refused = await as(checker, 'POST', `approvals/${small.id}/approve`);
    expect(refused.statusCode).toBe(422);
    expect((await listedAccount(context, poor.client, poor.account.number)).balance).toBe('0.00');
    expect((await as(checker, 'GET', `approvals/${small.id}`)).json().status).toBe('Pending');
  });

  it('the same payment posted twice without a key is flagged, and booked again only when the checker confirms it', async () => {
    const { client, account } = await clientWithEurAccount();
    const first = (await as(maker, 'POST', 'incoming-payments', payment(account.number, { amount: '1000.00' }))).json().approval;
    const second = (await as(maker, 'POST', 'incoming-payments', payment(account.number, { amount: '1000.00', senderAccount: 'de89370400440532013000' }))).json().approval;
    const booked = await as(checker, 'POST', `approvals/${first.id}/approve`);
    expect(booked.statusCode, booked.body).toBe(200);
    const number = booked.json().result.transactionNumber;

    const shown = (await as(checker, 'GET', `approvals/${second.id}`)).json();
    expect(shown).toMatchObject({ warnings: ['possibleDuplicate'], duplicateOf: [number] });
    const refused = await as(checker, 'POST', `approvals/${second.id}/approve`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details).toEqual({ reason: 'possibleDuplicate', duplicateOf: [number] });
    expect((await listedAccount(context, client, account.number)).balance).toBe('950.00');

    const confirmed = await as(checker, 'POST', `approvals/${second.id}/approve`, { confirmDuplicate: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await listedAccount(context, client, account.number)).balance).toBe('1900.00');
    // The same payment to another client's account is another payment.
    const elsewhere = await clientWithEurAccount();
    expect((await as(maker, 'POST', 'incoming-payments', payment(elsewhere.account.number, { amount: '1000.00' }))).json().approval.warnings).toEqual([]);
    // Another value date is another payment.
    const later = (await as(maker, 'POST', 'incoming-payments', payment(account.number, { amount: '1000.00', valueDate: '2026-11-21' }))).json().approval;
    expect(later.warnings).toEqual([]);
  });

  it('the maker withdraws, a checker rejects with a reason; neither books anything and neither can be approved after', async () => {
    const { client, account } = await clientWithEurAccount();
    const withdrawn = (await as(maker, 'POST', 'incoming-payments', payment(account.number, { amount: '10.00' }))).json().approval;
    expect((await as(checker, 'POST', `approvals/${withdrawn.id}/withdraw`)).statusCode).toBe(403);
    expect((await as(maker, 'POST', `approvals/${withdrawn.id}/withdraw`)).json()).toMatchObject({ status: 'Withdrawn', checker: null });
    const rejected = (await as(maker, 'POST', 'incoming-payments', payment(account.number, { amount: '20.00' }))).json().approval;
    expect((await as(maker, 'POST', `approvals/${rejected.id}/reject`, { reason: 'Mine' })).statusCode).toBe(403);
    expect((await as(checker, 'POST', `approvals/${rejected.id}/reject`, { reason: '' })).statusCode).toBe(400);
    expect((await as(checker, 'POST', `approvals/${rejected.id}/reject`, { reason: 'No such payment on the nostro statement' })).json()).toMatchObject({
      status: 'Rejected',
      decisionReason: 'No such payment on the nostro statement',
      checker: { id: checker.id },
    });
    for (const id of [withdrawn.id, rejected.id]) expect((await as(checker, 'POST', `approvals/${id}/approve`)).statusCode).toBe(409);
    expect((await listedAccount(context, client, account.number)).balance).toBe('0.00');
    expect((await auditActions(rejected.id)).map((row) => row.action)).toEqual(['approval.proposed', 'approval.rejected']);
    const pending = (await as(checker, 'GET', 'approvals')).json();
    expect(pending.items.map((item: { id: string }) => item.id)).not.toContain(rejected.id);
    expect((await as(checker, 'GET', 'approvals?status=Rejected')).json().items.map((item: { id: string }) => item.id)).toContain(rejected.id);
  });

  it("an operator registered as the client may neither propose nor approve a credit to the client's account", async () => {
    const { client, account } = await clientWithEurAccount();
    const insider = await createSignedInOperator(context, ['payments']);
    await context.db.updateTable('operators').set({ email: client.email.toUpperCase() }).where('id', '=', insider.id).execute();
    const proposedByInsider = await as(insider, 'POST', 'incoming-payments', payment(account.number, { amount: '5.00' }));
    expect(proposedByInsider.statusCode).toBe(403);
    const proposed = (await as(maker, 'POST', 'incoming-payments', payment(account.number, { amount: '5.00' }))).json().approval;
    expect((await as(insider, 'POST', `approvals/${proposed.id}/approve`)).statusCode).toBe(403);
    expect((await listedAccount(context, client, account.number)).balance).toBe('0.00');
  });
});

describe('the record of four eyes', () => {
  it('a decided proposal cannot be rewritten or deleted, nor a transfer\'s thresholds changed, even by a direct statement', async () => {
    const { account } = await clientWithEurAccount();
    const proposed = (await as(maker, 'POST', 'incoming-payments', payment(account.number, { amount: '70.00', reference: 'FIXED' }))).json().approval;
    await as(checker, 'POST', `approvals/${proposed.id}/approve`);
    await expect(context.db.updateTable('approvals').set({ checker_id: maker.id }).where('id', '=', proposed.id).execute()).rejects.toThrow(/does not change/);
    await expect(context.db.deleteFrom('approvals').where('id', '=', proposed.id).execute()).rejects.toThrow(/never deleted/);
    const pending = (await as(maker, 'POST', 'incoming-payments', payment(account.number, { amount: '71.00', reference: 'FIXED-2' }))).json().approval;
    await expect(context.db.updateTable('approvals').set({ payload: JSON.stringify({ amount: '71000.00' }) }).where('id', '=', pending.id).execute()).rejects.toThrow(/as it was proposed/);
    const funded = await clientWithEurAccount('20000.00');
    const abroad = await context.app.inject({
      method: 'POST',
      url: '/api/transaction/create',
      headers: funded.client.headers,
      payload: { type: 'international', paymentRegions: 'SWIFT', fromAccount: funded.account.number, amount: '15000.00', purpose: 'Car', recipientDetails: TEST_RECIPIENT_DETAILS },
    });
    expect(abroad.statusCode, abroad.body).toBe(200);
    const transfer = await context.db
      .selectFrom('operations')
      .select(['id', sql<number>`(details #>> '{thresholds,approvalsRequired}')::int`.as('approvals_required')])
      .where('client_id', '=', funded.client.id)
      .executeTakeFirstOrThrow();
    expect(transfer.approvals_required).toBe(2);
    await expect(
      sql`update operations set details = jsonb_set(details, '{thresholds}', '{"amountEur": "1.00", "approvalsRequired": 1, "approvalReason": null}') where id = ${transfer.id}`.execute(context.db),
    ).rejects.toThrow(/fixed when it was made/);
  });
});

describe('crypto deposits', () => {
  it('a deposit with a hash credits the wallet only on a second approval, and a hash is proposed once', async () => {
    const client = await createSignedInClient(context);
    const wallet = await openTestWallet(context, client, 'BTC');
    const txHash = 'a'.repeat(64);
    // 40 BTC is more than one operation may carry: refused when proposed.
    const tooLarge = await as(maker, 'POST', 'crypto-deposits', { address: wallet.number, amount: '40.00000000', currency: 'BTC', txHash, reason: 'Seen on chain' });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().fields).toEqual({ amount: 'validation.amount.overLimit' });
    const deposit = { address: wallet.number, amount: '4.00000000', currency: 'BTC', txHash, reason: 'Seen on chain' };
    const proposed = await as(maker, 'POST', 'crypto-deposits', deposit);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect((await as(maker, 'POST', 'crypto-deposits', { ...deposit, txHash: 'A'.repeat(64) })).statusCode).toBe(409);
    expect((await listedWallet(context, client, wallet.number)).balance).toBe('0.00000000');
    expect((await as(maker, 'POST', `approvals/${proposed.json().approval.id}/approve`)).statusCode).toBe(403);
    const approved = await as(checker, 'POST', `approvals/${proposed.json().approval.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await listedWallet(context, client, wallet.number)).balance).toBe('4.00000000');
    const again = await as(maker, 'POST', 'crypto-deposits', deposit);
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ txHash: 'validation.txHash.used' });
  });
});

describe('reversals', () => {
  it('a booked payment is corrected by a new reversing entry; the statement shows both rows; a transfer is reversed once', async () => {
    const { client, account } = await clientWithEurAccount();
    const proposed = (await as(maker, 'POST', 'incoming-payments', payment(account.number, { amount: '500.00', reference: 'R-1' }))).json().approval;
    const number = (await as(checker, 'POST', `approvals/${proposed.id}/approve`)).json().result.transactionNumber as string;
    expect((await listedAccount(context, client, account.number)).balance).toBe('450.00');

    const reversal = await as(maker, 'POST', 'reversals', { transactionNumber: number, reason: 'Sent to the wrong account by the payer bank' });
    expect(reversal.statusCode, reversal.body).toBe(202);
    expect((await listedAccount(context, client, account.number)).balance).toBe('450.00');
    expect((await as(maker, 'POST', `approvals/${reversal.json().approval.id}/approve`)).statusCode).toBe(403);
    const approved = await as(checker, 'POST', `approvals/${reversal.json().approval.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().result).toMatchObject({ reverses: number });
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '0.00', bookedBalance: '0.00' });

    const rows = (await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers: client.headers })).json<TransactionRecord[]>();
    const original = rows.find((row) => row.transactionNumber === number);
    const reversing = rows.find((row) => row.transactionNumber === approved.json().result.transactionNumber);
    expect(original).toMatchObject({ direction: 'IN', transactionStatus: 'Approved', amount: '500.00' });
    expect(reversing).toMatchObject({ direction: 'OUT', transactionStatus: 'Approved', amount: '450.00' });

    expect((await as(maker, 'POST', 'reversals', { transactionNumber: number, reason: 'Again' })).statusCode).toBe(409);
    expect((await as(maker, 'POST', 'reversals', { transactionNumber: reversing!.transactionNumber, reason: 'Undo' })).statusCode).toBe(409);
    expect((await as(maker, 'POST', 'reversals', { transactionNumber: 'NO-SUCH', reason: 'x' })).statusCode).toBe(404);
  });

  it('a reversal that would take the client below zero is refused and stays pending', async () => {
    const { client, account } = await clientWithEurAccount();
    const proposed = (await as(maker, 'POST', 'incoming-payments', payment(account.number, { amount: '300.00', reference: 'R-2' }))).json().approval;
    const number = (await as(checker, 'POST', `approvals/${proposed.id}/approve`)).json().result.transactionNumber as string;
    const other = await clientWithEurAccount();
    const spent = await context.app.inject({
      method: 'POST',
      url: '/api/transaction/create',
      headers: { ...client.headers, 'idempotency-key': `spend-${number}` },
      payload: { type: 'internal', accNumberFrom: account.number, accNumberTo: other.account.number, amount: '200.00' },
    });
    expect(spent.statusCode, spent.body).toBeLessThan(300);
    const reversal = (await as(maker, 'POST', 'reversals', { transactionNumber: number, reason: 'Recalled' })).json().approval;
    const refused = await as(checker, 'POST', `approvals/${reversal.id}/approve`);
    expect(refused.statusCode).toBe(422);
    expect((await as(checker, 'GET', `approvals/${reversal.id}`)).json().status).toBe('Pending');
    expect((await listedAccount(context, client, account.number)).balance).toBe('50.00');
  });
});

describe.runIf(onPostgres)('two checkers at once (PostgreSQL)', () => {
  it('one approval books the payment, the other finds it decided', async () => {
    const { client, account } = await clientWithEurAccount();
    const third = await createSignedInOperator(context, ['payments']);
    for (let round = 0; round < 5; round += 1) {
      const proposed = (await as(maker, 'POST', 'incoming-payments', payment(account.number, { amount: '100.00', reference: `C-${round}` }))).json().approval;
      const answers = await Promise.all([as(checker, 'POST', `approvals/${proposed.id}/approve`), as(third, 'POST', `approvals/${proposed.id}/approve`)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    }
    expect((await listedAccount(context, client, account.number)).balance).toBe('250.00');
  });

  it('twin proposals of one payment approved at once by two checkers: the second is held as a possible duplicate', async () => {
    const { client, account } = await clientWithEurAccount();
    const third = await createSignedInOperator(context, ['payments']);
    const twins = [];
    for (let index = 0; index < 2; index += 1) twins.push((await as(maker, 'POST', 'incoming-payments', payment(account.number, { amount: '1000.00', reference: 'TWIN' }))).json().approval.id as string);
    const answers = await Promise.all([as(checker, 'POST', `approvals/${twins[0]}/approve`), as(third, 'POST', `approvals/${twins[1]}/approve`)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().details.reason).toBe('possibleDuplicate');
    expect((await listedAccount(context, client, account.number)).balance).toBe('950.00');
  });
});
