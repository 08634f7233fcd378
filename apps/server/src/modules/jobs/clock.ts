import { TZDate } from '@date-fns/tz';

/**
 * The bank's time (docs/time.md): what "now" is, and the calendar of the bank's time zone. Jobs and
 * the rules that depend on the date read the clock they are given, so tests move it instead of
 * waiting. Calendar dates travel as 'YYYY-MM-DD' text, the form the API and the DATE columns use.
 */
export interface BankClock {
  now(): Date;
  readonly timeZone: string;
}

export function systemClock(timeZone: string): BankClock {
  return { now: () => new Date(), timeZone };
}

/** A clock that stays where it is set (tests). */
export interface FixedClock extends BankClock {
  set(at: Date | string): void;
}

export function fixedClock(at: Date | string, timeZone = 'UTC'): FixedClock {
  let current = new Date(at);
  return {
    timeZone,
    now: () => new Date(current),
    set(next) {
      current = new Date(next);
    },
  };
}

/**
 * One formatter per zone, made once, and the last second it dated: every transfer asks for today,
 * and building a zoned date and formatting it afresh (TZDate, date-fns) cost more CPU than the rest
 * of a transfer's checks. A zone's offsets are whole seconds, so a date holds for its whole second.
 */
const dayFormats = new Map<string, { format: Intl.DateTimeFormat; second: number; date: string }>();

/** The bank's calendar date of an instant. */
export function bankDateOf(instant: Date, timeZone: string): string {
  const second = Math.floor(instant.getTime() / 1000);
  let zone = dayFormats.get(timeZone);
  if (zone?.second === second) return zone.date;
  if (!zone) {
    const format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', calendar: 'gregory', numberingSystem: 'latn' });
    zone = { format, second: Number.NaN, date: '' };
    dayFormats.set(timeZone, zone);
  }
  let year = '';
  let month = '';
  let day = '';
  for (const part of zone.format.formatToParts(instant)) {
    if (part.type === 'year') year = part.value.padStart(4, '0');
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  zone.second = second;
  zone.date = `${year}-${month}-${day}`;
  return zone.date;
}

/** Today in the bank's time zone. */
export function bankToday(clock: BankClock): string {
  return bankDateOf(clock.now(), clock.timeZone);
}

/** The instant at which the bank's calendar date `date` reaches `hour`:00 (daylight saving included). */
export function instantOnBankDate(date: string, hour: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, hour, 0, 0, timeZone).getTime());
}

/**
 * Calendar arithmetic on 'YYYY-MM-DD' texts, done in UTC alone: the process's own time zone (TZ)
 * never enters it, so a server in Berlin or New York counts the same days as one in UTC.
 */
function parts(date: string): [year: number, monthIndex: number, day: number] {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return [year, month - 1, day];
}

const textOf = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

export function addCalendarDays(date: string, days: number): string {
  const [year, monthIndex, day] = parts(date);
  return textOf(Date.UTC(year, monthIndex, day + days));
}

/**
 * The date `months` after `date` on day `dayOfMonth`, or on the last day of a shorter month
 * (a 31st falls on 30 April and on 28 or 29 February).
 */
export function monthDay(date: string, months: number, dayOfMonth: number): string {
  const [year, monthIndex] = parts(date);
  const daysInMonth = new Date(Date.UTC(year, monthIndex + months + 1, 0)).getUTCDate();
  return textOf(Date.UTC(year, monthIndex + months, Math.min(dayOfMonth, daysInMonth)));
}

/** Banking days are Monday to Friday (the bank's holidays are not modelled). */
export function isBankingDay(date: string): boolean {
  const [year, monthIndex, day] = parts(date);
  const weekday = new Date(Date.UTC(year, monthIndex, day)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The banking day `count` banking days after `date`. */
export function addBankingDays(date: string, count: number): string {
  let current = date;
  for (let left = count; left > 0; ) {
    current = addCalendarDays(current, 1);
    if (isBankingDay(current)) left -= 1;
  }
  return current;
}

/** The first day of the month of `date`, and of the month before it. */
export function monthOf(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function previousMonthOf(date: string): string {
  return monthDay(date, -1, 1);
}

declare module '../../deps' {
  interface AppDeps {
    /** The bank's time: what requests and jobs take "now" and "today" from (tests set it). */
    clock: BankClock;
  }
}
