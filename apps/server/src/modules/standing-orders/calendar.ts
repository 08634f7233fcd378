import type { StandingOrderFrequency } from '@bank/contracts';
import { addCalendarDays, monthDay } from '../jobs';

/**
 * A standing order's calendar (pure): which dates it pays on. A weekly order pays on the start
 * date's weekday; a monthly or quarterly one on day N of the month, or on the last day of a shorter
 * month (a 31st falls on 30 April and on 28 or 29 February, and on the 31st again in May). Dates are
 * 'YYYY-MM-DD' in the bank's time zone.
 */
export interface OrderCalendar {
  frequency: StandingOrderFrequency;
  /** Monthly and quarterly orders only. */
  dayOfMonth: number | null;
  startDate: string;
  endDate: string | null;
  /** How many occurrences in all; null for no limit. */
  count: number | null;
}

const MONTHS_BETWEEN: Record<Exclude<StandingOrderFrequency, 'weekly'>, number> = { monthly: 1, quarterly: 3 };

/** The occurrence after the one on `date`. Day N is taken from the order, not from `date`, so a short month does not shift the months after it. */
export function followingOccurrence(calendar: OrderCalendar, date: string): string {
  if (calendar.frequency === 'weekly') return addCalendarDays(date, 7);
  return monthDay(date, MONTHS_BETWEEN[calendar.frequency], calendar.dayOfMonth!);
}

/** The first occurrence: the start date itself (weekly), else the first day N on or after it. */
export function firstOccurrence(calendar: OrderCalendar): string {
  if (calendar.frequency === 'weekly') return calendar.startDate;
  const inStartMonth = monthDay(calendar.startDate, 0, calendar.dayOfMonth!);
  return inStartMonth >= calendar.startDate ? inStartMonth : monthDay(calendar.startDate, 1, calendar.dayOfMonth!);
}

/** `date` if the order still pays then, else null (the order is finished): its end date is past. */
function withinEnd(calendar: OrderCalendar, date: string): string | null {
  return calendar.endDate !== null && date > calendar.endDate ? null : date;
}

/** The first date the order pays on, or null when its end date comes before it. */
export function firstRunDate(calendar: OrderCalendar): string | null {
  return withinEnd(calendar, firstOccurrence(calendar));
}

/** The date after an occurrence on `date` was made, the `made`-th one; null when that was the last. */
export function runDateAfter(calendar: OrderCalendar, date: string, made: number): string | null {
  if (calendar.count !== null && made >= calendar.count) return null;
  return withinEnd(calendar, followingOccurrence(calendar, date));
}

/**
 * The order's first date on or after `today`, going on from `from` (the date it stood at when it
 * was paused): a resumed order keeps its weekday or day N and skips the dates it was paused over.
 * Null when its end date has passed meanwhile.
 */
export function runDateFrom(calendar: OrderCalendar, from: string, today: string): string | null {
  let date = from;
  while (date < today) date = followingOccurrence(calendar, date);
  return withinEnd(calendar, date);
}
