import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * An empty PostgreSQL database beside `baseUrl`'s, for tests and benchmarks; `drop()` removes it.
 * The drop waits for the database's sessions to leave first: pg's Pool.end() resolves before its
 * sockets close, and terminating them by force would raise unhandled FATAL errors in the clients.
 */
export async function createScratchDatabase(baseUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const { rows } = await client.query<{ sessions: string }>('select count(*) as sessions from pg_stat_activity where datname = $1', [name]);
        if (rows[0]?.sessions === '0') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
