import { convertMinor, formatMinor, isCurrency, isDecimalText, parseAmount, ratioFromDecimal, type Currency, type RateQuote } from '@bank/contracts';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import type { EcbDailyRates } from './ecb';
import { bankCurrencyRates } from './ecb';
import { offeredRate, rateTableFrom, type RateTable } from './quote';
import { RATE_BASE_CURRENCY } from './settings';
import { SNAPSHOT_PER_EUR } from './snapshot';

/**
 * The rate source: the shipped snapshot, overridden per currency by rates stored in fx_rates
 * (set by operators in the back office or taken from the ECB file). Read on every quote so every
 * server instance offers the same rate.
 */
export async function loadRateTable(db: Db): Promise<RateTable> {
  const rows = await db.selectFrom('fx_rates').select(['currency', 'per_eur']).execute();
  const perEur: Record<Currency, string> = { ...SNAPSHOT_PER_EUR };
  for (const row of rows) {
    if (isCurrency(row.currency) && row.currency !== RATE_BASE_CURRENCY) perEur[row.currency] = row.per_eur;
  }
  return rateTableFrom(perEur);
}

/** A quote for `amount` of `from` in `to`: the offered rate and what an exchange would credit. */
export function quoteFrom(table: RateTable, from: Currency, to: Currency, amount: string): RateQuote {
  const parsed = parseAmount(amount, from);
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED', { fields: { amount: `validation.amount.${parsed.problem}` } });
  const rate = offeredRate(table, from, to);
  return {
    from,
    to,
    amount: formatMinor(parsed.minor, from),
    rate,
    convertedAmount: formatMinor(convertMinor(parsed.minor, from, to, rate), to),
  };
}

export async function quote(db: Db, from: Currency, to: Currency, amount: string): Promise<RateQuote> {
  return quoteFrom(await loadRateTable(db), from, to, amount);
}

function checkPerEur(currency: Currency, perEur: string): void {
  if (currency === RATE_BASE_CURRENCY) throw new AppError('VALIDATION_FAILED', { fields: { currency: 'validation.rate.baseCurrency' } });
  if (!isDecimalText(perEur) || ratioFromDecimal(perEur).numerator === 0n) {
    throw new AppError('VALIDATION_FAILED', { fields: { rate: 'validation.rate.invalid' } });
  }
}

/** An operator sets a currency's mid rate (units per 1 EUR); audited with the rate it replaced. */
export async function setOperatorRate(db: Db, change: { currency: Currency; perEur: string; operatorId: string; rateDate?: string }): Promise<void> {
  checkPerEur(change.currency, change.perEur);
  const before = await db.selectFrom('fx_rates').select(['per_eur', 'source']).where('currency', '=', change.currency).executeTakeFirst();
  await db
    .insertInto('fx_rates')
    .values({ currency: change.currency, per_eur: change.perEur, source: 'operator', rate_date: change.rateDate ?? null, updated_by: change.operatorId })
    .onConflict((conflict) =>
      conflict.column('currency').doUpdateSet({ per_eur: change.perEur, source: 'operator', rate_date: change.rateDate ?? null, updated_by: change.operatorId, updated_at: new Date() }),
    )
    .execute();
  await recordAudit(db, {
    actorType: 'operator',
    actorId: change.operatorId,
    action: 'rates.set',
    subjectType: 'currency',
    subjectId: change.currency,
    before: before ?? { perEur: SNAPSHOT_PER_EUR[change.currency], source: 'snapshot' },
    after: { perEur: change.perEur, source: 'operator' },
  });
}

/** Stores the ECB day's rates for the currencies the ECB quotes; answers the currencies updated. */
export async function applyEcbRates(db: Db, rates: EcbDailyRates): Promise<Currency[]> {
  const updated: Currency[] = [];
  for (const [code, perEur] of Object.entries(bankCurrencyRates(rates))) {
    const currency = code as Currency;
    checkPerEur(currency, perEur);
    await db
      .insertInto('fx_rates')
      .values({ currency, per_eur: perEur, source: 'ecb', rate_date: rates.date, updated_by: null })
      .onConflict((conflict) =>
        conflict.column('currency').doUpdateSet({ per_eur: perEur, source: 'ecb', rate_date: rates.date, updated_by: null, updated_at: new Date() }),
      )
      .execute();
    updated.push(currency);
  }
  await recordAudit(db, { actorType: 'system', action: 'rates.ecb', after: { date: rates.date, currencies: updated } });
  return updated;
}
