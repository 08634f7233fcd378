import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { addBankingDays, addCalendarDays, bankDateOf, bankToday, fixedClock, instantOnBankDate, isBankingDay, monthDay, previousMonthOf } from './clock';

describe('the bank clock', () => {
  it('dates an instant in the bank time zone', () => {
    const instant = new Date('2026-11-30T22:30:00Z');
    expect(bankDateOf(instant, 'UTC')).toBe('2026-11-30');
    expect(bankDateOf(instant, 'Europe/Moscow')).toBe('2026-12-01');
    expect(bankToday(fixedClock(instant, 'America/New_York'))).toBe('2026-11-30');
  });

  it("dates every hour of a year as the zone's calendar does, across daylight saving and midnight", () => {
    const start = Date.UTC(2026, 0, 1);
    for (const zone of ['Europe/Moscow', 'Europe/Berlin', 'America/New_York', 'Pacific/Chatham', 'Pacific/Kiritimati']) {
      for (let hour = 0; hour < 366 * 24; hour += 1) {
        // Just before and after each UTC hour, where a zone's midnight or its clock change falls:
        // the second before it, its last millisecond, and its first.
        for (const offsetMs of [-1_000, -1, 0]) {
          const instant = new Date(start + hour * 3_600_000 + offsetMs);
          expect(bankDateOf(instant, zone)).toBe(format(new TZDate(instant.getTime(), zone), 'yyyy-MM-dd'));
        }
      }
    }
  });

  it('finds the instant a bank date reaches an hour, daylight saving included', () => {
    expect(instantOnBankDate('2026-12-01', 6, 'Europe/Moscow').toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(instantOnBankDate('2026-07-01', 6, 'Europe/Berlin').toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(instantOnBankDate('2026-01-01', 6, 'Europe/Berlin').toISOString()).toBe('2026-01-01T05:00:00.000Z');
  });

  it('puts a 31st on the last day of shorter months', () => {
    expect(monthDay('2027-03-31', 1, 31)).toBe('2027-04-30');
    expect(monthDay('2027-01-31', 1, 31)).toBe('2027-02-28');
    expect(monthDay('2028-01-31', 1, 31)).toBe('2028-02-29');
    expect(monthDay('2027-01-31', 3, 31)).toBe('2027-04-30');
    expect(previousMonthOf('2027-01-15')).toBe('2026-12-01');
  });

  it('counts banking days past weekends', () => {
    expect(addBankingDays('2026-11-27', 1)).toBe('2026-11-30'); // Friday → Monday
    expect(addBankingDays('2026-11-25', 5)).toBe('2026-12-02');
  });
});

describe('the bank clock on a server in another time zone', () => {
  // Node reads TZ anew when it is set: the arithmetic must not depend on the process's own zone.
  for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo']) {
    it(`counts the same days under TZ=${zone}`, () => {
      const before = process.env.TZ;
      process.env.TZ = zone;
      try {
        expect(addCalendarDays('2025-03-30', 1)).toBe('2025-03-31');
        expect(addCalendarDays('2025-11-02', 1)).toBe('2025-11-03');
        expect(monthDay('2025-03-01', 1, 31)).toBe('2025-04-30');
        expect(monthDay('2025-01-31', 1, 31)).toBe('2025-02-28');
        expect(isBankingDay('2026-11-28')).toBe(false); // Saturday
        expect(isBankingDay('2026-11-30')).toBe(true); // Monday
        expect(addBankingDays('2025-03-28', 1)).toBe('2025-03-31');
        expect(bankDateOf(new Date('2026-11-30T22:30:00Z'), 'Europe/Moscow')).toBe('2026-12-01');
      } finally {
        if (before === undefined) delete process.env.TZ;
        else process.env.TZ = before;
      }
    });
  }
});
