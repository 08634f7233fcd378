import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { buildApp, type AppDeps } from '../app';
import type { HttpTimeouts } from '../lib/http-timeouts';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Db } from '../db';
import { migrate } from '../db/migrate';
import { grantApplicationRole } from '../db/roles';
import { createScratchDatabase } from '../db/scratch';
import { keysFromSeed } from '../modules/crypto';
import pino from 'pino';
import { systemClock, type BankClock, type JobContext } from '../modules/jobs';
import type { Mailer, MailMessage } from '../lib/mailer';
import { BankMetrics } from '../modules/metrics';
import { deliverMail } from '../modules/mail';

/**
 * Test harness: a migrated database of its own (in-memory PGlite, or a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set) and the app built on it, driven with `app.inject`. On PostgreSQL
 * the database is migrated by TEST_DATABASE_URL's role, its owner, and the app runs as an
 * application role of its own, as a deployment does (db/roles.ts): what the app may not do to
 * history, the tests see refused.
 */
/**
 * True when the tests run on PostgreSQL, where requests really run side by side on a pool. Tests of
 * races and of the pool run only then: on PGlite's single connection two requests take turns.
 */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export interface TestContext {
  app: FastifyInstance;
  /**
   * The database as its owner, for the tests' own setting up and looking (moving history in time,
   * altering tables). The app's own connection, as the application role, is `deps.db`; on PGlite
   * the two are one.
   */
  db: Db;
  config: Config;
  deps: AppDeps;
  kind: 'pglite' | 'postgres';
  /**
   * Mails the app sent, newest last. Each `app.inject` answers once the work its request left
   * running has ended and the mail it wrote has been delivered (deliverAfterEachRequest).
   */
  mails: MailMessage[];
  /** `app.inject` as the app has it: the answer alone, for tests that time answers. */
  answerOnly: FastifyInstance['inject'];
  /** The PostgreSQL database's URL as the application role (none on PGlite): another node can open it. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/** Another API node on the same PostgreSQL database as `context`: its own pool, app and mails. */
export interface SecondNode {
  app: FastifyInstance;
  mails: MailMessage[];
  close(): Promise<void>;
}

export async function openSecondNode(context: TestContext): Promise<SecondNode> {
  if (!context.databaseUrl) throw new Error('A second node needs PostgreSQL (TEST_DATABASE_URL)');
  const database = await openDatabase({ databaseUrl: context.databaseUrl, dataDir: 'memory://', poolSize: 20 });
  const mails: MailMessage[] = [];
  const nodeDeps = { ...context.deps, db: database.db, mailer: capturingMailer(mails), metrics: new BankMetrics(database) };
  const app = await buildApp(nodeDeps, { webDist: null });
  deliverAfterEachRequest(app, nodeDeps);
  await app.ready();
  return {
    app,
    mails,
    async close() {
      await app.close();
      await database.close().catch(() => undefined);
    },
  };
}

/**
 * The app started anew over the same database with another configuration, as after a restart with
 * new settings (a rotated key, say): an app and mails of its own; the first app is left as it was.
 */
export async function restartWithConfig(context: TestContext, config: Config): Promise<SecondNode> {
  const mails: MailMessage[] = [];
  const nodeDeps = { ...context.deps, config, mailer: capturingMailer(mails) };
  const app = await buildApp(nodeDeps, { webDist: null });
  deliverAfterEachRequest(app, nodeDeps);
  await app.ready();
  return { app, mails, close: () => app.close() };
}

/**
 * Makes `app.inject` answer once the request is done with its mail, as a running bank's delivery job
 * would soon after (no job queue runs in these tests): the work the request left running after its
 * answer is waited for, then each mail in the outbox not tried yet is delivered, once. One that
 * fails stays waiting, as with a mail server down; a test delivers it again itself. Answers the
 * plain inject.
 */
function deliverAfterEachRequest(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'config' | 'mailer'>): FastifyInstance['inject'] {
  const answerOnly = app.inject.bind(app) as FastifyInstance['inject'];
  const deliverNew = async () => {
    const fresh = await deps.db.selectFrom('outgoing_mail').select('id').where('delivered_at', 'is', null).where('attempts', '=', 0).orderBy('created_at').execute();
    for (const { id } of fresh) await deliverMail(deps, id).catch(() => undefined);
  };
  const inject = async (options: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const response = await answerOnly(options);
    await app.background.settled();
    // A database a test has taken away (or broken on purpose) delivers nothing; the answer stands.
    await deliverNew().catch(() => undefined);
    return response;
  };
  app.inject = inject as unknown as FastifyInstance['inject'];
  return answerOnly;
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

export async function createTestContext(
  overrides: Partial<Config> = {},
  options: {
    postgresOnly?: boolean;
    mailer?: Mailer;
    clock?: BankClock;
    beforeReady?: (app: FastifyInstance) => void;
    pool?: { size: number; waitMs: number };
    timeouts?: HttpTimeouts;
  } = {},
): Promise<TestContext> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (options.postgresOnly && !baseUrl) throw new Error('TEST_DATABASE_URL is required for this test');
  const scratch = baseUrl ? await createScratchDatabase(baseUrl, 'bank_test', { applicationRole: true }) : undefined;
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    ...overrides,
  };
  const pool = { dataDir: 'memory://', poolSize: options.pool?.size ?? 20, connectionWaitMs: options.pool?.waitMs };
  const owner = await openDatabase({ ...pool, databaseUrl: scratch?.url, poolSize: scratch ? 10 : pool.poolSize });
  await migrate(owner.db);
  let database = owner;
  if (scratch?.application) {
    await grantApplicationRole(owner.db, scratch.application.role);
    database = await openDatabase({ ...pool, databaseUrl: scratch.application.url });
    // Used once at once: a role that cannot sign in fails here, and the pool is started, so a test's
    // destroy() really ends it (Kysely skips destroying a pool never used, and a later query would
    // quietly start a new one).
    await sql`select 1`.execute(database.db);
  }
  const mails: MailMessage[] = [];
  const deps: AppDeps = {
    config,
    db: database.db,
    databaseKind: database.kind,
    mailer: options.mailer ?? capturingMailer(mails),
    cryptoKeys: keysFromSeed(randomBytes(32)),
    clock: options.clock ?? systemClock(config.time.zone),
    metrics: new BankMetrics(database),
  };
  const app = await buildApp(deps, { webDist: null, timeouts: options.timeouts });
  const answerOnly = deliverAfterEachRequest(app, deps);
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: owner.db,
    config,
    deps,
    kind: database.kind,
    mails,
    answerOnly,
    databaseUrl: scratch?.application?.url,
    async close() {
      try {
        await app.close();
        await database.close().catch(() => undefined);
        if (owner !== database) await owner.close().catch(() => undefined);
      } finally {
        await scratch?.drop();
      }
    },
  };
}

/** What a job is given, on the test app's database and mailer, reading `clock` (the app's own by default). */
export function jobContextOf(context: TestContext, clock: BankClock = context.deps.clock): JobContext {
  return { db: context.deps.db, config: context.deps.config, clock, mailer: context.deps.mailer, log: pino({ level: 'silent' }) };
}
