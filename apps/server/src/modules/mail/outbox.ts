import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { openWithRing, sealSecret, type SecretRing } from '../../lib/crypto';
import type { SealedColumn } from '../../lib/sealed-columns';
import { offerJob, type JobContext, type JobDefinition } from '../jobs';
import { SMTP_MAX_CONNECTIONS, type MailKind, type MailMessage } from '../../lib/mailer';

/**
 * Mail through an outbox (docs/time.md#mail-through-an-outbox). `queueMail` writes the mail in the
 * caller's transaction and offers its delivery there too: an act that rolls back sends nothing, one
 * that commits loses nothing, whatever the mail server does meanwhile. The delivery job claims the
 * mail, sends it with no transaction open and marks it delivered; a failure is retried by the queue
 * with backoff. Delivery is at least once: a node that stops between the send and the mark leaves
 * the mail to be sent again, under the same Message-ID, which a receiving server may use to drop the
 * repeat.
 */
const SEALING_PURPOSE = 'outgoing-mail';
export const DELIVER_MAIL = 'mail.deliver';
/** Where waiting mail is kept sealed: re-sealed in bulk after a rotation (cli/secrets-reseal.ts). */
export const MAIL_SEALED_COLUMNS: readonly SealedColumn[] = [{ table: 'outgoing_mail', column: 'sealed_body', purpose: SEALING_PURPOSE }];
/** The error kept on a mail sealed under a secret the server no longer has: it can never be sent. */
export const UNREADABLE_MAIL = 'Sealed under an APP_SECRET this server no longer has (dropped from APP_SECRET_PREVIOUS)';

/**
 * The queue's priority of each kind of mail: a code or link its reader is waiting for (it lives two
 * minutes) is taken before every notice that waits with it.
 */
export const MAIL_PRIORITY: Readonly<Record<MailKind, number>> = { code: 10, notice: 0 };

/**
 * Mails one node delivers at once, each on an SMTP connection of its own (lib/mailer.ts): a mail
 * server that takes half a second a mail then still takes a burst of codes in seconds, not minutes.
 */
export const MAIL_DELIVERIES_PER_NODE = SMTP_MAX_CONNECTIONS;

/**
 * How long a delivery holds its claim on a mail: longer than a send may take (the SMTP time-outs,
 * lib/mailer.ts), shorter than the delivery job's expiry (migration 0079: 300 s), so that the job
 * retried after a node stopped mid-delivery finds the claim run out and sends the mail again.
 */
export const MAIL_CLAIM_SECONDS = 120;

export async function queueMail(trx: Db, secret: SecretRing, message: MailMessage, options: { kind?: MailKind } = {}): Promise<string> {
  const kind = options.kind ?? message.kind ?? 'notice';
  const body = JSON.stringify({ text: message.text, html: message.html ?? null });
  const row = await trx
    .insertInto('outgoing_mail')
    .values({ recipient: message.to, subject: message.subject, kind, sealed_body: sealSecret(body, secret.current, SEALING_PURPOSE), last_error: null, delivered_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await offerJob(trx, DELIVER_MAIL, { id: row.id }, { priority: MAIL_PRIORITY[kind] });
  return row.id;
}

/**
 * The Message-ID of a mail of the outbox: its row's id at the domain the bank mails from (MAIL_FROM's,
 * or APP_URL's host when MAIL_FROM names none), so that every attempt to deliver one mail carries the
 * same one.
 */
export function messageIdOf(mailId: string, config: Pick<Config, 'mailFrom' | 'appUrl'>): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? new URL(config.appUrl).hostname;
  return `<${mailId}@${domain}>`;
}

/**
 * Delivers one waiting mail. The mail is claimed first (for MAIL_CLAIM_SECONDS), in a statement of its
 * own, so two deliveries never send it side by side, and none holds a database connection while the
 * mail server is spoken to (PGlite has one). One delivered already is left alone ('already'), and so
 * is one claimed by a delivery still under way ('elsewhere'), which may yet fail. A failure gives the
 * claim back, is recorded on the mail and thrown, for the queue to retry.
 */
export async function deliverMail(context: Pick<JobContext, 'db' | 'config' | 'mailer'>, id: string): Promise<'delivered' | 'already' | 'elsewhere'> {
  const { db, config, mailer } = context;
  const mail = await db
    .updateTable('outgoing_mail')
    .set({ claimed_until: sql<Date>`now() + make_interval(secs => ${MAIL_CLAIM_SECONDS})`, attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .where('delivered_at', 'is', null)
    .where('sealed_body', 'is not', null)
    .where((where) => where.or([where('claimed_until', 'is', null), where('claimed_until', '<', sql<Date>`now()`)]))
    .returning(['id', 'recipient', 'subject', 'sealed_body'])
    .executeTakeFirst();
  if (!mail?.sealed_body) {
    const held = await db
      .selectFrom('outgoing_mail')
      .select('id')
      .where('id', '=', id)
      .where('delivered_at', 'is', null)
      .where('sealed_body', 'is not', null)
      .where('claimed_until', '>=', sql<Date>`now()`)
      .executeTakeFirst();
    return held ? 'elsewhere' : 'already';
  }
  try {
    // Mail written before a rotation opens under the previous secret; none opens it once that is dropped.
    const opened = openWithRing(mail.sealed_body, config.secret, SEALING_PURPOSE);
    if (!opened) throw new Error(UNREADABLE_MAIL);
    const body = JSON.parse(opened.plain) as { text: string; html: string | null };
    await mailer.send({ to: mail.recipient, subject: mail.subject, text: body.text, ...(body.html ? { html: body.html } : {}), messageId: messageIdOf(mail.id, config) });
  } catch (error) {
    await db
      .updateTable('outgoing_mail')
      .set({ claimed_until: null, last_error: error instanceof Error ? error.message.slice(0, 500) : 'unknown error' })
      .where('id', '=', id)
      .where('delivered_at', 'is', null)
      .execute();
    throw error;
  }
  await db.updateTable('outgoing_mail').set({ delivered_at: new Date(), sealed_body: null, claimed_until: null }).where('id', '=', id).execute();
  return 'delivered';
}

/** Every mail still waiting, delivered now, codes first, then oldest first (tests, or by hand after an outage). */
export async function deliverWaitingMail(context: Pick<JobContext, 'db' | 'config' | 'mailer'>): Promise<number> {
  let delivered = 0;
  for (const id of await waitingMailIds(context.db)) if ((await deliverMail(context, id)) === 'delivered') delivered += 1;
  return delivered;
}

/** The mails not delivered yet: codes first, each kind in the order they were written. */
async function waitingMailIds(db: Db): Promise<string[]> {
  const waiting = await db
    .selectFrom('outgoing_mail')
    .select('id')
    .where('delivered_at', 'is', null)
    .orderBy(sql`kind = 'code'`, 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return waiting.map((row) => row.id);
}

/** Thrown by a delivery job that found its mail claimed by another delivery, so that the queue tries again later. */
export const MAIL_CLAIMED_ELSEWHERE = 'The mail is being delivered by another delivery; tried again once that one has ended';

export const deliverMailJob: JobDefinition<{ id: string }> = {
  name: DELIVER_MAIL,
  inFlightPerNode: MAIL_DELIVERIES_PER_NODE,
  async run(context, data) {
    // The other delivery may fail; if it sent the mail, the next try finds it delivered.
    if ((await deliverMail(context, data.id)) === 'elsewhere') throw new Error(MAIL_CLAIMED_ELSEWHERE);
  },
};
