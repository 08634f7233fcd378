import type { AuditEntry } from '@bank/contracts/backoffice/audit';
import { BACKOFFICE_PAGE_SIZE, type Page } from '@bank/contracts/backoffice/paging';
import { sql } from 'kysely';
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

/** GET /api/backoffice/audit: the trail, newest first, filtered by subject (id or type) and actor (id or e-mail). */
export async function listAudit(db: Db, filter: { subject?: string | undefined; actor?: string | undefined; page: number }): Promise<Page<AuditEntry>> {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('operators as o', (join) => join.on(sql`o.id::text`, '=', sql.ref('a.actor_id')).on('a.actor_type', '=', 'operator'))
    .leftJoin('clients as c', (join) => join.on(sql`c.id::text`, '=', sql.ref('a.actor_id')).on('a.actor_type', '=', 'client'));
  if (filter.subject) {
    const subject = filter.subject;
    query = query.where((where) => where.or([where('a.subject_id', '=', subject), where('a.subject_type', '=', subject)]));
  }
  if (filter.actor) {
    const actor = filter.actor.toLowerCase();
    query = query.where((where) => where.or([where('a.actor_id', '=', filter.actor!), where(sql`lower(o.email)`, '=', actor), where(sql`lower(c.email)`, '=', actor)]));
  }
  const [rows, count] = await Promise.all([
    query
      .select(['a.id', 'a.at', 'a.actor_type', 'a.actor_id', 'a.action', 'a.subject_type', 'a.subject_id', 'a.before', 'a.after', sql<string | null>`coalesce(o.email, c.email)`.as('actor_name')])
      .orderBy('a.id', 'desc')
      .limit(BACKOFFICE_PAGE_SIZE)
      .offset((filter.page - 1) * BACKOFFICE_PAGE_SIZE)
      .execute(),
    query.select((select) => select.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const parsed = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      at: new Date(row.at).toISOString(),
      actorType: row.actor_type,
      actorId: row.actor_id,
      actorName: row.actor_name,
      action: row.action,
      subjectType: row.subject_type,
      subjectId: row.subject_id,
      before: parsed(row.before),
      after: parsed(row.after),
    })),
    page: filter.page,
    pageSize: BACKOFFICE_PAGE_SIZE,
    total: Number(count.total),
  };
}
