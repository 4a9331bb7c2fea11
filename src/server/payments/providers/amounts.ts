import { AppError } from '../../../shared/errors'
import { getCurrency, isCurrencyId, toMajorUnitsString, type CurrencyId, type Money } from '../../../shared/money'
import { providerFailure } from './common'

// Where a provider counts a currency differently from ISO 4217, the difference is here and nowhere else.

/** Stripe sends these zero-decimal currencies as two-decimal amounts whose cents are 00 (its "special cases"). */
const stripeTwoDecimal: ReadonlySet<CurrencyId> = new Set<CurrencyId>(['isk', 'ugx'])

/** PayPal takes these currencies in whole units only, though ISO gives them two decimals. */
const paypalWholeUnits: ReadonlySet<CurrencyId> = new Set<CurrencyId>(['huf', 'twd'])

/** Our minor units as the integer Stripe's `amount` fields take. */
export function toStripeAmount(money: Money): number {
  return stripeTwoDecimal.has(money.currency) ? money.amount * 100 : money.amount
}

/** A Stripe amount and currency back to our minor units; an unknown currency is the provider's error. */
export function fromStripeAmount(amount: number, currency: string): Money {
  const id = currencyOf(currency)
  if (!Number.isSafeInteger(amount)) throw providerFailure('The card provider answered with an amount that is not an integer')
  if (!stripeTwoDecimal.has(id)) return { amount, currency: id }
  if (amount % 100 !== 0) throw providerFailure('The card provider answered with fractions of a whole-unit currency')
  return { amount: amount / 100, currency: id }
}

/** Our minor units as PayPal's `{ currency_code, value }` decimal string ("12.34", "1234" for huf). */
export function toPayPalAmount(money: Money): { currencyCode: string; value: string } {
  const currencyCode = money.currency.toUpperCase()
  if (!paypalWholeUnits.has(money.currency)) return { currencyCode, value: toMajorUnitsString(money.amount, money.currency) }
  if (money.amount % 100 !== 0) throw new AppError('no_payment_method', 'PayPal takes this currency in whole units only')
  return { currencyCode, value: String(money.amount / 100) }
}

/** A PayPal decimal string back to our minor units; strict: digits, one ".", no more decimals than the currency has. */
export function fromPayPalAmount(value: string, currencyCode: string): Money {
  const id = currencyOf(currencyCode)
  const exponent = paypalWholeUnits.has(id) ? 0 : getCurrency(id).exponent
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value)
  if (!match || (match[3]?.length ?? 0) > exponent) throw providerFailure('PayPal answered with an amount that is not a decimal of its currency')
  const [, sign, whole, fraction = ''] = match
  let amount = Number(`${whole}${fraction.padEnd(exponent, '0')}`)
  if (paypalWholeUnits.has(id)) amount *= 100
  if (!Number.isSafeInteger(amount)) throw providerFailure('PayPal answered with an amount out of range')
  return { amount: sign === '-' && amount !== 0 ? -amount : amount, currency: id }
}

function currencyOf(code: string): CurrencyId {
  const id = code.toLowerCase()
  if (!isCurrencyId(id)) throw providerFailure('The provider answered in a currency Sellfront does not know')
  return id
}
