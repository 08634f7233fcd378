// Proves closing a client who breaches policy (docs/bank-controls.md#closing-a-client): the proposal
// changes nothing until a second compliance operator approves it; then the client's sessions end,
// what the client planned is canceled, the 100 EUR closing fee is charged once as a statement row of
// its own, and the accounts take no new money (another client's transfer, an incoming payment). At
// the next sign-in the client reaches the closure, the statement and the payout alone; the payout is
// a transfer abroad of what remains under the usual rules, and an account paid out is Closed.
import { randomUUID } from 'node:crypto';
import type { Account, StatementPage, TransactionRecord } from '@bank/contracts';
import type { ClosureStatus } from '@bank/contracts/closure/closure';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../auth';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { createSignedInOperator, type TestOperator } from '../../test/operators';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { addCalendarDays, bankToday } from '../jobs';
import { bankAccountId, closeToCredits, findLedgerViolations, postEntries, type EntryKind } from '../ledger';
import { closeCheckingLedger } from '../ledger/test-context';
import { issueDemoCard } from '../cards';
import { openTestWallet } from '../crypto/test-support';
import { sendInternal } from '../transfers/test-support';
import { loadRateTable } from '../rates';
import { largestPayable } from './status';

let context: TestContext;
let compliance: TestOperator;
let secondCompliance: TestOperator;
let payments: TestOperator;
let secondPayments: TestOperator;
beforeAll(async () => {
  context = await createTestContext();
  compliance = await createSignedInOperator(context, ['compliance']);
  secondCompliance = await createSignedInOperator(context, ['compliance']);
  payments = await createSignedInOperator(context, ['payments']);
  secondPayments = await createSignedInOperator(context, ['payments']);
});
afterAll(() => closeCheckingLedger(context));

const asOperator = (operator: TestOperator, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  context.app.inject({ method, url: `/api/backoffice/${url}`, headers: operator.headers, ...(payload === undefined ? {} : { payload }) });
const asClient = (client: TestClient, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  context.app.inject({ method, url: `/api/${url}`, headers: { ...client.headers, ...headers }, ...(payload === undefined ? {} : { payload }) });
const rowsOf = async (client: TestClient) => (await asClient(client, 'GET', 'transaction/list')).json<TransactionRecord[]>();

/** A session opened after the closure, as a sign-in opens one. */
async function signedInAgain(client: TestClient): Promise<TestClient> {
  const token = await createSession(context.db, context.deps.config.secret, 'client', client.id);
  return { ...client, token, headers: { authorization: `Bearer ${token}` } };
}

const PAYOUT = {
  fullName: 'Test Client',
  iban: 'DE89 3704 0044 0532 0130 00',
  swiftBic: 'DEUTDEFF',
  bank: 'Deutsche Bank',
  bankAddress: 'Taunusanlage 12, Frankfurt',
  address: 'Hauptstraße 1, Berlin',
};

describe('closing a client who breaches policy', () => {
  let client: TestClient;
  let eur: Account;
  let usd: Account;
  let btc: string;
  let payer: TestClient;
  let payerEur: Account;
  let dated: string;

  it('is only proposed by compliance (202), and changes nothing until a second compliance operator approves it', async () => {
    client = await createSignedInClient(context, { firstName: 'Boris' });
    eur = await openTestAccount(context, client, 'EUR', '1000.00');
    usd = await openTestAccount(context, client, 'USD', '500.00');
    btc = (await openTestWallet(context, client, 'BTC', '0.05')).number;
    const debitCard = await context.db.transaction().execute((trx) => issueDemoCard(trx, context.deps, client.id, usd.number));
    payer = await createSignedInClient(context, { firstName: 'Vera' });
    payerEur = await openTestAccount(context, payer, 'EUR', '300.00');
    const scheduled = await asClient(client, 'POST', 'transaction/create', {
      type: 'internal', accNumberFrom: eur.number, accNumberTo: payerEur.number, amount: '10.00', transferDate: addCalendarDays(bankToday(context.deps.clock), 5),
    }, { 'idempotency-key': randomUUID() });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    dated = (await rowsOf(client)).find((row) => row.transactionStatus === 'Scheduled')!.transactionNumber;

    expect((await asOperator(payments, 'POST', `clients/${client.id}/closure`, { reason: 'Sanctions screening hit' })).statusCode).toBe(403);
    const proposed = await asOperator(compliance, 'POST', `clients/${client.id}/closure`, { reason: 'Sanctions screening hit' });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json().approval).toMatchObject({ kind: 'clientClosure', status: 'Pending', payload: { clientId: client.id, reason: 'Sanctions screening hit' } });
    const twice = await asOperator(secondCompliance, 'POST', `clients/${client.id}/closure`, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);

    expect((await asClient(client, 'GET', 'account/list')).statusCode).toBe(200);
    expect((await listedAccount(context, client, eur.number)).balance).toBe('1000.00');
    const card = (await asOperator(secondCompliance, 'GET', `clients/${client.id}`)).json();
    expect(card.closure).toMatchObject({ closure: null, pending: { id: proposed.json().approval.id } });

    // The maker cannot approve their own proposal.
    expect((await asOperator(compliance, 'POST', `approvals/${proposed.json().approval.id}/approve`, {})).statusCode).toBe(403);
    const approved = await asOperator(secondCompliance, 'POST', `approvals/${proposed.json().approval.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().result).toMatchObject({ sessionsEnded: 1, datedTransfersCanceled: 1, cardsBlocked: 1, fee: '100.00', feePaid: '100.00', accountsClosedToCredits: 3 });
    const blocked = await context.db.selectFrom('cards').select(['status', 'blocked_reason']).where('id', '=', debitCard.id).executeTakeFirstOrThrow();
    expect(blocked).toEqual({ status: 'Blocked', blocked_reason: 'The bank closed the client’s accounts' });
  });

  it('ends the client\'s sessions at once, cancels what was dated, and charges 100 EUR once as a row of its own', async () => {
    expect((await asClient(client, 'GET', 'account/list')).statusCode).toBe(401);
    client = await signedInAgain(client);
    const statement = await asClient(client, 'GET', `statement?accountNumber=${eur.number}&period=today`);
    expect(statement.statusCode, statement.body).toBe(200);
    const feeRows = statement.json<StatementPage>().rows.filter((row) => row.purpose === 'Closing the accounts of a client breaching policy');
    expect(feeRows.map((row) => [row.direction, row.amount, row.currency, row.status])).toEqual([['OUT', '100.00', 'EUR', 'Approved']]);
    expect((await listedAccount(context, client, eur.number)).balance).toBe('900.00');
    expect((await listedAccount(context, client, usd.number)).balance).toBe('500.00');
    const audit = await context.db.selectFrom('audit_log').select(['actor_id', 'after']).where('action', '=', 'client.closedByBank').where('subject_id', '=', client.id).execute();
    expect(audit).toMatchObject([{ actor_id: secondCompliance.id, after: { reason: 'Sanctions screening hit', proposedBy: compliance.id, feePaid: '100.00' } }]);
    const canceled = await context.db.selectFrom('operations').select('status').where('number', '=', dated).executeTakeFirstOrThrow();
    expect(canceled.status).toBe('Canceled');
    // A second proposal finds the client closed.
    const again = await asOperator(compliance, 'POST', `clients/${client.id}/closure`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual({ reason: 'alreadyClosed' });
  });

  it('takes no new money: another client\'s transfer and an incoming payment are refused, and nothing moves', async () => {
    const refused = await sendInternal(context, payer, payerEur.number, eur.number, '50.00');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_CLOSED', fields: { accNumberTo: 'validation.accNumberTo.closed' } });
    expect((await listedAccount(context, payer, payerEur.number)).balance).toBe('300.00');
    // A payer who cannot pay learns nothing about the payee's account.
    expect((await sendInternal(context, payer, payerEur.number, eur.number, '5000.00')).json().code).toBe('INSUFFICIENT_FUNDS');

    const incoming = await asOperator(payments, 'POST', 'incoming-payments', {
      accountNumber: eur.number, amount: '250.00', currency: 'EUR', senderName: 'Acme GmbH', senderAccount: 'DE89 3704 0044 0532 0130 00',
      paymentRegion: 'SEPA', valueDate: bankToday(context.deps.clock), reference: 'INV-9', reason: 'Statement of the correspondent account',
    });
    expect(incoming.statusCode, incoming.body).toBe(202);
    const booked = await asOperator(secondPayments, 'POST', `approvals/${incoming.json().approval.id}/approve`, {});
    expect(booked.statusCode, booked.body).toBe(409);
    expect(booked.json().code).toBe('ACCOUNT_CLOSED');
    expect((await listedAccount(context, client, eur.number)).balance).toBe('900.00');
  });

  it('at the next sign-in opens only the closure, the statement and the payout', async () => {
    const me = await asClient(client, 'GET', 'user/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().flags).toEqual({ kycStatus: 'Approved', closedByBank: true });
    for (const [method, url] of [['GET', 'transaction/list'], ['GET', 'wallet/list'], ['GET', 'deposit/list'], ['GET', 'user/sessions'], ['POST', 'transaction/create']] as const) {
      const answer = await asClient(client, method, url, method === 'POST' ? { type: 'internal', accNumberFrom: eur.number, accNumberTo: payerEur.number, amount: '1.00' } : undefined);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json().code).toBe('CLIENT_CLOSED');
    }
    const status = await asClient(client, 'GET', 'closure');
    expect(status.statusCode, status.body).toBe(200);
    const table = await loadRateTable(context.db);
    const eurPayable = largestPayable(table, 'EUR', 90_000n);
    expect(eurPayable.amountMinor + eurPayable.feeMinor).toBeLessThanOrEqual(90_000n);
    expect(eurPayable.feeMinor).toBe(5_000n);
    expect(status.json<ClosureStatus>()).toMatchObject({
      fee: { amount: '100.00', currency: 'EUR', paid: '100.00' },
      canRequestPayout: true,
      accounts: [
        { number: eur.number, state: 'awaitingPayout', balance: '900.00', payable: '850.00', fee: '50.00', payout: null },
        { number: usd.number, state: 'awaitingPayout', balance: '500.00', payout: null },
      ],
      wallets: [{ address: btc, currency: 'BTC', state: 'awaitingPayout', balance: '0.05000000', payable: '0.04985000', fee: '0.00015000', payout: null }],
    });
    expect(status.json()).not.toHaveProperty('reason');
    // Another client has no closure.
    expect((await asClient(payer, 'GET', 'closure')).statusCode).toBe(404);
  });

  it('pays out what remains as transfers abroad under the usual rules, once per key; an account paid out is Closed', async () => {
    const wrong = await asClient(client, 'POST', 'closure/payout', { ...PAYOUT, iban: 'DE00 1234' }, { 'idempotency-key': randomUUID() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toMatchObject({ iban: 'validation.iban.invalid' });

    const key = randomUUID();
    const paid = await asClient(client, 'POST', 'closure/payout', PAYOUT, { 'idempotency-key': key });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = paid.json<ClosureStatus>();
    expect(after.canRequestPayout).toBe(false);
    expect(after.accounts.map((account) => [account.state, account.available, account.payout?.status, account.payout?.iban])).toEqual([
      ['payoutPending', '0.00', 'New', 'DE89370400440532013000'],
      ['payoutPending', '0.00', 'New', 'DE89370400440532013000'],
    ]);
    expect(after.accounts[0]!.payout).toMatchObject({ amount: '850.00', fee: '50.00' });
    const replay = await asClient(client, 'POST', 'closure/payout', PAYOUT, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const nothing = await asClient(client, 'POST', 'closure/payout', PAYOUT, { 'idempotency-key': randomUUID() });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().details).toEqual({ reason: 'nothingToPay' });

    // The bank reviews them as any transfer abroad: one approved, one denied (its money is back, to be paid out again).
    const [eurPayout, usdPayout] = after.accounts.map((account) => account.payout!.transactionNumber);
    const approved = await asOperator(payments, 'POST', `transactions/${eurPayout}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const denied = await asOperator(payments, 'POST', `transactions/${usdPayout}/deny`, { reason: 'The beneficiary bank refused' });
    expect(denied.statusCode, denied.body).toBe(200);
    const now = (await asClient(client, 'GET', 'closure')).json<ClosureStatus>();
    expect(now.accounts.map((account) => [account.state, account.balance])).toEqual([
      ['closed', '0.00'],
      ['awaitingPayout', '500.00'],
    ]);
    expect(now.canRequestPayout).toBe(true);

    // A wallet's payout: to an address of its coin, all it holds less the network fee, reviewed as any crypto transfer.
    const notBtc = await asClient(client, 'POST', 'closure/crypto-payout', { wallet: btc, recipient: '0x52908400098527886E0F7030069857D2E4169EE7' }, { 'idempotency-key': randomUUID() });
    expect(notBtc.statusCode).toBe(400);
    expect(notBtc.json().fields).toEqual({ recipient: 'validation.cryptoAddress.invalid' });
    const sent = await asClient(client, 'POST', 'closure/crypto-payout', { wallet: btc, recipient: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }, { 'idempotency-key': randomUUID() });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<ClosureStatus>().wallets).toMatchObject([
      { state: 'payoutPending', available: '0.00000000', payout: { status: 'New', amount: '0.04985000', fee: '0.00015000', recipient: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' } },
    ]);
    const walletPayout = sent.json<ClosureStatus>().wallets[0]!.payout!.transactionNumber;
    expect((await asOperator(payments, 'POST', `transactions/${walletPayout}/approve`)).statusCode).toBe(200);
    expect((await asClient(client, 'GET', 'closure')).json<ClosureStatus>().wallets).toMatchObject([{ state: 'closed', balance: '0.00000000' }]);
    expect((await asClient(client, 'POST', 'closure/crypto-payout', { wallet: btc, recipient: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }, { 'idempotency-key': randomUUID() })).json().details).toEqual({ reason: 'nothingToPay' });

    const card = (await asOperator(compliance, 'GET', `clients/${client.id}`)).json();
    expect(card.closure.closure).toMatchObject({
      reason: 'Sanctions screening hit',
      proposedBy: { id: compliance.id },
      approvedBy: { id: secondCompliance.id },
      feeUnpaid: '0.00',
      accounts: [{ state: 'closed' }, { state: 'awaitingPayout' }],
      wallets: [{ state: 'closed' }],
    });
  });
});

describe('an account closed to new money, in the ledger', () => {
  it('refuses every credit but the client\'s own money coming back, and the invariant check finds one that got past', async () => {
    const owner = await createSignedInClient(context, { firstName: 'Ivan' });
    const account = await openTestAccount(context, owner, 'EUR', '100.00');
    const ledgerId = String((await context.db.selectFrom('accounts').select('ledger_account_id').where('number', '=', account.number).executeTakeFirstOrThrow()).ledger_account_id);
    await context.db.transaction().execute((trx) => closeToCredits(trx, [ledgerId]));
    const credit = (kind: EntryKind, amountMinor: bigint) =>
      context.db.transaction().execute(async (trx) => {
        const clearing = await bankAccountId(trx, 'clearing', 'EUR');
        return postEntries(trx, [{ kind, postings: [{ accountId: clearing, currency: 'EUR', amountMinor: -amountMinor }, { accountId: ledgerId, currency: 'EUR', amountMinor }] }]);
      });
    expect(await credit('incoming_payment', 1_000n)).toEqual([{ ok: false, reason: 'ACCOUNT_CLOSED', accountId: ledgerId }]);
    expect(await credit('internal_transfer', 1_000n)).toMatchObject([{ ok: false, reason: 'ACCOUNT_CLOSED' }]);
    // A debit goes on as before, and a reversal gives the client's money back.
    expect(await credit('fee', -500n)).toMatchObject([{ ok: true }]);
    expect(await credit('reversal', 500n)).toMatchObject([{ ok: true }]);
    expect((await listedAccount(context, owner, account.number)).balance).toBe('100.00');

    // A credit written past the ledger is found by the invariant check (and rolled back here).
    const forged = await context.db
      .transaction()
      .execute(async (trx) => {
        const clearing = await bankAccountId(trx, 'clearing', 'EUR');
        const entryId = randomUUID();
        await trx.insertInto('journal_entries').values({ id: entryId, kind: 'incoming_payment', transfer_id: null, created_at: new Date().toISOString() }).execute();
        await trx.insertInto('postings').values([
          { entry_id: entryId, ledger_account_id: clearing, currency: 'EUR', amount: '-1.00', created_at: new Date().toISOString() },
          { entry_id: entryId, ledger_account_id: ledgerId, currency: 'EUR', amount: '1.00', created_at: new Date().toISOString() },
        ]).execute();
        const violations = await findLedgerViolations(trx);
        throw Object.assign(new Error('roll back'), { violations });
      })
      .catch((error: { violations: Array<{ rule: string }> }) => error.violations);
    expect(forged.map((violation) => violation.rule)).toContain("an account closed to new money is credited only by the client's own money coming back");
  });
});
