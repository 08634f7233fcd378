import {
  add,
  addDays,
  CURRENCY_SCALE,
  decimalToMinor,
  formatCalendarDate,
  formatMinor,
  isCurrency,
  multiply,
  ratio,
  ratioFromMinor,
  roundHalfUpToScale,
  startOfZonedDay,
  zonedToday,
  type BalanceHistoryQuery,
  type BalanceHistoryResponse,
  type FiatCurrency,
  type Ratio,
} from '@bank/contracts';
import type { Db } from '../../db';
import { rateTablesAt, midRate } from '../rates';
import { ledgerClosingsAt } from './balances';
import { clientAccounts } from './repository';

/**
 * The balance charts of the accounts overview: each of the client's accounts' booked balance at the
 * end of each of the last `days` days (today last, its end being now), on the statement's basis
 * (ledgerClosingsAt: the closing balance the statement answers for a period ending that day), and
 * the total in the base currency at the rates in force at the end of each day (rates/history.ts).
 *
 * Rounding: each day's total is the exact sum of the balances converted at the mid cross rate,
 * rounded once, half away from zero, to the base currency's minor unit; a balance in the base
 * currency itself counts as it is.
 */
export async function readBalanceHistory(db: Db, clientId: string, query: BalanceHistoryQuery, now: Date): Promise<BalanceHistoryResponse> {
  const today = zonedToday(now, query.timeZone);
  const firstDay = addDays(today, 1 - query.days);
  const calendar = Array.from({ length: query.days }, (_, index) => addDays(firstDay, index));
  // A day is [its local midnight, the next one), as the statement's custom periods are.
  const boundaries = [...calendar, addDays(today, 1)].map((day) => startOfZonedDay(day, query.timeZone));
  const accounts = (await clientAccounts(db, clientId)).map((account) => {
    if (!isCurrency(account.currency)) throw new Error(`Account ${account.number} has unknown currency ${account.currency}`);
    return { ...account, currency: account.currency as FiatCurrency };
  });
  const dayEnds = boundaries.slice(1).map((end) => (end > now ? now : end));
  const [closings, rates] = await Promise.all([
    ledgerClosingsAt(db, accounts.map((account) => account.ledger_account_id), boundaries),
    rateTablesAt(db, dayEnds),
  ]);
  const balancesMinor = accounts.map((account) => {
    const list = closings.get(account.ledger_account_id);
    if (!list) throw new Error(`No ledger account behind account ${account.number}`);
    return list.map((closing) => decimalToMinor(closing, account.currency));
  });
  const baseScale = CURRENCY_SCALE[query.base];
  const totals = calendar.map((_, day) => {
    let sum: Ratio = ratio(0n);
    accounts.forEach((account, index) => {
      const balance = ratioFromMinor(balancesMinor[index]![day]!, CURRENCY_SCALE[account.currency]);
      sum = add(sum, account.currency === query.base ? balance : multiply(balance, midRate(rates[day]!, account.currency, query.base)));
    });
    return formatMinor(roundHalfAwayFromZero(sum, baseScale), query.base);
  });
  return {
    base: query.base,
    timeZone: query.timeZone,
    days: calendar.map(formatCalendarDate),
    accounts: accounts.map((account, index) => ({
      accountNumber: account.number,
      currency: account.currency,
      balances: balancesMinor[index]!.map((minor) => formatMinor(minor, account.currency)),
    })),
    totals,
  };
}

/** Half up on the magnitude: an overdrawn total rounds as a positive one does, with its sign kept. */
function roundHalfAwayFromZero(value: Ratio, scale: number): bigint {
  return value.numerator < 0n ? -roundHalfUpToScale(ratio(-value.numerator, value.denominator), scale) : roundHalfUpToScale(value, scale);
}
