// Proves migration 0041 on a database written before it: from rows without booked_at and with
// other balances after them, it derives each row's booking instant from its journal entry (an
// approval's for a transfer abroad), its place on the statement, and its booked balance after,
// exactly as the app wrote them. The rows are those the app of migration 0092 wrote (the fixture of
// operations-history.test.ts): the demo history, a batch sharing one instant, transfers abroad
// approved after other money moved, denied, withdrawn (with its fee's row), expired and pending.
// Once the later migrations have run, the ledger is sound.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerViolations } from '../modules/ledger';
import { openDatabase, type DatabaseHandle, type Db } from '.';
import { migrate } from './migrate';
import { loadRows, type DatabaseRows } from '../test/operations-history/fixture';
import { createScratchDatabase, type ScratchDatabase } from './scratch';

let handle: DatabaseHandle;
let scratch: ScratchDatabase | undefined;
let db: Db;

beforeAll(async () => {
  const baseUrl = process.env.TEST_DATABASE_URL;
  scratch = baseUrl ? await createScratchDatabase(baseUrl, 'bank_booked_rows') : undefined;
  handle = await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://', poolSize: 2 });
  db = handle.db;
  await migrate(db, undefined, { upTo: 92 });
  const here = path.dirname(fileURLToPath(import.meta.url));
  await loadRows(db, JSON.parse(await readFile(path.join(here, '..', 'test', 'operations-history', 'rows-0092.json'), 'utf8')) as DatabaseRows);
});
afterAll(async () => {
  await handle?.close();
  await scratch?.drop();
});

const snapshot = () =>
  sql<{ id: string; booked_at: string | null; statement_at: string; balance_after: string }>`
    select id::text, booked_at::text, statement_at::text, balance_after::text from transactions order by id`.execute(db);

describe('migration 0041', () => {
  it('books, places and balances the rows written before it as the code wrote them', async () => {
    const written = (await snapshot()).rows;
    expect(written.length).toBeGreaterThan(40);
    expect(written.some((row) => row.booked_at === null)).toBe(true);

    // The table as it was before 0041: no booking instant, no place, other balances after.
    await db.transaction().execute(async (trx) => {
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

    expect(await migrate(db, undefined, { upTo: 92 })).toEqual(['0041_statement_booked_rows.sql']);
    expect((await snapshot()).rows).toEqual(written);
    await migrate(db);
    expect(await findLedgerViolations(db)).toEqual([]);
  });
});
