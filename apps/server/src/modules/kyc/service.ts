import { kycRuleErrors, type KycFields } from '@bank/contracts/kyc/kyc-form';
import { isIdentified, type KycRecord, type KycStatus } from '@bank/contracts/kyc/kyc-record';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { recordAudit, type AuditRecord } from '../audit/service';
import { requireClient } from '../auth/guard';
import type { AccountType } from '../auth/tables';
import { kycColumns, profileColumns, toKycRecord } from './records';

/**
 * KYC submissions (SPEC §3/§4/§5, DESIGN §6): a client submits the form (status New), may correct
 * or withdraw it while it is in review, and an operator approves or rejects it. The client's own
 * status (clients.kyc_status) always follows its latest submission; every change is audited.
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
        throw new AppError('CONFLICT', { message: 'KYC is already approved' });
      }
      const pending = await trx
        .selectFrom('kyc_records')
        .select('id')
        .where('client_id', '=', clientId)
        .where('status', '=', 'New')
        .executeTakeFirst();
      if (pending) throw new AppError('CONFLICT', { message: 'A KYC submission is already in review' });

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
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', { message: 'A KYC submission is already in review' });
    throw error;
  }
}

/** Loads one of the client's submissions for change; another client's is 404, like a missing one. */
async function lockOwnRecord(trx: Db, clientId: string, kycId: string) {
  const row = await trx
    .selectFrom('kyc_records')
    .selectAll()
    .where('id', '=', kycId)
    .where('client_id', '=', clientId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'New') throw new AppError('CONFLICT', { message: 'This KYC submission has already been reviewed' });
  return row;
}

/** Corrects a submission still in review. */
export async function updateKyc(db: Db, clientId: string, kycId: string, fields: KycFields, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockClient(trx, clientId);
    const row = await lockOwnRecord(trx, clientId, kycId);
    assertRules(fields, row.account_type);
    await trx
      .updateTable('kyc_records')
      .set({ ...kycColumns(fields), updated_at: sql`now()` })
      .where('id', '=', kycId)
      .execute();
    await trx.updateTable('clients').set(profileColumns(fields)).where('id', '=', clientId).execute();
    // The audit names the changed fields, not their values: personal data stays in one place.
    const before = toKycRecord(row);
    const changed = (Object.keys(fields) as Array<keyof KycFields>).filter(
      (name) => JSON.stringify(before[name]) !== JSON.stringify(fields[name]),
    );
    await audit(trx, actor, 'kyc.updated', kycId, { status: row.status }, { status: row.status, changedFields: changed });
  });
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

/** What an operator's decision did: the submission's status after it, and whether this call made it. */
export interface KycDecisionOutcome {
  kycId: string;
  status: KycStatus;
  changed: boolean;
  clientId: string;
}

/**
 * An operator's decision on a submission in review: Approved makes the client identified, Rejected
 * shows the form again with the reason. Used by the back office. The same decision again changes
 * nothing (a repeated click); the other decision on a reviewed submission is a 409.
 */
export async function decideKyc(
  db: Db,
  kycId: string,
  decision: { status: 'Approved' | 'Rejected'; reason?: string | null },
  actor: Actor,
): Promise<KycDecisionOutcome> {
  return db.transaction().execute(async (trx) => {
    const record = await trx.selectFrom('kyc_records').select(['client_id']).where('id', '=', kycId).executeTakeFirst();
    if (!record) throw new AppError('NOT_FOUND');
    const client = await lockClient(trx, record.client_id);
    const row = await trx.selectFrom('kyc_records').selectAll().where('id', '=', kycId).forUpdate().executeTakeFirstOrThrow();
    if (row.status === decision.status) return { kycId, status: row.status, changed: false, clientId: row.client_id };
    if (row.status !== 'New') {
      throw new AppError('CONFLICT', { message: `This KYC submission is already ${row.status}`, details: { status: row.status } });
    }
    await trx
      .updateTable('kyc_records')
      .set({
        status: decision.status,
        rejection_reason: decision.status === 'Rejected' ? (decision.reason ?? null) : null,
        decided_at: sql`now()`,
        decided_by: actor.type === 'operator' ? actor.id : null,
        updated_at: sql`now()`,
      })
      .where('id', '=', kycId)
      .execute();
    const clientStatus = await followLatestSubmission(trx, record.client_id);
    await audit(
      trx,
      actor,
      'kyc.decided',
      kycId,
      { status: row.status, clientStatus: client.kyc_status },
      { status: decision.status, clientStatus, reason: decision.reason ?? null },
    );
    return { kycId, status: decision.status, changed: true, clientId: record.client_id };
  });
}

/**
 * The one gate of every call only identified clients may make (opening accounts, moving money;
 * DESIGN §6): 403 unless contracts' isIdentified says so, the same rule the web's menu follows.
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
