// Proves the metrics: GET /metrics answers on METRICS_PORT with every family, never on the public
// port (not even as a web page); requests are counted by route template, never by raw URL; the job
// queue's depth, failures and lag and the pool's connections are read at the scrape; the scheduled
// invariant check sets its gauges, violations included; sign-in refusals and locks are counted.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createRuntime, type Runtime } from '../../runtime';
import { createTestContext, jobContextOf, onPostgres, type TestContext } from '../../test/harness';
import { freshAddress } from '../../test/identity';
import { FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS } from '../auth';
import { offerJob } from '../jobs';
import { checkLedgerInvariantsJob } from '../ledger';
import { BankMetrics } from './instruments';

/** The value of one series in Prometheus's text (`name{labels}` exactly as written), or undefined. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const FAMILIES = [
  'bank_http_requests_total',
  'bank_http_request_duration_seconds',
  'bank_group_commit_batch_size',
  'bank_group_commit_wait_seconds',
  'bank_group_commit_batch_seconds',
  'bank_group_commit_queue_depth',
  'bank_group_commit_rejected_total',
  'bank_db_pool_connections',
  'bank_jobs_queue_depth',
  'bank_jobs_failed',
  'bank_jobs_lag_seconds',
  'bank_sign_in_failures_total',
  'bank_sign_in_locks_total',
  'bank_ledger_invariant_violations',
  'bank_ledger_invariants_checked_timestamp_seconds',
  // Process metrics (prom-client's defaults).
  'process_cpu_user_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
];

const randomSecret = randomBytes(32).toString('hex');
const signingKeyPem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('METRICS_PORT', () => {
  it('is off unless set, and never the public port', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    // Never every interface by default, even where the API itself listens on all of them.
    expect(loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', METRICS_PORT: '9464', DATABASE_URL: 'postgres://x', SMTP_URL: 'smtp://x', APP_URL: 'https://bank.example', APP_SECRET: randomSecret, STATEMENT_SIGNING_KEY: signingKeyPem, CARD_DATA_KEY: randomSecret.split('').reverse().join(''), CARD_VERIFICATION_KEY: `${randomSecret}-cvk`, CARD_NETWORK_SECRET: `${randomSecret}-net` }).metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metricsHost).toBe('10.0.0.5');
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'abc' })).toThrow(/METRICS_PORT/);
  });
});

describe('the metrics listener of a running server', () => {
  let runtime: Runtime;
  let metricsPort: number;
  let dist: string;
  beforeAll(async () => {
    // A built web app, so that the public port's page fallback is there to refuse /metrics.
    dist = mkdtempSync(path.join(tmpdir(), 'bank-metrics-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Bank</title>');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: 'memory://', JOBS_ENABLED: 'false', METRICS_PORT: '0' });
    runtime = await createRuntime(config, { webDist: dist, print: () => undefined });
    metricsPort = (await runtime.listenForMetrics())!;
  });
  afterAll(async () => {
    await runtime?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const scrape = (pathname = '/metrics') => fetch(`http://127.0.0.1:${metricsPort}${pathname}`);

  it('answers GET /metrics on METRICS_PORT with every family, in Prometheus’s text format', async () => {
    expect(metricsPort).toBeGreaterThan(0);
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    for (const family of FAMILIES) expect(text, family).toContain(`# TYPE ${family} `);
    // PGlite has one connection and no pool: its total only.
    expect(valueOf(text, 'bank_db_pool_connections{state="total"}')).toBe(1);
    expect(valueOf(text, 'bank_jobs_queue_depth{queue="ledger.check-invariants"}')).toBe(0);
    expect((await scrape('/')).status).toBe(404);
  });

  it('never serves the metrics on the public port, not even as the web app’s page', async () => {
    const { app } = runtime;
    // The fallback is there: an unknown page is the web app.
    expect((await app.inject({ method: 'GET', url: '/some/page' })).statusCode).toBe(200);
    const answer = await app.inject({ method: 'GET', url: '/metrics', headers: { accept: 'text/html' } });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(answer.body).not.toContain('bank_http_requests_total');
  });

  it('counts requests by route template, never by raw URL; unknown paths as unmatched, pages as static', async () => {
    const { app } = runtime;
    const sessionId = '0b7c6a52-5d7e-4c43-9a39-3a5b0c1f7d11';
    expect((await app.inject({ method: 'DELETE', url: `/api/user/sessions/${sessionId}` })).statusCode).toBe(401);
    await app.inject({ method: 'DELETE', url: `/api/user/sessions/${sessionId}` });
    expect((await app.inject({ method: 'GET', url: '/api/no-such-thing/42' })).statusCode).toBe(404);
    await app.inject({ method: 'GET', url: '/another/page' });
    const text = await (await scrape()).text();
    expect(valueOf(text, 'bank_http_requests_total{method="DELETE",route="/api/user/sessions/:id",status_code="401"}')).toBe(2);
    expect(valueOf(text, 'bank_http_request_duration_seconds_count{method="DELETE",route="/api/user/sessions/:id",status_code="401"}')).toBe(2);
    expect(valueOf(text, 'bank_http_requests_total{method="GET",route="unmatched",status_code="404"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'bank_http_requests_total{method="GET",route="static",status_code="200"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(sessionId);
    expect(text).not.toContain('no-such-thing');
  });

  it('stops listening when the server closes', async () => {
    const port = metricsPort;
    await runtime.close();
    runtime = undefined as unknown as Runtime;
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('the figures read at the scrape', () => {
  let context: TestContext;
  let metrics: BankMetrics;
  beforeAll(async () => {
    context = await createTestContext();
    metrics = context.deps.metrics!;
  });
  afterAll(() => context?.close());

  it('reports the pool’s connections (total, idle and waiting on PostgreSQL)', async () => {
    const text = await metrics.render();
    expect(valueOf(text, 'bank_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    if (onPostgres) {
      expect(valueOf(text, 'bank_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(valueOf(text, 'bank_db_pool_connections{state="waiting"}')).toBe(0);
    }
  });

  it('reports each queue’s due jobs, its failures of the last hour and the wait of its oldest due job', async () => {
    const queue = 'mail.sweep';
    const before = await metrics.render();
    expect(valueOf(before, `bank_jobs_queue_depth{queue="${queue}"}`)).toBe(0);
    expect(valueOf(before, `bank_jobs_lag_seconds{queue="${queue}"}`)).toBe(0);
    await context.db.transaction().execute(async (trx) => {
      await offerJob(trx, queue, {}, { startAfter: new Date(Date.now() - 120_000) });
      await offerJob(trx, queue, {});
      // Not due yet: not counted.
      await offerJob(trx, queue, {}, { startAfter: new Date(Date.now() + 3_600_000) });
    });
    // One failed for good within the hour and one long before it.
    await sql`insert into pgboss.job (name, state, completed_on) values (${queue}, 'failed', now() - interval '5 minutes'), (${queue}, 'failed', now() - interval '2 hours')`.execute(context.db);
    const after = await metrics.render();
    expect(valueOf(after, `bank_jobs_queue_depth{queue="${queue}"}`)).toBe(2);
    expect(valueOf(after, `bank_jobs_failed{queue="${queue}"}`)).toBe(1);
    expect(valueOf(after, `bank_jobs_lag_seconds{queue="${queue}"}`)).toBeGreaterThanOrEqual(119);
    expect(valueOf(after, 'bank_jobs_queue_depth{queue="retention.prune"}')).toBe(0);
    await sql`delete from pgboss.job where name = ${queue}`.execute(context.db);
  });

  it('reports the scheduled invariant check, and the violations it finds', async () => {
    const never = await metrics.render();
    expect(valueOf(never, 'bank_ledger_invariants_checked_timestamp_seconds')).toBe(0);

    await checkLedgerInvariantsJob.run(jobContextOf(context), {});
    const sound = await metrics.render();
    expect(valueOf(sound, 'bank_ledger_invariant_violations')).toBe(0);
    const checkedAt = valueOf(sound, 'bank_ledger_invariants_checked_timestamp_seconds')!;
    expect(Math.abs(checkedAt - context.deps.clock.now().getTime() / 1000)).toBeLessThan(600);

    // A balance that its postings do not explain, written behind the ledger's back.
    const { id } = await context.db
      .insertInto('ledger_accounts')
      .values({ kind: 'client', currency: 'EUR', booked: '5', available: '5' })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      await checkLedgerInvariantsJob.run(jobContextOf(context), {});
      const broken = await metrics.render();
      expect(valueOf(broken, 'bank_ledger_invariant_violations')).toBeGreaterThan(0);
      const row = await context.db.selectFrom('ledger_invariant_checks').select('rules').executeTakeFirstOrThrow();
      expect(row.rules).toContain('every booked balance equals the sum of its postings');
    } finally {
      await context.db.deleteFrom('ledger_accounts').where('id', '=', id).execute();
    }
    await checkLedgerInvariantsJob.run(jobContextOf(context), {});
    expect(valueOf(await metrics.render(), 'bank_ledger_invariant_violations')).toBe(0);
  });

  it('leaves the database’s figures out of a scrape that cannot read them, and counts it', async () => {
    const before = valueOf(await metrics.render(), 'bank_metrics_database_read_failures_total');
    // The job queue's table taken away, as on a database that is away: the read fails.
    await sql`alter table pgboss.queue rename to queue_away`.execute(context.db);
    let text: string;
    try {
      text = await metrics.render();
    } finally {
      await sql`alter table pgboss.queue_away rename to queue`.execute(context.db);
    }
    expect(valueOf(text, 'bank_metrics_database_read_failures_total')).toBe(before! + 1);
    expect(text).toContain('# TYPE bank_jobs_queue_depth gauge');
    expect(text).not.toMatch(/^bank_jobs_queue_depth\{/m);
    expect(text).not.toMatch(/^bank_ledger_invariants_checked_timestamp_seconds /m);
    expect(valueOf(text, 'bank_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    // The next scrape that reads them shows them again.
    expect(valueOf(await metrics.render(), 'bank_jobs_queue_depth{queue="mail.sweep"}')).toBe(0);
  });

  it('gives a saturated pool no query of its own to wait for', async () => {
    let queried = false;
    const spied = new Proxy(context.db, {
      get(target, property, receiver) {
        if (property === 'transaction' || property === 'executeQuery' || property === 'connection') queried = true;
        return Reflect.get(target, property, receiver);
      },
    });
    const saturated = new BankMetrics({ db: spied, connections: () => ({ total: 10, idle: 0, waiting: 3 }) });
    const text = await saturated.render();
    expect(queried).toBe(false);
    expect(valueOf(text, 'bank_metrics_database_read_failures_total')).toBe(1);
    expect(text).not.toMatch(/^bank_jobs_queue_depth\{/m);
    expect(valueOf(text, 'bank_db_pool_connections{state="waiting"}')).toBe(3);
  });

  it('counts refused sign-ins by kind and the locks they set', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const ip = freshAddress();
    // Failures already counted to one short of the address's lock for this e-mail.
    await context.db
      .insertInto('auth_counters')
      .values({ bucket: FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS.bucket, key: `${email} ${ip}`, hits: FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS.blockAfter - 1, window_ends_at: sql<Date>`now() + interval '10 minutes'` })
      .execute();
    const signIn = () => context.app.inject({ method: 'POST', url: '/api/login/list', payload: { email, password: 'Wrong2024pass' }, remoteAddress: ip });
    expect((await signIn()).statusCode).toBe(400);
    expect((await signIn()).statusCode).toBe(429);
    const text = await metrics.render();
    expect(valueOf(text, 'bank_sign_in_failures_total{kind="password"}')).toBe(1);
    expect(valueOf(text, 'bank_sign_in_failures_total{kind="locked"}')).toBe(1);
    expect(valueOf(text, 'bank_sign_in_locks_total')).toBe(1);
  });
});
