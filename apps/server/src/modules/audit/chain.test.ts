// Proves the audit trail's hash chain (migrations 0075 and 0102, npm run audit:verify): every audit
// row is linked, a transaction's rows together at its commit, in one line even when many
// transactions write at once; rows written before the chain
// existed are chained by its migration; the trail refuses changes; and a row changed, deleted, cut
// off or slipped in by the tables' owner (who can disable the refusal and the trigger) is named by
// the verification, the script's too, which exits 1.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db';
import { migrate, MIGRATIONS_DIR } from '../../db/migrate';
import { createTestContext, onPostgres, type TestContext } from '../../test/harness';
import { auditRowBytes, verifyAuditChain } from './chain';
import { recordAudit } from './service';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const VERIFY_SCRIPT = fileURLToPath(new URL('../../cli/audit-verify.ts', import.meta.url));

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

/** Rows of every shape: nulls, text beyond ASCII, separators inside fields, JSON with exact decimals. */
async function writeVariedRows(db: Db): Promise<void> {
  await recordAudit(db, { actorType: 'system', action: 'test.empty' });
  await recordAudit(db, { actorType: 'client', actorId: 'c-1', action: 'test.unicode', subjectType: 'client', subjectId: 'Ünïcødé ✓ 名前', ip: '::1', before: { name: 'Пётр' }, after: { name: 'Пётр, «1:2,»', amount: '1250.50', rate: 1.10, list: [1, null, 'x'] } });
  await recordAudit(db, { actorType: 'operator', actorId: '-', action: '3:abc,', subjectType: '-,', subjectId: '', after: 'a string' });
}

/** Runs a statement as the owner with the trail's refusal lifted, as a tamperer with the owner's rights can. */
async function asTamperer(db: Db, statement: ReturnType<typeof sql>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`alter table audit_log disable trigger audit_log_append_only`.execute(trx);
    await sql`alter table audit_chain disable trigger audit_chain_append_only`.execute(trx);
    await statement.execute(trx);
    await sql`alter table audit_log enable trigger audit_log_append_only`.execute(trx);
    await sql`alter table audit_chain enable trigger audit_chain_append_only`.execute(trx);
  });
}

const auditCount = async (db: Db) => Number((await sql<{ count: string }>`select count(*)::text as count from audit_log`.execute(db)).rows[0]!.count);

describe('the audit chain', () => {
  it('links every row the app writes, and the verification counts them', async () => {
    await writeVariedRows(context.deps.db);
    await context.db.transaction().execute(async (trx) => {
      await recordAudit(trx, { actorType: 'system', action: 'test.inTransaction.1' });
      await recordAudit(trx, { actorType: 'system', action: 'test.inTransaction.2' });
    });
    const verdict = await verifyAuditChain(context.db);
    expect(verdict).toMatchObject({ ok: true, count: await auditCount(context.db) });
    expect(verdict.ok && verdict.count).toBeGreaterThanOrEqual(5);
  });

  it('links a transaction’s rows together, in id order, however its list of rows to link is tampered with', async () => {
    const linked = async (write: (trx: Db) => Promise<void>) => {
      const before = await auditCount(context.db);
      await context.db.transaction().execute(write);
      expect(await verifyAuditChain(context.db)).toMatchObject({ ok: true, count: before + 3 });
      const { rows } = await sql<{ action: string }>`
        select a.action from audit_chain c join audit_log a on a.id = c.audit_id order by c.position desc limit 3`.execute(context.db);
      return rows.map((row) => row.action).reverse();
    };
    const three = (trx: Db, name: string) => recordAudit(trx, { actorType: 'system', action: `${name}.1` }).then(() => recordAudit(trx, { actorType: 'system', action: `${name}.2` })).then(() => recordAudit(trx, { actorType: 'system', action: `${name}.3` }));
    let named: string[] = [];
    const together = await linked(async (trx) => {
      await three(trx, 'test.together');
      // What the commit links in one pass: the transaction's three rows, named as they were written.
      named = (await sql<{ ids: string }>`select current_setting('bank.audit_unlinked') as ids`.execute(trx)).rows[0]!.ids.split(',');
    });
    expect(together).toEqual(['test.together.1', 'test.together.2', 'test.together.3']);
    expect(named).toHaveLength(3);
    // The list emptied, or naming a row committed long ago: every row is still linked once.
    const oldest = (await sql<{ id: string }>`select min(id)::text as id from audit_log`.execute(context.db)).rows[0]!.id;
    expect(
      await linked(async (trx) => {
        await three(trx, 'test.emptied');
        await sql`select set_config('bank.audit_unlinked', '', true)`.execute(trx);
      }),
    ).toEqual(['test.emptied.1', 'test.emptied.2', 'test.emptied.3']);
    expect(
      await linked(async (trx) => {
        await three(trx, 'test.forged');
        await sql`select set_config('bank.audit_unlinked', ${oldest}, true)`.execute(trx);
      }),
    ).toEqual(['test.forged.1', 'test.forged.2', 'test.forged.3']);
    // Linked at once, statement by statement, and a row written in a savepoint rolled back is not there.
    expect(
      await linked(async (trx) => {
        await sql`set constraints audit_log_chain immediate`.execute(trx);
        await recordAudit(trx, { actorType: 'system', action: 'test.immediate.1' });
        await sql`set constraints audit_log_chain deferred`.execute(trx);
        await sql`savepoint gone`.execute(trx);
        await recordAudit(trx, { actorType: 'system', action: 'test.rolledBack' });
        await sql`rollback to savepoint gone`.execute(trx);
        await recordAudit(trx, { actorType: 'system', action: 'test.immediate.2' });
        await recordAudit(trx, { actorType: 'system', action: 'test.immediate.3' });
      }),
    ).toEqual(['test.immediate.1', 'test.immediate.2', 'test.immediate.3']);
  });

  it('builds each row’s bytes here exactly as the database does', async () => {
    await writeVariedRows(context.db);
    const { rows } = await sql<{ bytes: Uint8Array; fields: Array<string | null> }>`
      select audit_row_bytes(a) as bytes,
        json_build_array(a.id::text, to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), a.actor_type, a.actor_id, a.action, a.subject_type, a.subject_id, a.ip, a.before::text, a.after::text) as fields
      from audit_log a order by a.id`.execute(context.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(auditRowBytes(row.fields).toString('utf8')).toBe(Buffer.from(row.bytes).toString('utf8'));
  });

  it('refuses to change or remove a row, for the owner too', async () => {
    await expect(sql`update audit_log set after = '{}'`.execute(context.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(context.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(context.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_chain`.execute(context.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_chain_head`.execute(context.db)).rejects.toThrow(/append-only/);
  });

  it('names a row whose after was changed by hand, and holds again once it is put back', async () => {
    await writeVariedRows(context.deps.db);
    const row = await context.db.selectFrom('audit_log').select(['id', sql<string>`after::text`.as('after')]).where('action', '=', 'test.unicode').orderBy('id').executeTakeFirstOrThrow();
    await asTamperer(context.db, sql`update audit_log set after = jsonb_set(after, '{amount}', '"9250.50"') where id = ${row.id}`);
    const verdict = await verifyAuditChain(context.db);
    expect(verdict).toMatchObject({ ok: false, auditId: String(row.id) });
    expect(!verdict.ok && verdict.reason).toMatch(new RegExp(`audit row ${row.id} .*changed`));

    await asTamperer(context.db, sql`update audit_log set after = ${row.after}::jsonb where id = ${row.id}`);
    expect(await verifyAuditChain(context.db)).toMatchObject({ ok: true });
  });

  it('names a row slipped in past the chain’s trigger', async () => {
    const slipped = await context.db.transaction().execute(async (trx) => {
      await sql`alter table audit_log disable trigger audit_log_chain`.execute(trx);
      const inserted = await trx.insertInto('audit_log').values({ actor_type: 'system', action: 'test.slipped' }).returning('id').executeTakeFirstOrThrow();
      await sql`alter table audit_log enable trigger audit_log_chain`.execute(trx);
      return String(inserted.id);
    });
    const verdict = await verifyAuditChain(context.db);
    expect(verdict).toMatchObject({ ok: false, auditId: slipped });
    expect(!verdict.ok && verdict.reason).toMatch(new RegExp(`audit row ${slipped} is not in the chain`));

    await asTamperer(context.db, sql`delete from audit_log where id = ${slipped}`);
    expect(await verifyAuditChain(context.db)).toMatchObject({ ok: true });
  });
});

describe('the audit chain after a deletion', () => {
  let own: TestContext;
  beforeAll(async () => {
    own = await createTestContext();
    for (let index = 0; index < 6; index += 1) await recordAudit(own.deps.db, { actorType: 'system', action: `test.row.${index}` });
  });
  afterAll(() => own.close());

  const idOf = async (action: string) => String((await own.db.selectFrom('audit_log').select('id').where('action', '=', action).executeTakeFirstOrThrow()).id);

  it('names the row after a row deleted with its link', async () => {
    const id = await idOf('test.row.3');
    const next = await idOf('test.row.4');
    await asTamperer(own.db, sql`delete from audit_chain where audit_id = ${id}`);
    await asTamperer(own.db, sql`delete from audit_log where id = ${id}`);
    const verdict = await verifyAuditChain(own.db);
    expect(verdict).toMatchObject({ ok: false, auditId: next, count: 3 });
    expect(!verdict.ok && verdict.reason).toMatch(new RegExp(`audit row ${next} \\(link 5\\): link 4 before it is missing`));
  });

  it('names a deleted row (the first break of the chain is named)', async () => {
    const id = await idOf('test.row.1');
    await asTamperer(own.db, sql`delete from audit_log where id = ${id}`);
    const verdict = await verifyAuditChain(own.db);
    expect(verdict).toMatchObject({ ok: false, auditId: id, count: 1 });
    expect(!verdict.ok && verdict.reason).toMatch(new RegExp(`audit row ${id} \\(link 2\\) is missing: it was deleted`));
  });
});

describe('the audit chain cut short', () => {
  it('tells that rows at its end were removed', async () => {
    const own = await createTestContext();
    try {
      for (let index = 0; index < 3; index += 1) await recordAudit(own.deps.db, { actorType: 'system', action: `test.tail.${index}` });
      await asTamperer(own.db, sql`delete from audit_chain where position = (select max(position) from audit_chain)`);
      await asTamperer(own.db, sql`delete from audit_log where id = (select max(id) from audit_log)`);
      const verdict = await verifyAuditChain(own.db);
      expect(verdict).toMatchObject({ ok: false, auditId: null });
      expect(!verdict.ok && verdict.reason).toMatch(/end were removed/);
    } finally {
      await own.close();
    }
  });
});

describe('the chain migration', () => {
  it('chains the rows written before it, in id order', async () => {
    const earlier = await mkdtemp(path.join(tmpdir(), 'bank-migrations-'));
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      for (const name of await readdir(MIGRATIONS_DIR)) {
        if (name < '0075') await cp(path.join(MIGRATIONS_DIR, name), path.join(earlier, name));
      }
      await migrate(database.db, earlier);
      await writeVariedRows(database.db);
      await writeVariedRows(database.db);
      expect(await migrate(database.db)).toContain('0075_audit_chain.sql');
      expect(await verifyAuditChain(database.db)).toEqual({ ok: true, count: 6, headHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const { rows } = await sql<{ ordered: boolean }>`select bool_and(previous_id < audit_id) as ordered from (
        select audit_id, lag(audit_id, 1, 0::bigint) over (order by position) as previous_id from audit_chain) links`.execute(database.db);
      expect(rows[0]!.ordered).toBe(true);
      // Rows written afterwards join the same chain.
      await recordAudit(database.db, { actorType: 'system', action: 'test.after' });
      expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, count: 7 });
    } finally {
      await database.close();
      await rm(earlier, { recursive: true, force: true });
    }
  });
});

describe.runIf(onPostgres)('the audit chain on PostgreSQL', () => {
  it('stays one line when many transactions write at once', async () => {
    const before = await auditCount(context.db);
    // Each transaction writes a row, waits a moment so that the others start theirs, and writes another.
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        context.deps.db.transaction().execute(async (trx) => {
          await recordAudit(trx, { actorType: 'system', action: 'test.concurrent', subjectId: `${index}.a` });
          await sql`select pg_sleep(${(index % 5) / 100})`.execute(trx);
          await recordAudit(trx, { actorType: 'system', action: 'test.concurrent', subjectId: `${index}.b` });
        }),
      ),
    );
    expect(await auditCount(context.db)).toBe(before + 80);
    expect(await verifyAuditChain(context.db)).toMatchObject({ ok: true, count: before + 80 });
    // A transaction's rows stand together in the chain: it linked them at its commit.
    const { rows } = await sql<{ subject_id: string }>`
      select a.subject_id from audit_chain c join audit_log a on a.id = c.audit_id where a.action = 'test.concurrent' order by c.position`.execute(context.db);
    for (let index = 0; index < rows.length; index += 2) expect(rows[index + 1]!.subject_id).toBe(rows[index]!.subject_id.replace('.a', '.b'));
  });
});

describe('npm run audit:verify', () => {
  const run = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', VERIFY_SCRIPT], {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'silent', DATABASE_URL: '', DATABASE_OWNER_URL: '', ...env },
    }).then(
      (result) => ({ code: 0, ...result }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it('prints OK with the count, then names the row changed by hand and exits 1', async () => {
    // On PostgreSQL the script reads as the server's own role; on PGlite, the embedded database in
    // DATA_DIR, which serves one process at a time: the test opens it only while the script does not.
    const dataDir = context.databaseUrl ? undefined : await mkdtemp(path.join(tmpdir(), 'bank-audit-verify-'));
    const env: Record<string, string> = dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: context.databaseUrl! };
    const asOwner = async (work: (db: Db) => Promise<void>) => {
      if (!dataDir) return work(context.db);
      const database = await openDatabase({ dataDir });
      try {
        await work(database.db);
      } finally {
        await database.close();
      }
    };
    try {
      let count = 0;
      await asOwner(async (db) => {
        if (dataDir) await migrate(db);
        await writeVariedRows(db);
        count = await auditCount(db);
      });
      const sound = await run(env);
      expect(sound.code, sound.stderr).toBe(0);
      expect(sound.stdout).toMatch(new RegExp(`^audit chain OK: ${count} rows, last hash [0-9a-f]{64}\\n$`));

      let tamperedId = '';
      await asOwner(async (db) => {
        tamperedId = String((await db.selectFrom('audit_log').select('id').where('action', '=', 'test.unicode').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).id);
        await asTamperer(db, sql`update audit_log set after = '{"changed": true}' where id = ${tamperedId}`);
      });
      const broken = await run(env);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toMatch(new RegExp(`^audit chain BROKEN after \\d+ sound rows: audit row ${tamperedId} \\(link \\d+\\) does not match its hash`));
    } finally {
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
