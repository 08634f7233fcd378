// Proves on PostgreSQL that the app's parameterised queries run as named prepared statements, once
// prepared per connection and then reused, while parameterless text (migrations, several statements
// at once) still runs as it is, and a connection opened afresh prepares again.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from './scratch';
import { openDatabase, type DatabaseHandle } from '.';

describe.runIf(process.env.TEST_DATABASE_URL)('prepared statements on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: DatabaseHandle;
  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'bank_prepared');
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://', poolSize: 1 });
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  const prepared = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(database.db)).rows.map((row) => row.statement);

  it('prepares a repeated query once on its connection and reuses it', async () => {
    await sql.raw('create table probe (id int primary key, name text); insert into probe values (1, \'one\'), (2, \'two\')').execute(database.db);
    for (const id of [1, 2, 1]) {
      const row = await database.db.selectFrom('probe' as never).select('name' as never).where('id' as never, '=', id as never).executeTakeFirst();
      expect(row).toEqual({ name: id === 1 ? 'one' : 'two' });
    }
    const statements = (await prepared()).filter((statement) => statement.includes('"probe"'));
    expect(statements).toHaveLength(1);
  });

  it('prepares again on a connection opened after the old one was closed', async () => {
    await sql`select pg_terminate_backend(pg_backend_pid())`.execute(database.db).catch(() => undefined);
    const select = () => database.db.selectFrom('probe' as never).select('name' as never).where('id' as never, '=', 2 as never).executeTakeFirst();
    // The first query after the kill may meet the dead connection; the pool then opens a new one.
    await select().catch(() => undefined);
    expect(await select()).toEqual({ name: 'two' });
    expect((await prepared()).some((statement) => statement.includes('"probe"'))).toBe(true);
  });

  it('keeps answering a query that reads a table whole after a migration changed the table', async () => {
    const whole = () => database.db.selectFrom('probe' as never).selectAll().where('id' as never, '=', 1 as never).executeTakeFirst();
    expect(await whole()).toEqual({ id: 1, name: 'one' });
    await sql.raw('alter table probe add column note text').execute(database.db);
    expect(await whole()).toEqual({ id: 1, name: 'one', note: null });
    expect(await whole()).toEqual({ id: 1, name: 'one', note: null });
  });
});
