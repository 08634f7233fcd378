import { decimalToMinor, formatMinor, HIGH_RISK_CLIENT_FEE } from '@bank/contracts';
import { highRiskFeePayloadSchema, type HighRiskFeePayload } from '@bank/contracts/backoffice/high-risk-fee';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import type { ApprovalHandler } from '../approvals';

/**
 * The monthly fee for the service of a high-risk client (docs/product.md#tariffs-and-limits, "set by
 * the bank"): a bank setting changed by four eyes, as the deposit rates are (docs/bank-controls.md).
 * Each approved proposal of kind 'highRiskFee' writes a version (high_risk_fee_versions, migration
 * 0097); before any, the tariff's HIGH_RISK_CLIENT_FEE.defaultAmount is in force. The monthly job
 * charges the amount in force when it charges (maintenance.ts).
 */

/** What makes a proposal's subject: one setting, so one proposal of it waits at a time. */
export const HIGH_RISK_FEE_SUBJECT = { subjectType: 'highRiskFee', subjectId: 'amount' } as const;

export interface HighRiskFeeInForce {
  /** EUR, as a decimal string ("100.00"). */
  amount: string;
  /** The version's id, or null while the tariff's default is in force. */
  versionId: string | null;
  since: Date | null;
}

export async function highRiskFeeInForce(db: Db): Promise<HighRiskFeeInForce> {
  const latest = await db.selectFrom('high_risk_fee_versions').select(['id', 'amount_eur', 'created_at']).orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!latest) return { amount: HIGH_RISK_CLIENT_FEE.defaultAmount, versionId: null, since: null };
  // NUMERIC reads back as text; written again at the currency's scale, whatever the driver gives.
  return { amount: formatMinor(decimalToMinor(String(latest.amount_eur), HIGH_RISK_CLIENT_FEE.currency), HIGH_RISK_CLIENT_FEE.currency), versionId: String(latest.id), since: latest.created_at };
}

/** The fee in force in EUR minor units: what the month's charge asks of each high-risk client. */
export async function highRiskFeeMinor(db: Db): Promise<bigint> {
  return decimalToMinor((await highRiskFeeInForce(db)).amount, HIGH_RISK_CLIENT_FEE.currency);
}

/** The payload of a proposal of `amount` (EUR, "120.00"), with the amount in force beside it; the amount in force already is a 409. */
export async function highRiskFeePayloadOf(db: Db, amount: string): Promise<HighRiskFeePayload> {
  const inForce = await highRiskFeeInForce(db);
  if (decimalToMinor(amount, HIGH_RISK_CLIENT_FEE.currency) === decimalToMinor(inForce.amount, HIGH_RISK_CLIENT_FEE.currency)) {
    throw new AppError('CONFLICT', { message: 'This is the high-risk service fee in force already', details: { reason: 'feeUnchanged' } });
  }
  return { amount, previous: inForce.amount, previousVersionId: inForce.versionId };
}

export const highRiskFeeApproval: ApprovalHandler<HighRiskFeePayload> = {
  payloadSchema: highRiskFeePayloadSchema,
  summary: (payload) => `${payload.previous} → ${payload.amount} ${HIGH_RISK_CLIENT_FEE.currency} a month`,
  async apply(trx, payload, context) {
    // One proposal waits at a time, so the amount it was compared with is still in force; were it
    // not, the checker would have approved a change against an amount they never saw.
    const inForce = await highRiskFeeInForce(trx);
    if (inForce.versionId !== payload.previousVersionId) {
      throw new AppError('CONFLICT', { message: 'The high-risk service fee has changed since this was proposed', details: { reason: 'feeChangedMeanwhile' } });
    }
    const version = await trx
      .insertInto('high_risk_fee_versions')
      .values({ amount_eur: payload.amount, approval_id: context.approvalId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { versionId: String(version.id), amount: payload.amount };
  },
};
