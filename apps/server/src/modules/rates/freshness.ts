import type { Config } from '../../config';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import type { BankClock } from '../jobs';

/**
 * How old the rates in use may be before nothing is priced on them (docs/time.md). Their age runs
 * from when they were loaded (table rate_freshness): a newer ECB day stored, by the refresh job or
 * an operator's upload, or, until the first one, the shipped snapshot put into service. Measured by
 * the bank's clock, so a request and a job agree, and tests move it.
 *
 * The load, not the ECB date, is what counts: the ECB publishes nothing on weekends and holidays,
 * and RATES_MAX_AGE_HOURS (96 by default) is meant to cover them; a file re-read with nothing new
 * in it does not make its rates younger.
 */
export async function ratesLoadedAt(db: Db): Promise<Date> {
  const row = await db.selectFrom('rate_freshness').select('loaded_at').executeTakeFirst();
  // The migration writes the one row; without it the rates are as old as can be.
  return row ? new Date(row.loaded_at) : new Date(0);
}

/** Records that newer rates were loaded at `at` (in the transaction that stores them). */
export async function markRatesLoaded(trx: Db, at: Date): Promise<void> {
  await trx
    .insertInto('rate_freshness')
    .values({ id: true, loaded_at: at })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ loaded_at: at }))
    .execute();
}

/** What tells the rates' age: the clock it is measured by and the age allowed. */
export interface RatesAgeLimit {
  clock: BankClock;
  config: Pick<Config, 'time'>;
}

/** When the rates in use were loaded, and whether that is more than `config.time.ratesMaxAgeHours` before the clock's now. */
async function ratesAge(db: Db, limit: RatesAgeLimit): Promise<{ loadedAt: Date; stale: boolean }> {
  const loadedAt = await ratesLoadedAt(db);
  const ageMs = limit.clock.now().getTime() - loadedAt.getTime();
  return { loadedAt, stale: ageMs > limit.config.time.ratesMaxAgeHours * 3_600_000 };
}

/** Whether nothing may be priced on the rates in use now: for a job that waits, rather than refuses, while they are stale. */
export async function ratesAreStale(db: Db, limit: RatesAgeLimit): Promise<boolean> {
  return (await ratesAge(db, limit)).stale;
}

/**
 * Refuses, with a 503 RATES_STALE, anything priced on rates loaded more than
 * `config.time.ratesMaxAgeHours` before the clock's now. Called where a quote or an operation priced
 * on rates comes in: the quotes, exchange, transfers abroad, crypto transfers and conversions, the
 * back office's incoming payments, a withdrawal's fee in another currency, and a scheduled transfer
 * abroad when it runs.
 */
export async function refuseStaleRates(deps: { db: Db } & RatesAgeLimit): Promise<void> {
  const { loadedAt, stale } = await ratesAge(deps.db, deps);
  if (!stale) return;
  const maxAgeHours = deps.config.time.ratesMaxAgeHours;
  throw new AppError('RATES_STALE', {
    message: `The exchange rates in use were loaded at ${loadedAt.toISOString()}, more than ${maxAgeHours} hours ago`,
    details: { loadedAt: loadedAt.toISOString(), maxAgeHours },
  });
}
