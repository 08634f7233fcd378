// Proves the daily retention job: with the bank's clock fixed, expired sessions, codes, reset links,
// passkey challenges and enrolment links go once they are the configured days past their expiry,
// idempotency records and delivered mail once they are the configured days old; live ones, mail
// not delivered yet and history stay. It runs as the application role on PostgreSQL (the harness),
// so the role is shown to be allowed every delete it makes; a second run finds nothing.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config';
import { jobContextOf, createTestContext, type TestContext } from '../../test/harness';
import { fixedClock, type JobContext } from '../jobs';
import { insertInvitedOperator } from '../backoffice';
import { pruneRetentionJob } from './prune';

const NOW = new Date('2026-06-15T12:00:00Z');
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** An instant `offsetMs` from the clock's now (negative: in the past). */
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

let context: TestContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function open(retentionDays: Config['time']['retentionDays']): Promise<{ context: TestContext; job: JobContext }> {
  const { time } = loadConfig({ NODE_ENV: 'test' });
  const opened = await createTestContext({ time: { ...time, retentionDays } }, { clock: fixedClock(NOW) });
  context = opened;
  const job = jobContextOf(opened);
  return { context: opened, job };
}

/**
 * One row in each pruned table per instant of `ends` (named by its key): a session, a code, a reset
 * link, a passkey challenge and an enrolment link that end then, an idempotency record made then and
 * a mail delivered then.
 */
async function seed(db: TestContext['db'], ends: Record<string, Date>): Promise<void> {
  const client = await db
    .insertInto('clients')
    .values({ email: 'retention@example.com', phone: '+10000000001', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  let serial = 0;
  for (const [name, end] of Object.entries(ends)) {
    serial += 1;
    const created = new Date(end.getTime() - HOUR);
    await db
      .insertInto('sessions')
      .values({ token_hash: `session-${name}`, subject_type: 'client', subject_id: client.id, created_at: created, idle_expires_at: end, absolute_expires_at: at(30 * DAY) })
      .execute();
    await db
      .insertInto('login_challenges')
      .values({ client_id: client.id, purpose: 'login', code_hash: `code-${name}`, created_at: created, expires_at: end })
      .execute();
    await db.insertInto('password_resets').values({ client_id: client.id, token_hash: `reset-${name}`, created_at: created, expires_at: end }).execute();
    await db
      .insertInto('webauthn_challenges')
      .values({ challenge_hash: `challenge-${name}`, purpose: 'authentication', client_id: null, created_at: created, expires_at: end })
      .execute();
    const operator = await insertInvitedOperator(db, { email: `operator-${serial}@bank.example`, name: `Operator ${name}`, roles: ['payments'] });
    await db.insertInto('operator_enrolment_links').values({ operator_id: operator.id, token_hash: `link-${name}`, created_at: created, expires_at: end }).execute();
    await db.insertInto('idempotency_keys').values({ client_id: client.id, key: `key-${name}`, request_hash: 'h', created_at: end }).execute();
    await db
      .insertInto('outgoing_mail')
      .values({ recipient: `${name}@example.com`, subject: name, sealed_body: null, created_at: created, attempts: 1, last_error: null, delivered_at: end })
      .execute();
  }
}

async function remaining(db: TestContext['db']) {
  const sessions = await db.selectFrom('sessions').select('token_hash').orderBy('token_hash').execute();
  const codes = await db.selectFrom('login_challenges').select('code_hash').orderBy('code_hash').execute();
  const resets = await db.selectFrom('password_resets').select('token_hash').orderBy('token_hash').execute();
  const challenges = await db.selectFrom('webauthn_challenges').select('challenge_hash').orderBy('challenge_hash').execute();
  const links = await db.selectFrom('operator_enrolment_links').select('token_hash').orderBy('token_hash').execute();
  const keys = await db.selectFrom('idempotency_keys').select('key').orderBy('key').execute();
  const mails = await db.selectFrom('outgoing_mail').select('subject').orderBy('subject').execute();
  return {
    sessions: sessions.map((row) => row.token_hash),
    codes: codes.map((row) => row.code_hash),
    resets: resets.map((row) => row.token_hash),
    challenges: challenges.map((row) => row.challenge_hash),
    links: links.map((row) => row.token_hash),
    keys: keys.map((row) => row.key),
    mails: mails.map((row) => row.subject),
  };
}

describe('the retention job', () => {
  it('with the default ages: ended credentials go at once, idempotency records after 30 days, delivered mail after 90', async () => {
    const { context, job } = await open({ idempotency: 30, mail: 90, expiredCredentials: 0 });
    const { db } = context;
    // 'ended': an hour ago; 'live': in an hour; 'month': 31 days ago; 'fresh': 29 days ago;
    // 'quarter': 91 days ago; 'recent': 89 days ago.
    await seed(db, { ended: at(-HOUR), live: at(HOUR), month: at(-31 * DAY), fresh: at(-29 * DAY), quarter: at(-91 * DAY), recent: at(-89 * DAY) });
    // A session revoked an hour ago has ended, however long it had to live.
    await db
      .insertInto('sessions')
      .values({ token_hash: 'session-revoked', subject_type: 'client', subject_id: crypto.randomUUID(), idle_expires_at: at(HOUR), absolute_expires_at: at(DAY), revoked_at: at(-HOUR) })
      .execute();
    // Mail not delivered yet is never pruned, however old.
    await db.insertInto('outgoing_mail').values({ recipient: 'waiting@example.com', subject: 'waiting', sealed_body: 'sealed', created_at: at(-400 * DAY), last_error: 'down', delivered_at: null }).execute();
    const audit = await sql<{ count: string }>`select count(*) from audit_log`.execute(db);

    await pruneRetentionJob.run(job, {});

    expect(await remaining(db)).toEqual({
      // A session begun in the last 30 days stays, ended or not: it makes its address known to the
      // operators' lockouts. Those begun longer ago and ended go.
      sessions: ['session-ended', 'session-fresh', 'session-live', 'session-revoked'],
      codes: ['code-live'],
      resets: ['reset-live'],
      challenges: ['challenge-live'],
      links: ['link-live'],
      keys: ['key-ended', 'key-fresh', 'key-live'],
      mails: ['ended', 'fresh', 'live', 'month', 'recent', 'waiting'],
    });
    expect((await sql<{ count: string }>`select count(*) from audit_log`.execute(db)).rows).toEqual(audit.rows);

    // Idempotent: a second run, or another node's at the same time, finds nothing more.
    const before = await remaining(db);
    await Promise.all([pruneRetentionJob.run(job, {}), pruneRetentionJob.run(job, {})]);
    expect(await remaining(db)).toEqual(before);
  });

  it('keeps each kind for the days configured', async () => {
    const { context, job } = await open({ idempotency: 7, mail: 10, expiredCredentials: 3 });
    const { db } = context;
    await seed(db, { hour: at(-HOUR), twoDays: at(-2 * DAY), fourDays: at(-4 * DAY), eightDays: at(-8 * DAY), elevenDays: at(-11 * DAY) });

    await pruneRetentionJob.run(job, {});

    const kept = await remaining(db);
    // Every session here began within the last 30 days: all stay, whatever the credentials' age.
    expect(kept.sessions).toEqual(['session-eightDays', 'session-elevenDays', 'session-fourDays', 'session-hour', 'session-twoDays']);
    expect(kept.codes).toEqual(['code-hour', 'code-twoDays']);
    expect(kept.resets).toEqual(['reset-hour', 'reset-twoDays']);
    expect(kept.challenges).toEqual(['challenge-hour', 'challenge-twoDays']);
    expect(kept.links).toEqual(['link-hour', 'link-twoDays']);
    expect(kept.keys).toEqual(['key-fourDays', 'key-hour', 'key-twoDays']);
    expect(kept.mails).toEqual(['eightDays', 'fourDays', 'hour', 'twoDays']);
  });
});
