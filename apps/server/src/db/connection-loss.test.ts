// Proves on PostgreSQL that the server survives the database closing its connections (as a restart
// or a failover does, here by pg_terminate_backend): the pool's 'error' event of an idle connection
// is heard and logged instead of ending the process, a query cut off in flight is an "unavailable"
// error (a 503 for the client, never a 500), and the next requests are served by new connections
// with no restart.
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createRuntime, type Runtime } from '../runtime';
import { isDatabaseUnavailable } from '.';
import { createScratchDatabase, type ScratchDatabase } from './scratch';

describe.runIf(process.env.TEST_DATABASE_URL)('losing database connections on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let runtime: Runtime;
  const warnings: string[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'bank_conn');
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), databaseUrl: scratch.url };
    runtime = await createRuntime(config, { webDist: null, print: () => undefined, onWarning: (message) => warnings.push(message) });
  });
  afterAll(async () => {
    await runtime?.close();
    await scratch?.drop();
  });

  async function terminateServerConnections(): Promise<number> {
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return rows.length;
    } finally {
      await admin.end();
    }
  }

  const health = () => runtime.app.inject({ method: 'GET', url: '/api/health' });
  /** Health until it answers 200: a connection the database has just closed may serve one more failed query (a 503). */
  async function healthyAgain(): Promise<number> {
    let status = 0;
    for (let tries = 0; tries < 50 && status !== 200; tries += 1) {
      status = (await health()).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return status;
  }

  it('keeps serving when PostgreSQL ends every pooled connection', async () => {
    // Several requests at once leave several idle connections in the pool.
    expect((await Promise.all(Array.from({ length: 6 }, health))).map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await terminateServerConnections()).toBeGreaterThan(0);
    // The idle connections' errors arrive as pool events: heard, logged, not fatal.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(warnings.length).toBeGreaterThan(0);
    expect(await healthyAgain()).toBe(200);
    expect((await runtime.app.inject({ method: 'GET', url: '/api/exchange/rate?from=EUR&to=USD' })).statusCode).toBe(200);
  });

  it('answers a query cut off in flight as the database being unavailable', async () => {
    const inFlight = sql`select pg_sleep(5)`.execute(runtime.deps.db).then(
      () => null,
      (error: unknown) => error,
    );
    // Wait until the query is really running in PostgreSQL (a busy machine may take a while to send it).
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    try {
      for (let tries = 0; tries < 100; tries += 1) {
        const { rows } = await admin.query("select 1 from pg_stat_activity where datname = current_database() and query like 'select pg_sleep%' and state = 'active'");
        if (rows.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await admin.end();
    }
    await terminateServerConnections();
    const error = await inFlight;
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await healthyAgain()).toBe(200);
  });

  /** Sets (or resets) a setting of the scratch database for the connections opened from now on. */
  async function databaseSetting(setting: string): Promise<void> {
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    try {
      // This connection itself may have been opened read-only by the setting being reset.
      await admin.query('set default_transaction_read_only = off');
      await admin.query(`alter database "${new URL(scratch.url).pathname.slice(1)}" ${setting}`);
    } finally {
      await admin.end();
    }
  }

  it('answers a write that reaches a read-only server (the old leader in a failover) as unavailable, not a 500', async () => {
    // Every new connection is read-only, as one through the proxy to a leader just demoted.
    await databaseSetting('set default_transaction_read_only = on');
    try {
      await terminateServerConnections();
      const write = await runtime.app.inject({
        method: 'POST',
        url: '/api/mailer/sendContactFormData',
        payload: { name: 'Jane Roe', email: 'jane@example.com', phone: '+44 20 7946 0958', message: 'Please call me back about a deposit account.' },
      });
      expect(write.statusCode, write.body).toBe(503);
      expect(write.json().code).toBe('UNAVAILABLE');
    } finally {
      await databaseSetting('reset default_transaction_read_only');
    }
    await terminateServerConnections();
    expect(await healthyAgain()).toBe(200);
  });
});
