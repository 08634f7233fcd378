import { sql } from 'kysely';
import { offerJob, type JobContext, type JobDefinition } from '../jobs';
import { DELIVER_MAIL } from './outbox';

/**
 * The outbox's safety net (docs/time.md). A mail's delivery job retries with backoff for a long
 * while, but it can still fail for good (a mail server down for days) or be lost (a queue emptied
 * by hand). Every minute, each mail still waiting after MAIL_LOST_AFTER_MINUTES with no delivery
 * job alive is offered one again: a mail server down for minutes or hours loses nothing.
 */
export const SWEEP_MAIL = 'mail.sweep';
export const MAIL_LOST_AFTER_MINUTES = 10;
/** Mails offered again per run; more wait for the next minute. */
const SWEEP_BATCH = 500;

export async function offerLostMail(context: Pick<JobContext, 'db' | 'clock'>): Promise<number> {
  const writtenBefore = new Date(context.clock.now().getTime() - MAIL_LOST_AFTER_MINUTES * 60_000);
  return context.db.transaction().execute(async (trx) => {
    // A job in 'created', 'retry' or 'active' will still deliver it; 'completed' found it delivered
    // or locked by another delivery, 'failed' and 'cancelled' gave up.
    const { rows } = await sql<{ id: string }>`
      select mail.id from outgoing_mail mail
      where mail.delivered_at is null and mail.created_at < ${writtenBefore}
        and not exists (
          select 1 from pgboss.job job
          where job.name = ${DELIVER_MAIL} and job.state < 'completed' and job.data ->> 'id' = mail.id::text
        )
      order by mail.created_at
      limit ${SWEEP_BATCH}
      for update of mail skip locked`.execute(trx);
    for (const { id } of rows) await offerJob(trx, DELIVER_MAIL, { id });
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
