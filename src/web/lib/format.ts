import { formatMoney, isCurrencyId } from '../../shared/money'
import { htmlLang, isLocale } from './locale'

/** A date and time in the reader's language, e.g. "22 Nov 2026, 10:00". Invalid input is shown as given. */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(isLocale(locale) ? htmlLang(locale) : 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

/** An amount in minor units as the cabinet shows it (an unknown currency id falls back to eur's format). */
export function money(amount: number, currency: string): string {
  return formatMoney({ amount, currency: isCurrencyId(currency) ? currency : 'eur' })
}

/** A date field's day (yyyy-mm-dd) as the first or last instant of that UTC day, for list filters; else undefined. */
export function dayBound(value: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined
  return `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`
}
