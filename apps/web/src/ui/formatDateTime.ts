/** A moment in the reader's language and their own time zone: "24 Nov 2026, 13:20", "24 нояб. 2026 г., 13:20". */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
