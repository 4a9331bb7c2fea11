import { type CurrencyId, getCurrency } from './currencies'
import type { Money } from './money'

// Amounts as people read and type them. Every string here is built from the integer's digits: no float
// division, no toFixed, no Intl (whose locale data would override the spec's rules).
//
// The spec's display rules (section 9), applied literally to every currency (docs/reference/readings.md 12 ties the
// "two decimals" to exponent-2 currencies; exponent 0 shows no decimals, exponent 3 shows three):
// - the dollar (usd) writes "." for decimals and "," for thousands: "$1,234.56";
// - every other currency, the pound included, writes "," and ".": "1.234,56€", "£1.234,56";
// - dollar and pound symbols stand left, all others right; letter symbols (CHF, kr, codes) are
//   separated by a space, signs touch the number: "10,00 CHF", "10,00€" (see `Currency.symbolSpace`).
// A minus sign always leads: "-$10.00", "-10,00€".

export type FormatMoneyOptions = {
  /** `symbol` (default): per the rules above; `code`: "10,00 EUR"; `none`: the number alone. */
  display?: 'symbol' | 'code' | 'none'
}

function digitsOf(amount: number, exponent: number): { negative: boolean; whole: string; fraction: string } {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`amount must be a safe integer, got ${amount}`)
  const digits = String(Math.abs(amount)).padStart(exponent + 1, '0')
  const cut = digits.length - exponent
  return { negative: amount < 0, whole: digits.slice(0, cut), fraction: digits.slice(cut) }
}

function groupThousands(whole: string, separator: string): string {
  let out = ''
  for (let end = whole.length; end > 0; end -= 3) {
    const chunk = whole.slice(Math.max(0, end - 3), end)
    out = out === '' ? chunk : chunk + separator + out
  }
  return out
}

/** The number alone with the currency's separators and decimals: 123456 eur -> "1.234,56". */
export function formatAmount(minorUnits: number, currency: CurrencyId): string {
  const { exponent, decimalSeparator, groupSeparator } = getCurrency(currency)
  const { negative, whole, fraction } = digitsOf(minorUnits, exponent)
  const number = groupThousands(whole, groupSeparator) + (exponent > 0 ? decimalSeparator + fraction : '')
  return negative ? `-${number}` : number
}

/** An amount for display: "10,00€", "$10.00", "£1.234,56", "10,00 CHF", "1.234¥", "1,500 KWD". */
export function formatMoney(money: Money, options: FormatMoneyOptions = {}): string {
  const currency = getCurrency(money.currency)
  const display = options.display ?? 'symbol'
  const sign = money.amount < 0 ? '-' : ''
  const number = formatAmount(Math.abs(money.amount), money.currency)
  if (display === 'none') return sign + number
  if (display === 'code') return `${sign}${number} ${currency.code}`
  const gap = currency.symbolSpace ? ' ' : ''
  return currency.symbolPosition === 'left'
    ? `${sign}${currency.symbol}${gap}${number}`
    : `${sign}${number}${gap}${currency.symbol}`
}

/**
 * The amount in major units for CSV and exports: "12.34", "-0.05", "1234" (jpy), "1.234" (kwd). No
 * thousands separators; the decimal separator is "." unless the export asks for ",".
 */
export function toMajorUnitsString(amount: number, currency: CurrencyId, decimalSeparator: '.' | ',' = '.'): string {
  const { exponent } = getCurrency(currency)
  const { negative, whole, fraction } = digitsOf(amount, exponent)
  const number = exponent > 0 ? whole + decimalSeparator + fraction : whole
  return negative ? `-${number}` : number
}

const minusSigns = ['-', '\u2212']
const groupMarks = /[\s'\u2019]/gu

function stripSign(text: string): { text: string; negative: boolean } {
  for (const minus of minusSigns) {
    if (text.startsWith(minus)) return { text: text.slice(minus.length).trim(), negative: true }
  }
  return { text, negative: false }
}

function stripAffix(text: string, affixes: readonly string[]): string {
  const lower = text.toLowerCase()
  for (const affix of affixes) {
    const a = affix.toLowerCase()
    if (lower.startsWith(a)) return text.slice(a.length).trim()
    if (lower.endsWith(a)) return text.slice(0, text.length - a.length).trim()
  }
  return text
}

/**
 * An amount typed by a person, to integer minor units; null when it is not one. Accepts either
 * separator convention ("1.234,56", "1,234.56", "1 234,56", "1'234.56", "12.5", "12,5"), the
 * currency's symbol or code on either side, and a leading minus. Refuses more fractional digits than
 * the currency has ("1,234" eur, "10,5" jpy), malformed grouping ("1.23.4") and anything else.
 *
 * One separator followed by exactly three digits is ambiguous ("1.234"): it is the decimal separator
 * only when it is the currency's own and the currency has decimals, else a thousands separator. So
 * "1.234" eur is 1234,00; "1,234" usd is 1,234.00; "1,234" kwd is 1,234 dinar; "1.234" jpy is 1234.
 */
export function parseMoneyInput(text: string, currency: CurrencyId): number | null {
  if (typeof text !== 'string') return null
  const { exponent, decimalSeparator, symbol, code } = getCurrency(currency)
  const affixes = symbol.length >= code.length ? [symbol, code] : [code, symbol]

  let { text: body, negative } = stripSign(text.trim())
  body = stripAffix(body, affixes)
  if (!negative) ({ text: body, negative } = stripSign(body))
  body = body.replace(groupMarks, "'")
  if (!/^\d+(?:[.,']\d+)*$/.test(body)) return null

  const pieces = body.split(/([.,'])/)
  const runs = pieces.filter((_, i) => i % 2 === 0)
  const separators = pieces.filter((_, i) => i % 2 === 1)

  let decimalAt = -1 // index in `separators` of the decimal separator, -1 for none
  const last = separators.at(-1)
  if (last !== undefined && last !== "'" && separators.filter((s) => s === last).length === 1) {
    if (separators.length > 1) decimalAt = separators.length - 1
    else if (runs[1]?.length !== 3 || (exponent > 0 && last === decimalSeparator)) decimalAt = 0
  }

  const wholeRuns = decimalAt === -1 ? runs : runs.slice(0, decimalAt + 1)
  const groupSeparators = decimalAt === -1 ? separators : separators.slice(0, decimalAt)
  if (groupSeparators.length > 0) {
    const mark = groupSeparators[0]
    if (groupSeparators.some((s) => s !== mark) || (decimalAt !== -1 && mark === separators[decimalAt])) return null
    const [first, ...rest] = wholeRuns
    if (!first || first.length > 3 || rest.some((run) => run.length !== 3)) return null
  }

  const fraction = decimalAt === -1 ? '' : (runs.at(-1) ?? '')
  if (fraction.length > exponent) return null
  const value = Number(wholeRuns.join('') + fraction.padEnd(exponent, '0'))
  if (!Number.isSafeInteger(value)) return null
  return negative && value !== 0 ? -value : value
}
