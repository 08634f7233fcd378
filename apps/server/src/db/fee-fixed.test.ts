// Proves that a statement row's fee is history once its operation is not Scheduled: the application
// may change the fee column only to quote a Scheduled transfer abroad again on its date (migrations
// 0086 and 0093).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestAccount } from '../modules/accounts/test-support';
import { createSignedInClient } from '../test/clients';
import { createTestContext, type TestContext } from '../test/harness';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

describe("a statement row's fee", () => {
  it('cannot be changed once the row is booked', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const from = await openTestAccount(context, payer, 'EUR', '100.00');
    const to = await openTestAccount(context, payee, 'EUR');
    const sent = await context.app.inject({
      method: 'POST',
      url: '/api/transaction/create',
      headers: payer.headers,
      payload: { type: 'internal', accNumberFrom: from.number, accNumberTo: to.number, amount: '10.00' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const row = await context.deps.db.selectFrom('statement_rows').select(['id', 'fee']).where('from_account', '=', from.number).executeTakeFirstOrThrow();
    await expect(sql`update statement_rows set fee = 1 where id = ${row.id}`.execute(context.deps.db)).rejects.toThrow(/fee of statement row .* is fixed/);
    const after = await context.deps.db.selectFrom('statement_rows').select('fee').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after.fee).toBe(row.fee);
  });
});
