import { DEPOSITS, ratio, roundHalfUpToScale, type DepositCurrency, type Ratio } from '@bank/contracts';
import { monthDay } from '../jobs';

/**
 * A deposit's interest and calendar, as pure arithmetic on its terms (DEPOSITS in tariffs.ts).
 *
 * - Dates are the bank's calendar days ('YYYY-MM-DD'). Maturity and each payout date are whole
 *   months after the opening day, on its day of the month (the last day of a shorter month).
 * - Interest accrues daily, ACT/365: on day D the interest earned since opening is exactly
 *   principal × rate × (D − opening) / 365, a fraction, never rounded.
 * - Rounding happens once per payout: the interest earned to a payout date is rounded half up to
 *   the cent, and the payout is that figure less the figure at the payout before. So every payout
 *   is a whole number of cents, and the payouts sum to the interest earned to maturity rounded
 *   once: the total the quote shows.
 *
 * Nothing here reads a clock or the database, so the figures for a day are the same whenever they
 * are computed (the schedule is a function of the terms alone).
 */
export interface DepositSchedule {
  principalMinor: bigint;
  currency: DepositCurrency;
  rateBasisPoints: number;
  openingDate: string;
  termMonths: number;
  payoutMonths: number;
}

export interface ScheduledPayout {
  /** 1, 2, …; the last is paid at maturity. */
  sequence: number;
  date: string;
  amountMinor: bigint;
  /** The days of interest it pays. */
  days: number;
}

const DAY_MS = 86_400_000;

function epochDay(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

const dayOfMonth = (date: string): number => Number(date.slice(8, 10));

export function maturityDateOf(terms: Pick<DepositSchedule, 'openingDate' | 'termMonths'>): string {
  return monthDay(terms.openingDate, terms.termMonths, dayOfMonth(terms.openingDate));
}

/** The payout dates, oldest first: every `payoutMonths` months before maturity, then maturity. */
export function payoutDatesOf(terms: Pick<DepositSchedule, 'openingDate' | 'termMonths' | 'payoutMonths'>): string[] {
  const dates: string[] = [];
  for (let months = terms.payoutMonths; months < terms.termMonths; months += terms.payoutMonths) {
    dates.push(monthDay(terms.openingDate, months, dayOfMonth(terms.openingDate)));
  }
  dates.push(maturityDateOf(terms));
  return dates;
}

/** The exact interest earned from opening to the end of `date` (capped at maturity; none before opening). */
export function exactInterestTo(terms: DepositSchedule, date: string): Ratio {
  const maturity = maturityDateOf(terms);
  const until = date < maturity ? date : maturity;
  const days = Math.max(0, daysBetween(terms.openingDate, until));
  return ratio(terms.principalMinor * BigInt(terms.rateBasisPoints) * BigInt(days), 10_000n * BigInt(DEPOSITS.dayCountBasis));
}

/** The interest earned to `date` in minor units, rounded half up once. */
export function roundedInterestTo(terms: DepositSchedule, date: string): bigint {
  // exactInterestTo is in minor units already (the principal is), so it is rounded to a whole one.
  return roundHalfUpToScale(exactInterestTo(terms, date), 0);
}

export function payoutScheduleOf(terms: DepositSchedule): ScheduledPayout[] {
  let previousDate = terms.openingDate;
  let previousMinor = 0n;
  return payoutDatesOf(terms).map((date, index) => {
    const earnedMinor = roundedInterestTo(terms, date);
    const payout = { sequence: index + 1, date, amountMinor: earnedMinor - previousMinor, days: daysBetween(previousDate, date) };
    previousDate = date;
    previousMinor = earnedMinor;
    return payout;
  });
}

export function totalInterestMinorOf(terms: DepositSchedule): bigint {
  return roundedInterestTo(terms, maturityDateOf(terms));
}

/** The last payout date on or before `date`, or the opening date before the first payout. */
export function lastPayoutDateOn(terms: DepositSchedule, date: string): string {
  let last = terms.openingDate;
  for (const payoutDate of payoutDatesOf(terms)) if (payoutDate <= date) last = payoutDate;
  return last;
}

/**
 * The interest accrued on `date` and not yet due for payment: earned to `date` less earned to the
 * last payout date on or before it. This is what an early closing on `date` forfeits, and the
 * interest the bank owes on the deposit at the end of that day but has not yet had to pay.
 */
export function accruedSinceLastPayoutMinor(terms: DepositSchedule, date: string): bigint {
  return roundedInterestTo(terms, date) - roundedInterestTo(terms, lastPayoutDateOn(terms, date));
}

/**
 * The interest of the payouts dated on or before `date`: what the schedule has made due by the end
 * of that day, paid or not (the sum of those payouts, since each is the rounded interest to its
 * date less the one before).
 */
export function interestDueByMinor(terms: DepositSchedule, date: string): bigint {
  return roundedInterestTo(terms, lastPayoutDateOn(terms, date));
}

/** The largest payout: the most an early closing can forfeit (the day before it falls due). */
export function maxForfeitMinorOf(terms: DepositSchedule): bigint {
  return payoutScheduleOf(terms).reduce((largest, payout) => (payout.amountMinor > largest ? payout.amountMinor : largest), 0n);
}
