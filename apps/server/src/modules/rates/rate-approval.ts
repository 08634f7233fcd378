import { isCurrency, type Currency } from '@bank/contracts';
import { MAX_SPREAD_BASIS_POINTS } from '@bank/contracts/backoffice/rates';
import { z } from 'zod';
import type { Db } from '../../db';
import type { ApprovalHandler } from '../approvals';
import { pastFreeBand } from './bounds';
import { assertRateWithinBounds, listRates, rateReference, setOperatorRate, setSpread } from './service';

/**
 * Re-pricing as four-eyes acts: a mid rate moved more than RATE_CHANGE_FREE_PERCENT from the last
 * ECB reference, and any change of the spread, are applied only when a second admin approves. The
 * rate's bounds are checked again when applied (setOperatorRate), against the reference as it
 * stands then.
 */
export const ratePayloadSchema = z.object({
  currency: z.string().refine(isCurrency).transform((value) => value as Currency),
  perEur: z.string(),
  /** The rate in use and the ECB reference when proposed, for the checker's eyes. */
  previous: z.string(),
  reference: z.string(),
});
export type RatePayload = z.output<typeof ratePayloadSchema>;

export const rateApproval: ApprovalHandler<RatePayload> = {
  payloadSchema: ratePayloadSchema,
  summary: (payload) => `EUR/${payload.currency} ${payload.previous} → ${payload.perEur} (ECB ${payload.reference})`,
  async apply(trx, payload, context) {
    await setOperatorRate(trx, { currency: payload.currency, perEur: payload.perEur, operatorId: context.checkerId });
    return { currency: payload.currency, perEur: payload.perEur };
  },
};

export const spreadPayloadSchema = z.object({ basisPoints: z.number().int().min(0).max(MAX_SPREAD_BASIS_POINTS), previous: z.number().int() });
export type SpreadPayload = z.output<typeof spreadPayloadSchema>;

export const spreadApproval: ApprovalHandler<SpreadPayload> = {
  payloadSchema: spreadPayloadSchema,
  summary: (payload) => `${payload.previous} bp → ${payload.basisPoints} bp`,
  async apply(trx, payload, context) {
    await setSpread(trx, payload.basisPoints, context.checkerId);
    return { basisPoints: payload.basisPoints };
  },
};

/**
 * Whether a new mid rate for `currency` needs a second admin: it does when it lies more than
 * RATE_CHANGE_FREE_PERCENT from the last ECB reference. Out-of-bounds rates are refused here, before
 * anything is proposed.
 */
export async function movesPastReference(db: Db, currency: Currency, perEur: string): Promise<{ past: boolean; previous: string; reference: string }> {
  const reference = await rateReference(db, currency);
  assertRateWithinBounds(currency, perEur, reference);
  const previous = (await listRates(db)).rates.find((row) => row.currency === currency)?.perEur ?? reference;
  return { past: pastFreeBand(perEur, reference), previous, reference };
}
