import { bpsToPercent, formatMoney, isCurrencyId } from '../../shared/money'
import { htmlLang, isLocale } from './locale'

// Every date the back office shows goes through these (docs/decisions/0043-editor-uploads-and-confirmations.md): one
// style per locale (Intl's "medium" date, e.g. "22 Nov 2026" / "22.11.2026"), with the time where the
// value is an instant. Never toLocaleString or an ISO slice in a page.

const tag = (locale: string) => (isLocale(locale) ? htmlLang(locale) : 'en')
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/
const monthPattern = /^(\d{4})-(\d{2})/

/** A date and time in the reader's language, e.g. "22 Nov 2026, 10:00". Invalid input is shown as given. */
export function formatDateTime(iso: string, locale: string): string {
  // a bare day (YYYY-MM-DD) has no time to show
  if (dayPattern.test(iso)) return formatDate(iso, locale)
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(tag(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

/**
 * A day in the reader's language, e.g. "22 Nov 2026". A bare day (YYYY-MM-DD) is that calendar day
 * wherever the reader is; an instant is the reader's local day. Invalid input is shown as given.
 */
export function formatDate(value: string, locale: string): string {
  const day = dayPattern.exec(value)
  const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : new Date(value)
  if (Number.isNaN(date.getTime())) return value
  return new Intl.DateTimeFormat(tag(locale), { dateStyle: 'medium', ...(day ? { timeZone: 'UTC' } : {}) }).format(date)
}

/** A month in the reader's language, e.g. "November 2026", from a day or month (YYYY-MM[-DD]). */
export function formatMonth(value: string, locale: string): string {
  const month = monthPattern.exec(value)
  if (!month) return value
  return new Intl.DateTimeFormat(tag(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1)))
}

/** A chart axis day without its year, e.g. "22 Nov", from a bare day (YYYY-MM-DD). */
export function formatDayShort(day: string, locale: string): string {
  const match = dayPattern.exec(day)
  if (!match) return day
  return new Intl.DateTimeFormat(tag(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))))
}

/** An amount in minor units as the cabinet shows it (an unknown currency id falls back to eur's format). */
export function money(amount: number, currency: string): string {
  return formatMoney({ amount, currency: isCurrencyId(currency) ? currency : 'eur' })
}

/** Basis points as a percent in the reader's language, e.g. 1250 -> "12.5 %" / "12,5 %". */
export function percentOfBps(bps: number, locale: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(bpsToPercent(bps))} %`
}

/** A date field's day (yyyy-mm-dd) as the first or last instant of that UTC day, for list filters; else undefined. */
export function dayBound(value: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined
  return `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`
}
