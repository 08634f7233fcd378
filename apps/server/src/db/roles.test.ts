// Proves least privilege on PostgreSQL (docs/bank-controls.md): a server started with DATABASE_OWNER_URL
// migrates as the owner and runs as its application role, which may append to history but neither
// UPDATE nor DELETE it (audit rows, postings, journal entries, decided approvals; of holds,
// operations and statement rows only their state, of deposits and their payouts only their
// progress), nor write the audit chain itself, nor alter or drop any trigger; that an
// owner URL must come with DATABASE_URL and name the same database; and that production refuses to
// run as a role that could rewrite the audit trail.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { verifyAuditChain, recordAudit } from '../modules/audit';
import { recordTransferApproval } from '../modules/approvals';
import { createRuntime, type Runtime } from '../runtime';
import { onPostgres } from '../test/harness';
import { openDatabase, type DatabaseHandle, type Db } from './index';
import { migrate } from './migrate';
import { grantApplicationRole, mayRewriteHistory, migrateAndGrant } from './roles';
import { createScratchDatabase, type ScratchDatabase } from './scratch';

describe('DATABASE_OWNER_URL', () => {
  it('comes with DATABASE_URL, the role the server runs as', () => {
    expect(() => loadConfig({ DATABASE_OWNER_URL: 'postgres://bank_owner@db/bank' })).toThrow(/DATABASE_OWNER_URL is set without DATABASE_URL/);
    expect(loadConfig({ DATABASE_URL: 'postgres://bank_app@db/bank', DATABASE_OWNER_URL: 'postgres://bank_owner@db/bank' }).databaseOwnerUrl).toBe('postgres://bank_owner@db/bank');
    expect(loadConfig({ DATABASE_URL: 'postgres://bank@db/bank' }).databaseOwnerUrl).toBeUndefined();
  });
});

describe.runIf(onPostgres)('the application role', () => {
  let scratch: ScratchDatabase;
  let runtime: Runtime;
  let owner: DatabaseHandle;
  let app: Db;

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'bank_roles', { applicationRole: true });
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), databaseUrl: scratch.application!.url, databaseOwnerUrl: scratch.url };
    runtime = await createRuntime(config, { webDist: null });
    app = runtime.deps.db;
    owner = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://', poolSize: 2 });
  });
  afterAll(async () => {
    await runtime?.close();
    await owner?.close();
    await scratch?.drop();
  });

  const refused = (statement: ReturnType<typeof sql>, reason: RegExp = /permission denied/) => expect(statement.execute(app)).rejects.toThrow(reason);
  /** What a granted statement that matches no row answers. */
  const updatedNone = { numAffectedRows: 0n, rows: [] };
  const readNone = { rows: [] };

  it('is the server’s role, and the migrations’ tables belong to the owner', async () => {
    const { rows } = await sql<{ role: string; owner: string }>`
      select current_user as role, (select tableowner from pg_tables where tablename = 'audit_log') as owner`.execute(app);
    expect(rows[0]).toMatchObject({ role: scratch.application!.role, owner: new URL(scratch.url).username });
    expect(await mayRewriteHistory(app)).toBe(false);
    expect(await mayRewriteHistory(owner.db)).toBe(true);
  });

  it('appends audit rows, which the chain links', async () => {
    await recordAudit(app, { actorType: 'system', action: 'test.appRole' });
    expect(await verifyAuditChain(app)).toMatchObject({ ok: true });
    expect((await runtime.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('may neither UPDATE nor DELETE nor TRUNCATE audit rows, postings, journal entries or approvals', async () => {
    for (const [table, column] of [['audit_log', 'at'], ['postings', 'created_at'], ['journal_entries', 'created_at']] as const) {
      await refused(sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(column)} where false`);
      await refused(sql`delete from ${sql.table(table)}`);
      await refused(sql`truncate ${sql.table(table)}`);
    }
    await refused(sql`update audit_log set after = '{}'`);
    await refused(sql`update postings set amount = amount * 2`);
    // Who approved a transfer is a decided approval: kept as written, whoever asks.
    const { rows } = await sql<{ id: string }>`insert into operators (email, full_name, roles, status) values ('roles-test@bank.test', 'Roles Test', '{payments}', 'invited') returning id`.execute(owner.db);
    await recordTransferApproval(app, '100000001', rows[0]!.id);
    await refused(sql`update approvals set checker_id = checker_id where kind = 'transferApproval'`, /does not change/);
    await refused(sql`delete from approvals where kind = 'transferApproval'`, /never deleted/);
    await refused(sql`truncate approvals`);
  });

  it('changes only the state of holds, operations and statement rows, and deletes none', async () => {
    await refused(sql`update ledger_holds set amount = 1`);
    // An amount is granted for a card payment's clearing alone, which migration 0100's triggers keep it to
    // (cards/card-network.test.ts).
    for (const column of ['currency', 'client_id', 'kind', 'number', 'counterparty']) {
      await refused(sql`update operations set ${sql.ref(column)} = ${sql.ref(column)} where false`);
    }
    for (const column of ['currency', 'account_id', 'wallet_id', 'operation_id', 'direction', 'to_account', 'number', 'status']) {
      await refused(sql`update statement_rows set ${sql.ref(column)} = ${sql.ref(column)} where false`);
    }
    await refused(sql`delete from ledger_holds`);
    await refused(sql`delete from operations`);
    await refused(sql`delete from statement_rows`);
    // Granted: each runs as an UPDATE (of no row) or a locking read, where a refusal would throw.
    await expect(sql`update ledger_holds set status = status, closed_at = closed_at where false`.execute(app)).resolves.toEqual(updatedNone);
    await expect(
      sql`update operations set status = status, status_reason = status_reason, updated_at = updated_at, booked_at = booked_at, created_at = created_at, fee = fee, details = details where false`.execute(app),
    ).resolves.toEqual(updatedNone);
    await expect(sql`update statement_rows set booked_at = booked_at, balance_after = balance_after, fee = fee where false`.execute(app)).resolves.toEqual(updatedNone);
    await expect(sql`select id from ledger_holds where false for update`.execute(app)).resolves.toEqual(readNone);
  });

  it("changes only a deposit's progress (its next payout, its end) and a payout's transfer, and deletes none; rate versions stay as written", async () => {
    for (const change of [sql`update deposits set principal = 1`, sql`update deposits set rate_basis_points = 1`, sql`update deposit_payouts set amount = 1`, sql`delete from deposits`, sql`delete from deposit_payouts`]) {
      await refused(change);
    }
    await refused(sql`update deposit_rate_versions set approval_id = null`);
    await refused(sql`delete from deposit_rate_versions`);
    await expect(
      sql`update deposits set status = status, next_payout_date = next_payout_date, closed_on = closed_on, closed_at = closed_at, forfeited_interest = forfeited_interest, closing_transfer_id = closing_transfer_id where false`.execute(app),
    ).resolves.toEqual(updatedNone);
    await expect(sql`update deposit_payouts set transfer_id = transfer_id where false`.execute(app)).resolves.toEqual(updatedNone);
    await expect(sql`select id from deposits where false for update`.execute(app)).resolves.toEqual(readNone);
  });

  it('cannot write the audit chain, nor move its head', async () => {
    await refused(sql`insert into audit_chain (position, audit_id, prev_hash, row_hash) values (0, 0, '\\x00', '\\x00')`);
    await refused(sql`update audit_chain_head set position = 0`);
    await refused(sql`delete from schema_migrations`);
  });

  it('cannot disable, drop or add triggers: it owns no table', async () => {
    await refused(sql`alter table audit_log disable trigger audit_log_append_only`, /must be owner/);
    await refused(sql`alter table audit_log disable trigger all`, /must be owner/);
    await refused(sql`drop trigger audit_log_chain on audit_log`, /must be owner/);
    await refused(sql`drop trigger postings_append_only on postings`, /must be owner/);
    await refused(sql`alter table journal_entries disable trigger journal_entries_append_only`, /must be owner/);
    await refused(sql`create trigger sneaking after insert on audit_log for each row execute function audit_refuse_change()`);
    await refused(sql`drop table audit_log`, /must be owner/);
  });

  it('keeps all that after the grants run again at the next start, and covers tables added later', async () => {
    await grantApplicationRole(owner.db, scratch.application!.role);
    await sql`create table later_feature (id int)`.execute(owner.db);
    await expect(sql`insert into later_feature values (1)`.execute(app)).resolves.toEqual({ numAffectedRows: 1n, rows: [] });
    expect((await sql<{ id: number }>`select id from later_feature`.execute(owner.db)).rows).toEqual([{ id: 1 }]);
    await refused(sql`update audit_log set after = '{}'`);
    await refused(sql`delete from postings`);
  });

  it('may run the migrations when none is pending, as a command run with DATABASE_URL alone does, and applies none', async () => {
    expect(await migrate(app)).toEqual([]);
  });

  it('refuses an owner URL of another database, before migrating anything there', async () => {
    const other = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'bank_roles_other');
    try {
      await expect(migrateAndGrant(app, other.url)).rejects.toThrow(/must name the same one/);
      const elsewhere = await openDatabase({ databaseUrl: other.url, dataDir: 'memory://', poolSize: 1 });
      const { rows } = await sql<{ found: boolean }>`select to_regclass('schema_migrations') is not null as found`.execute(elsewhere.db);
      await elsewhere.close();
      expect(rows[0]!.found).toBe(false);
    } finally {
      await other.drop();
    }
  });

  it('is refused as the server’s role in production when it could rewrite the audit trail', async () => {
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), env: 'production' as const, databaseUrl: scratch.url };
    await expect(createRuntime(config, { webDist: null })).rejects.toThrow(/owns the tables or may UPDATE audit_log/);
  });
});
