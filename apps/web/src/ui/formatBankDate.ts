/**
 * A bank date ('YYYY-MM-DD') as the statement writes dates, in the Russian locale whatever the
 * language (docs/product.md#screens-and-routes): "05.03.2026", as ru-RU's short date is (the tests compare the two). Written
 * out rather than asked of Intl, whose first date formatter loads the locale's calendar data.
 */
export function formatBankDate(date: string | null | undefined): string {
  if (!date) return '';
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${twoDigits(day.getUTCDate())}.${twoDigits(day.getUTCMonth() + 1)}.${String(day.getUTCFullYear()).padStart(4, '0')}`;
}
