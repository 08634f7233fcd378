import { ratePercentOf, type DepositRateTable } from '@bank/contracts';
import { DEPOSIT_RATE_CELLS, depositRatesPayloadSchema, sameDepositRates, type DepositRatesPayload } from '@bank/contracts/backoffice/deposits';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import type { ApprovalHandler } from '../approvals';
import { depositRatesInForce } from './rate-table';

/**
 * A new deposit rate table as a four-eyes act (docs/bank-controls.md), proposed and checked by the roles that
 * re-price FX (the 'rates' area). Approving it writes a version of the table (deposit_rate_versions,
 * with the approval's id); the deposits already open keep the rate they copied when they opened.
 */

/** What makes a proposal's subject: one table, so one proposal of it waits at a time. */
export const DEPOSIT_RATES_SUBJECT = { subjectType: 'depositRates', subjectId: 'table' } as const;

/** The cells that change, as one line in no language: "withHistory EUR 11.00% → 11.50%; …". */
function changedCells(previous: DepositRateTable, rates: DepositRateTable): string {
  const changed = DEPOSIT_RATE_CELLS.filter(({ tier, currency }) => previous[tier][currency] !== rates[tier][currency]);
  return changed.map(({ tier, currency }) => `${tier} ${currency} ${ratePercentOf(previous[tier][currency])}% → ${ratePercentOf(rates[tier][currency])}%`).join('; ');
}

/**
 * The payload of a proposal of `rates`, with the table in force beside it. A table equal to the
 * one in force changes nothing: it is refused before anything is proposed.
 */
export async function depositRatesPayloadOf(db: Db, rates: DepositRateTable): Promise<DepositRatesPayload> {
  const inForce = await depositRatesInForce(db);
  if (sameDepositRates(inForce.rates, rates)) {
    throw new AppError('CONFLICT', { message: 'These are the deposit rates in force already', details: { reason: 'ratesUnchanged' } });
  }
  return { rates, previous: inForce.rates, previousVersionId: inForce.versionId };
}

export const depositRatesApproval: ApprovalHandler<DepositRatesPayload> = {
  payloadSchema: depositRatesPayloadSchema,
  summary: (payload) => changedCells(payload.previous, payload.rates),
  async apply(trx, payload, context) {
    // One proposal of the table waits at a time, so the table it was compared with is still in
    // force; were it not, the checker would have approved a change against a table they never saw.
    const inForce = await depositRatesInForce(trx);
    if (inForce.versionId !== payload.previousVersionId) {
      throw new AppError('CONFLICT', { message: 'The deposit rates have changed since this was proposed', details: { reason: 'ratesChangedMeanwhile' } });
    }
    const version = await trx
      .insertInto('deposit_rate_versions')
      .values({ rates: JSON.stringify(payload.rates), approval_id: context.approvalId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { versionId: String(version.id) };
  },
};
