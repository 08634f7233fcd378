import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A scratch PostgreSQL database beside TEST_DATABASE_URL's, for specs that must look into or change
 * the server's data while it runs (the embedded PGlite of the default stack belongs to the server
 * process alone). Start the stack with `env: { DATABASE_URL: database.url }`.
 */
export interface ScratchDatabase {
  url: string;
  query<Row extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

/** Why a spec that needs PostgreSQL is skipped when no server is configured. */
export const POSTGRES_SKIP_REASON = 'TEST_DATABASE_URL is not set: this spec needs a PostgreSQL server (CI sets it)';

export async function createScratchDatabase(baseUrl = process.env.TEST_DATABASE_URL): Promise<ScratchDatabase> {
  if (!baseUrl) throw new Error(POSTGRES_SKIP_REASON);
  const name = `bank_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    url: url.toString(),
    async query(text, values) {
      return (await pool.query(text, values)).rows;
    },
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
