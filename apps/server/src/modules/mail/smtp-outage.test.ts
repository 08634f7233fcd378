// Proves that a mail server down for a while loses no mail and sends none twice, with a real SMTP
// server and the real job queue: while nothing listens on the SMTP port, requests that mail (contact
// form, registration codes) still answer and their mails wait in the outbox; once the server listens
// again, the queue's retries deliver every mail exactly once. A mail whose delivery jobs failed for
// good, or were lost, is offered again by the sweep.
import { text } from 'node:stream/consumers';
import { sql } from 'kysely';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { newRegistration, post } from '../../test/identity';
import { fixedClock, systemClock, JobQueue, type JobContext, type JobDefinition } from '../jobs';
import { createSmtpMailer, type Mailer } from '../../lib/mailer';
import { deliverMailJob, deliverWaitingMail, DELIVER_MAIL, queueMail } from './outbox';
import { MAIL_LOST_AFTER_MINUTES, sweepMailJob } from './sweep';
import { until } from '../../test/until';
import { closeDeliveryTest } from './test-support';

interface Received {
  to: string[];
  subject: string;
}

/** A real SMTP server on `port`, recording what it receives. */
async function listen(port: number, received: Received[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      text(stream).then((message) => {
        const subject = /^Subject: (.*)$/im.exec(message)?.[1] ?? '';
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/** A port nothing listens on: the mail server is down. */
async function freePort(): Promise<number> {
  const probe = await listen(0, []);
  const address = probe.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(resolve));
  return port;
}

let context: TestContext | undefined;
let smtp: SMTPServer | undefined;
let queue: JobQueue | undefined;
let mailer: Mailer | undefined;
afterEach(async () => {
  const server = smtp;
  await closeDeliveryTest({ queue, context, mailer, mailServer: server && { close: () => new Promise<void>((resolve) => server.close(resolve)) } });
  queue = context = smtp = mailer = undefined;
});

async function openBank(port: number): Promise<{ context: TestContext; jobs: JobContext }> {
  mailer = createSmtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'bank@bank.example');
  context = await createTestContext({ contactEmail: 'desk@bank.example' }, { mailer });
  // Retries a second apart, then two, four…: the migration's delay is minutes-scale.
  await sql`update pgboss.queue set retry_delay = 1 where name = ${DELIVER_MAIL}`.execute(context.db);
  const jobs: JobContext = { db: context.deps.db, config: context.config, clock: systemClock('UTC'), mailer, log: pino({ level: 'silent' }) };
  return { context, jobs };
}

async function outbox(db: TestContext['db']) {
  return db.selectFrom('outgoing_mail').select(['recipient', 'subject', 'attempts', 'delivered_at']).orderBy('created_at').execute();
}

describe('a mail server that is down', () => {
  it('loses nothing: once it is back, the queue delivers every mail exactly once', async () => {
    const port = await freePort();
    const { context, jobs } = await openBank(port);
    queue = new JobQueue(jobs, [deliverMailJob as JobDefinition<never>], { pollingIntervalSeconds: 0.5 });
    await queue.start();

    const form = (name: string, ip: string) =>
      context.app.inject({ method: 'POST', url: '/api/mailer/sendContactFormData', remoteAddress: ip, payload: { name, email: 'visitor@example.com', phone: '+7 900 000-00-00' } });
    const register = (email: string) => post(context, '/api/registrations', newRegistration({ email }));
    for (const [index, name] of ['Anna', 'Boris', 'Vera'].entries()) expect((await form(name, `10.9.0.${index + 1}`)).statusCode).toBe(200);
    for (const email of ['first@example.com', 'second@example.com']) {
      const answer = await register(email);
      expect(answer.statusCode, answer.body).toBe(201);
    }

    // Every mail waits, each tried at least twice (once after its request, once by the queue).
    await until(async () => (await outbox(context.db)).every((mail) => mail.attempts >= 2), { timeoutMs: 60_000, intervalMs: 200 });
    const waiting = await outbox(context.db);
    expect(waiting).toHaveLength(5);
    expect(waiting.every((mail) => mail.delivered_at === null)).toBe(true);

    const received: Received[] = [];
    smtp = await listen(port, received);
    await until(async () => (await outbox(context.db)).every((mail) => mail.delivered_at !== null), { timeoutMs: 60_000, intervalMs: 200 });
    await queue.stop();
    queue = undefined;

    expect(received.map((mail) => mail.to.join()).sort()).toEqual(['desk@bank.example', 'desk@bank.example', 'desk@bank.example', 'first@example.com', 'second@example.com']);
    expect(received.map((mail) => mail.subject).filter((subject) => subject.startsWith('Contact form')).sort()).toEqual([
      'Contact form: Anna',
      'Contact form: Boris',
      'Contact form: Vera',
    ]);
    // Nothing is left to send, and what the queue still held finds each mail delivered.
    expect(await deliverWaitingMail(jobs)).toBe(0);
    expect(received).toHaveLength(5);
    // Retries back off (1, 2, 4, 8 s…): on a busy machine the last one may come late.
  }, 150_000);

  it('offers again a mail whose delivery jobs failed for good, once it has waited long enough', async () => {
    const port = await freePort();
    const { context, jobs } = await openBank(port);
    const { db, config } = context.deps;
    await db.transaction().execute((trx) => queueMail(trx, config.secret, { to: 'late@example.com', subject: 'Late', text: 'Your code is 654321' }));
    // Its retries spent while the server was down.
    await sql`update pgboss.job set state = 'failed' where name = ${DELIVER_MAIL}`.execute(context.db);
    const liveJobs = async () => Number((await sql<{ count: string }>`select count(*) from pgboss.job where name = ${DELIVER_MAIL} and state < 'completed'`.execute(context.db)).rows[0]!.count);

    // Too young to count as lost: the sweep leaves it.
    await sweepMailJob.run({ ...jobs, clock: systemClock('UTC') }, {});
    expect(await liveJobs()).toBe(0);

    const later = { ...jobs, clock: fixedClock(new Date(Date.now() + (MAIL_LOST_AFTER_MINUTES + 1) * 60_000)) };
    await sweepMailJob.run(later, {});
    expect(await liveJobs()).toBe(1);
    // A mail with a live job is not offered twice.
    await sweepMailJob.run(later, {});
    expect(await liveJobs()).toBe(1);

    const received: Received[] = [];
    smtp = await listen(port, received);
    queue = new JobQueue(jobs, [deliverMailJob as JobDefinition<never>], { pollingIntervalSeconds: 0.5 });
    await queue.start();
    await until(async () => (await outbox(context.db)).every((mail) => mail.delivered_at !== null), { timeoutMs: 60_000, intervalMs: 200 });
    expect(received).toEqual([{ to: ['late@example.com'], subject: 'Late' }]);
  });
});
