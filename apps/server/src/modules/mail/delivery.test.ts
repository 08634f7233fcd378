// Proves what the outbox promises about delivery (docs/time.md#mail-through-an-outbox), with a real
// SMTP server and the real job queue: codes go before the notices waiting with them; several mails
// are on their way at once to a slow mail server; a mail sent again after a delivery stopped between
// its send and its mark carries the same Message-ID; deliveries racing for one mail send it once.
import { text } from 'node:stream/consumers';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpMailer, type Mailer } from '../../lib/mailer';
import { createTestContext, jobContextOf, type TestContext } from '../../test/harness';
import { newRegistration, post } from '../../test/identity';
import { JobQueue, type JobDefinition } from '../jobs';
import { composeMail } from './compose';
import { deliverMail, deliverMailJob, DELIVER_MAIL, MAIL_CLAIMED_ELSEWHERE, MAIL_PRIORITY, messageIdOf, queueMail } from './outbox';
import { until } from '../../test/until';
import { closeDeliveryTest } from './test-support';

interface Received {
  to: string[];
  subject: string;
  messageId: string;
}

/** A real SMTP server that takes `delayMs` over each mail, counting its connections and the mails it holds at once. */
interface Sink {
  port: number;
  received: Received[];
  connections: number;
  mostAtOnce: number;
  close(): Promise<void>;
}

async function startSink(delayMs = 0): Promise<Sink> {
  let atOnce = 0;
  const sink: Sink = { port: 0, received: [], connections: 0, mostAtOnce: 0, close: async () => undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      sink.connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      atOnce += 1;
      sink.mostAtOnce = Math.max(sink.mostAtOnce, atOnce);
      text(stream)
        .then(async (message) => {
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          const header = (name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(message)?.[1]?.trim() ?? '';
          sink.received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject: header('Subject'), messageId: header('Message-ID') });
          atOnce -= 1;
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  sink.port = typeof address === 'object' && address ? address.port : 0;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}

let context: TestContext | undefined;
let sink: Sink | undefined;
let queue: JobQueue | undefined;
let mailer: Mailer | undefined;
afterEach(async () => {
  await closeDeliveryTest({ queue, context, mailer, mailServer: sink });
  queue = context = sink = mailer = undefined;
});

/** The bank, mailing through a real SMTP server that takes `delayMs` over each mail. */
async function openBank(delayMs = 0): Promise<{ context: TestContext; sink: Sink; mailer: Mailer }> {
  sink = await startSink(delayMs);
  mailer = createSmtpMailer(`smtp://127.0.0.1:${sink.port}?ignoreTLS=true`, 'Bank <no-reply@bank.example>');
  context = await createTestContext({ contactEmail: 'desk@bank.example' }, { mailer });
  return { context, sink, mailer };
}

async function waitingCount(db: TestContext['db']): Promise<number> {
  const { rows } = await sql<{ count: string }>`select count(*) from outgoing_mail where delivered_at is null`.execute(db);
  return Number(rows[0]!.count);
}

describe('mail delivery', () => {
  it('takes codes before the notices waiting with them', async () => {
    context = await createTestContext();
    const { db, config } = context.deps;
    // Notices first, then the codes: written in that order, the codes still go first.
    for (const name of ['one', 'two', 'three', 'four']) {
      await db.transaction().execute((trx) => queueMail(trx, config.secret, composeMail('passwordChanged', 'en', {}, `notice-${name}@example.com`)));
    }
    await db.transaction().execute((trx) => queueMail(trx, config.secret, composeMail('signInCode', 'en', { code: '111111', minutes: 2 }, 'code-sign-in@example.com')));
    await db.transaction().execute((trx) => queueMail(trx, config.secret, composeMail('registrationCode', 'ru', { code: '222222', minutes: 2 }, 'code-registration@example.com')));
    await db.transaction().execute((trx) => queueMail(trx, config.secret, { to: 'code-asked@example.com', subject: 'Code', text: 'A code' }, { kind: 'code' }));
    const { rows: priorities } = await sql<{ priority: number }>`select priority from pgboss.job where name = ${DELIVER_MAIL} order by created_on`.execute(context.db);
    expect(priorities.map((row) => row.priority)).toEqual([0, 0, 0, 0, MAIL_PRIORITY.code, MAIL_PRIORITY.code, MAIL_PRIORITY.code]);

    // One delivery at a time, so that the order the queue takes them in is the order they arrive in.
    queue = new JobQueue(jobContextOf(context), [{ ...deliverMailJob, inFlightPerNode: 1 } as JobDefinition<never>], { pollingIntervalSeconds: 0.5 });
    await queue.start();
    await until(() => context!.mails.length === 7);
    expect(context.mails.slice(0, 3).map((mail) => mail.to).sort()).toEqual(['code-asked@example.com', 'code-registration@example.com', 'code-sign-in@example.com']);
    expect(context.mails.slice(3).every((mail) => mail.to.startsWith('notice-'))).toBe(true);
  });

  it('writes registration codes as codes and the contact form as a notice', async () => {
    context = await createTestContext({ contactEmail: 'desk@bank.example' });
    expect((await post(context, '/api/registrations', newRegistration({ email: 'kind@example.com' }))).statusCode).toBe(201);
    const form = await context.app.inject({ method: 'POST', url: '/api/mailer/sendContactFormData', remoteAddress: '10.8.0.1', payload: { name: 'Anna', email: 'visitor@example.com', phone: '+7 900 000-00-00' } });
    expect(form.statusCode).toBe(200);
    const kinds = await context.db.selectFrom('outgoing_mail').select(['recipient', 'kind']).orderBy('recipient').execute();
    expect(kinds).toEqual([
      { recipient: 'desk@bank.example', kind: 'notice' },
      { recipient: 'kind@example.com', kind: 'code' },
    ]);
  });

  it('has several mails on their way at once to a mail server that takes half a second over each', async () => {
    const { context, sink } = await openBank(500);
    const { db, config } = context.deps;
    const recipients = Array.from({ length: 10 }, (_, index) => `slow-${index}@example.com`);
    for (const to of recipients) await db.transaction().execute((trx) => queueMail(trx, config.secret, { to, subject: 'Slow', text: 'x' }));

    queue = new JobQueue(jobContextOf(context), [deliverMailJob as JobDefinition<never>], { pollingIntervalSeconds: 0.5 });
    await queue.start();
    await until(async () => (await waitingCount(context.db)) === 0);

    // One delivery at a time would have held one mail at a time, on one connection.
    expect(sink.mostAtOnce).toBeGreaterThanOrEqual(2);
    expect(sink.connections).toBeGreaterThanOrEqual(2);
    expect(sink.received.flatMap((mail) => mail.to).sort()).toEqual([...recipients].sort());
  });

  it('sends a mail again after a delivery stopped between its send and its mark, under the same Message-ID', async () => {
    const { context, sink, mailer } = await openBank();
    const { db, config } = context.deps;
    const id = await db.transaction().execute((trx) => queueMail(trx, config.secret, { to: 'twice@example.com', subject: 'Code', text: 'Your code is 123456' }));

    // The mail server takes the mail; the node stops before it marks the mail delivered.
    const stopsAfterSending: Mailer = {
      ...mailer,
      async send(message) {
        await mailer.send(message);
        await new Promise<never>(() => undefined);
      },
    };
    void deliverMail({ db, config, mailer: stopsAfterSending }, id);
    await until(() => sink.received.length === 1);
    // While its claim holds, no other delivery sends it; a delivery job fails, to be tried again later.
    expect(await deliverMail({ db, config, mailer }, id)).toBe('elsewhere');
    await expect(deliverMailJob.run(jobContextOf(context), { id })).rejects.toThrow(MAIL_CLAIMED_ELSEWHERE);
    expect(sink.received).toHaveLength(1);

    // The claim runs out, as it does MAIL_CLAIM_SECONDS after its node stopped: the mail goes again.
    await sql`update outgoing_mail set claimed_until = now() - interval '1 second' where id = ${id}`.execute(context.db);
    expect(await deliverMail({ db, config, mailer }, id)).toBe('delivered');
    expect(await deliverMail({ db, config, mailer }, id)).toBe('already');

    expect(sink.received.map((mail) => mail.to)).toEqual([['twice@example.com'], ['twice@example.com']]);
    expect(sink.received[0]!.messageId).toBe(`<${id}@bank.example>`);
    expect(sink.received[1]!.messageId).toBe(sink.received[0]!.messageId);
    const row = await context.db.selectFrom('outgoing_mail').select(['attempts', 'delivered_at', 'claimed_until', 'sealed_body']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 2, claimed_until: null, sealed_body: null });
    expect(row.delivered_at).not.toBeNull();
  });

  it('sends a mail once when several deliveries race for it', async () => {
    const { context, sink, mailer } = await openBank(200);
    const { db, config } = context.deps;
    const id = await db.transaction().execute((trx) => queueMail(trx, config.secret, { to: 'raced@example.com', subject: 'Code', text: 'x' }));
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => deliverMail({ db, config, mailer }, id)));
    expect(outcomes.filter((outcome) => outcome === 'delivered')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== 'delivered').every((outcome) => outcome === 'elsewhere' || outcome === 'already')).toBe(true);
    expect(sink.received).toHaveLength(1);
    expect(await deliverMail({ db, config, mailer }, id)).toBe('already');
  });

  it.each([
    ['Bank <no-reply@bank.example>', 'https://www.bank.example', 'bank.example'],
    ['no-reply@mail.bank.example', 'https://www.bank.example', 'mail.bank.example'],
    ['Meridian Bank', 'https://www.bank.example', 'www.bank.example'],
  ])('names a mail of MAIL_FROM %s by its id at its domain', (mailFrom, appUrl, domain) => {
    expect(messageIdOf('5f0c2f8e-4a4e-4c43-9d36-1f2b3c4d5e6f', { mailFrom, appUrl })).toBe(`<5f0c2f8e-4a4e-4c43-9d36-1f2b3c4d5e6f@${domain}>`);
  });
});
