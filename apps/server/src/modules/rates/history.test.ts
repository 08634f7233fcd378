// Proves every write to the rates in use is kept in fx_rate_history (an operator's rate, a rate
// changed again, a stored rate removed), and that rateTablesAt answers at each instant the rate
// last written before it, or the shipped snapshot where none was or the stored one was removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../../test/harness';
import { createSignedInOperator } from '../../test/operators';
import { rateTablesAt } from './history';
import { midRate } from './quote';
import { setOperatorRate } from './service';
import { SNAPSHOT_PER_EUR } from './snapshot';
import { formatRatioHalfUp } from '@bank/contracts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

async function historyOf(currency: string) {
  return context.db.selectFrom('fx_rate_history').select(['per_eur', 'valid_from']).where('currency', '=', currency).orderBy('id').execute();
}

describe('the history of the rates in force', () => {
  it('records an operator’s rate, a change and a removal, each from when it was made', async () => {
    const operator = await createSignedInOperator(context, ['admin']);
    await setOperatorRate(context.db, { currency: 'GBP', perEur: '0.85', operatorId: operator.id });
    await setOperatorRate(context.db, { currency: 'GBP', perEur: '0.86', operatorId: operator.id });
    await sql`delete from fx_rates where currency = 'GBP'`.execute(context.db);
    const rows = await historyOf('GBP');
    expect(rows.map((row) => row.per_eur === null ? null : Number(row.per_eur))).toEqual([0.85, 0.86, null]);
  });

  it('answers at each instant the rate last written before it, else the snapshot', async () => {
    await sql`insert into fx_rate_history (currency, per_eur, valid_from) values
      ('CHF', 0.95, '2020-01-02T00:00:00Z'), ('CHF', 0.96, '2020-01-04T00:00:00Z'), ('CHF', null, '2020-01-06T00:00:00Z')`.execute(context.db);
    const instants = ['2020-01-01', '2020-01-03', '2020-01-04', '2020-01-05', '2020-01-07'].map((day) => new Date(`${day}T00:00:00Z`));
    const tables = await rateTablesAt(context.db, instants);
    // valid_from is exclusive of the instant itself: a rate written at midnight prices the day after it.
    expect(tables.map((table) => formatRatioHalfUp(midRate(table, 'EUR', 'CHF'), 4))).toEqual([
      SNAPSHOT_PER_EUR.CHF, '0.9500', '0.9500', '0.9600', SNAPSHOT_PER_EUR.CHF,
    ]);
  });
});
