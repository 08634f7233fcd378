// Proves the foundation: health, error answers (never a 500), security headers, migrations and the
// single-connection PGlite driver keeping transactions apart.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db';
import { createTestContext, onPostgres, type TestContext } from './harness';
import { createSignedInClient } from './clients';
import { revokeSession } from '../modules/auth/sessions';
import { requireClient } from '../modules/auth/guard';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext({}, {
    beforeReady: (app) => app.get('/api/test/guarded', { preHandler: requireClient }, async () => ({ ok: true })),
  });
});
afterAll(() => context.close());

describe('health and errors', () => {
  it('answers health with the database state', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: { kind: context.kind, ready: true } });
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/mailer/sendContactFormData',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'Bad request' });
  });

  it('sends strict security headers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['referrer-policy']).toBeTruthy();
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('bearer guard', () => {
  it('refuses a missing, unknown and revoked token with the protocol text', async () => {
    const missing = await context.app.inject({ method: 'GET', url: '/api/test/guarded' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe('Invalid authorization data');
    const unknown = await context.app.inject({ method: 'GET', url: '/api/test/guarded', headers: { authorization: 'Bearer abcdefghijklmnopqrstuvwxyz' } });
    expect(unknown.json().message).toBe('Invalid authorization data');

    const client = await createSignedInClient(context);
    const ok = await context.app.inject({ method: 'GET', url: '/api/test/guarded', headers: client.headers });
    expect(ok.statusCode).toBe(200);
    const session = await context.db.selectFrom('sessions').select('id').where('subject_id', '=', client.id).executeTakeFirstOrThrow();
    await revokeSession(context.db, session.id);
    const revoked = await context.app.inject({ method: 'GET', url: '/api/test/guarded', headers: client.headers });
    expect(revoked.statusCode).toBe(401);
  });

  it('refuses a token whose inactivity window has passed', async () => {
    const client = await createSignedInClient(context);
    await context.db.updateTable('sessions').set({ idle_expires_at: sql`now() - interval '1 second'` }).where('subject_id', '=', client.id).execute();
    const response = await context.app.inject({ method: 'GET', url: '/api/test/guarded', headers: client.headers });
    expect(response.statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const client = await createSignedInClient(context);
    const rows = await context.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === client.token)).toBe(false);
  });
});

describe('configuration', () => {
  it('names the bad variable in one line', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
  it('refuses production without database, SMTP and secret, and never seeds there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL, SMTP_URL, APP_SECRET/);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x/y',
      SMTP_URL: 'smtp://mail:25',
      APP_SECRET: 'x'.repeat(40),
      SEED_DEMO: 'true',
    });
    expect(config.seedDemo).toBe(false);
  });
  it('listens on this machine only in development unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y', SMTP_URL: 'smtp://m:25', APP_SECRET: 'x'.repeat(40) }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::1' }).seedDemo).toBe(true);
  });
  it('refuses the development secret on a reachable HOST, and seeds nothing there unless asked', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) {
      expect(() => loadConfig({ HOST: host })).toThrow(/^Invalid configuration: APP_SECRET/);
    }
    const exposed = loadConfig({ HOST: '0.0.0.0', APP_SECRET: 'a-secret-of-this-installation-32-chars-long' });
    expect(exposed.secret).toBe('a-secret-of-this-installation-32-chars-long');
    expect(exposed.seedDemo).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', APP_SECRET: 'a-secret-of-this-installation-32-chars-long', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
});

describe('database', () => {
  it('applies each migration once', async () => {
    expect(await migrate(context.db)).toEqual([]);
    const rows = await context.db.selectFrom('schema_migrations').select('name').execute();
    expect(rows.length).toBeGreaterThan(0);
  });

  it('keeps concurrent transactions apart on embedded PGlite', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await sql`create table counter (value int not null)`.execute(handle.db);
    await sql`insert into counter values (0)`.execute(handle.db);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        handle.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ value: number }>`select value from counter`.execute(trx);
          await new Promise((resolve) => setTimeout(resolve, 1));
          await sql`update counter set value = ${rows[0]!.value + 1}`.execute(trx);
        }),
      ),
    );
    const { rows } = await sql<{ value: number }>`select value from counter`.execute(handle.db);
    expect(rows[0]!.value).toBe(20);
    await handle.close();
  });
});

describe('health when the database is gone', () => {
  it('answers 503', async () => {
    const isolated = await createTestContext();
    await isolated.db.destroy();
    const response = await isolated.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unavailable', database: { ready: false } });
    await isolated.close();
  });
});

describe.runIf(onPostgres)('a busy database', () => {
  it('answers 503, not 500, when no connection of the pool comes free in time', async () => {
    const busy = await createTestContext({}, { pool: { size: 1, waitMs: 200 } });
    try {
      // The pool's one connection is held for a second while a request needs it.
      const held = busy.db.transaction().execute((trx) => sql`select pg_sleep(1)`.execute(trx));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const response = await busy.app.inject({ method: 'POST', url: '/api/converter/convert', payload: { from: 'EUR', to: 'USD', amount: '1' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 'UNAVAILABLE', message: 'Service unavailable' });
      await held;
      // Once it is free again, the same request is served.
      expect((await busy.app.inject({ method: 'POST', url: '/api/converter/convert', payload: { from: 'EUR', to: 'USD', amount: '1' } })).statusCode).toBe(200);
    } finally {
      await busy.close();
    }
  });
});
