import { formatAmount, isCurrencyId, parseMoneyInput, type CurrencyId } from '../../../../shared/money'

// Amounts are typed as money ("12,50") and sent as integer minor units (1250) through the shared parser.

export function currencyOf(id: string | null | undefined): CurrencyId {
  return id && isCurrencyId(id) ? id : 'eur'
}

/** Empty text is null; text that is no amount is NaN, which the shared schemas refuse as invalid_value. */
export function moneyToMinor(text: string, currency: string | null | undefined): number | null {
  if (text.trim() === '') return null
  return parseMoneyInput(text, currencyOf(currency)) ?? Number.NaN
}

/** Minor units as the text a seller types ("1250" eur -> "12,50"); empty for none. */
export function minorToText(amount: number | null | undefined, currency: string | null | undefined): string {
  return amount === null || amount === undefined ? '' : formatAmount(amount, currencyOf(currency))
}

/** Whole-number text to a number; empty is null, anything else NaN. */
export function countOf(text: string): number | null {
  if (text.trim() === '') return null
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN
}
