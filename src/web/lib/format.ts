import { htmlLang, isLocale } from './locale'

/** A date and time in the reader's language, e.g. "22 Nov 2026, 10:00". Invalid input is shown as given. */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(isLocale(locale) ? htmlLang(locale) : 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}
