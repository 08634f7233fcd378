import type { Db } from '../../db';

export interface AuditRecord {
  actorType: 'client' | 'operator' | 'system' | 'anonymous';
  actorId?: string | null;
  action: string;
  subjectType?: string | null;
  subjectId?: string | null;
  ip?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Appends an audit record: who, when, what, before and after. Call it with the changing transaction (a Transaction is a Db). */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_type: record.actorType,
      actor_id: record.actorId ?? null,
      action: record.action,
      subject_type: record.subjectType ?? null,
      subject_id: record.subjectId ?? null,
      ip: record.ip ?? null,
      before: record.before === undefined ? null : JSON.stringify(record.before),
      after: record.after === undefined ? null : JSON.stringify(record.after),
    })
    .execute();
}
