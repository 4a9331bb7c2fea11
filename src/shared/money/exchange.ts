import { getCurrency, type CurrencyId } from './currencies'
import { roundHalfUp } from './money'

// Converting an amount from one currency into another at a rate (docs/decisions/0097-payer-currencies.md). A rate is
// a decimal string ("4.2931": units of the target per unit of the source), never a float: the central bank
// publishes decimals, and every conversion is one exact integer ratio rounded once by `roundHalfUp`, to the
// target currency's own minor unit (0 decimals for jpy, 3 for kwd).

/** A rate as published: digits, an optional point, digits; positive. */
const decimalPattern = /^(\d{1,12})(?:\.(\d{1,24}))?$/

/** The digits of a decimal string and how many of them are decimals: "4.2931" is 42931 and 4. */
type Decimal = { digits: bigint; scale: number }

function parseDecimal(rate: string): Decimal {
  const match = decimalPattern.exec(rate)
  if (!match) throw new RangeError(`not a decimal rate: ${rate}`)
  const decimals = match[2] ?? ''
  const digits = BigInt(match[1]! + decimals)
  if (digits === 0n) throw new RangeError(`a rate must be positive: ${rate}`)
  return { digits, scale: decimals.length }
}

/** Whether a text is a rate `convertAmount` takes (a positive decimal: at most 12 whole digits and 24 decimals). */
export function isDecimalRate(text: string): boolean {
  const match = decimalPattern.exec(text)
  return match !== null && BigInt(match[1]! + (match[2] ?? '')) > 0n
}

const ten = (power: number) => 10n ** BigInt(power)

/**
 * `amount` minor units of `from` in minor units of `to` at `rate` (units of `to` per unit of `from`):
 * amount × rate × 10^exponent(to) / 10^exponent(from), rounded half away from zero, once.
 */
export function convertAmount(amount: number, from: CurrencyId, to: CurrencyId, rate: string): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`amount must be a safe integer, got ${amount}`)
  const { digits, scale } = parseDecimal(rate)
  return roundHalfUp(BigInt(amount) * digits * ten(getCurrency(to).exponent), ten(scale + getCurrency(from).exponent))
}

/**
 * The way back: `amount` minor units of `to` in minor units of `from`, for a rate given from `from` to `to`
 * (a converted order's amounts in its plan's currency), divided exactly rather than by a rounded inverse.
 */
export function convertAmountBack(amount: number, from: CurrencyId, to: CurrencyId, rate: string): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`amount must be a safe integer, got ${amount}`)
  const { digits, scale } = parseDecimal(rate)
  return roundHalfUp(BigInt(amount) * ten(scale + getCurrency(from).exponent), digits * ten(getCurrency(to).exponent))
}

/** Significant digits a cross rate keeps: more than any central bank publishes (the ECB gives five or six). */
export const crossRateDigits = 10

/**
 * The rate from `from` to `to` given both against a common base (the euro): perBase(to) / perBase(from), to
 * `crossRateDigits` significant digits, rounded half up; a trailing zero is dropped ("4.2931", "0.0001234567").
 */
export function crossRate(perBaseFrom: string, perBaseTo: string): string {
  const a = parseDecimal(perBaseFrom)
  const b = parseDecimal(perBaseTo)
  // (b.digits / 10^b.scale) / (a.digits / 10^a.scale) = b.digits × 10^a.scale / (a.digits × 10^b.scale)
  let numerator = b.digits * ten(a.scale)
  let denominator = a.digits * ten(b.scale)
  // Scale so the integer part of numerator / denominator has crossRateDigits digits, then round once.
  let exponent = 0
  while (numerator / denominator >= ten(crossRateDigits)) { denominator *= 10n; exponent += 1 }
  while (numerator / denominator < ten(crossRateDigits - 1)) { numerator *= 10n; exponent -= 1 }
  let mantissa = BigInt(roundHalfUp(numerator, denominator))
  if (mantissa === ten(crossRateDigits)) { mantissa /= 10n; exponent += 1 }
  return decimalString(mantissa, exponent)
}

/** mantissa × 10^exponent written out in plain digits, without trailing zeros after the point. */
function decimalString(mantissa: bigint, exponent: number): string {
  if (exponent >= 0) return (mantissa * ten(exponent)).toString()
  const digits = mantissa.toString().padStart(-exponent + 1, '0')
  const whole = digits.slice(0, digits.length + exponent)
  const fraction = digits.slice(digits.length + exponent).replace(/0+$/, '')
  return fraction === '' ? whole : `${whole}.${fraction}`
}
