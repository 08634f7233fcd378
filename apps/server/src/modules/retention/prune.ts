import { sql, type RawBuilder } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { OPERATOR_KNOWN_ADDRESS_DAYS } from '../auth';
import type { JobContext, JobDefinition } from '../jobs';

/**
 * Retention (docs/time.md): once a day, what the bank no longer needs is deleted: sessions, one-time
 * codes, links and challenges past their expiry (after `expiredCredentials` days), idempotency
 * records after `idempotency` days and the records of mail delivered `mail` days ago (config
 * time.retentionDays). History (the audit trail, the ledger, transfers and statements) is never
 * touched: the application role may not delete it anyway (db/roles.ts).
 *
 * Each table is pruned in batches, each batch its own short transaction whose rows are locked with
 * skip locked, so two nodes pruning at once share the work and a failure costs one batch.
 */
export const PRUNE_RETENTION = 'retention.prune';
const BATCH = 1000;
const DAY_MS = 24 * 60 * 60_000;

interface Cutoffs {
  /** Credentials that ended before this are deleted. */
  credentials: Date;
  /** Sessions that began after this are kept, ended or not. */
  knownAddresses: Date;
  idempotency: Date;
  mail: Date;
}

/** What may go from each table, given the cutoffs. */
const RULES: readonly { table: string; due(cutoffs: Cutoffs): RawBuilder<boolean> }[] = [
  // A session ends at the first of its idle expiry, its absolute expiry and its revocation. It stays
  // OPERATOR_KNOWN_ADDRESS_DAYS from its start even so: an operator's recent sessions are what makes
  // their usual address known to the lockouts (backoffice/lockouts.ts).
  {
    table: 'sessions',
    due: (c) => sql`least(idle_expires_at, absolute_expires_at, coalesce(revoked_at, 'infinity')) < ${c.credentials} and created_at < ${c.knownAddresses}`,
  },
  { table: 'login_challenges', due: (c) => sql`expires_at < ${c.credentials}` },
  { table: 'password_resets', due: (c) => sql`expires_at < ${c.credentials}` },
  { table: 'webauthn_challenges', due: (c) => sql`expires_at < ${c.credentials}` },
  { table: 'operator_enrolment_links', due: (c) => sql`expires_at < ${c.credentials}` },
  { table: 'idempotency_keys', due: (c) => sql`created_at < ${c.idempotency}` },
  { table: 'outgoing_mail', due: (c) => sql`delivered_at < ${c.mail}` },
];

export function retentionCutoffs(now: Date, days: Config['time']['retentionDays']): Cutoffs {
  const before = (count: number) => new Date(now.getTime() - count * DAY_MS);
  return { credentials: before(days.expiredCredentials), knownAddresses: before(OPERATOR_KNOWN_ADDRESS_DAYS), idempotency: before(days.idempotency), mail: before(days.mail) };
}

async function pruneBatch(db: Db, table: string, due: RawBuilder<boolean>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const result = await sql`
      delete from ${sql.table(table)} where ctid in (
        select ctid from ${sql.table(table)} where ${due} limit ${BATCH} for update skip locked
      )`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}

/** Deletes everything due at the clock's now; answers how many rows went from each table. */
export async function pruneExpired(context: Pick<JobContext, 'db' | 'config' | 'clock'>): Promise<Record<string, number>> {
  const cutoffs = retentionCutoffs(context.clock.now(), context.config.time.retentionDays);
  const deleted: Record<string, number> = {};
  for (const rule of RULES) {
    let total = 0;
    for (let batch = BATCH; batch === BATCH; total += batch) batch = await pruneBatch(context.db, rule.table, rule.due(cutoffs));
    deleted[rule.table] = total;
  }
  return deleted;
}

export const pruneRetentionJob: JobDefinition = {
  name: PRUNE_RETENTION,
  // Daily, at night in the bank's time zone, when little else runs.
  cron: '30 3 * * *',
  catchUpOnStart: true,
  async run(context) {
    context.log.info({ deleted: await pruneExpired(context) }, 'retention: expired records deleted');
  },
};
