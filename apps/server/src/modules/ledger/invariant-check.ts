import { sql } from 'kysely';
import type { Db } from '../../db';
import type { JobDefinition } from '../jobs';
import { findLedgerViolations } from './invariants';

/**
 * The scheduled check of the ledger's invariants (invariants.ts): every five minutes one node runs
 * them all and records the result in ledger_invariant_checks (migration 0087), whence every node's
 * metrics read it (bank_ledger_invariant_violations, bank_ledger_invariants_checked_timestamp_seconds).
 * The table, not the process that ran the job, is the record: any node scraped reports the same
 * figures, and a check that stops running shows as a timestamp that ages.
 */
export const CHECK_LEDGER_INVARIANTS = 'ledger.check-invariants';

export interface InvariantCheck {
  checkedAt: Date;
  /** Rows found breaking a rule (at most 20 per rule, as findLedgerViolations reports them). */
  violations: number;
  rules: string[];
}

/** Records a check unless a later one is recorded already (two runs at once: the later stands). */
export async function recordInvariantCheck(db: Db, check: InvariantCheck): Promise<void> {
  await db
    .insertInto('ledger_invariant_checks')
    .values({ checked_at: check.checkedAt, violations: check.violations, rules: check.rules })
    .onConflict((conflict) =>
      conflict.column('singleton').doUpdateSet({
        checked_at: (eb) => eb.ref('excluded.checked_at'),
        violations: (eb) => eb.ref('excluded.violations'),
        rules: (eb) => eb.ref('excluded.rules'),
      }).where('ledger_invariant_checks.checked_at', '<=', sql<Date>`excluded.checked_at`),
    )
    .execute();
}

/** The last check recorded, or null before the first. */
export async function readLastInvariantCheck(db: Db): Promise<InvariantCheck | null> {
  const row = await db.selectFrom('ledger_invariant_checks').select(['checked_at', 'violations', 'rules']).executeTakeFirst();
  return row ? { checkedAt: row.checked_at, violations: row.violations, rules: row.rules } : null;
}

export const checkLedgerInvariantsJob: JobDefinition = {
  name: CHECK_LEDGER_INVARIANTS,
  cron: '*/5 * * * *',
  // A start checks at once: a node that comes back after an incident says soon whether the ledger is sound.
  catchUpOnStart: true,
  async run(context) {
    const checkedAt = context.clock.now();
    const violations = await findLedgerViolations(context.db);
    const rules = [...new Set(violations.map((violation) => violation.rule))];
    await recordInvariantCheck(context.db, { checkedAt, violations: violations.length, rules });
    if (violations.length > 0) context.log.error({ violations }, 'ledger: invariants broken');
  },
};
