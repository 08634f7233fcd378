// Proves migration 0041 on a database written before it: from rows without booked_at and with
// other balances after them, it derives each row's booking instant from its journal entry (an
// approval's for a transfer abroad), its place on the statement, and its booked balance after,
// exactly as the code now writes them, for the demo history, a batch sharing one instant, a
// transfer abroad approved after other money moved, one denied, one withdrawn (with its fee's row) and one pending.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../seed';
import { createTestContext, type TestContext } from '../test/harness';
import { createSignedInClient } from '../test/clients';
import { findAccountByNumber, type ClientAccount } from '../modules/accounts';
import { openTestAccount } from '../modules/accounts/test-support';
import { findLedgerViolations } from '../modules/ledger';
import { settleInternalTransfers, cancelOwnTransfer } from '../modules/transfers';
import { approveTransfer, denyTransfer } from '../modules/operations';
import { internal, international } from '../modules/statement/test-support';
import { migrate } from './migrate';

let context: TestContext;

async function create(headers: { authorization: string }, payload: Record<string, unknown>): Promise<string> {
  const response = await context.app.inject({ method: 'POST', url: '/api/transaction/create', headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  const row = await context.db.selectFrom('transfers').select('id').orderBy(sql`transaction_number::bigint`, 'desc').executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  context = await createTestContext();
  await seedDemoData(context.deps);
  const payer = await createSignedInClient(context);
  const payee = await createSignedInClient(context);
  const from = (await openTestAccount(context, payer, 'EUR', '9000.00')).number;
  const to = (await openTestAccount(context, payee, 'EUR')).number;
  const approved = await create(payer.headers, international(from, 'SEPA', '1000.00'));
  const denied = await create(payer.headers, international(from, 'SEPA', '200.00'));
  const canceled = await create(payer.headers, international(from, 'SEPA', '300.00'));
  await create(payer.headers, international(from, 'SEPA', '400.00'));
  await create(payer.headers, internal(from, to, '12.50'));
  await context.db.transaction().execute((trx) => approveTransfer(trx, approved, randomUUID()));
  await context.db.transaction().execute((trx) => denyTransfer(trx, denied, randomUUID()));
  // Withdrawn by its client: released, and the withdrawal's fee booked as a row of its own.
  const { transaction_number: canceledNumber } = await context.db.selectFrom('transfers').select('transaction_number').where('id', '=', canceled).executeTakeFirstOrThrow();
  await context.db.transaction().execute((trx) => cancelOwnTransfer(trx, context.deps, payer.id, canceledNumber));
  await create(payee.headers, internal(to, from, '2.50'));
  // A batch: three transfers on the same two accounts at one instant.
  const accounts = await Promise.all([from, to].map((number) => findAccountByNumber(context.db, number)));
  const [payerAccount, payeeAccount] = accounts as [ClientAccount, ClientAccount];
  const outcomes = await context.db.transaction().execute((trx) =>
    settleInternalTransfers(trx, [
      { clientId: payer.id, from: payerAccount, to: payeeAccount, amountMinor: 100n },
      { clientId: payee.id, from: payeeAccount, to: payerAccount, amountMinor: 40n },
      { clientId: payer.id, from: payerAccount, to: payeeAccount, amountMinor: 7n },
    ]),
  );
  expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
});
afterAll(() => context.close());

const snapshot = () =>
  sql<{ id: string; booked_at: string | null; statement_at: string; balance_after: string }>`
    select id::text, booked_at::text, statement_at::text, balance_after::text from transactions order by id`.execute(context.db);

describe('migration 0041', () => {
  it('books, places and balances the rows written before it as the code writes them now', async () => {
    const written = (await snapshot()).rows;
    expect(written.length).toBeGreaterThan(40);
    expect(written.some((row) => row.booked_at === null)).toBe(true);

    // The table as it was before 0041: no booking instant, no place, other balances after.
    await context.db.transaction().execute(async (trx) => {
      await sql`alter table transactions drop column statement_at`.execute(trx);
      await sql`alter table transactions drop column booked_at`.execute(trx);
      await sql`update transactions set balance_after = 0`.execute(trx);
      await sql`create index transactions_account_created_idx on transactions (account_id, created_at desc, id desc)`.execute(trx);
      await sql`create index transactions_client_created_idx on transactions (client_id, created_at desc, id desc)`.execute(trx);
      await sql`create index transactions_client_template_idx on transactions (client_id, template_name, created_at desc, id desc) where template_name is not null`.execute(trx);
      await sql`create index transactions_client_type_idx on transactions (client_id, transaction_type, created_at desc, id desc)`.execute(trx);
      await sql`create index transactions_client_amount_idx on transactions (client_id, amount, created_at desc, id desc)`.execute(trx);
      await sql`delete from schema_migrations where name = '0041_statement_booked_rows.sql'`.execute(trx);
    });

    expect(await migrate(context.db)).toEqual(['0041_statement_booked_rows.sql']);
    expect((await snapshot()).rows).toEqual(written);
    expect(await findLedgerViolations(context.db)).toEqual([]);
  });
});
