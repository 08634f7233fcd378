// Proves the statement periods against hand-computed instants: every preset, a month and a year
// boundary, zones far from UTC (Kiritimati +14, Vladivostok +10, Kolkata +5:30), a daylight-saving
// day and a day whose midnight does not exist; and the query schema's checks of zone and dates
// (a date before 1900, year 0 included, is refused as one that does not exist).
import { describe, expect, it } from 'vitest';
import { resolvePeriod, startOfZonedDay, type StatementPeriod } from './periods';
import { statementQuerySchema } from './statement-query';

function range(period: StatementPeriod, timeZone: string, now: string) {
  const resolved = resolvePeriod({ period }, timeZone, new Date(now));
  return [resolved.start?.toISOString(), resolved.end?.toISOString(), resolved.firstDay, resolved.lastDay];
}

describe('statement periods', () => {
  // Saturday 2026-11-21 10:13:59 UTC is already Sunday 2026-11-22 00:13:59 on Kiritimati (UTC+14).
  const saturdayUtc = '2026-11-21T10:13:59Z';

  // 2026-11-30 20:00 UTC is Tuesday 2026-12-01 06:00 in Vladivostok (UTC+10).
  const vladivostokNewMonth = '2026-11-30T20:00:00Z';

  // Each row: the preset, the client's zone, the instant of the request, and the period it resolves
  // to: its start and end instants and its first and last day in that zone.
  it.each<[StatementPeriod, string, string, [string, string, string, string]]>([
    // Every preset in UTC, weeks starting on Monday.
    ['today', 'UTC', saturdayUtc, ['2026-11-21T00:00:00.000Z', '2026-11-22T00:00:00.000Z', '2026-11-21', '2026-11-21']],
    ['yesterday', 'UTC', saturdayUtc, ['2026-11-20T00:00:00.000Z', '2026-11-21T00:00:00.000Z', '2026-11-20', '2026-11-20']],
    ['thisWeek', 'UTC', saturdayUtc, ['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z', '2026-11-16', '2026-11-22']],
    ['lastWeek', 'UTC', saturdayUtc, ['2026-11-09T00:00:00.000Z', '2026-11-16T00:00:00.000Z', '2026-11-09', '2026-11-15']],
    ['thisMonth', 'UTC', saturdayUtc, ['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z', '2026-11-01', '2026-11-30']],
    ['last30Days', 'UTC', saturdayUtc, ['2026-10-23T00:00:00.000Z', '2026-11-22T00:00:00.000Z', '2026-10-23', '2026-11-21']],
    ['lastMonth', 'UTC', saturdayUtc, ['2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z', '2026-10-01', '2026-10-31']],
    ['lastAndCurrentMonth', 'UTC', saturdayUtc, ['2026-10-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z', '2026-10-01', '2026-11-30']],
    // The day comes from the client zone: on Kiritimati the same instant is already Sunday...
    ['today', 'Pacific/Kiritimati', saturdayUtc, ['2026-11-21T10:00:00.000Z', '2026-11-22T10:00:00.000Z', '2026-11-22', '2026-11-22']],
    ['yesterday', 'Pacific/Kiritimati', saturdayUtc, ['2026-11-20T10:00:00.000Z', '2026-11-21T10:00:00.000Z', '2026-11-21', '2026-11-21']],
    // ...and Sunday belongs to the week that started on Monday 16th.
    ['thisWeek', 'Pacific/Kiritimati', saturdayUtc, ['2026-11-15T10:00:00.000Z', '2026-11-22T10:00:00.000Z', '2026-11-16', '2026-11-22']],
    // A month boundary crossed in Vladivostok while UTC is still in the old month.
    ['thisMonth', 'Asia/Vladivostok', vladivostokNewMonth, ['2026-11-30T14:00:00.000Z', '2026-12-31T14:00:00.000Z', '2026-12-01', '2026-12-31']],
    ['lastMonth', 'Asia/Vladivostok', vladivostokNewMonth, ['2026-10-31T14:00:00.000Z', '2026-11-30T14:00:00.000Z', '2026-11-01', '2026-11-30']],
    ['lastAndCurrentMonth', 'Asia/Vladivostok', vladivostokNewMonth, ['2026-10-31T14:00:00.000Z', '2026-12-31T14:00:00.000Z', '2026-11-01', '2026-12-31']],
    ['lastWeek', 'Asia/Vladivostok', vladivostokNewMonth, ['2026-11-22T14:00:00.000Z', '2026-11-29T14:00:00.000Z', '2026-11-23', '2026-11-29']],
    ['last30Days', 'Asia/Vladivostok', vladivostokNewMonth, ['2026-11-01T14:00:00.000Z', '2026-12-01T14:00:00.000Z', '2026-11-02', '2026-12-01']],
    ['thisMonth', 'UTC', vladivostokNewMonth, ['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z', '2026-11-01', '2026-11-30']],
    // A year boundary crossed in a half-hour zone.
    ['lastMonth', 'Asia/Kolkata', '2027-01-05T20:00:00Z', ['2026-11-30T18:30:00.000Z', '2026-12-31T18:30:00.000Z', '2026-12-01', '2026-12-31']],
  ])('resolves %s in %s at %s', (period, timeZone, now, expected) => {
    expect(range(period, timeZone, now)).toEqual(expected);
  });

  it('handles daylight-saving days and a day without midnight', () => {
    // Berlin springs forward on 2026-03-29: that day lasts 23 hours.
    expect(startOfZonedDay({ year: 2026, month: 3, day: 29 }, 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfZonedDay({ year: 2026, month: 3, day: 30 }, 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    // Santiago skips from 23:59:59 straight to 01:00 on 2026-09-06: the day starts at 01:00 local.
    expect(startOfZonedDay({ year: 2026, month: 9, day: 6 }, 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('turns custom dates into whole days of the client zone, "to" inclusive', () => {
    const resolved = resolvePeriod({ from: '2026-11-01', to: '2026-11-03' }, 'Asia/Vladivostok', new Date(saturdayUtc));
    expect([resolved.start?.toISOString(), resolved.end?.toISOString()]).toEqual(['2026-10-31T14:00:00.000Z', '2026-11-03T14:00:00.000Z']);
    const openEnded = resolvePeriod({ from: '2026-11-01' }, 'UTC', new Date(saturdayUtc));
    expect([openEnded.start?.toISOString(), openEnded.end]).toEqual(['2026-11-01T00:00:00.000Z', null]);
    // A preset wins over custom dates.
    const preset = resolvePeriod({ period: 'today', from: '2020-01-01' }, 'UTC', new Date(saturdayUtc));
    expect(preset.firstDay).toBe('2026-11-21');
  });
});

describe('statement query', () => {
  it('refuses an unknown time zone, a reversed range and an oversized page', () => {
    const result = statementQuerySchema.safeParse({ timeZone: 'Mars/Olympus', from: '2026-11-05', to: '2026-11-01', limit: '101' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toMatchObject({ timeZone: 'validation.timeZone.unknown', limit: 'validation.limit.invalid' });
  });

  it('defaults to 8 rows in UTC and reads selectedType as the type, empty texts as absent', () => {
    const query = statementQuerySchema.parse({ selectedType: 'Intra', purpose: '  ', incoming: 'true', outgoing: '0' });
    expect(query).toMatchObject({ limit: 8, timeZone: 'UTC', type: 'Intra', incoming: true, outgoing: false, format: 'json', lang: 'en' });
    expect(query.purpose).toBeUndefined();
  });

  it('refuses a date before 1900, year 0 included (PostgreSQL has none), and a day that does not exist', () => {
    const messages = (query: Record<string, string>) => statementQuerySchema.safeParse(query).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages({ from: '0000-01-01' })).toEqual([['from', 'validation.date.invalid']]);
    expect(messages({ to: '1899-12-31T23:59:59Z' })).toEqual([['to', 'validation.date.invalid']]);
    expect(messages({ from: '2026-02-30' })).toEqual([['from', 'validation.date.invalid']]);
    expect(statementQuerySchema.parse({ from: '1900-01-01', to: '1900-01-02T10:00:00Z' })).toMatchObject({ from: '1900-01-01', to: '1900-01-02' });
  });

  it('refuses "to" before "from" with a field error on "to"', () => {
    const result = statementQuerySchema.safeParse({ from: '2026-11-05', to: '2026-11-01' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['to', 'validation.period.toBeforeFrom']]);
  });
});
