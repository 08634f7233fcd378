import { clientRiskPayloadSchema, type ClientRiskChange, type ClientRiskLevel, type ClientRiskPayload } from '@bank/contracts/backoffice/clients';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';

/**
 * A client's risk level (docs/bank-controls.md#high-risk-clients): standard until compliance marks
 * the client high-risk. Marking and unmarking are four-eyes acts (approval kind 'clientRisk'): each
 * approved proposal appends a change to client_risk_changes (migration 0097), and the newest change
 * is the level now. A high-risk client's KYC needs two decisions (service.ts), and the client pays
 * the high-risk service fee each month (the fees module reads highRiskClientIds).
 */

/** The levels now of these clients: the newest change of each; standard when there is none. */
async function levelsOf(db: Db, clientIds: readonly string[]): Promise<Map<string, ClientRiskLevel>> {
  const levels = new Map<string, ClientRiskLevel>();
  if (clientIds.length === 0) return levels;
  const rows = await db
    .selectFrom('client_risk_changes')
    .select(['client_id', 'level'])
    .distinctOn('client_id')
    .where('client_id', 'in', [...clientIds])
    .orderBy('client_id')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) levels.set(row.client_id, row.level);
  return levels;
}

/** The client's risk level now. */
export async function clientRiskLevel(db: Db, clientId: string): Promise<ClientRiskLevel> {
  return (await levelsOf(db, [clientId])).get(clientId) ?? 'standard';
}

/** Which of these clients are high-risk now. */
export async function highRiskAmong(db: Db, clientIds: readonly string[]): Promise<Set<string>> {
  const levels = await levelsOf(db, clientIds);
  return new Set([...levels].filter(([, level]) => level === 'high').map(([clientId]) => clientId));
}

/** Every client high-risk now, in id order: those the high-risk service fee is charged to. */
export async function highRiskClientIds(db: Db): Promise<string[]> {
  const { rows } = await sql<{ client_id: string }>`
    select client_id from (
      select distinct on (client_id) client_id, level from client_risk_changes order by client_id, id desc
    ) as latest
    where level = 'high'
    order by client_id`.execute(db);
  return rows.map((row) => row.client_id);
}

/** The client's level now and its changes, newest first, with who proposed and who approved each. */
export async function clientRiskHistory(db: Db, clientId: string): Promise<{ level: ClientRiskLevel; history: ClientRiskChange[] }> {
  const rows = await db
    .selectFrom('client_risk_changes as change')
    .innerJoin('operators as maker', 'maker.id', 'change.proposed_by')
    .innerJoin('operators as checker', 'checker.id', 'change.approved_by')
    .select([
      'change.level',
      'change.reason',
      'change.created_at',
      'change.approval_id',
      'maker.id as maker_id',
      'maker.full_name as maker_name',
      'maker.email as maker_email',
      'checker.id as checker_id',
      'checker.full_name as checker_name',
      'checker.email as checker_email',
    ])
    .where('change.client_id', '=', clientId)
    .orderBy('change.id', 'desc')
    .execute();
  const history = rows.map((row) => ({
    level: row.level,
    reason: row.reason,
    proposedBy: { id: row.maker_id, name: row.maker_name, email: row.maker_email },
    approvedBy: { id: row.checker_id, name: row.checker_name, email: row.checker_email },
    changedAt: row.created_at.toISOString(),
    approvalId: row.approval_id,
  }));
  return { level: history[0]?.level ?? 'standard', history };
}

/**
 * The payload of a proposal to set the client's level: the change with the level it replaces. A
 * missing client is 404; the level the client has already changes nothing and is a 409.
 */
export async function clientRiskPayloadOf(db: Db, clientId: string, level: ClientRiskLevel, reason: string): Promise<ClientRiskPayload> {
  const client = await db.selectFrom('clients').select('id').where('id', '=', clientId).executeTakeFirst();
  if (!client) throw new AppError('NOT_FOUND');
  const previous = await clientRiskLevel(db, clientId);
  if (previous === level) throw new AppError('CONFLICT', { message: `The client's risk level is ${level} already`, details: { reason: 'riskUnchanged' } });
  return { clientId, level, previous, reason };
}

/** What the approvals mechanism tells an act it applies (approvals' ApprovalContext, of which this needs the operators). */
interface AppliedBy {
  approvalId: string;
  makerId: string;
  checkerId: string;
}

/**
 * The four-eyes act of setting a client's risk level, as the approvals mechanism calls it (its
 * ApprovalHandler, registered in the composition root's list of approval kinds; the kyc module sits
 * below the approvals module and names none of its types). An operator registered as the client
 * may neither propose nor approve it.
 */
export const clientRiskApproval = {
  payloadSchema: clientRiskPayloadSchema,
  summary: (payload: ClientRiskPayload): string => `client ${payload.clientId}: ${payload.previous} → ${payload.level}`,
  clientIdOf: async (_db: Db, payload: ClientRiskPayload): Promise<string | null> => payload.clientId,
  async apply(trx: Db, payload: ClientRiskPayload, context: AppliedBy): Promise<Record<string, unknown>> {
    // The client's row is the lock KYC decisions take too: a decision sees the level before or after, never half.
    await trx.selectFrom('clients').select('id').where('id', '=', payload.clientId).forUpdate().executeTakeFirstOrThrow();
    const now = await clientRiskLevel(trx, payload.clientId);
    if (now !== payload.previous) {
      throw new AppError('CONFLICT', { message: "The client's risk level has changed since this was proposed", details: { reason: 'riskChangedMeanwhile' } });
    }
    const change = await trx
      .insertInto('client_risk_changes')
      .values({
        client_id: payload.clientId,
        level: payload.level,
        reason: payload.reason,
        proposed_by: context.makerId,
        approved_by: context.checkerId,
        approval_id: context.approvalId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorType: 'operator',
      actorId: context.checkerId,
      action: 'client.riskChanged',
      subjectType: 'client',
      subjectId: payload.clientId,
      before: { level: payload.previous },
      after: { level: payload.level, reason: payload.reason, proposedBy: context.makerId, approvalId: context.approvalId },
    });
    return { level: payload.level, changeId: String(change.id) };
  },
};
