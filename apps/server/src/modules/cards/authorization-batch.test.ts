// Proves authorisations decided in batches (docs/cards.md#the-card-network): a batch costs the
// statements of a single authorisation, each authorisation is decided on what those before it in the
// batch left (the account's balance, the card's monthly limit), and a message repeated within a batch
// is decided once and answered alike, or refused with another body.
import { randomUUID } from 'node:crypto';
import type { AuthorizationRequest, AuthorizationResponse } from '@bank/contracts/cards/network';
import { decimalToMinor } from '@bank/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { statementCounter } from '../../test/statement-counter';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { GroupCommit, inMoneyTransaction } from '../ledger';
import { closeCheckingLedger } from '../ledger/test-context';
import { authorizationJob, cardAuthorizations, CardLedgerAccounts } from './authorization-batch';
import { authorizeAll, prepareAuthorization } from './network';
import { CAFE_CENTRAL, orderTestCard, type TestCard } from './test-support';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => closeCheckingLedger(context));

/** A client with a funded USD account and a card on it; the fee is paid from EUR, so the USD account starts whole. */
async function cardHolder(usdBalance: string): Promise<{ client: TestClient; account: string; card: TestCard }> {
  const client = await createSignedInClient(context);
  const account = (await openTestAccount(context, client, 'USD', usdBalance)).number;
  await openTestAccount(context, client, 'EUR', '300.00');
  return { client, account, card: await orderTestCard(context, client, account) };
}

/** Sets the holder's card's limits per payment and per month, as the holder does. */
async function limitTo(holder: { client: TestClient; card: TestCard }, perTransaction: string, monthly: string): Promise<void> {
  const limits = await context.app.inject({
    method: 'PATCH',
    url: `/api/cards/${holder.card.card.id}/limits`,
    headers: holder.client.headers,
    payload: { perTransaction, monthly, online: true, countriesBlocked: [] },
  });
  expect(limits.statusCode, limits.body).toBe(200);
}

const purchase = (card: TestCard, amount: string, currency = 'USD'): AuthorizationRequest => ({
  messageId: randomUUID(),
  pan: card.pan,
  expiry: card.expiry,
  cvc: card.cvc,
  amount,
  currency: currency as AuthorizationRequest['currency'],
  merchant: CAFE_CENTRAL,
  channel: 'pos',
});

/** Decides requests as one batch in one transaction; answers the decisions and how many statements they took. */
async function decide(requests: AuthorizationRequest[]): Promise<{ answers: AuthorizationResponse[]; statements: number }> {
  const counter = statementCounter();
  const prepared = requests.map((request) => prepareAuthorization(context.deps, request));
  const answers = await inMoneyTransaction(context.db, (trx) => authorizeAll(trx.withPlugin(counter), context.deps, prepared));
  return { answers, statements: counter.count() };
}

describe('authorisations in batches', () => {
  it('decides a batch of many authorisations in the statements of one', async () => {
    const first = await cardHolder('500.00');
    const second = await cardHolder('500.00');
    const one = await decide([purchase(first.card, '1.00', 'EUR')]);
    expect(one.answers).toMatchObject([{ approved: true }]);
    const many = await decide([
      ...Array.from({ length: 10 }, (_, index) => purchase(index % 2 === 0 ? first.card : second.card, `${index + 1}.00`, index % 3 === 0 ? 'EUR' : 'USD')),
      // The second card's account has 470.00 left by now.
      purchase(second.card, '480.00'),
      { ...purchase(first.card, '1.00'), pan: '5319720000000018' },
    ]);
    expect(many.answers.slice(0, 10).every((answer) => answer.approved)).toBe(true);
    expect(many.answers.slice(10)).toEqual([{ approved: false, reason: 'insufficient_funds' }, { approved: false, reason: 'unknown_card' }]);
    expect(many.statements).toBe(one.statements);
    // The cards, what they spent this month, the day's rates and spreads, the accounts' ledger rows, the holds, the operations, the decisions.
    expect(one.statements).toBeLessThanOrEqual(8);
  });

  it('decides each authorisation on the balance and the monthly spending those before it in the batch left', async () => {
    const holder = await cardHolder('100.00');
    await limitTo(holder, '60.00', '90.00');
    const { answers } = await decide([
      purchase(holder.card, '60.00'),
      // 60 + 60 is over the monthly 90.
      purchase(holder.card, '60.00'),
      purchase(holder.card, '25.00'),
      // 85 approved: 10 more is over the monthly 90, though the balance could bear it.
      purchase(holder.card, '10.00'),
      purchase(holder.card, '5.00'),
    ]);
    expect(answers.map((answer) => (answer.approved ? answer.amount : answer.reason))).toEqual(['60.00', 'limit_exceeded', '25.00', 'limit_exceeded', '5.00']);
    expect(decimalToMinor((await listedAccount(context, holder.client, holder.account)).balance, 'USD')).toBe(1000n);
  });

  it('counts an approval of the same card that another server committed while this one waited for the card', async () => {
    const holder = await cardHolder('500.00');
    await limitTo(holder, '60.00', '90.00');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let cardLocked!: () => void;
    const locked = new Promise<void>((resolve) => (cardLocked = resolve));
    // The first server's batch holds the card until it is told to commit.
    const first = inMoneyTransaction(context.db, async (trx) => {
      const answers = await authorizeAll(trx, context.deps, [prepareAuthorization(context.deps, purchase(holder.card, '60.00'))]);
      cardLocked();
      await released;
      return answers;
    });
    await locked;
    // The second asks for the card meanwhile (on PostgreSQL it waits for its lock; on PGlite, for the connection).
    const second = inMoneyTransaction(context.db, (trx) => authorizeAll(trx, context.deps, [prepareAuthorization(context.deps, purchase(holder.card, '60.00'))]));
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    expect(await first).toMatchObject([{ approved: true, amount: '60.00' }]);
    expect(await second).toEqual([{ approved: false, reason: 'limit_exceeded' }]);
  });

  it('never lets the balance decline of one authorisation count against the monthly limit of the next', async () => {
    const holder = await cardHolder('50.00');
    const { answers } = await decide([purchase(holder.card, '80.00'), purchase(holder.card, '50.00')]);
    expect(answers).toMatchObject([{ approved: false, reason: 'insufficient_funds' }, { approved: true, amount: '50.00' }]);
  });

  it('decides a message repeated within one batch once, answers both alike, and refuses the same id with another body', async () => {
    const holder = await cardHolder('100.00');
    // One transaction at a time, so the messages submitted together are one batch.
    const writer = new GroupCommit(context.db, { maxBatch: 16, maxConcurrentFlushes: 1 });
    const kind = cardAuthorizations(context.deps);
    const accounts = new CardLedgerAccounts(context.db);
    const job = (request: AuthorizationRequest) => authorizationJob(kind, context.deps, accounts, request, JSON.stringify(request));
    const message = purchase(holder.card, '30.00');
    const other = { ...message, amount: '31.00' };
    const jobs = await Promise.all([job(message), job(message), job(other)]);
    // The card's ledger account is among each job's resources, as a transfer's accounts are among its.
    expect(jobs[0]!.resources).toContain(String((await context.db.selectFrom('accounts').select('ledger_account_id').where('number', '=', holder.account).executeTakeFirstOrThrow()).ledger_account_id));
    const outcomes = await Promise.allSettled(jobs.map((prepared) => writer.submit(prepared)));
    expect(writer.committed).toEqual({ transactions: 1, jobs: 3 });
    const [first, repeat, reused] = outcomes;
    expect(first).toMatchObject({ status: 'fulfilled', value: { status: 200, body: { approved: true, amount: '30.00' } } });
    expect(repeat).toEqual(first);
    expect(reused).toMatchObject({ status: 'rejected', reason: { code: 'CONFLICT' } });
    expect(decimalToMinor((await listedAccount(context, holder.client, holder.account)).balance, 'USD')).toBe(7000n);
    const rows = await context.db.selectFrom('card_authorizations').select('status').where('message_id', '=', message.messageId).execute();
    expect(rows).toEqual([{ status: 'Pending' }]);
    // Sent again later, it is answered from what was stored, even behind a copy with another body in the same batch.
    const [refusedAgain, later] = await Promise.allSettled([writer.submit(await job(other)), writer.submit(await job(message))]);
    expect(refusedAgain).toMatchObject({ status: 'rejected', reason: { code: 'CONFLICT' } });
    expect(later).toEqual(first);
  });
});
