import { sql, type ColumnType, type Expression, type RawBuilder } from 'kysely';

/**
 * An instant as exact text: a timestamptz in UTC, ISO 8601 with microseconds
 * ('2026-11-21T10:13:59.123456Z'). A JavaScript Date would drop the microseconds, and text is
 * also much cheaper for the drivers than a Date when a million rows are read.
 */
export type InstantText = string;

/** The SQL that renders a timestamptz expression as InstantText. */
export function instantText(expression: Expression<unknown> | RawBuilder<unknown>): RawBuilder<InstantText> {
  return sql<InstantText>`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** A JavaScript Date as InstantText (its microseconds are zero). */
export function instantOfDate(date: Date): InstantText {
  return date.toISOString().replace(/Z$/, '000Z');
}

/** A TIMESTAMPTZ column written as InstantText (microseconds kept) or a Date, or left to its default. */
export type InstantColumn = ColumnType<Date, InstantText | Date | undefined, InstantText | Date>;
