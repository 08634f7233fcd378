import type { RatesResponse } from '@bank/contracts/backoffice/rates';
import { CURRENCIES, convertMinor, formatMinor, isCurrency, isDecimalText, parseAmount, ratioFromDecimal, type Currency, type RateQuote } from '@bank/contracts';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import type { EcbDailyRates } from './ecb';
import { bankCurrencyRates } from './ecb';
import { offeredRate, rateTableFrom, type RateTable } from './quote';
import { EXCHANGE_SPREAD_BASIS_POINTS, RATE_BASE_CURRENCY } from './settings';
import { SNAPSHOT_PER_EUR } from './snapshot';

/**
 * The rate source: the shipped snapshot, overridden per currency by rates stored in fx_rates
 * (set by operators in the back office or taken from the ECB file). Read on every quote so every
 * server instance offers the same rate.
 */
export async function loadRateTable(db: Db): Promise<RateTable> {
  const [rows, settings] = await Promise.all([
    db.selectFrom('fx_rates').select(['currency', 'per_eur']).execute(),
    db.selectFrom('rate_settings').select('spread_basis_points').executeTakeFirst(),
  ]);
  const perEur: Record<Currency, string> = { ...SNAPSHOT_PER_EUR };
  for (const row of rows) {
    if (isCurrency(row.currency) && row.currency !== RATE_BASE_CURRENCY) perEur[row.currency] = row.per_eur;
  }
  return rateTableFrom(perEur, settings ? BigInt(settings.spread_basis_points) : EXCHANGE_SPREAD_BASIS_POINTS);
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
export async function applyEcbRates(db: Db, rates: EcbDailyRates, operatorId: string | null = null): Promise<Currency[]> {
  const updated: Currency[] = [];
  for (const [code, perEur] of Object.entries(bankCurrencyRates(rates))) {
    const currency = code as Currency;
    checkPerEur(currency, perEur);
    await db
      .insertInto('fx_rates')
      .values({ currency, per_eur: perEur, source: 'ecb', rate_date: rates.date, updated_by: operatorId })
      .onConflict((conflict) =>
        conflict.column('currency').doUpdateSet({ per_eur: perEur, source: 'ecb', rate_date: rates.date, updated_by: operatorId, updated_at: new Date() }),
      )
      .execute();
    updated.push(currency);
  }
  await recordAudit(db, {
    actorType: operatorId ? 'operator' : 'system',
    actorId: operatorId,
    action: 'rates.ecb',
    subjectType: 'rates',
    subjectId: rates.date,
    after: { date: rates.date, currencies: updated },
  });
  return updated;
}

/** The rate table as the back office shows it: every currency's mid rate per 1 EUR and where it comes from. */
export async function listRates(db: Db): Promise<RatesResponse> {
  const [rows, table] = await Promise.all([
    db.selectFrom('fx_rates').select(['currency', 'per_eur', 'source', 'rate_date', 'updated_at']).execute(),
    loadRateTable(db),
  ]);
  const stored = new Map(rows.map((row) => [row.currency, row]));
  const dateText = (value: Date | string | null) => (value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));
  return {
    spreadBasisPoints: Number(table.spreadBasisPoints),
    rates: CURRENCIES.filter((currency) => currency !== RATE_BASE_CURRENCY).map((currency) => {
      const row = stored.get(currency);
      return row
        ? { currency, perEur: row.per_eur, source: row.source, rateDate: dateText(row.rate_date), updatedAt: row.updated_at.toISOString() }
        : { currency, perEur: SNAPSHOT_PER_EUR[currency], source: 'snapshot' as const, rateDate: null, updatedAt: null };
    }),
  };
}

/** An admin sets the spread on exchange; the exchange screen offers it at once. */
export async function setSpread(db: Db, basisPoints: number, operatorId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('rate_settings').select('spread_basis_points').forUpdate().executeTakeFirst();
    await trx
      .insertInto('rate_settings')
      .values({ id: true, spread_basis_points: basisPoints, updated_by: operatorId })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ spread_basis_points: basisPoints, updated_by: operatorId, updated_at: new Date() }))
      .execute();
    await recordAudit(trx, {
      actorType: 'operator',
      actorId: operatorId,
      action: 'rates.spread',
      subjectType: 'rates',
      subjectId: 'spread',
      before: { basisPoints: before ? before.spread_basis_points : Number(EXCHANGE_SPREAD_BASIS_POINTS) },
      after: { basisPoints },
    });
  });
}
