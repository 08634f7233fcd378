import { isCurrency, type Currency } from '@bank/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { rateTableFrom, type RateTable } from './quote';
import { RATE_BASE_CURRENCY } from './settings';
import { SNAPSHOT_PER_EUR } from './snapshot';

/**
 * The mid rates in force at each of `instants` (ascending): for every currency, the last rate
 * written to fx_rates before the instant (migration 0091 records each), or the shipped snapshot
 * where none was, or where the stored one had been removed. A currency's rates before its history
 * begins (migration 0091 records those stored then as in force since they were last written) are
 * not known: those instants get the snapshot, as a new installation would. The spread is not read:
 * these tables value balances at the mid rate and are not for pricing an exchange.
 *
 * One query: each currency's last row before the first instant, and the rows between the first
 * and the last.
 */
export async function rateTablesAt(db: Db, instants: readonly Date[]): Promise<RateTable[]> {
  if (instants.length === 0) return [];
  const first = instants[0]!;
  const last = instants[instants.length - 1]!;
  const { rows } = await sql<{ currency: string; per_eur: string | null; valid_from: Date }>`
    select currency, per_eur::text as per_eur, valid_from, id from (
      select distinct on (currency) currency, per_eur, valid_from, id from fx_rate_history
      where valid_from < ${first} order by currency, valid_from desc, id desc
    ) before_first
    union all
    select currency, per_eur::text, valid_from, id from fx_rate_history where valid_from >= ${first} and valid_from < ${last}
    order by valid_from, id`.execute(db);
  const perEur: Record<Currency, string> = { ...SNAPSHOT_PER_EUR };
  const tables: RateTable[] = [];
  let next = 0;
  for (const instant of instants) {
    while (next < rows.length && new Date(rows[next]!.valid_from) < instant) {
      const row = rows[next]!;
      if (isCurrency(row.currency) && row.currency !== RATE_BASE_CURRENCY) perEur[row.currency] = row.per_eur ?? SNAPSHOT_PER_EUR[row.currency];
      next += 1;
    }
    tables.push(rateTableFrom(perEur));
  }
  return tables;
}
