import { z } from 'zod'
import { type CurrencyId, zCurrencyId } from './currencies'

// Money is an integer count of the currency's ISO 4217 minor unit (cents for eur, yen for jpy, fils for
// kwd; docs/reference/readings.md 12). No float is ever stored; arithmetic stays in integers, and where a ratio must be
// rounded it goes through `roundHalfUp`, the one rounding function (docs/reference/readings.md 13).

export type Money = { amount: number; currency: CurrencyId }

export const zMoney = z.object({ amount: z.int(), currency: zCurrencyId }).strict()

/** Adding or comparing amounts of two currencies is a bug in the caller, never a user error. */
export class CurrencyMismatchError extends Error {
  readonly left: CurrencyId
  readonly right: CurrencyId
  constructor(left: CurrencyId, right: CurrencyId) {
    super(`currency mismatch: ${left} and ${right}`)
    this.name = 'CurrencyMismatchError'
    this.left = left
    this.right = right
  }
}

const maxSafe = BigInt(Number.MAX_SAFE_INTEGER)

function assertAmount(amount: number, what = 'amount'): void {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`${what} must be a safe integer, got ${amount}`)
}

function toSafeNumber(value: bigint): number {
  if (value > maxSafe || value < -maxSafe) throw new RangeError(`amount out of the safe integer range: ${value}`)
  return Number(value)
}

function isWhole(value: number | bigint): boolean {
  return typeof value === 'bigint' || Number.isSafeInteger(value)
}

/**
 * Rounds `value / divisor` to a whole number, halves away from zero: 0.5 -> 1, 2.5 -> 3, -0.5 -> -1,
 * -2.5 -> -3 (half-up on the magnitude, symmetric for negatives, so a refund mirrors its charge).
 *
 * When value and divisor are integers (numbers or bigints) the division is exact, in bigint: this is
 * the path money takes, e.g. `roundHalfUp(amount * bps, 10_000)`. A fractional value goes the float
 * path; there a binary float cannot hold most decimal halves (1.005 * 100 is 100.49999999999999), so a
 * fraction within four units in the last place of one half, and within a millionth, counts as the
 * half. The result is a safe integer (or a RangeError), never -0.
 */
export function roundHalfUp(value: number | bigint, divisor: number | bigint = 1): number {
  if (divisor === 0 || divisor === 0n) throw new RangeError('roundHalfUp: division by zero')
  if (isWhole(value) && isWhole(divisor)) {
    const n = BigInt(value)
    const d = BigInt(divisor)
    const magnitudeN = n < 0n ? -n : n
    const magnitudeD = d < 0n ? -d : d
    let q = magnitudeN / magnitudeD
    if (2n * (magnitudeN % magnitudeD) >= magnitudeD) q += 1n
    return toSafeNumber(n < 0n !== d < 0n ? -q : q)
  }
  const x = Number(value) / Number(divisor)
  if (!Number.isFinite(x)) throw new RangeError(`roundHalfUp: not a finite number: ${x}`)
  const magnitude = Math.abs(x)
  const whole = Math.floor(magnitude)
  const fraction = magnitude - whole // exact in binary floating point
  const noise = Math.min(magnitude * Number.EPSILON * 4, 1e-6)
  const rounded = fraction >= 0.5 - noise ? whole + 1 : whole
  const result = x < 0 ? -rounded : rounded
  if (!Number.isSafeInteger(result)) throw new RangeError(`roundHalfUp: out of the safe integer range: ${x}`)
  return result === 0 ? 0 : result
}

/** A Money from an integer amount of minor units; refuses fractions, NaN and unsafe integers. */
export function toMoney(amount: number, currency: CurrencyId): Money {
  assertAmount(amount)
  return { amount: amount === 0 ? 0 : amount, currency }
}

export function isZero(money: Money): boolean {
  return money.amount === 0
}

export function assertSameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new CurrencyMismatchError(a.currency, b.currency)
}

function checked(amount: number, currency: CurrencyId): Money {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`amount out of the safe integer range: ${amount}`)
  return { amount: amount === 0 ? 0 : amount, currency }
}

export function addMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b)
  assertAmount(a.amount)
  assertAmount(b.amount)
  return checked(a.amount + b.amount, a.currency)
}

export function subtractMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b)
  assertAmount(a.amount)
  assertAmount(b.amount)
  return checked(a.amount - b.amount, a.currency)
}

/** The price of `quantity` items; quantity is a whole count. */
export function multiplyMoney(money: Money, quantity: number): Money {
  assertAmount(money.amount)
  assertAmount(quantity, 'quantity')
  return checked(money.amount * quantity, money.currency)
}

/**
 * The sum of a list of amounts in one currency. An empty list has no currency of its own, so it needs
 * `currency` (and then sums to zero); a given currency must also match every item.
 */
export function sumMoney(list: readonly Money[], currency?: CurrencyId): Money {
  const start = currency ?? list[0]?.currency
  if (start === undefined) throw new RangeError('sumMoney: an empty list needs a currency')
  return list.reduce<Money>((total, item) => addMoney(total, item), { amount: 0, currency: start })
}

/**
 * `bps` basis points of an amount (1 % = 100 bps, 19.5 % = 1950), rounded half away from zero to a
 * whole minor unit (docs/reference/readings.md 13). Exact for every safe amount: the product is taken in bigint.
 */
export function percentOf(money: Money, bps: number): Money {
  assertAmount(money.amount)
  assertAmount(bps, 'bps')
  return { amount: roundHalfUp(BigInt(money.amount) * BigInt(bps), 10_000), currency: money.currency }
}

/**
 * Whole percents as the API takes them, possibly with decimals (19.5 -> 1950), to basis points.
 * More than two decimals (19.555) would be a fraction of a basis point and is refused.
 */
export function percentToBps(wholePercent: number): number {
  if (!Number.isFinite(wholePercent)) throw new RangeError(`percent must be finite, got ${wholePercent}`)
  const scaled = wholePercent * 100
  const bps = roundHalfUp(scaled)
  if (Math.abs(scaled - bps) > 1e-6) throw new RangeError(`percent has more than two decimals: ${wholePercent}`)
  return bps
}

/** Basis points back to whole percents for display and the API (1950 -> 19.5). */
export function bpsToPercent(bps: number): number {
  assertAmount(bps, 'bps')
  const percent = bps / 100 // correctly rounded: 1955 / 100 is the double closest to 19.55
  return percent === 0 ? 0 : percent
}

/**
 * Splits an amount by whole-number weights without losing or creating a minor unit: each part gets
 * the floor of its exact share, and the units left over go one each to the parts with the largest
 * remainders (ties to the earlier part). A negative amount splits as the mirror of its magnitude.
 * `allocate(eur(100), [1, 1, 1])` is 34, 33, 33; a weight of 0 always gets 0.
 */
export function allocate(money: Money, ratios: readonly number[]): Money[] {
  assertAmount(money.amount)
  if (ratios.length === 0) throw new RangeError('allocate: no ratios')
  for (const ratio of ratios) {
    if (!Number.isSafeInteger(ratio) || ratio < 0) throw new RangeError(`allocate: ratios are whole numbers >= 0, got ${ratio}`)
  }
  const weights = ratios.map((ratio) => BigInt(ratio))
  const total = weights.reduce((sum, weight) => sum + weight, 0n)
  if (total === 0n) throw new RangeError('allocate: the ratios sum to 0')

  const negative = money.amount < 0
  const magnitude = BigInt(Math.abs(money.amount))
  const shares = weights.map((weight) => (magnitude * weight) / total)
  const remainders = weights.map((weight) => (magnitude * weight) % total)
  let left = magnitude - shares.reduce((sum, share) => sum + share, 0n)
  const order = remainders
    .map((remainder, index) => ({ remainder, index }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))
  for (const { index } of order) {
    if (left === 0n) break
    shares[index] = (shares[index] ?? 0n) + 1n
    left -= 1n
  }
  return shares.map((share) => {
    const amount = Number(share)
    return { amount: negative && amount !== 0 ? -amount : amount, currency: money.currency }
  })
}
