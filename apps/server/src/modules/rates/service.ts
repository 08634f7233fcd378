import type { RatesResponse } from '@bank/contracts/backoffice/rates';
import { CURRENCIES, convertMinor, formatMinor, isCurrency, isDecimalText, parseAmount, ratioFromDecimal, type Currency, type RateQuote } from '@bank/contracts';
import { RATE_CHANGE_FREE_PERCENT } from '@bank/contracts/backoffice/approvals';
import type { Db } from '../../db';
import { sql } from 'kysely';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { assertRateWithinBounds, pastFreeBand } from './bounds';
import type { EcbDailyRates } from './ecb';
import { bankCurrencyRates } from './ecb';
import { markRatesLoaded } from './freshness';
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

export { assertRateWithinBounds } from './bounds';

/**
 * The ECB reference of a currency, units per 1 EUR: its last ECB rate if one was ever loaded (kept
 * when an operator's rate replaces the rate in use), else the shipped snapshot's. Rates are checked
 * against it (bounds.ts).
 */
export async function rateReference(db: Db, currency: Currency): Promise<string> {
  if (currency === RATE_BASE_CURRENCY) return '1';
  const row = await db.selectFrom('fx_rates').select('ecb_per_eur').where('currency', '=', currency).executeTakeFirst();
  return row?.ecb_per_eur ?? SNAPSHOT_PER_EUR[currency];
}

/**
 * The ECB references as a rate table (the last ECB rate of each currency, else the shipped
 * snapshot): what an admin cannot move alone, for the limits that must not follow a rate one admin set.
 */
export async function loadReferenceTable(db: Db): Promise<RateTable> {
  const rows = await db.selectFrom('fx_rates').select(['currency', 'ecb_per_eur']).execute();
  const perEur: Record<Currency, string> = { ...SNAPSHOT_PER_EUR };
  for (const row of rows) {
    if (isCurrency(row.currency) && row.currency !== RATE_BASE_CURRENCY && row.ecb_per_eur) perEur[row.currency] = row.ecb_per_eur;
  }
  return rateTableFrom(perEur);
}

/** An arbitrary constant: the advisory lock that makes rate writes, and the reads they check against, take turns. */
const RATE_WRITE_LOCK_ID = 727_073;

/** Runs `work` in the caller's transaction, or in one of its own, holding the rate-write lock. */
async function writingRates<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const locked = async (trx: Db) => {
    await sql`select pg_advisory_xact_lock(${RATE_WRITE_LOCK_ID})`.execute(trx);
    return work(trx);
  };
  return db.isTransaction ? locked(db) : db.transaction().execute(locked);
}

/**
 * An operator sets a currency's mid rate (units per 1 EUR), within RATE_BOUND_FACTOR of its ECB
 * reference (else a 400 on `rate`); audited with the rate it replaced. The ECB reference stays.
 */
export async function setOperatorRate(db: Db, change: { currency: Currency; perEur: string; operatorId: string; rateDate?: string }): Promise<void> {
  checkPerEur(change.currency, change.perEur);
  await writingRates(db, async (trx) => {
    assertRateWithinBounds(change.currency, change.perEur, await rateReference(trx, change.currency));
    await storeOperatorRate(trx, change);
  });
}

async function storeOperatorRate(db: Db, change: { currency: Currency; perEur: string; operatorId: string; rateDate?: string }): Promise<void> {
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

/**
 * Refuses an ECB file dated after today (UTC), which would make every genuine file "older" from then
 * on; one dated before the newest ECB rates stored (the same day again is taken); and one with a rate
 * more than RATE_CHANGE_FREE_PERCENT from its currency's reference, since the file sets the reference
 * too and one admin alone could otherwise re-price a currency at will (real ECB days move far less;
 * a larger move is made rate by rate through the four-eyes rate change). A 400 on `xml`, nothing
 * stored.
 */
async function checkEcbFile(trx: Db, rates: EcbDailyRates, quoted: ReadonlyArray<[Currency, string]>, today: string): Promise<{ newest: string | null }> {
  if (rates.date > today) {
    throw new AppError('VALIDATION_FAILED', {
      message: `The file is of ${rates.date}, after today ${today}`,
      fields: { xml: 'validation.ecbFile.future' },
      details: { date: rates.date, today },
    });
  }
  const { newest } = await trx.selectFrom('fx_rates').select(sql<string | null>`max(ecb_rate_date)::text`.as('newest')).executeTakeFirstOrThrow();
  if (newest !== null && rates.date < newest) {
    throw new AppError('VALIDATION_FAILED', {
      message: `The file is of ${rates.date}; the rates in use are of ${newest}`,
      fields: { xml: 'validation.ecbFile.older' },
      details: { date: rates.date, newest },
    });
  }
  // The same day again is taken only as it was: a day's file that changes a rate stored for that
  // day would let one admin walk a rate in steps of the free band by uploading it over and over.
  if (newest !== null && rates.date === newest) {
    const storedOfDay = await trx.selectFrom('fx_rates').select(['currency', 'ecb_per_eur']).where(sql<boolean>`ecb_rate_date = ${rates.date}::date`).execute();
    const normal = (decimal: string) => (decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal);
    const changed = quoted.filter(([currency, perEur]) => {
      const stored = storedOfDay.find((row) => row.currency === currency)?.ecb_per_eur;
      return stored !== undefined && stored !== null && normal(stored) !== normal(perEur);
    });
    if (changed.length > 0) {
      throw new AppError('VALIDATION_FAILED', {
        message: `The rates of ${rates.date} are stored already and this file changes ${changed.map(([currency]) => currency).join(', ')}`,
        fields: { xml: 'validation.ecbFile.dayChanged' },
        details: { date: rates.date, currencies: changed.map(([currency]) => currency) },
      });
    }
  }
  const outside: Array<{ currency: Currency; rate: string; reference: string }> = [];
  for (const [currency, perEur] of quoted) {
    const reference = await rateReference(trx, currency);
    if (pastFreeBand(perEur, reference)) outside.push({ currency, rate: perEur, reference });
  }
  if (outside.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      message: `The file moves ${outside.map((row) => `${row.currency} ${row.reference} → ${row.rate}`).join(', ')}, more than ${RATE_CHANGE_FREE_PERCENT} % from the ECB reference`,
      fields: { xml: 'validation.ecbFile.outsideBand' },
      details: { currencies: outside.map((row) => row.currency), rates: outside },
    });
  }
  return { newest };
}

/**
 * Stores the ECB day's rates for the currencies the ECB quotes, as the rates in use and as their
 * references; answers the currencies updated. The file is checked first (checkEcbFile). `now` is
 * the bank clock's: what today is, and when a newer day was loaded (freshness.ts).
 */
export async function applyEcbRates(db: Db, rates: EcbDailyRates, operatorId: string | null = null, now: Date = new Date()): Promise<Currency[]> {
  const quoted = Object.entries(bankCurrencyRates(rates)) as Array<[Currency, string]>;
  for (const [currency, perEur] of quoted) checkPerEur(currency, perEur);
  return writingRates(db, async (trx) => {
    const { newest } = await checkEcbFile(trx, rates, quoted, now.toISOString().slice(0, 10));
    // Only a newer day makes the rates younger (freshness.ts): the same file again proves nothing new.
    if (newest === null || rates.date > newest) await markRatesLoaded(trx, now);
    const updated: Currency[] = [];
    for (const [currency, perEur] of quoted) {
      const stored = { per_eur: perEur, source: 'ecb' as const, rate_date: rates.date, ecb_per_eur: perEur, ecb_rate_date: rates.date, updated_by: operatorId };
      await trx
        .insertInto('fx_rates')
        .values({ currency, ...stored })
        .onConflict((conflict) => conflict.column('currency').doUpdateSet({ ...stored, updated_at: new Date() }))
        .execute();
      updated.push(currency);
    }
    await recordEcbAudit(trx, rates, operatorId, updated);
    return updated;
  });
}

async function recordEcbAudit(db: Db, rates: EcbDailyRates, operatorId: string | null, updated: Currency[]): Promise<void> {
  await recordAudit(db, {
    actorType: operatorId ? 'operator' : 'system',
    actorId: operatorId,
    action: 'rates.ecb',
    subjectType: 'rates',
    subjectId: rates.date,
    after: { date: rates.date, currencies: updated },
  });
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

/**
 * Sets the spread on exchange, which the exchange screen offers at once. A spread change is a
 * four-eyes act: it runs in the approving transaction (`trx`), which makes it atomic.
 */
export async function setSpread(trx: Db, basisPoints: number, operatorId: string): Promise<void> {
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
}
