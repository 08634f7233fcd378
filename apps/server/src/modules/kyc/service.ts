import type { KycDecisionConflictDetails } from '@bank/contracts/backoffice/kyc-review';
import { KYC_REFUSALS } from '@bank/contracts/kyc/constants';
import { kycRuleErrors, type KycFields } from '@bank/contracts/kyc/kyc-form';
import type { KycRecord } from '@bank/contracts/kyc/kyc-record';
import { isIdentified, type KycStatus } from '@bank/contracts/kyc/kyc-status';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { SecretRing } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { recordAudit, type AuditRecord } from '../audit';
import { requireClient, type AccountType } from '../auth';
import { queueMail } from '../mail';
import { kycDecisionMail } from './decision-mail';
import { enhancedReviewGrounds, enhancedReviewStep } from './enhanced-review';
import { kycColumns, profileColumns, toKycRecord } from './records';
import { clientRiskLevel } from './risk';

/**
 * KYC submissions (docs/product.md): a client submits the form (status New), may withdraw
 * it while it is in review but not change it, and an operator approves or rejects the version it
 * reviewed. The client's own status (clients.kyc_status) always follows its latest submission;
 * every change is audited.
 */

export interface Actor {
  type: 'client' | 'operator' | 'system';
  id: string | null;
  ip?: string | null;
}

function audit(db: Db, actor: Actor, action: string, kycId: string, before: unknown, after: unknown): Promise<void> {
  const record: AuditRecord = {
    actorType: actor.type,
    actorId: actor.id,
    action,
    subjectType: 'kyc',
    subjectId: kycId,
    ip: actor.ip ?? null,
    before,
    after,
  };
  return recordAudit(db, record);
}

const inReview = () =>
  new AppError('CONFLICT', { message: 'A KYC submission is in review: it cannot be changed until the bank decides', fields: { _: KYC_REFUSALS.inReview } });
const reviewed = () => new AppError('CONFLICT', { message: 'This KYC submission has already been reviewed', fields: { _: KYC_REFUSALS.reviewed } });

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** Locks the client's row for the rest of the transaction: one KYC change per client at a time. */
async function lockClient(trx: Db, clientId: string): Promise<{ account_type: AccountType; kyc_status: KycStatus | null }> {
  const client = await trx
    .selectFrom('clients')
    .select(['account_type', 'kyc_status'])
    .where('id', '=', clientId)
    .forUpdate()
    .executeTakeFirst();
  if (!client) throw new AppError('INVALID_AUTHORIZATION');
  return client;
}

function assertRules(fields: KycFields, accountType: AccountType): void {
  const errors = kycRuleErrors(fields, accountType);
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { fields: errors });
}

/** Sets the client's status to that of its latest submission (none left: no status). */
async function followLatestSubmission(trx: Db, clientId: string): Promise<KycStatus | null> {
  const latest = await trx
    .selectFrom('kyc_records')
    .select('status')
    .where('client_id', '=', clientId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const status = latest?.status ?? null;
  await trx.updateTable('clients').set({ kyc_status: status }).where('id', '=', clientId).execute();
  return status;
}

/** The client's submissions, newest first. */
export async function listKycRecords(db: Db, clientId: string): Promise<KycRecord[]> {
  const rows = await db
    .selectFrom('kyc_records')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toKycRecord);
}

/** Submits the form: the client's status becomes New. One submission in review at a time. */
export async function createKyc(db: Db, clientId: string, fields: KycFields, actor: Actor): Promise<string> {
  try {
    return await db.transaction().execute(async (trx) => {
      const client = await lockClient(trx, clientId);
      assertRules(fields, client.account_type);
      if (isIdentified(client.kyc_status)) {
        throw new AppError('CONFLICT', { message: 'KYC is already approved', fields: { _: KYC_REFUSALS.approved } });
      }
      const pending = await trx
        .selectFrom('kyc_records')
        .select('id')
        .where('client_id', '=', clientId)
        .where('status', '=', 'New')
        .executeTakeFirst();
      if (pending) throw inReview();

      const row = await trx
        .insertInto('kyc_records')
        .values({ client_id: clientId, account_type: client.account_type, ...kycColumns(fields) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('clients')
        .set({ ...profileColumns(fields), kyc_status: 'New' })
        .where('id', '=', clientId)
        .execute();
      await audit(trx, actor, 'kyc.created', row.id, { clientStatus: client.kyc_status }, { status: 'New', clientStatus: 'New' });
      return row.id;
    });
  } catch (error) {
    // Two submissions racing past the check meet the one-pending index.
    if (isUniqueViolation(error)) throw inReview();
    throw error;
  }
}

/** Loads one of the client's submissions to withdraw; another client's is 404, like a missing one. */
async function lockOwnRecord(trx: Db, clientId: string, kycId: string) {
  const row = await trx
    .selectFrom('kyc_records')
    .selectAll()
    .where('id', '=', kycId)
    .where('client_id', '=', clientId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'New') throw reviewed();
  return row;
}

/**
 * The update call of docs/product.md#client-calls changes nothing. A submission in review is what the operator is reading:
 * a change under the operator's eyes would let the decision fall on a name or document nobody
 * reviewed. A decided one stays as decided. The client withdraws and submits again instead, which
 * makes a new submission with its own id. The answer still tells a missing or foreign id (404)
 * from the client's own.
 */
export async function updateKyc(db: Db, clientId: string, kycId: string): Promise<never> {
  const row = await db.selectFrom('kyc_records').select('status').where('id', '=', kycId).where('client_id', '=', clientId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  throw row.status === 'New' ? inReview() : reviewed();
}

/** Withdraws a submission still in review; the client's status falls back to the previous decision. */
export async function deleteKyc(db: Db, clientId: string, kycId: string, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const client = await lockClient(trx, clientId);
    const row = await lockOwnRecord(trx, clientId, kycId);
    await trx.deleteFrom('kyc_records').where('id', '=', row.id).execute();
    const clientStatus = await followLatestSubmission(trx, clientId);
    await audit(trx, actor, 'kyc.deleted', kycId, { status: row.status, clientStatus: client.kyc_status }, { clientStatus });
  });
}

/**
 * What an operator's decision did: the submission's status after it, whether this call made it, and
 * whether it was recorded to wait for another operator's decision (enhanced due diligence).
 */
export interface KycDecisionOutcome {
  kycId: string;
  status: KycStatus;
  changed: boolean;
  clientId: string;
  awaitingDecision?: true;
}

/** The client behind a submission (for checks made before a decision); a missing one is 404. */
export async function clientOfKyc(db: Db, kycId: string): Promise<string> {
  const record = await db.selectFrom('kyc_records').select('client_id').where('id', '=', kycId).executeTakeFirst();
  if (!record) throw new AppError('NOT_FOUND');
  return record.client_id;
}

/**
 * An operator's decision on a submission in review: Approved makes the client identified, Rejected
 * shows the form again with the reason. Used by the back office. It binds to `version`, the one the
 * operator reviewed: a submission changed since is a 409 (`changed`, with the version and status it
 * has now) and is not decided. The same decision again on the same version changes nothing (a
 * repeated click, or two operators agreeing at once); the other decision on a reviewed submission
 * is a 409 (`decided`).
 *
 * A politically exposed person's submission, or a high-risk client's, needs two agreeing decisions
 * by different operators (enhanced-review.ts): a decision short of that is recorded and audited,
 * and the submission stays New, as the client sees it while in review; an operator who decided it
 * once is refused another decision (403 `sameOperator`).
 */
export async function decideKyc(
  db: Db,
  kycId: string,
  decision: { status: 'Approved' | 'Rejected'; reason?: string | null; version: number },
  actor: Actor,
  /** When given, the client is mailed the decision, in their language, in the deciding transaction. */
  notify?: { secret: SecretRing; cabinetUrl: string },
): Promise<KycDecisionOutcome> {
  return db.transaction().execute(async (trx) => {
    const clientId = await clientOfKyc(trx, kycId);
    // The client's row is locked first, as a change of its risk level locks it: the level read below holds to the commit.
    const client = await lockClient(trx, clientId);
    const row = await trx.selectFrom('kyc_records').selectAll().where('id', '=', kycId).forUpdate().executeTakeFirstOrThrow();
    const refuse = (reason: KycDecisionConflictDetails['reason'], message: string) => {
      const details: KycDecisionConflictDetails = { reason, version: row.version, status: row.status };
      return new AppError('CONFLICT', { message, details });
    };
    if (row.status === decision.status && row.decided_version === decision.version) {
      return { kycId, status: row.status, changed: false, clientId };
    }
    if (row.status !== 'New') throw refuse('decided', `This KYC submission is already ${row.status}`);
    if (row.version !== decision.version) {
      throw refuse('changed', 'The KYC submission has changed since it was opened: review it again');
    }
    const grounds = enhancedReviewGrounds(row, (await clientRiskLevel(trx, clientId)) === 'high');
    if (grounds.length > 0) {
      if (actor.type !== 'operator' || !actor.id) throw new AppError('FORBIDDEN', { message: 'This KYC submission needs the decisions of two operators' });
      const recorded = await trx.selectFrom('kyc_decisions').select(['operator_id', 'status', 'version']).where('kyc_id', '=', kycId).orderBy('id').execute();
      const step = enhancedReviewStep(
        recorded.map((earlier) => ({ operatorId: earlier.operator_id, status: earlier.status, version: earlier.version })),
        { operatorId: actor.id, status: decision.status, version: row.version },
      );
      if (step === 'repeat') return { kycId, status: row.status, changed: false, clientId, awaitingDecision: true };
      if (step === 'sameOperator') {
        throw new AppError('FORBIDDEN', {
          message: 'You have decided this KYC submission already: another operator makes the next decision',
          details: { reason: 'sameOperator' },
        });
      }
      await trx
        .insertInto('kyc_decisions')
        .values({ kyc_id: kycId, operator_id: actor.id, status: decision.status, reason: decision.reason ?? null, version: row.version })
        .execute();
      if (step === 'record') {
        await audit(
          trx,
          actor,
          'kyc.decisionRecorded',
          kycId,
          { status: row.status, version: row.version, decisions: recorded.length },
          { status: row.status, decision: decision.status, reason: decision.reason ?? null, grounds, decisions: recorded.length + 1 },
        );
        return { kycId, status: row.status, changed: true, clientId, awaitingDecision: true };
      }
    }
    // The database counts the version up with this change (migration 0073).
    await trx
      .updateTable('kyc_records')
      .set({
        status: decision.status,
        rejection_reason: decision.status === 'Rejected' ? (decision.reason ?? null) : null,
        decided_at: sql`now()`,
        decided_by: actor.type === 'operator' ? actor.id : null,
        decided_version: row.version,
        updated_at: sql`now()`,
      })
      .where('id', '=', kycId)
      .execute();
    const clientStatus = await followLatestSubmission(trx, clientId);
    await audit(
      trx,
      actor,
      'kyc.decided',
      kycId,
      { status: row.status, clientStatus: client.kyc_status, version: row.version },
      { status: decision.status, clientStatus, reason: decision.reason ?? null, ...(grounds.length > 0 ? { grounds } : {}) },
    );
    if (notify) {
      const to = await trx.selectFrom('clients').select(['email', 'language']).where('id', '=', clientId).executeTakeFirstOrThrow();
      await queueMail(trx, notify.secret, kycDecisionMail(to.email, decision, to.language, notify.cabinetUrl));
    }
    return { kycId, status: decision.status, changed: true, clientId };
  });
}

/**
 * The one gate of every call only identified clients may make (opening accounts, moving money;
 * docs/product.md#states): 403 unless contracts' isIdentified says so, the same rule the web's menu follows.
 * A preHandler after requireClient, which read the status with the session.
 */
export async function requireIdentifiedClient(request: FastifyRequest): Promise<void> {
  const session = request.session;
  if (session?.subjectType !== 'client' || !isIdentified(session.kycStatus)) {
    throw new AppError('FORBIDDEN', { message: 'Complete the identity verification (KYC) first' });
  }
}

/** The preHandlers of a call only a signed-in, identified client may make. */
export const identifiedClientOnly = [requireClient, requireIdentifiedClient];
