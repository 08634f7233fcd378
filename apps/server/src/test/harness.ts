import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Db } from '../db';
import { migrate } from '../db/migrate';
import type { Mailer, MailMessage } from '../modules/mail/mailer';

/**
 * Test harness: a migrated database of its own (in-memory PGlite, or a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set) and the app built on it, driven with `app.inject`.
 */
export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  deps: AppDeps;
  kind: 'pglite' | 'postgres';
  /** Mails the app sent, newest last. */
  mails: MailMessage[];
  close(): Promise<void>;
}

export function capturingMailer(mails: MailMessage[]): Mailer {
  return {
    async send(message) {
      mails.push(message);
    },
    describe: () => 'test capture',
    close: () => undefined,
  };
}

/** Creates an empty PostgreSQL database next to TEST_DATABASE_URL's and returns its URL and a dropper. */
export async function createScratchPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bank_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      // pg's Pool.end() resolves before its sockets close; terminating those sessions by force would
      // raise unhandled FATAL errors in the closing clients, so give them a moment to leave first.
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

export async function createTestContext(
  overrides: Partial<Config> = {},
  options: { postgresOnly?: boolean; mailer?: Mailer; beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<TestContext> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (options.postgresOnly && !baseUrl) throw new Error('TEST_DATABASE_URL is required for this test');
  const scratch = baseUrl ? await createScratchPostgresDatabase(baseUrl) : undefined;
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    ...overrides,
  };
  const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://', poolSize: 20 });
  await migrate(database.db);
  const mails: MailMessage[] = [];
  const deps: AppDeps = {
    config,
    db: database.db,
    databaseKind: database.kind,
    mailer: options.mailer ?? capturingMailer(mails),
  };
  const app = await buildApp(deps, { webDist: null });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    deps,
    kind: database.kind,
    mails,
    async close() {
      try {
        await app.close();
        await database.close().catch(() => undefined);
      } finally {
        await scratch?.drop();
      }
    },
  };
}
