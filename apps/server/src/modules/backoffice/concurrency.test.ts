// Two operators acting on one transfer at the same moment, on PostgreSQL where the requests really
// run side by side: exactly one decision wins, the other sees the new state (409), and the ledger's
// invariants hold afterwards.
import type { TransactionRecord } from '@bank/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { closeCheckingLedger } from '../ledger/test-context';
import { sendAbroad } from '../transfers/test-support';
import { createSignedInClient } from '../../test/clients';
import { createTestContext, onPostgres, type TestContext } from '../../test/harness';
import { createSignedInOperator } from '../../test/operators';

describe.runIf(onPostgres)('concurrent decisions on one transfer (PostgreSQL)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext({}, { postgresOnly: true });
  });
  afterAll(() => closeCheckingLedger(context));

  it('approve against deny: one outcome per transfer, the money moved exactly once or not at all', async () => {
    // Each test signs in two operators of its own, of two roles that may both decide a transfer.
    const first = await createSignedInOperator(context, ['payments']);
    const second = await createSignedInOperator(context, ['admin']);
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '100000.00');
    const rounds = 12;
    // 12 × 800 EUR stays within the client's 10,000 EUR a day abroad: each needs one approval.
    for (let round = 0; round < rounds; round += 1) await sendAbroad(context, client, account.number, '800.00');
    const pending = (await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers: client.headers }))
      .json<TransactionRecord[]>()
      .filter((row) => row.transactionStatus === 'New');
    expect(pending).toHaveLength(rounds);

    let approved = 0;
    for (const [index, row] of pending.entries()) {
      const approve = { method: 'POST' as const, url: `/api/backoffice/transactions/${row.transactionNumber}/approve`, headers: first.headers };
      const deny = { method: 'POST' as const, url: `/api/backoffice/transactions/${row.transactionNumber}/deny`, headers: second.headers, payload: { reason: 'Compliance hold' } };
      const answers = await Promise.all(index % 2 === 0 ? [context.app.inject(approve), context.app.inject(deny)] : [context.app.inject(deny), context.app.inject(approve)]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses, answers.map((answer) => answer.body).join(' | ')).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json<{ status: string }>().status;
      const loser = answers.find((answer) => answer.statusCode === 409)!.json<{ details: { status: string } }>();
      expect(loser.details.status).toBe(winner);
      if (winner === 'Approved') approved += 1;
      else expect(winner).toBe('Denied');
    }
    // Each approval moved 800 + 50 fee once; each denial released its hold.
    const expected = (100000 - approved * 850).toFixed(2);
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: expected, bookedBalance: expected });
  });

  it('two operators approving a large transfer at once give its two approvals, never one operator twice', async () => {
    const first = await createSignedInOperator(context, ['payments']);
    const second = await createSignedInOperator(context, ['admin']);
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '50000.00');
    const number = await sendAbroad(context, client, account.number, '15000.00');
    const url = `/api/backoffice/transactions/${number}/approve`;
    const answers = await Promise.all([
      context.app.inject({ method: 'POST', url, headers: first.headers }),
      context.app.inject({ method: 'POST', url, headers: first.headers }),
      context.app.inject({ method: 'POST', url, headers: second.headers }),
    ]);
    const ok = answers.filter((answer) => answer.statusCode === 200);
    expect(ok).toHaveLength(2);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(1);
    const final = (await context.app.inject({ method: 'GET', url: `/api/backoffice/transactions/${number}`, headers: second.headers })).json();
    expect(final.status).toBe('Approved');
    expect(final.approvals.map((approval: { operatorId: string }) => approval.operatorId).sort()).toEqual([first.id, second.id].sort());
  });
});
