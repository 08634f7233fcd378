import pg from 'pg';
import { createScratchDatabase } from '../../apps/server/src/db/scratch';

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

export async function createScratchPostgres(baseUrl = process.env.TEST_DATABASE_URL): Promise<ScratchDatabase> {
  if (!baseUrl) throw new Error(POSTGRES_SKIP_REASON);
  const scratch = await createScratchDatabase(baseUrl, 'bank_e2e');
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  return {
    url: scratch.url,
    async query(text, values) {
      return (await pool.query(text, values)).rows;
    },
    async drop() {
      await pool.end();
      await scratch.drop();
    },
  };
}
