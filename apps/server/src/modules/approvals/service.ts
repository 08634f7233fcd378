import { APPROVAL_AREAS, APPROVAL_KINDS, type ApprovalItem, type ApprovalKind, type ApprovalStatus, type ApprovalWarning } from '@bank/contracts/backoffice/approvals';
import { BACKOFFICE_PAGE_SIZE, type Page } from '@bank/contracts/backoffice/paging';
import { mayUse, type Operator } from '@bank/contracts/backoffice/roles';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { eachInSavepoint, type GroupCommit } from '../ledger';
import { assertNotOwnClient } from '../users';
import { NO_WARNINGS, type ApprovalHandler, type ApprovalInspection, type ApprovalRegistry } from './handler';
import type { ApprovalTables } from './tables';

/**
 * The one approval mechanism of the back office (docs/bank-controls.md). A proposal is made by one operator
 * whose roles open its kind's area and applied only when a different such operator approves it;
 * the maker may withdraw it, a checker may reject it. Each decision locks the proposal's row first,
 * so of two operators deciding at once one decides and the other finds it decided; the table's own
 * check refuses a checker who is the maker.
 */
/**
 * A proposal: a row of one of APPROVAL_KINDS, always made by an operator (a check of the table,
 * migration 0093). The table also keeps operators' approvals of transfers (transfer-approvals.ts),
 * which are no proposal: every read here takes proposals only.
 */
type ApprovalRow = Omit<Selectable<ApprovalTables['approvals']>, 'kind' | 'maker_id'> & { kind: ApprovalKind; maker_id: string };
type Proposed = { kind: ApprovalKind; maker_id: string };
/** Who acts: an operator's id and roles, as the back-office guard read them for this call. */
export type Actor = Pick<Operator, 'id' | 'roles'>;

export interface Proposal {
  kind: ApprovalKind;
  payload: Record<string, unknown>;
  maker: Actor;
  reason: string;
  /** What the act is about; one proposal of a kind per subject may wait at a time. */
  subjectType?: string;
  subjectId?: string;
}

function assertMayHandle(actor: Actor, kind: ApprovalKind): void {
  if (!mayUse(actor.roles, APPROVAL_AREAS[kind])) throw new AppError('FORBIDDEN', { message: 'Your role does not allow this' });
}

/** The kinds an operator's roles open: the proposals they may see, make and check. */
export function kindsOpenTo(actor: Actor): ApprovalKind[] {
  return APPROVAL_KINDS.filter((kind) => mayUse(actor.roles, APPROVAL_AREAS[kind]));
}

async function inspect(db: Db, handler: ApprovalHandler, payload: unknown): Promise<ApprovalInspection> {
  return handler.inspect ? handler.inspect(db, payload) : NO_WARNINGS;
}

async function assertNotOwnClientOfAct(db: Db, handler: ApprovalHandler, payload: unknown, operatorId: string): Promise<void> {
  const clientId = handler.clientIdOf ? await handler.clientIdOf(db, payload) : null;
  if (clientId) await assertNotOwnClient(db, operatorId, clientId);
}

/** Reads a stored payload with its kind's schema (a payload is stored only after passing it). */
function payloadOf(handler: ApprovalHandler, row: Pick<ApprovalRow, 'payload'>): unknown {
  const raw = typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload;
  return handler.payloadSchema.parse(raw);
}

/**
 * Records a proposal, Pending until a second operator decides it; audited. A second open proposal
 * of the same kind about the same subject is a 409.
 */
export async function proposeApproval(db: Db, registry: ApprovalRegistry, proposal: Proposal): Promise<ApprovalItem> {
  assertMayHandle(proposal.maker, proposal.kind);
  const handler = registry[proposal.kind];
  const payload = handler.payloadSchema.parse(proposal.payload);
  await assertNotOwnClientOfAct(db, handler, payload, proposal.maker.id);
  const found = await inspect(db, handler, payload);
  const open = proposal.subjectId
    ? await db.selectFrom('approvals').select('id').where('kind', '=', proposal.kind).where('subject_id', '=', proposal.subjectId).where('status', '=', 'Pending').executeTakeFirst()
    : undefined;
  if (open) throw new AppError('CONFLICT', { message: 'A proposal about this is already waiting for a second operator', details: { reason: 'alreadyProposed', approvalId: open.id } });
  const row = await db
    .insertInto('approvals')
    .values({
      kind: proposal.kind,
      payload: JSON.stringify(payload),
      summary: handler.summary(payload),
      reason: proposal.reason,
      maker_id: proposal.maker.id,
      subject_type: proposal.subjectType ?? null,
      subject_id: proposal.subjectId ?? null,
      warnings: found.warnings,
      duplicate_of: found.duplicateOf,
      checker_id: null,
      decided_at: null,
      decision_reason: null,
      result: null,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  // The unique index on open proposals is the last word when two operators propose the same at once.
  if (!row) throw new AppError('CONFLICT', { message: 'A proposal about this is already waiting for a second operator', details: { reason: 'alreadyProposed' } });
  await recordAudit(db, {
    actorType: 'operator',
    actorId: proposal.maker.id,
    action: 'approval.proposed',
    subjectType: 'approval',
    subjectId: row.id,
    after: { kind: proposal.kind, payload, reason: proposal.reason, warnings: found.warnings, duplicateOf: found.duplicateOf },
  });
  // The warnings were looked at a moment ago: the answer carries them rather than looking again.
  return toItem(await itemQuery(db).where('a.id', '=', row.id).executeTakeFirstOrThrow(), registry, found);
}

function itemQuery(db: Db) {
  return db
    .selectFrom('approvals as a')
    .innerJoin('operators as m', 'm.id', 'a.maker_id')
    .leftJoin('operators as c', 'c.id', 'a.checker_id')
    .selectAll('a')
    .select(['m.full_name as maker_name', 'm.email as maker_email', 'c.full_name as checker_name', 'c.email as checker_email'])
    .where('a.kind', 'in', APPROVAL_KINDS)
    .$narrowType<Proposed>();
}
type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>['executeTakeFirstOrThrow']>>;

function json(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
}

function toItem(row: ItemRow, registry: ApprovalRegistry, fresh?: ApprovalInspection): ApprovalItem {
  const handler = registry[row.kind];
  const payload = payloadOf(handler, row) as Record<string, unknown>;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    payload,
    summary: handler.summary(payload),
    reason: row.reason,
    maker: { id: row.maker_id, name: row.maker_name, email: row.maker_email },
    createdAt: row.created_at.toISOString(),
    checker: row.checker_id ? { id: row.checker_id, name: row.checker_name ?? '', email: row.checker_email ?? '' } : null,
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
    decisionReason: row.decision_reason,
    warnings: fresh ? fresh.warnings : (row.warnings as ApprovalWarning[]),
    duplicateOf: fresh ? fresh.duplicateOf : row.duplicate_of,
    result: json(row.result),
  };
}

/** One proposal, if its kind is open to the operator (else 404); a pending one with its warnings as they stand now. */
export async function getApproval(db: Db, registry: ApprovalRegistry, approvalId: string, viewer: Actor): Promise<ApprovalItem> {
  const row = await itemQuery(db).where('a.id', '=', approvalId).executeTakeFirst();
  if (!row || !kindsOpenTo(viewer).includes(row.kind)) throw new AppError('NOT_FOUND');
  const handler = registry[row.kind];
  const fresh = row.status === 'Pending' ? await inspect(db, handler, payloadOf(handler, row)) : undefined;
  return toItem(row, registry, fresh);
}

/** GET /api/backoffice/approvals: the proposals of the kinds open to the operator; pending ones oldest first, decided ones newest first. */
export async function listApprovals(
  db: Db,
  registry: ApprovalRegistry,
  viewer: Actor,
  filter: { status?: ApprovalStatus | undefined; kind?: ApprovalKind | undefined; page: number },
): Promise<Page<ApprovalItem>> {
  const open = kindsOpenTo(viewer);
  const kinds = filter.kind ? open.filter((kind) => kind === filter.kind) : open;
  if (kinds.length === 0) return { items: [], page: filter.page, pageSize: BACKOFFICE_PAGE_SIZE, total: 0 };
  const status = filter.status ?? 'Pending';
  const [rows, count] = await Promise.all([
    itemQuery(db)
      .where('a.kind', 'in', kinds)
      .where('a.status', '=', status)
      .orderBy('a.created_at', status === 'Pending' ? 'asc' : 'desc')
      .orderBy('a.id')
      .limit(BACKOFFICE_PAGE_SIZE)
      .offset((filter.page - 1) * BACKOFFICE_PAGE_SIZE)
      .execute(),
    db
      .selectFrom('approvals')
      .select((select) => select.fn.countAll<string>().as('total'))
      .where('kind', 'in', kinds)
      .where('status', '=', status)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((row) => toItem(row, registry)), page: filter.page, pageSize: BACKOFFICE_PAGE_SIZE, total: Number(count.total) };
}

export async function countPendingApprovals(db: Db, viewer: Actor): Promise<number> {
  const kinds = kindsOpenTo(viewer);
  if (kinds.length === 0) return 0;
  const row = await db.selectFrom('approvals').select((select) => select.fn.countAll<string>().as('total')).where('kind', 'in', kinds).where('status', '=', 'Pending').executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Locks a pending proposal open to the actor; a decided one is a 409 naming its status. */
async function lockPending(trx: Db, approvalId: string, actor: Actor): Promise<ApprovalRow> {
  const row = await trx
    .selectFrom('approvals')
    .selectAll()
    .where('id', '=', approvalId)
    .where('kind', 'in', APPROVAL_KINDS)
    .$narrowType<Proposed>()
    .forUpdate()
    .executeTakeFirst();
  if (!row || !kindsOpenTo(actor).includes(row.kind)) throw new AppError('NOT_FOUND');
  if (row.status !== 'Pending') {
    throw new AppError('CONFLICT', { message: `This proposal is already ${row.status.toLowerCase()}`, details: { reason: 'decided', status: row.status } });
  }
  return row;
}

function refuseOwnProposal(): never {
  throw new AppError('FORBIDDEN', {
    message: 'You made this proposal: another operator must decide it',
    details: { reason: 'ownProposal' },
  });
}

interface Applied {
  handler: ApprovalHandler;
  payload: unknown;
  result: Record<string, unknown>;
}

/**
 * Approves inside the caller's money transaction: the proposal is locked, checked again (pending,
 * another operator, not the checker's own client, a possible duplicate confirmed) and its act
 * applied. An act refused on its own terms (an AppError) leaves the proposal pending.
 */
export async function approveInTransaction(
  trx: Db,
  deps: AppDeps,
  registry: ApprovalRegistry,
  approvalId: string,
  checker: Actor,
  options: { confirmDuplicate: boolean },
): Promise<Applied> {
  const row = await lockPending(trx, approvalId, checker);
  if (row.maker_id === checker.id) refuseOwnProposal();
  const handler = registry[row.kind];
  const payload = payloadOf(handler, row);
  await assertNotOwnClientOfAct(trx, handler, payload, checker.id);
  if (handler.lockKey) await sql`select pg_advisory_xact_lock(hashtextextended(${handler.lockKey(payload)}, 0))`.execute(trx);
  const found = await inspect(trx, handler, payload);
  if (found.warnings.includes('possibleDuplicate') && !options.confirmDuplicate) {
    throw new AppError('CONFLICT', {
      message: 'This may repeat a payment booked before: confirm it to book it',
      details: { reason: 'possibleDuplicate', duplicateOf: found.duplicateOf },
    });
  }
  const result = await handler.apply(trx, payload, { approvalId, makerId: row.maker_id, checkerId: checker.id, deps });
  await trx
    .updateTable('approvals')
    .set({ status: 'Approved', checker_id: checker.id, decided_at: new Date(), result: JSON.stringify(result), warnings: found.warnings, duplicate_of: found.duplicateOf })
    .where('id', '=', approvalId)
    .execute();
  await recordAudit(trx, {
    actorType: 'operator',
    actorId: checker.id,
    action: 'approval.approved',
    subjectType: 'approval',
    subjectId: approvalId,
    before: { status: 'Pending', kind: row.kind, makerId: row.maker_id },
    after: { status: 'Approved', result, duplicateConfirmed: found.warnings.includes('possibleDuplicate') },
  });
  return { handler, payload, result };
}

/** A checker approves: one money transaction of the group commit, which writes the act's mails too. */
export async function approveApproval(
  deps: AppDeps,
  money: GroupCommit,
  registry: ApprovalRegistry,
  approvalId: string,
  checker: Actor,
  options: { confirmDuplicate: boolean },
): Promise<ApprovalItem> {
  await money.submit({
    kind: eachInSavepoint,
    resources: [`approval:${approvalId}`],
    item: async (trx: Db) => {
      await approveInTransaction(trx, deps, registry, approvalId, checker, options);
      return { status: 200, body: null };
    },
  });
  return getApproval(deps.db, registry, approvalId, checker);
}

/** The open proposal of a kind about a subject, if any. */
export async function pendingApprovalOf(db: Db, kind: ApprovalKind, subjectId: string): Promise<{ id: string; makerId: string } | undefined> {
  const row = await db
    .selectFrom('approvals')
    .select(['id', 'maker_id'])
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('status', '=', 'Pending')
    .$narrowType<Pick<Proposed, 'maker_id'>>()
    .executeTakeFirst();
  return row ? { id: row.id, makerId: row.maker_id } : undefined;
}

async function closeProposal(
  db: Db,
  registry: ApprovalRegistry,
  approvalId: string,
  actor: Actor,
  decision: { status: 'Rejected' | 'Withdrawn'; reason?: string },
): Promise<ApprovalItem> {
  await db.transaction().execute(async (trx) => {
    const row = await lockPending(trx, approvalId, actor);
    const own = row.maker_id === actor.id;
    // Only the maker withdraws; only another operator rejects.
    if (decision.status === 'Withdrawn' && !own) throw new AppError('FORBIDDEN', { message: 'Only the operator who made the proposal can withdraw it', details: { reason: 'notMaker' } });
    if (decision.status === 'Rejected' && own) refuseOwnProposal();
    await trx
      .updateTable('approvals')
      .set({ status: decision.status, checker_id: own ? null : actor.id, decided_at: new Date(), decision_reason: decision.reason ?? null })
      .where('id', '=', approvalId)
      .execute();
    await recordAudit(trx, {
      actorType: 'operator',
      actorId: actor.id,
      action: decision.status === 'Rejected' ? 'approval.rejected' : 'approval.withdrawn',
      subjectType: 'approval',
      subjectId: approvalId,
      before: { status: 'Pending', kind: row.kind },
      after: { status: decision.status, reason: decision.reason ?? null },
    });
  });
  return getApproval(db, registry, approvalId, actor);
}

/** A checker rejects, with a reason the maker reads. */
export function rejectApproval(db: Db, registry: ApprovalRegistry, approvalId: string, checker: Actor, reason: string): Promise<ApprovalItem> {
  return closeProposal(db, registry, approvalId, checker, { status: 'Rejected', reason });
}

/** The maker withdraws a proposal still waiting. */
export function withdrawApproval(db: Db, registry: ApprovalRegistry, approvalId: string, maker: Actor): Promise<ApprovalItem> {
  return closeProposal(db, registry, approvalId, maker, { status: 'Withdrawn' });
}

/** The open proposals about subjects (e.g. operators), for screens that show what waits. */
export async function pendingApprovalsAbout(db: Db, subjectType: string, subjectIds: readonly string[]): Promise<Map<string, string[]>> {
  const byId = new Map<string, string[]>();
  if (subjectIds.length === 0) return byId;
  const rows = await db
    .selectFrom('approvals')
    .select(['id', 'subject_id'])
    .where('subject_type', '=', subjectType)
    .where('subject_id', 'in', [...subjectIds])
    .where('status', '=', 'Pending')
    .execute();
  for (const row of rows) byId.set(row.subject_id!, [...(byId.get(row.subject_id!) ?? []), row.id]);
  return byId;
}

/** Who ends a proposal's subject other than an operator: its client (a withdrawn order) or the bank's own job (an expiry). */
export interface NonOperatorCloser {
  type: 'client' | 'system';
  id: string | null;
}

/**
 * Closes the open proposal of a kind about a subject, when the subject itself was decided another
 * way (a transfer denied while its release waited): rejected by another operator, withdrawn by its
 * maker. When no operator ended the subject (its client withdrew it, it expired) nobody checked the
 * proposal: it is withdrawn, with no checker.
 */
export async function closeOpenProposal(trx: Db, kind: ApprovalKind, subjectId: string, actor: Actor | NonOperatorCloser, reason: string): Promise<void> {
  const open = await pendingApprovalOf(trx, kind, subjectId);
  if (!open) return;
  const operator = 'roles' in actor ? actor : null;
  const rejected = operator !== null && open.makerId !== operator.id;
  const status = rejected ? 'Rejected' : 'Withdrawn';
  await trx
    .updateTable('approvals')
    .set({ status, checker_id: rejected ? operator.id : null, decided_at: new Date(), decision_reason: reason })
    .where('id', '=', open.id)
    .where('status', '=', 'Pending')
    .execute();
  await recordAudit(trx, {
    actorType: 'roles' in actor ? 'operator' : actor.type,
    actorId: actor.id,
    action: rejected ? 'approval.rejected' : 'approval.withdrawn',
    subjectType: 'approval',
    subjectId: open.id,
    before: { status: 'Pending', kind },
    after: { status, reason },
  });
}
