import { sql } from 'kysely';
import { openDatabase, type Db } from './index';
import { migrate, MIGRATION_LOCK_ID } from './migrate';

/**
 * Least privilege on PostgreSQL (docs/bank-controls.md): the tables belong to an owner role that runs the
 * migrations, and the server runs as an application role that owns nothing. Not owning a table, it
 * can neither alter nor drop the table's triggers; and it is granted reading and writing everywhere
 * except history, which it may only append to (or, for the rows whose state moves, change in the
 * named state columns only). PGlite has a single user and no roles: it is exempt.
 */

/**
 * History the application only appends to: written once, never updated, deleted or truncated. Who
 * approved a transfer is in approvals (migration 0093), whose trigger (migration 0076) refuses any
 * change to a decided row and any deletion, whoever asks.
 */
export const APPEND_ONLY_TABLES = ['audit_log', 'journal_entries', 'postings', 'deposit_rate_versions', 'fx_rate_history'] as const;

/**
 * History whose rows move through states (a hold is captured or released; an operation is booked,
 * denied or canceled, and its statement rows are booked with it): the application may change those
 * columns only, and delete nothing. An operation's number, kind, client, amount, currency and
 * counterparty stay as written, as do a statement row's amounts, owner and sides, but for a card
 * payment's amount, booked at what the merchant cleared (migration 0100). A Scheduled
 * transfer abroad is quoted and held on the day it runs: its fee, the instant it is made then, its
 * hold and thresholds (details) change once, and a trigger keeps the fee of any statement row whose
 * operation is not Scheduled (migration 0093) and the thresholds once fixed (migration 0093). A
 * Scheduled transfer's failed runs are counted in its details too.
 */
export const STATE_COLUMNS_OF_HISTORY: Readonly<Record<string, readonly string[]>> = {
  ledger_holds: ['status', 'closed_at'],
  // A card payment's amount moves once, from what was authorised to what was cleared; triggers keep
  // every other amount as written (migration 0100).
  operations: ['status', 'status_reason', 'updated_at', 'booked_at', 'created_at', 'fee', 'details', 'amount'],
  statement_rows: ['booked_at', 'balance_after', 'fee', 'amount'],
  // A deposit's terms, figures and opening stay as opened; it moves on to its next payout and ends
  // once. A payout's row is written first and then names the transfer that paid it.
  deposits: ['status', 'next_payout_date', 'closed_on', 'closed_at', 'forfeited_interest', 'closing_transfer_id'],
  deposit_payouts: ['transfer_id'],
};

/**
 * Tables the application only reads: the audit chain's links and head (written by the chain's
 * trigger with its owner's rights, migration 0075) and the record of migrations.
 */
export const READ_ONLY_TABLES = ['audit_chain', 'audit_chain_head', 'schema_migrations'] as const;

async function identityOf(db: Db): Promise<{ role: string; database: string; schema: string }> {
  const { rows } = await sql<{ role: string; database: string; schema: string }>`
    select current_user as role, current_database() as database, current_schema() as schema`.execute(db);
  return rows[0]!;
}

/** Whether `table` exists in the current schema (a history table of a later feature may not yet). */
async function tableExists(db: Db, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select to_regclass(${table}) is not null as found`.execute(db);
  return rows[0]!.found;
}

/**
 * Grants `role` what the server needs on the owner's database, idempotently: run after every
 * migration, so the tables a migration adds are covered at once (and default privileges cover
 * them in between). Refuses when the role owns tables, since an owner may disable any trigger.
 */
export async function grantApplicationRole(owner: Db, role: string): Promise<void> {
  await owner.transaction().execute(async (trx) => {
    // GRANT and REVOKE of two starting servers at once would fail on the same catalog rows.
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx);
    const { database, schema } = await identityOf(trx);
    const { rows: owned } = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and c.relowner = (select oid from pg_roles where rolname = ${role}) order by 1 limit 5`.execute(trx);
    if (owned.length > 0) {
      throw new Error(
        `The application role ${role} owns ${owned.map((row) => row.name).join(', ')}: an owner may alter the tables' triggers. ` +
          `Make the owner role own them (REASSIGN OWNED BY ${role} TO <owner>, as a superuser) and start again`,
      );
    }
    const target = sql.id(role);
    const inSchema = sql.id(schema);
    await sql`grant connect on database ${sql.id(database)} to ${target}`.execute(trx);
    await sql`grant usage on schema ${inSchema} to ${target}`.execute(trx);
    // TRUNCATE, REFERENCES and TRIGGER are never granted.
    await sql`grant select, insert, update, delete on all tables in schema ${inSchema} to ${target}`.execute(trx);
    await sql`grant usage, select on all sequences in schema ${inSchema} to ${target}`.execute(trx);
    await sql`alter default privileges in schema ${inSchema} grant select, insert, update, delete on tables to ${target}`.execute(trx);
    await sql`alter default privileges in schema ${inSchema} grant usage, select on sequences to ${target}`.execute(trx);
    // The job queue's own schema (migration 0077): the workers claim, finish and prune its rows. Its
    // queues (partitions) are created by migrations, as the owner; granting after each covers them.
    const { rows: queue } = await sql<{ found: boolean }>`select to_regnamespace('pgboss') is not null as found`.execute(trx);
    if (queue[0]!.found) {
      await sql`grant usage on schema pgboss to ${target}`.execute(trx);
      await sql`grant select, insert, update, delete on all tables in schema pgboss to ${target}`.execute(trx);
    }
    for (const table of APPEND_ONLY_TABLES) {
      if (await tableExists(trx, table)) await sql`revoke update, delete, truncate on ${sql.table(table)} from ${target}`.execute(trx);
    }
    for (const [table, columns] of Object.entries(STATE_COLUMNS_OF_HISTORY)) {
      if (!(await tableExists(trx, table))) continue;
      // Revoking UPDATE on the table revokes it on every column too; the state columns get it back.
      await sql`revoke update, delete, truncate on ${sql.table(table)} from ${target}`.execute(trx);
      await sql`grant update (${sql.join(columns.map((column) => sql.id(column)))}) on ${sql.table(table)} to ${target}`.execute(trx);
    }
    for (const table of READ_ONLY_TABLES) {
      if (await tableExists(trx, table)) await sql`revoke insert, update, delete, truncate on ${sql.table(table)} from ${target}`.execute(trx);
    }
  });
}

/**
 * Migrates the database. With `ownerUrl` (DATABASE_OWNER_URL) the migrations run as the owner on a
 * connection of their own, and the role of `app` (the server's pool, DATABASE_URL) is granted its
 * share; the same role on both sides is the single-role development setup, with nothing to grant.
 */
export async function migrateAndGrant(app: Db, ownerUrl: string | undefined): Promise<void> {
  if (!ownerUrl) {
    await migrate(app);
    return;
  }
  const owner = await openDatabase({ databaseUrl: ownerUrl, dataDir: 'memory://', poolSize: 1 });
  try {
    // Checked before anything is migrated: a wrong URL must not put the bank's tables elsewhere.
    const [application, owning] = await Promise.all([identityOf(app), identityOf(owner.db)]);
    if (application.database !== owning.database) {
      throw new Error(`DATABASE_URL names the database ${application.database} and DATABASE_OWNER_URL ${owning.database}: they must name the same one`);
    }
    await migrate(owner.db);
    if (application.role !== owning.role) await grantApplicationRole(owner.db, application.role);
  } finally {
    await owner.close();
  }
}

/**
 * True when the server's role could rewrite the audit trail: it owns audit_log (or is a member of
 * its owner, as a superuser is), or it may UPDATE it. Production refuses to start so.
 */
export async function mayRewriteHistory(app: Db): Promise<boolean> {
  const { rows } = await sql<{ may: boolean }>`
    select pg_has_role(current_user, c.relowner, 'USAGE') or has_table_privilege('audit_log', 'UPDATE') as may
    from pg_class c where c.oid = 'audit_log'::regclass`.execute(app);
  return rows[0]?.may ?? true;
}
