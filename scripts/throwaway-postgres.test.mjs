// Proves that npm test can run the PostgreSQL tests without TEST_DATABASE_URL: the throwaway server
// starts from the machine's binaries (as the postgres user under root), answers queries and creates
// databases as the scratch-database helper does, and leaves nothing behind when stopped.
import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startThrowawayPostgres } from './throwaway-postgres.mjs';

describe('throwaway PostgreSQL of npm test', () => {
  it('starts, serves and is removed', async () => {
    const server = await startThrowawayPostgres();
    expect(server.skipped, 'this machine has PostgreSQL binaries, so the server must start').toBeUndefined();
    const client = new pg.Client({ connectionString: server.url });
    try {
      await client.connect();
      const { rows } = await client.query("select current_setting('server_version_num')::int as version");
      expect(rows[0].version).toBeGreaterThanOrEqual(150000);
      await client.query('create database throwaway_check');
    } finally {
      await client.end();
    }
    const dataDir = server.dataDir;
    server.stop();
    expect(existsSync(dataDir)).toBe(false);
    await expect(new pg.Client({ connectionString: server.url }).connect()).rejects.toThrow();
  }, 60_000);
});
