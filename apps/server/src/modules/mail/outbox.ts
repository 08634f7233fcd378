import { sql } from 'kysely';
import type { Db } from '../../db';
import { openWithRing, sealSecret, type SecretRing } from '../../lib/crypto';
import type { SealedColumn } from '../../lib/sealed-columns';
import { offerJob, type JobContext, type JobDefinition } from '../jobs';
import type { MailMessage } from '../../lib/mailer';

/**
 * Mail through an outbox (docs/time.md). `queueMail` writes the mail in the caller's transaction and
 * offers its delivery there too: an act that rolls back sends nothing, one that commits loses
 * nothing, whatever the mail server does meanwhile. The delivery job sends it and marks it
 * delivered; a failure is retried by the queue with backoff.
 */
const SEALING_PURPOSE = 'outgoing-mail';
export const DELIVER_MAIL = 'mail.deliver';
/** Where waiting mail is kept sealed: re-sealed in bulk after a rotation (cli/secrets-reseal.ts). */
export const MAIL_SEALED_COLUMNS: readonly SealedColumn[] = [{ table: 'outgoing_mail', column: 'sealed_body', purpose: SEALING_PURPOSE }];
/** The error kept on a mail sealed under a secret the server no longer has: it can never be sent. */
export const UNREADABLE_MAIL = 'Sealed under an APP_SECRET this server no longer has (dropped from APP_SECRET_PREVIOUS)';

export async function queueMail(trx: Db, secret: SecretRing, message: MailMessage): Promise<string> {
  const body = JSON.stringify({ text: message.text, html: message.html ?? null });
  const row = await trx
    .insertInto('outgoing_mail')
    .values({ recipient: message.to, subject: message.subject, sealed_body: sealSecret(body, secret.current, SEALING_PURPOSE), last_error: null, delivered_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await offerJob(trx, DELIVER_MAIL, { id: row.id });
  return row.id;
}

/**
 * Delivers one waiting mail. The row is locked while the mail server is spoken to, so two nodes
 * never send it both; one already delivered is skipped. A failure is counted and thrown, for the
 * queue to retry.
 */
export async function deliverMail(context: Pick<JobContext, 'db' | 'config' | 'mailer'>, id: string): Promise<'delivered' | 'already'> {
  const { db, config, mailer } = context;
  try {
    return await db.transaction().execute(async (trx) => {
      const mail = await trx
        .selectFrom('outgoing_mail')
        .select(['id', 'recipient', 'subject', 'sealed_body'])
        .where('id', '=', id)
        .where('delivered_at', 'is', null)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!mail?.sealed_body) return 'already';
      // Mail written before a rotation opens under the previous secret; none opens it once that is dropped.
      const opened = openWithRing(mail.sealed_body, config.secret, SEALING_PURPOSE);
      if (!opened) throw new Error(UNREADABLE_MAIL);
      const body = JSON.parse(opened.plain) as { text: string; html: string | null };
      await mailer.send({ to: mail.recipient, subject: mail.subject, text: body.text, ...(body.html ? { html: body.html } : {}) });
      await trx.updateTable('outgoing_mail').set({ delivered_at: new Date(), sealed_body: null, attempts: sql`attempts + 1` }).where('id', '=', id).execute();
      return 'delivered';
    });
  } catch (error) {
    await db
      .updateTable('outgoing_mail')
      .set({ attempts: sql`attempts + 1`, last_error: error instanceof Error ? error.message.slice(0, 500) : 'unknown error' })
      .where('id', '=', id)
      .execute();
    throw error;
  }
}

/** Every mail still waiting, delivered now, oldest first (tests, or by hand after an outage). */
export async function deliverWaitingMail(context: Pick<JobContext, 'db' | 'config' | 'mailer'>): Promise<number> {
  let delivered = 0;
  for (const id of await waitingMailIds(context.db)) if ((await deliverMail(context, id)) === 'delivered') delivered += 1;
  return delivered;
}

/** The mails not delivered yet, in the order they were written. */
async function waitingMailIds(db: Db): Promise<string[]> {
  const waiting = await db.selectFrom('outgoing_mail').select('id').where('delivered_at', 'is', null).orderBy('created_at').orderBy('id').execute();
  return waiting.map((row) => row.id);
}

export const deliverMailJob: JobDefinition<{ id: string }> = {
  name: DELIVER_MAIL,
  async run(context, data) {
    await deliverMail(context, data.id);
  },
};
