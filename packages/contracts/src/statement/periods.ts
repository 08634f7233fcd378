/**
 * Statement periods (docs/product.md#screens-and-routes): the presets and custom dates, turned into half-open ranges of
 * instants [start, end) in the client's time zone. A week starts on Monday. Pure functions of
 * `now` and the IANA zone name, so the server and the tests control time by passing `now`.
 */
export const STATEMENT_PERIODS = [
  'today',
  'yesterday',
  'thisWeek',
  'thisMonth',
  'lastWeek',
  'last30Days',
  'lastMonth',
  'lastAndCurrentMonth',
] as const;
export type StatementPeriod = (typeof STATEMENT_PERIODS)[number];

/** A calendar date in some time zone; month is 1..12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** A period resolved to instants: `start` inclusive, `end` exclusive; null means unbounded. */
export interface ResolvedPeriod {
  start: Date | null;
  end: Date | null;
  /** The first and last calendar days of the period in the client's zone (YYYY-MM-DD), when bounded. */
  firstDay: string | null;
  lastDay: string | null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for a time zone name the runtime's Intl knows ('Asia/Vladivostok', 'UTC'). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

export interface ZonedDateTime extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock date and time of an instant in a time zone. */
export function zonedDateTime(instant: Date, timeZone: string): ZonedDateTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Offset of the zone from UTC at an instant, in milliseconds (east positive). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const local = zonedDateTime(instant, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The date `days` after (or before) a calendar date. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

function compareDates(left: CalendarDate, right: CalendarDate): number {
  return left.year - right.year || left.month - right.month || left.day - right.day;
}

/** 'YYYY-MM-DD' of a calendar date. */
export function formatCalendarDate(date: CalendarDate): string {
  const pad = (value: number, size: number) => String(value).padStart(size, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** A 'YYYY-MM-DD' text as a calendar date (the caller has validated it). */
export function parseCalendarDate(text: string): CalendarDate {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/**
 * The first instant of a calendar day in a time zone: local midnight, or, where a daylight-saving
 * change skips midnight, the first wall-clock time that exists on that day.
 */
export function startOfZonedDay(date: CalendarDate, timeZone: string): Date {
  const midnightAsUtc = Date.UTC(date.year, date.month - 1, date.day);
  // Two passes settle the offset on either side of a daylight-saving change.
  let instant = midnightAsUtc - zoneOffsetMs(new Date(midnightAsUtc), timeZone);
  instant = midnightAsUtc - zoneOffsetMs(new Date(instant), timeZone);
  const local = zonedDateTime(new Date(instant), timeZone);
  if (compareDates(local, date) === 0 && local.hour === 0 && local.minute === 0 && local.second === 0) return new Date(instant);
  // Midnight does not exist on that day: search the first second whose local date is the day.
  let low = midnightAsUtc - 15 * 3_600_000;
  let high = midnightAsUtc + 15 * 3_600_000;
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (compareDates(zonedDateTime(new Date(middle), timeZone), date) >= 0) high = middle;
    else low = middle;
  }
  return new Date(high);
}

/** Today's date in a time zone. */
export function zonedToday(now: Date, timeZone: string): CalendarDate {
  const { year, month, day } = zonedDateTime(now, timeZone);
  return { year, month, day };
}

/** The first and last day (both inclusive) of a preset, relative to today in the client's zone. */
export function presetDays(period: StatementPeriod, today: CalendarDate): { first: CalendarDate; last: CalendarDate } {
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  const monday = addDays(today, -((weekday + 6) % 7));
  const firstOfMonth: CalendarDate = { ...today, day: 1 };
  const firstOfNextMonth = addDays({ ...firstOfMonth, day: 28 }, 4);
  const lastOfMonth = addDays({ ...firstOfNextMonth, day: 1 }, -1);
  const lastOfPreviousMonth = addDays(firstOfMonth, -1);
  const firstOfPreviousMonth: CalendarDate = { ...lastOfPreviousMonth, day: 1 };
  switch (period) {
    case 'today':
      return { first: today, last: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { first: yesterday, last: yesterday };
    }
    case 'thisWeek':
      return { first: monday, last: addDays(monday, 6) };
    case 'thisMonth':
      return { first: firstOfMonth, last: lastOfMonth };
    case 'lastWeek':
      return { first: addDays(monday, -7), last: addDays(monday, -1) };
    case 'last30Days':
      return { first: addDays(today, -29), last: today };
    case 'lastMonth':
      return { first: firstOfPreviousMonth, last: lastOfPreviousMonth };
    case 'lastAndCurrentMonth':
      return { first: firstOfPreviousMonth, last: lastOfMonth };
  }
}

/**
 * Resolves the statement's period: a preset wins over custom dates; custom dates are whole days
 * in the client's zone ('to' inclusive); no period at all is unbounded on both sides.
 */
export function resolvePeriod(
  input: { period?: StatementPeriod | undefined; from?: string | undefined; to?: string | undefined },
  timeZone: string,
  now: Date,
): ResolvedPeriod {
  let first: CalendarDate | null = null;
  let last: CalendarDate | null = null;
  if (input.period) {
    ({ first, last } = presetDays(input.period, zonedToday(now, timeZone)));
  } else {
    first = input.from ? parseCalendarDate(input.from) : null;
    last = input.to ? parseCalendarDate(input.to) : null;
  }
  return {
    start: first ? startOfZonedDay(first, timeZone) : null,
    end: last ? startOfZonedDay(addDays(last, 1), timeZone) : null,
    firstDay: first ? formatCalendarDate(first) : null,
    lastDay: last ? formatCalendarDate(last) : null,
  };
}
