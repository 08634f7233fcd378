// Proves the foundation: health, error answers (never a 500), security headers, migrations and the
// single-connection PGlite driver keeping transactions apart.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimatedEntropyBits, loadConfig, smallestPeriod } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db';
import { createTestContext, onPostgres, type TestContext } from './harness';
import { createSignedInClient } from './clients';
import { revokeSession, requireClient } from '../modules/auth';

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

  it('lets no browser or proxy keep an API answer', async () => {
    for (const url of ['/api/health', '/api/exchange/rate?from=EUR&to=USD', '/api/user/me', '/api/account/list', '/api/nowhere']) {
      expect((await context.app.inject({ method: 'GET', url })).headers['cache-control'], url).toBe('no-store');
    }
    const login = await context.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'nobody@example.com', password: 'Wrong2024pass', emailCode: '000000' } });
    expect(login.headers['cache-control']).toBe('no-store');
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

  it('writes nothing on a request within a minute of the last, and slides the inactivity window after it', async () => {
    const client = await createSignedInClient(context);
    const version = async () =>
      (await sql<{ xmin: string; idle: string }>`select xmin::text, idle_expires_at::text as idle from sessions where subject_id = ${client.id}`.execute(context.db)).rows[0]!;
    const before = await version();
    for (let request = 0; request < 3; request += 1) {
      expect((await context.app.inject({ method: 'GET', url: '/api/test/guarded', headers: client.headers })).statusCode).toBe(200);
    }
    // The same row version: no request wrote to the session.
    expect(await version()).toEqual(before);
    // Seen more than a minute ago: the next request slides the window from now.
    await context.db.updateTable('sessions').set({ last_seen_at: sql`now() - interval '2 minutes'`, idle_expires_at: sql`now() + interval '28 minutes'` }).where('subject_id', '=', client.id).execute();
    const stale = await version();
    expect((await context.app.inject({ method: 'GET', url: '/api/test/guarded', headers: client.headers })).statusCode).toBe(200);
    const slid = await version();
    expect(slid.xmin).not.toBe(stale.xmin);
    expect(Date.parse(slid.idle)).toBeGreaterThan(Date.parse(stale.idle));
  });

  it('stores only a hash of the token', async () => {
    const client = await createSignedInClient(context);
    const rows = await context.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === client.token)).toBe(false);
  });
});

/** A secret as `openssl rand -hex 24` makes one. */
const PRODUCTION_SECRET = '9f1c2e7a4b8d03f6e5a1c9b27d4e8f60a3b5c7d9e1f20486';
/** A statement signing key as `openssl genpkey -algorithm ed25519` makes one. */
const SIGNING_KEY = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
/** A production configuration that starts. */
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://x/y',
  SMTP_URL: 'smtp://m:25',
  APP_URL: 'https://bank.example',
  APP_SECRET: PRODUCTION_SECRET,
  STATEMENT_SIGNING_KEY: SIGNING_KEY,
  CARD_DATA_KEY: 'c4a7e19b2f6d08a3e5b1c7f92d4a6e80b3c5d7e9f1a20486',
  CARD_VERIFICATION_KEY: 'e2b8d41f7a9c03e6b5d1f8a27c4e9b60d3a5c7e9b1f20487',
  CARD_NETWORK_SECRET: '7d1c5a9e3b8f20c4a6e1d7b93f5c8a0e2d4b6f81c3a5e709',
};
/** Secrets anyone could guess: the source's own, one character, a pair, too short, a repeated run, sequences. */
const PREDICTABLE_SECRETS = [
  'development-only-secret-never-used-in-production',
  'x'.repeat(40),
  'ab'.repeat(32),
  'short-secret',
  '0123456789abcdef'.repeat(4),
  'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  '9f1c2e7a4b8d03f6e5a1c9b2'.repeat(3),
];

describe('configuration', () => {
  it('names the bad variable in one line', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
  it('refuses production without database, SMTP and secret, and never seeds there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL, SMTP_URL, APP_SECRET, STATEMENT_SIGNING_KEY, APP_URL, CARD_DATA_KEY, CARD_VERIFICATION_KEY, CARD_NETWORK_SECRET/);
    const config = loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' });
    expect(config.seedDemo).toBe(false);
  });
  it('listens on this machine only in development unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig(PRODUCTION).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::1' }).seedDemo).toBe(true);
  });
  it('refuses the development secret on a reachable HOST, and seeds nothing there unless asked', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) {
      expect(() => loadConfig({ HOST: host })).toThrow(/^Invalid configuration: APP_SECRET/);
    }
    const exposed = loadConfig({ HOST: '0.0.0.0', APP_SECRET: 'a-secret-of-this-installation-32-chars-long' });
    expect(exposed.secret).toEqual({ current: 'a-secret-of-this-installation-32-chars-long', previous: null });
    expect(exposed.seedDemo).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', APP_SECRET: 'a-secret-of-this-installation-32-chars-long', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
  it('refuses in production the development secret of the source and any predictable one, naming APP_SECRET', () => {
    for (const secret of PREDICTABLE_SECRETS) {
      expect(() => loadConfig({ ...PRODUCTION, APP_SECRET: secret }), secret).toThrow(/^Invalid configuration: APP_SECRET /);
      expect(() => loadConfig({ ...PRODUCTION, APP_SECRET: secret }), secret).not.toThrow(/\n/);
    }
    expect(loadConfig({ ...PRODUCTION, APP_SECRET: PRODUCTION_SECRET }).secret).toEqual({ current: PRODUCTION_SECRET, previous: null });
    // Secrets as `openssl rand` makes them pass, whatever the draw.
    for (let draw = 0; draw < 50; draw += 1) {
      for (const secret of [randomBytes(32).toString('hex'), randomBytes(24).toString('hex'), randomBytes(32).toString('base64')]) {
        expect(estimatedEntropyBits(secret), secret).toBeGreaterThanOrEqual(128);
      }
    }
  });
  it('counts only the unit a secret repeats, and the steps of a sequence, as its chance', () => {
    expect(smallestPeriod([...'abcabcab'])).toBe(3);
    expect(smallestPeriod([...'0123456789abcdef'.repeat(4)])).toBe(16);
    expect(smallestPeriod([...'abcd'])).toBe(4);
    expect(smallestPeriod([])).toBe(0);
    // 32 random-looking hex digits carry about 128 bits; written twice they carry no more. A fixed
    // value: a random one whose last digits repeat its first is periodic itself (1 time in 16).
    const random = 'f3a91c07b2d84e6f5a0c9e1b7d3f2864';
    expect(smallestPeriod([...random])).toBe(32);
    expect(estimatedEntropyBits(random + random)).toBe(estimatedEntropyBits(random));
    expect(estimatedEntropyBits('abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ')).toBeLessThan(32);
  });
  it('takes APP_SECRET_PREVIOUS as the secret before a rotation, checked as APP_SECRET is', () => {
    const previous = randomBytes(32).toString('hex');
    expect(loadConfig({ ...PRODUCTION, APP_SECRET_PREVIOUS: previous }).secret).toEqual({ current: PRODUCTION_SECRET, previous });
    expect(loadConfig({ APP_SECRET: PRODUCTION_SECRET, APP_SECRET_PREVIOUS: previous }).secret.previous).toBe(previous);
    for (const secret of PREDICTABLE_SECRETS) {
      expect(() => loadConfig({ ...PRODUCTION, APP_SECRET_PREVIOUS: secret }), secret).toThrow(/^Invalid configuration: APP_SECRET_PREVIOUS /);
    }
    expect(() => loadConfig({ APP_SECRET_PREVIOUS: previous })).toThrow(/^Invalid configuration: APP_SECRET_PREVIOUS is set without APP_SECRET/);
    expect(() => loadConfig({ ...PRODUCTION, APP_SECRET_PREVIOUS: PRODUCTION_SECRET })).toThrow(/^Invalid configuration: APP_SECRET_PREVIOUS is the same/);
  });
  it('refuses production without an https APP_URL, unless ALLOW_HTTP_APP_URL=true', () => {
    expect(() => loadConfig({ ...PRODUCTION, APP_URL: '' })).toThrow(/^Invalid configuration: APP_URL must be set when NODE_ENV=production/);
    expect(() => loadConfig({ ...PRODUCTION, APP_URL: 'http://bank.example' })).toThrow(/^Invalid configuration: APP_URL must be an https:\/\/ address/);
    expect(() => loadConfig({ ...PRODUCTION, APP_URL: 'ftp://bank.example' })).toThrow(/^Invalid configuration: APP_URL/);
    expect(loadConfig({ ...PRODUCTION, APP_URL: 'http://127.0.0.1:8080', ALLOW_HTTP_APP_URL: 'true' }).appUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ ...PRODUCTION, APP_URL: 'https://bank.example/' }).appUrl).toBe('https://bank.example');
    // Development keeps its http://localhost default.
    expect(loadConfig({}).appUrl).toBe('http://localhost:3000');
  });
  it('takes the earlier statement keys as PEM text or files, keeping only their public halves', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'bank-config-'));
    try {
      const earlier = [1, 2, 3].map(() => generateKeyPairSync('ed25519'));
      const publicPem = (index: number) => earlier[index]!.publicKey.export({ type: 'spki', format: 'pem' }).toString();
      const privatePem = (index: number) => earlier[index]!.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      // Two keys in one file, one after the other; a private key given inline with its line breaks as \n.
      const file = path.join(folder, 'previous.pem');
      writeFileSync(file, publicPem(0) + privatePem(1));
      const config = loadConfig({ STATEMENT_SIGNING_KEYS_PREVIOUS: `${file}, ${privatePem(2).replace(/\n/g, '\\n')}` });
      expect(config.statementPreviousPublicKeyPems).toEqual([publicPem(0), publicPem(1), publicPem(2)]);
      expect(loadConfig({}).statementPreviousPublicKeyPems).toEqual([]);

      const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
      for (const value of [rsa, path.join(folder, 'missing.pem'), '-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----']) {
        expect(() => loadConfig({ STATEMENT_SIGNING_KEYS_PREVIOUS: value })).toThrow(/^Invalid configuration: STATEMENT_SIGNING_KEYS_PREVIOUS/);
      }
      // The message never quotes a key.
      expect(() => loadConfig({ STATEMENT_SIGNING_KEYS_PREVIOUS: rsa })).not.toThrow(/BEGIN|MI/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'a b' })).toThrow(/^Invalid configuration: TRUST_PROXY/);
  });
});

describe('behind a reverse proxy', () => {
  it('sees each client by the address the trusted proxy forwards, and only then', async () => {
    const ipOf = async (trustProxy: string | undefined) => {
      const proxied = await createTestContext(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', TRUST_PROXY: trustProxy }), {
        beforeReady: (app) => app.get('/api/peer', async (request) => request.ip),
      });
      try {
        const answer = await proxied.app.inject({ method: 'GET', url: '/api/peer', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '203.0.113.7' } });
        return answer.body;
      } finally {
        await proxied.close();
      }
    };
    expect(await ipOf(undefined)).toBe('10.0.0.5');
    expect(await ipOf('10.0.0.0/8')).toBe('203.0.113.7');
    expect(await ipOf('1')).toBe('203.0.113.7');
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
    await isolated.deps.db.destroy();
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
      const held = busy.deps.db.transaction().execute((trx) => sql`select pg_sleep(1)`.execute(trx));
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
