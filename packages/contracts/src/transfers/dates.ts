import { z } from 'zod';

/**
 * The earliest year a date may have. PostgreSQL's calendar has no year 0 (it counts 1 BC before
 * 1 AD), so a year like 0000 that JavaScript reads could reach a query only to fail there; and no
 * date the bank deals with (a transfer, a statement, a report) falls before 1900.
 */
const EARLIEST_DATE_YEAR = 1900;

/** An optional calendar date ("2026-11-21" or a full ISO timestamp, year 1900 or later); answered as YYYY-MM-DD. */
export const optionalDateSchema = z
  .string({ error: 'validation.date.invalid' })
  .trim()
  .nullish()
  .transform((value, context) => {
    if (!value) return undefined;
    const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(value);
    const date = match ? new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`) : null;
    if (
      !match ||
      !date ||
      Number(match[1]) < EARLIEST_DATE_YEAR ||
      Number.isNaN(date.getTime()) ||
      date.toISOString().slice(0, 10) !== `${match[1]}-${match[2]}-${match[3]}`
    ) {
      context.addIssue({ code: 'custom', message: 'validation.date.invalid' });
      return z.NEVER;
    }
    return `${match[1]}-${match[2]}-${match[3]}`;
  });

/** The last date a transfer may be dated: one year after `today` (29 February gives 28 February). */
export function latestExecutionDate(today: string): string {
  const year = String(Number(today.slice(0, 4)) + 1).padStart(4, '0');
  const monthDay = today.slice(5) === '02-29' ? '02-28' : today.slice(5);
  return `${year}-${monthDay}`;
}

/**
 * What is wrong with a transfer's execution date, given the bank's today (both YYYY-MM-DD): a day
 * already past, or more than a year ahead. Today and the days after it up to a year are fine.
 */
export function executionDateProblem(date: string, today: string): 'past' | 'tooFar' | null {
  if (date < today) return 'past';
  if (date > latestExecutionDate(today)) return 'tooFar';
  return null;
}
