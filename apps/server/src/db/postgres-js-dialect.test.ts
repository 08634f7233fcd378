// Proves on PostgreSQL what the server's Kysely dialect over postgres.js promises
// (docs/architecture.md#the-database-driver): statements outside a transaction share the pool's
// connections, a transaction keeps one connection to itself from begin to end and gives it back
// whatever its end, a commit PostgreSQL refuses is the error the caller sees, and results read as
// the rest of the server expects (DATE as text, JSON parameters given as text, counts of rows).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from './scratch';
import { openDatabase, type DatabaseHandle } from '.';

describe.runIf(process.env.TEST_DATABASE_URL)('the postgres.js dialect', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'bank_dialect');
    // Two connections: enough for a transaction and the pool's other statements side by side.
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://', poolSize: 2 });
    await sql
      .raw(
        `create table probe (id int primary key, day date, doc jsonb, n numeric(20, 2), big bigint);
         create table parent (id int primary key);
         create table child (id int primary key, parent_id int references parent (id) deferrable initially deferred);`,
      )
      .execute(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });
  const db = () => database.db;

  it('answers many statements at once on a pool of two, each its own answer', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, index) => sql<{ value: number }>`select ${index}::int as value`.execute(db())));
    expect(answers.map((answer) => answer.rows[0]!.value)).toEqual(Array.from({ length: 200 }, (_, index) => index));
    expect(database.connections().total).toBeLessThanOrEqual(2);
  });

  it('keeps a transaction on one connection, unseen by the pool until it commits', async () => {
    await db()
      .transaction()
      .execute(async (trx) => {
        const first = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await sql`insert into probe (id) values (${1})`.execute(trx);
        // The pool's other connection does not see the row yet, however many statements it runs.
        const outside = await Promise.all(Array.from({ length: 20 }, () => sql<{ count: string }>`select count(*) from probe where id = ${1}`.execute(db())));
        expect(outside.map((answer) => answer.rows[0]!.count)).toEqual(Array.from({ length: 20 }, () => '0'));
        const second = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        expect(second.rows[0]!.pid).toBe(first.rows[0]!.pid);
      });
    expect((await sql<{ count: string }>`select count(*) from probe where id = ${1}`.execute(db())).rows[0]!.count).toBe('1');
  });

  it('surfaces a commit PostgreSQL refuses as its own error, and gives the connection back', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // A deferred foreign key is checked at the commit, which PostgreSQL then refuses.
      const refused = await db()
        .transaction()
        .execute(async (trx) => {
          await sql`insert into child (id, parent_id) values (${attempt}, ${999})`.execute(trx);
        })
        .then(
          () => null,
          (error: unknown) => error as { code?: string },
        );
      expect(refused?.code).toBe('23503');
    }
    expect((await sql<{ count: string }>`select count(*) from child`.execute(db())).rows[0]!.count).toBe('0');
    // Both connections are free again: two transactions at once still run.
    await Promise.all([1, 2].map((id) => db().transaction().execute((trx) => sql`insert into parent (id) values (${id})`.execute(trx))));
    expect(database.connections().waiting ?? 0).toBe(0);
  });

  it('rolls back a transaction whose work failed, and gives the connection back', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const failed = await db()
        .transaction()
        .execute(async (trx) => {
          await sql`insert into probe (id) values (${100 + attempt})`.execute(trx);
          await sql`insert into probe (id) values (${1})`.execute(trx);
        })
        .then(
          () => null,
          (error: unknown) => error as { code?: string },
        );
      expect(failed?.code).toBe('23505');
    }
    expect((await sql<{ count: string }>`select count(*) from probe where id >= ${100}`.execute(db())).rows[0]!.count).toBe('0');
  });

  it("throws the error that caused a rollback, not the rollback's own on a lost connection", async () => {
    const seen = await db()
      .transaction()
      .execute(async (trx) => {
        // The transaction's connection is closed under it (a restart, a failover): its rollback fails.
        await sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx).catch(() => undefined);
        throw new Error('the work failed');
      })
      .then(
        () => null,
        (error: unknown) => error as Error,
      );
    expect(seen?.message).toBe('the work failed');
    expect((await sql<{ one: number }>`select 1 as one`.execute(db())).rows).toEqual([{ one: 1 }]);
  });

  it('reads and writes values as the server expects them', async () => {
    const doc = { purpose: 'test', amount: '1.50' };
    const inserted = await db()
      .insertInto('probe' as never)
      .values({ id: 2, day: '2026-12-07', doc: JSON.stringify(doc), n: '12345678901234567.89', big: '9007199254740993' } as never)
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(1n);
    const row = await sql<{ day: string; doc: unknown; n: string; big: string }>`select day, doc, n, big from probe where id = ${2}`.execute(db());
    expect(row.rows[0]).toEqual({ day: '2026-12-07', doc, n: '12345678901234567.89', big: '9007199254740993' });
    // A Date given for a DATE is its calendar day in UTC.
    const byDate = await sql<{ id: number }>`select id from probe where day = ${new Date('2026-12-07T12:00:00Z')}`.execute(db());
    expect(byDate.rows).toEqual([{ id: 2 }]);
    const updated = await db()
      .updateTable('probe' as never)
      .set({ n: '1.00' } as never)
      .where('id' as never, 'in', [1, 2] as never)
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    // Several statements in one text answer with the last one's rows.
    const last = await sql.raw<{ value: number }>('select 1 as value; select 2 as value').execute(db());
    expect(last.rows).toEqual([{ value: 2 }]);
  });
});
