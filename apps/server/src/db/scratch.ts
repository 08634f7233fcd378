import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** The database as `baseUrl`'s role sees it: its owner, who migrates. */
  url: string;
  name: string;
  /**
   * With `applicationRole`: a login role of this database's own that owns nothing, for the server
   * to run as (db/roles.ts grants it its share once migrated), and the database's URL as that role.
   */
  application?: { role: string; url: string };
  drop(): Promise<void>;
}

/**
 * An empty PostgreSQL database beside `baseUrl`'s, for tests and benchmarks; `drop()` removes it.
 * The drop waits for the database's sessions to leave first: pg's Pool.end() resolves before its
 * sockets close, and terminating them by force would raise unhandled FATAL errors in the clients.
 * Roles are the whole server's, not a database's: the application role is named after the database
 * (so scratch databases made side by side never share one), has a random password (so it also
 * signs in where the server asks for one) and is dropped with the database.
 */
export async function createScratchDatabase(baseUrl: string, prefix: string, options: { applicationRole?: boolean } = {}): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const role = options.applicationRole ? `${name}_app` : undefined;
  const password = randomBytes(18).toString('hex');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    if (role) await admin.query(`create role ${role} login password '${password}'`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  let application: ScratchDatabase['application'];
  if (role) {
    const applicationUrl = new URL(url);
    applicationUrl.username = role;
    applicationUrl.password = password;
    application = { role, url: applicationUrl.toString() };
  }
  return {
    url: url.toString(),
    name,
    application,
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const { rows } = await client.query<{ sessions: string }>('select count(*) as sessions from pg_stat_activity where datname = $1', [name]);
        if (rows[0]?.sessions === '0') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      // Its grants lived in the database just dropped, so nothing holds the role any more.
      if (role) await client.query(`drop role if exists ${role}`);
      await client.end();
    },
  };
}
