const formats = new Map<string, Intl.DateTimeFormat>();

/** A moment in the reader's language and their own time zone: "24 Nov 2026, 13:20", "24 нояб. 2026 г., 13:20". */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const locale = language === 'ru' ? 'ru-RU' : 'en-GB';
  // One formatter per language: making one is far dearer than using it.
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formats.set(locale, format);
  }
  return format.format(new Date(iso));
}
