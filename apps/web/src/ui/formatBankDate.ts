/** A bank date ('YYYY-MM-DD') as the statement writes dates, in the Russian locale whatever the language (SPEC §2). */
export function formatBankDate(date: string | null | undefined): string {
  if (!date) return '';
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? date : day.toLocaleDateString('ru-RU', { timeZone: 'UTC' });
}
