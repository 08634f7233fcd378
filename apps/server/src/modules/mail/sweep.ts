import { sql } from 'kysely';
import { offerJob, type JobContext, type JobDefinition } from '../jobs';
import type { MailKind } from '../../lib/mailer';
import { DELIVER_MAIL, MAIL_PRIORITY } from './outbox';

/**
 * The outbox's safety net (docs/time.md#mail-through-an-outbox). A mail's delivery job retries with
 * backoff for a long while, but it can still fail for good (a mail server down for days) or be lost
 * (a queue emptied by hand). Every minute, each mail still waiting after MAIL_LOST_AFTER_MINUTES
 * with no delivery job alive is offered one again, at its kind's priority: a mail server down for
 * minutes or hours loses nothing.
 */
export const SWEEP_MAIL = 'mail.sweep';
export const MAIL_LOST_AFTER_MINUTES = 10;
/** Mails offered again per run; more wait for the next minute. */
const SWEEP_BATCH = 500;

export async function offerLostMail(context: Pick<JobContext, 'db' | 'clock'>): Promise<number> {
  const writtenBefore = new Date(context.clock.now().getTime() - MAIL_LOST_AFTER_MINUTES * 60_000);
  return context.db.transaction().execute(async (trx) => {
    // A job in 'created', 'retry' or 'active' will still deliver it; 'completed' delivered it or found
    // it delivered, 'failed' and 'cancelled' gave up. A mail claimed by a delivery under way (one
    // without a job: the command line's) is left to it.
    const { rows } = await sql<{ id: string; kind: MailKind }>`
      select mail.id, mail.kind from outgoing_mail mail
      where mail.delivered_at is null and mail.created_at < ${writtenBefore}
        and (mail.claimed_until is null or mail.claimed_until < now())
        and not exists (
          select 1 from pgboss.job job
          where job.name = ${DELIVER_MAIL} and job.state < 'completed' and job.data ->> 'id' = mail.id::text
        )
      order by mail.created_at
      limit ${SWEEP_BATCH}
      for update of mail skip locked`.execute(trx);
    for (const { id, kind } of rows) await offerJob(trx, DELIVER_MAIL, { id }, { priority: MAIL_PRIORITY[kind] });
    return rows.length;
  });
}

export const sweepMailJob: JobDefinition = {
  name: SWEEP_MAIL,
  cron: '* * * * *',
  catchUpOnStart: true,
  async run(context) {
    const offered = await offerLostMail(context);
    if (offered > 0) context.log.warn({ offered }, 'mail waiting without a delivery job offered again');
  },
};
