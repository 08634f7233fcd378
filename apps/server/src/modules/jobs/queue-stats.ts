import { sql } from 'kysely';
import type { Db } from '../../db';

/** One queue of the job queue as the metrics show it. */
export interface JobQueueStats {
  queue: string;
  /** Jobs created or waiting to be retried whose time has come, not yet started. */
  due: number;
  /** Jobs that failed for good (their retries spent) in the last hour. */
  failedLastHour: number;
  /** How long the oldest due job has waited since its time came; 0 when none waits. */
  lagSeconds: number;
}

/**
 * Every queue's figures, read from pg-boss's own tables in one statement (pg-boss 10: `pgboss.job`,
 * one partition per queue, and `pgboss.queue`, so a queue with no job shows zeros). The job table
 * holds jobs until pg-boss archives them (completed after 12 hours, failed after 7 days), so the
 * join takes only the jobs waiting and those failed within the hour. Time is the database's, as
 * pg-boss compares `start_after` with it.
 */
export async function readJobQueueStats(db: Db): Promise<JobQueueStats[]> {
  const { rows } = await sql<{ queue: string; due: string; failed: string; lag_seconds: string | number }>`
    select q.name as queue,
      count(j.id) filter (where j.state in ('created', 'retry')) as due,
      count(j.id) filter (where j.state = 'failed') as failed,
      coalesce(extract(epoch from now() - min(j.start_after) filter (where j.state in ('created', 'retry'))), 0) as lag_seconds
    from pgboss.queue q
    left join pgboss.job j on j.name = q.name and (
      (j.state in ('created', 'retry') and j.start_after <= now())
      or (j.state = 'failed' and j.completed_on > now() - interval '1 hour'))
    group by q.name
    order by q.name`.execute(db);
  return rows.map((row) => ({ queue: row.queue, due: Number(row.due), failedLastHour: Number(row.failed), lagSeconds: Number(row.lag_seconds) }));
}
