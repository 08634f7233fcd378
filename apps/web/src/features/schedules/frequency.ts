import type { TFunction } from 'i18next';
import { formatBankDate } from '../../ui/formatBankDate';
import type { StandingOrder } from '@bank/contracts/transfers/standing-orders';

/** Days of a month every month has: an order on a later day runs on the last day of shorter months. */
const DAYS_EVERY_MONTH_HAS = 28;

/** The weekday of a bank date, 0 for Sunday (its words are a translation: Russian puts the day in the accusative). */
function weekdayOf(date: string): number {
  return new Date(`${date.slice(0, 10)}T00:00:00Z`).getUTCDay();
}

/** How often an order pays, in words: "Weekly, on Monday", "Monthly, on day 31 (the last day in shorter months)". */
export function frequencyText(order: Pick<StandingOrder, 'frequency' | 'dayOfMonth' | 'startDate'>, t: TFunction<'schedules'>): string {
  if (order.frequency === 'weekly') return t('schedules:frequency.weekly', { weekday: t(`weekdays.${weekdayOf(order.startDate)}`) });
  const day = order.dayOfMonth ?? Number(order.startDate.slice(8, 10));
  const text = t(`frequency.${order.frequency}`, { day });
  return day > DAYS_EVERY_MONTH_HAS ? `${text} ${t('schedules:frequency.shorterMonths')}` : text;
}

/** When an order stops: on a date, after a number of payments, or when the client cancels it. */
export function endText(order: Pick<StandingOrder, 'endDate' | 'count' | 'occurrencesMade'>, t: TFunction<'schedules'>): string {
  if (order.count !== null) return t('schedules:end.count', { made: order.occurrencesMade, total: order.count });
  if (order.endDate) return t('schedules:end.date', { date: formatBankDate(order.endDate), made: order.occurrencesMade });
  return t('schedules:end.never', { made: order.occurrencesMade });
}
