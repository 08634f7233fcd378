import { CURRENCIES, isCurrency, isDecimalText } from '@bank/contracts';
import { z } from 'zod';
import type { Db } from '../../db';
import type { ApprovalHandler } from '../approvals';
import { bankCurrencyRates, type EcbDailyRates } from './ecb';
import { checkEcbFileFrom, listRates, loadEcbFile } from './service';

/**
 * An ECB file uploaded by hand, as a four-eyes act (docs/bank-controls.md#approvals-four-eyes): only
 * the refresh job's feed loads a file alone. The file is checked when proposed and again when a
 * second admin approves it, in the approving transaction (service.ts loadEcbFile): the same bounds,
 * band and same-day rules, then stored in the approver's name and audited.
 */
const ratesOfCurrencies = z
  .record(z.string(), z.string())
  .refine((rates) => Object.entries(rates).every(([currency, perEur]) => isCurrency(currency) && currency !== 'EUR' && isDecimalText(perEur)), 'validation.ecbFile.invalid');

export const ecbFilePayloadSchema = z.object({
  /** The file's business day, YYYY-MM-DD. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** The file's rates for the currencies the bank keeps, units per 1 EUR as the ECB wrote them. */
  perEur: ratesOfCurrencies,
  /** The rates in use when proposed, of the same currencies, for the checker's eyes. */
  inUse: ratesOfCurrencies,
});
export type EcbFilePayload = z.output<typeof ecbFilePayloadSchema>;

/**
 * What a proposal of a hand-loaded file keeps: its day, its rates and the rates in use they would
 * replace. A file that approving would refuse is refused now, with the same 400 on `xml`.
 */
export async function proposedEcbFile(db: Db, rates: EcbDailyRates, now: Date): Promise<EcbFilePayload> {
  await checkEcbFileFrom(db, rates, 'upload', now);
  const perEur: Record<string, string> = { ...bankCurrencyRates(rates) };
  const inUseNow = new Map<string, string>((await listRates(db)).rates.map((row) => [row.currency, row.perEur]));
  const inUse: Record<string, string> = {};
  for (const currency of Object.keys(perEur)) {
    const rate = inUseNow.get(currency);
    if (rate !== undefined) inUse[currency] = rate;
  }
  return { date: rates.date, perEur, inUse };
}

export const ecbFileApproval: ApprovalHandler<EcbFilePayload> = {
  payloadSchema: ecbFilePayloadSchema,
  // In the order of the bank's currencies: the stored payload's keys come back in the database's order.
  summary: (payload) =>
    `ECB ${payload.date}: ${CURRENCIES.filter((currency) => payload.perEur[currency] !== undefined).map((currency) => `${currency} ${payload.perEur[currency]}`).join(', ')}`,
  async apply(trx, payload, context) {
    const loaded = await loadEcbFile(
      trx,
      { date: payload.date, perEur: payload.perEur },
      { origin: 'upload', operatorId: context.checkerId, approvalId: context.approvalId },
      context.deps.clock.now(),
    );
    return { date: loaded.date, currencies: loaded.currencies };
  },
};
