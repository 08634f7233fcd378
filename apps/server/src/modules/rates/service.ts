import type { RatesResponse } from '@bank/contracts/backoffice/rates';
import { CURRENCIES, convertMinor, formatMinor, isCurrency, isDecimalText, parseAmount, ratioFromDecimal, type Currency, type RateQuote } from '@bank/contracts';
import { RATE_CHANGE_FREE_PERCENT } from '@bank/contracts/backoffice/approvals';
import type { Db } from '../../db';
import { sql } from 'kysely';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { assertRateWithinBounds, pastFreeBand, RATE_BOUND_FACTOR, rateBoundsProblem } from './bounds';
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
 * Where an ECB file comes from (docs/bank-controls.md#limits). Only the refresh job's feed
 * (ECB_RATES_URL) loads a file alone; a file an admin uploads is a proposal (ecb-file-approval.ts),
 * loaded when a second admin approves it, in that admin's name.
 */
export type EcbSource = { origin: 'feed' } | { origin: 'upload'; operatorId: string; approvalId?: string };
export const ECB_FEED: EcbSource = { origin: 'feed' };

/** A currency's ECB rates as stored: its reference (the last ECB rate, whoever loaded it) and the feed's last rate, days as YYYY-MM-DD. */
interface StoredEcbRate {
  ecbPerEur: string | null;
  ecbRateDate: string | null;
  feedPerEur: string | null;
  feedRateDate: string | null;
}

async function storedEcbRates(db: Db): Promise<Map<string, StoredEcbRate>> {
  const rows = await db
    .selectFrom('fx_rates')
    .select(['currency', 'ecb_per_eur', 'feed_per_eur', sql<string | null>`ecb_rate_date::text`.as('ecb_day'), sql<string | null>`feed_rate_date::text`.as('feed_day')])
    .execute();
  return new Map(rows.map((row) => [row.currency, { ecbPerEur: row.ecb_per_eur, ecbRateDate: row.ecb_day, feedPerEur: row.feed_per_eur, feedRateDate: row.feed_day }]));
}

/** Whether a currency's ECB reference came from a file loaded by hand: its day is not the day of the feed's last rate. */
function loadedByHand(row: StoredEcbRate): boolean {
  return row.ecbRateDate !== null && row.ecbRateDate !== row.feedRateDate;
}

/** A decimal without the zeros that end its fraction, so that 1.0800 and 1.08 compare equal. */
function normalDecimal(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal;
}

/** What checking an ECB file found, besides its refusals. */
export interface EcbFileCheck {
  /** The newest ECB day stored before the file. */
  newest: string | null;
  /** Rates of the file's day that were loaded by hand and that the feed's file replaces: each currency's hand and feed rate. */
  replacedHandRates: Array<{ currency: Currency; hand: string; feed: string }>;
  /** Currencies the feed quotes for the first time: each checked within the bounds of the shipped snapshot. */
  firstFeedRates: Array<{ currency: Currency; snapshot: string; feed: string }>;
}

function refuseFile(fieldKey: string, message: string, details: Record<string, unknown>): never {
  throw new AppError('VALIDATION_FAILED', { message, fields: { xml: fieldKey }, details });
}

/**
 * Refuses, with a 400 on `xml` and nothing stored:
 * - a file dated after today (UTC), which would make every genuine file "older" from then on;
 * - one dated before the newest ECB rates stored (the same day again is taken);
 * - one that changes a rate stored for its day. The day's file again is taken only as it was, else
 *   rates could be walked in steps of the free band by loading a day over and over. The one
 *   exception is the feed's own file for a day whose rates were loaded by hand: the feed's file
 *   replaces them (listed in `replacedHandRates`, audited by the caller). A file loaded by hand never
 *   replaces rates of its day, whoever loaded them: a wrong hand file is corrected by the feed's file
 *   of that day, or rate by rate through the four-eyes rate change;
 * - one with a rate past its reference's free band (RATE_CHANGE_FREE_PERCENT), since the file sets the
 *   reference too and a larger move is made rate by rate through the four-eyes rate change. A hand
 *   file is measured against the ECB reference (its last ECB rate, else the snapshot); the feed
 *   against its own last rate, so that no hand file can make the feed's genuine file look wrong. A
 *   currency the feed never quoted takes its first feed rate within RATE_BOUND_FACTOR of the shipped
 *   snapshot (bounds.ts): the snapshot is a rate of the day it shipped, not a reference to hold a
 *   real day to 2 % of.
 */
async function checkEcbFile(trx: Db, rates: EcbDailyRates, quoted: ReadonlyArray<[Currency, string]>, today: string, origin: EcbSource['origin']): Promise<EcbFileCheck> {
  if (rates.date > today) refuseFile('validation.ecbFile.future', `The file is of ${rates.date}, after today ${today}`, { date: rates.date, today });
  const stored = await storedEcbRates(trx);
  const newest = [...stored.values()].reduce<string | null>((latest, row) => (row.ecbRateDate !== null && (latest === null || row.ecbRateDate > latest) ? row.ecbRateDate : latest), null);
  if (newest !== null && rates.date < newest) {
    refuseFile('validation.ecbFile.older', `The file is of ${rates.date}; the rates in use are of ${newest}`, { date: rates.date, newest });
  }

  const changed: Currency[] = [];
  const replacedHandRates: EcbFileCheck['replacedHandRates'] = [];
  for (const [currency, perEur] of quoted) {
    const row = stored.get(currency);
    if (!row || row.ecbRateDate !== rates.date || row.ecbPerEur === null || normalDecimal(row.ecbPerEur) === normalDecimal(perEur)) continue;
    if (origin === 'feed' && loadedByHand(row)) replacedHandRates.push({ currency, hand: row.ecbPerEur, feed: perEur });
    else changed.push(currency);
  }
  if (changed.length > 0) {
    refuseFile('validation.ecbFile.dayChanged', `The rates of ${rates.date} are stored already and this file changes ${changed.join(', ')}`, {
      date: rates.date,
      currencies: changed,
    });
  }

  const outside: Array<{ currency: Currency; rate: string; reference: string }> = [];
  const outOfBounds: Array<{ currency: Currency; rate: string; reference: string }> = [];
  const firstFeedRates: EcbFileCheck['firstFeedRates'] = [];
  for (const [currency, perEur] of quoted) {
    const row = stored.get(currency);
    if (origin === 'upload') {
      const reference = row?.ecbPerEur ?? SNAPSHOT_PER_EUR[currency];
      if (pastFreeBand(perEur, reference)) outside.push({ currency, rate: perEur, reference });
    } else if (row?.feedPerEur) {
      if (pastFreeBand(perEur, row.feedPerEur)) outside.push({ currency, rate: perEur, reference: row.feedPerEur });
    } else {
      const snapshot = SNAPSHOT_PER_EUR[currency];
      if (rateBoundsProblem(perEur, snapshot) === null) firstFeedRates.push({ currency, snapshot, feed: perEur });
      else outOfBounds.push({ currency, rate: perEur, reference: snapshot });
    }
  }
  if (outOfBounds.length > 0) {
    refuseFile(
      'validation.ecbFile.rateOutOfBounds',
      `The file's first rates for ${outOfBounds.map((row) => `${row.currency} ${row.rate}`).join(', ')} are not within ${RATE_BOUND_FACTOR} times the shipped snapshot`,
      { currencies: outOfBounds.map((row) => row.currency), rates: outOfBounds },
    );
  }
  if (outside.length > 0) {
    refuseFile(
      'validation.ecbFile.outsideBand',
      `The file moves ${outside.map((row) => `${row.currency} ${row.reference} → ${row.rate}`).join(', ')}, more than ${RATE_CHANGE_FREE_PERCENT} % from the ECB reference`,
      { currencies: outside.map((row) => row.currency), rates: outside },
    );
  }
  return { newest, replacedHandRates, firstFeedRates };
}

/** The file's rates for the currencies the bank keeps, each a positive decimal (else a 400). */
function quotedRates(rates: EcbDailyRates): Array<[Currency, string]> {
  const quoted = Object.entries(bankCurrencyRates(rates)) as Array<[Currency, string]>;
  for (const [currency, perEur] of quoted) checkPerEur(currency, perEur);
  return quoted;
}

/**
 * Checks an ECB file as loading it from `origin` would, storing nothing: a hand file is checked when
 * it is proposed, so a file that approving would refuse is refused at once. `now` is the bank clock's.
 */
export async function checkEcbFileFrom(db: Db, rates: EcbDailyRates, origin: EcbSource['origin'], now: Date): Promise<EcbFileCheck> {
  return checkEcbFile(db, rates, quotedRates(rates), now.toISOString().slice(0, 10), origin);
}

/** What loading an ECB file did. */
export interface EcbFileLoaded extends EcbFileCheck {
  date: string;
  /** The currencies it set, as the rates in use and as their references. */
  currencies: Currency[];
}

/**
 * Stores the ECB day's rates for the currencies the ECB quotes, as the rates in use and as their
 * references, after checking the file (checkEcbFile); audited, with a row for the hand-loaded rates
 * the feed replaced and one for the feed's first rates. `now` is the bank clock's: what today is,
 * and when a newer day was loaded (freshness.ts).
 */
export async function loadEcbFile(db: Db, rates: EcbDailyRates, source: EcbSource, now: Date = new Date()): Promise<EcbFileLoaded> {
  const quoted = quotedRates(rates);
  return writingRates(db, async (trx) => {
    const check = await checkEcbFile(trx, rates, quoted, now.toISOString().slice(0, 10), source.origin);
    // Only a newer day makes the rates younger (freshness.ts): the same file again proves nothing new.
    if (check.newest === null || rates.date > check.newest) await markRatesLoaded(trx, now);
    const fromFeed = source.origin === 'feed';
    const currencies: Currency[] = [];
    for (const [currency, perEur] of quoted) {
      const stored = {
        per_eur: perEur,
        source: 'ecb' as const,
        rate_date: rates.date,
        ecb_per_eur: perEur,
        ecb_rate_date: rates.date,
        updated_by: source.origin === 'upload' ? source.operatorId : null,
        ...(fromFeed ? { feed_per_eur: perEur, feed_rate_date: rates.date } : {}),
      };
      await trx
        .insertInto('fx_rates')
        .values({ currency, ...stored })
        .onConflict((conflict) => conflict.column('currency').doUpdateSet({ ...stored, updated_at: new Date() }))
        .execute();
      currencies.push(currency);
    }
    await recordEcbAudit(trx, rates.date, source, currencies, check);
    return { date: rates.date, currencies, ...check };
  });
}

/** Loads an ECB file (loadEcbFile), as the feed's unless told otherwise, and answers the currencies it set. */
export async function applyEcbRates(db: Db, rates: EcbDailyRates, source: EcbSource = ECB_FEED, now: Date = new Date()): Promise<Currency[]> {
  return (await loadEcbFile(db, rates, source, now)).currencies;
}

async function recordEcbAudit(db: Db, date: string, source: EcbSource, currencies: Currency[], check: EcbFileCheck): Promise<void> {
  const actor = source.origin === 'upload' ? { actorType: 'operator' as const, actorId: source.operatorId } : { actorType: 'system' as const, actorId: null };
  const approval = source.origin === 'upload' && source.approvalId ? { approvalId: source.approvalId } : {};
  await recordAudit(db, { ...actor, action: 'rates.ecb', subjectType: 'rates', subjectId: date, after: { date, currencies, origin: source.origin, ...approval } });
  if (check.replacedHandRates.length > 0) {
    await recordAudit(db, {
      ...actor,
      action: 'rates.ecbHandReplaced',
      subjectType: 'rates',
      subjectId: date,
      before: { perEur: Object.fromEntries(check.replacedHandRates.map((row) => [row.currency, row.hand])), origin: 'upload' },
      after: { perEur: Object.fromEntries(check.replacedHandRates.map((row) => [row.currency, row.feed])), origin: 'feed', rates: check.replacedHandRates },
    });
  }
  if (check.firstFeedRates.length > 0) {
    await recordAudit(db, {
      ...actor,
      action: 'rates.ecbFirstRate',
      subjectType: 'rates',
      subjectId: date,
      before: { perEur: Object.fromEntries(check.firstFeedRates.map((row) => [row.currency, row.snapshot])), source: 'snapshot' },
      after: { perEur: Object.fromEntries(check.firstFeedRates.map((row) => [row.currency, row.feed])), origin: 'feed', rates: check.firstFeedRates },
    });
  }
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
