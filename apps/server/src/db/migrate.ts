import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './index';

/** Where the plain SQL migrations live; each is applied once, in name order, and recorded. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** An arbitrary constant: the advisory lock that keeps two starting servers from migrating (or granting) at once. */
export const MIGRATION_LOCK_ID = 727_001;

/**
 * Applies the migrations not applied yet, in name order. With `upTo`, only those numbered up to it:
 * a database as it stood at an earlier migration, for a test of the migrations after it.
 */
export async function migrate(db: Db, directory = MIGRATIONS_DIR, options: { upTo?: number } = {}): Promise<string[]> {
  const files = (await readdir(directory))
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
    .filter((name) => options.upTo === undefined || Number(name.slice(0, 4)) <= options.upTo)
    .sort();
  // Created only where it is missing: even CREATE TABLE IF NOT EXISTS needs the right to create, which
  // the server's application role lacks (db/roles.ts), and with nothing pending it may run this too.
  const { rows: present } = await sql<{ found: boolean }>`select to_regclass('schema_migrations') is not null as found`.execute(db);
  if (!present[0]?.found) {
    await sql`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`.execute(db);
  }

  const applied: string[] = [];
  for (const name of files) {
    const text = await readFile(path.join(directory, name), 'utf8');
    const done = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx);
      const seen = await sql<{ name: string }>`select name from schema_migrations where name = ${name}`.execute(trx);
      if (seen.rows.length > 0) return false;
      await sql.raw(text).execute(trx);
      await sql`insert into schema_migrations (name) values (${name})`.execute(trx);
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}
