// Proves a standing order's calendar: a 31st falls on 30 April and on 28 or 29 February and comes
// back to the 31st after them; quarterly keeps its months; weekly its weekday; an end date or a count
// ends it; a resumed order goes on from its own dates.
import { describe, expect, it } from 'vitest';
import { firstRunDate, runDateAfter, runDateFrom, type OrderCalendar } from './calendar';

const order = (calendar: Partial<OrderCalendar> & Pick<OrderCalendar, 'frequency' | 'startDate'>): OrderCalendar => ({
  dayOfMonth: null,
  endDate: null,
  count: null,
  ...calendar,
});

/** Every date the order pays on, up to `limit` of them. */
function dates(calendar: OrderCalendar, limit = 20): string[] {
  const found: string[] = [];
  let date = firstRunDate(calendar);
  while (date !== null && found.length < limit) {
    found.push(date);
    date = runDateAfter(calendar, date, found.length);
  }
  return found;
}

describe('standing order calendar', () => {
  it.each([
    ['monthly on the 31st, a leap year', order({ frequency: 'monthly', dayOfMonth: 31, startDate: '2024-01-31', count: 6 }), ['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31', '2024-06-30']],
    ['monthly on the 31st, a common year', order({ frequency: 'monthly', dayOfMonth: 31, startDate: '2025-01-10', count: 4 }), ['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30']],
    ['monthly on a day already past in the start month', order({ frequency: 'monthly', dayOfMonth: 5, startDate: '2025-01-10', count: 2 }), ['2025-02-05', '2025-03-05']],
    ['quarterly on the 31st', order({ frequency: 'quarterly', dayOfMonth: 31, startDate: '2025-01-31', count: 4 }), ['2025-01-31', '2025-04-30', '2025-07-31', '2025-10-31']],
    ['quarterly until an end date', order({ frequency: 'quarterly', dayOfMonth: 15, startDate: '2025-01-15', endDate: '2025-08-01' }), ['2025-01-15', '2025-04-15', '2025-07-15']],
    ['weekly, across a year end', order({ frequency: 'weekly', startDate: '2024-12-24', count: 3 }), ['2024-12-24', '2024-12-31', '2025-01-07']],
    ['weekly until an end date that is a payment day', order({ frequency: 'weekly', startDate: '2025-03-03', endDate: '2025-03-17' }), ['2025-03-03', '2025-03-10', '2025-03-17']],
  ])('%s', (_name, calendar, expected) => {
    expect(dates(calendar)).toEqual(expected);
  });

  it('has no first date when the end comes before it', () => {
    expect(firstRunDate(order({ frequency: 'monthly', dayOfMonth: 31, startDate: '2025-01-01', endDate: '2025-01-15' }))).toBeNull();
  });

  it('resumes on its own weekday or day N, skipping the dates it was paused over', () => {
    const weekly = order({ frequency: 'weekly', startDate: '2025-03-03' });
    expect(runDateFrom(weekly, '2025-03-10', '2025-03-26')).toBe('2025-03-31');
    expect(runDateFrom(weekly, '2025-03-10', '2025-03-24')).toBe('2025-03-24');
    const quarterly = order({ frequency: 'quarterly', dayOfMonth: 31, startDate: '2025-01-31' });
    expect(runDateFrom(quarterly, '2025-04-30', '2025-06-01')).toBe('2025-07-31');
    const ending = order({ frequency: 'monthly', dayOfMonth: 1, startDate: '2025-01-01', endDate: '2025-03-01' });
    expect(runDateFrom(ending, '2025-02-01', '2025-03-02')).toBeNull();
  });
});
