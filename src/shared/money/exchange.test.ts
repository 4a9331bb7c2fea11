import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { currencyIds, getCurrency } from './currencies'
import { convertAmount, convertAmountBack, crossRate, crossRateDigits, isDecimalRate } from './exchange'

// Conversion and rounding across currency exponents (docs/decisions/0097-payer-currencies.md): the exact
// rational value, rounded once to the target's minor unit, half away from zero.

const anyCurrency = fc.constantFrom(...currencyIds)
const amount = fc.integer({ min: -10_000_000_000, max: 10_000_000_000 })
/** Rates as central banks publish them: up to 6 digits each side of the point, never zero. */
const rate = fc.tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 999_999 }))
  .map(([whole, scale, fraction]) => (scale === 0 ? String(Math.max(whole, 1)) : `${whole}.${String(fraction % 10 ** scale).padStart(scale, '0')}`))
  .filter(isDecimalRate)

/** The exact value as a fraction of bigints: amount × rate × 10^e(to) / 10^e(from). */
function exact(value: number, from: string, to: string, r: string): { n: bigint; d: bigint } {
  const [whole, fraction = ''] = r.split('.')
  const digits = BigInt(whole! + fraction)
  return { n: BigInt(value) * digits * 10n ** BigInt(getCurrency(to).exponent), d: 10n ** BigInt(fraction.length + getCurrency(from).exponent) }
}

/** Whether the converted amount stays a safe integer (a price of ten billion units at a rate of a million does not). */
function fits(value: number, from: string, to: string, r: string): boolean {
  const { n, d } = exact(Math.abs(value) + 1_000_000, from, to, r)
  return n / d < BigInt(Number.MAX_SAFE_INTEGER)
}

describe('convertAmount', () => {
  test('eur to pln at 4.2931: 25,00 € is 107,33 zł', () => expect(convertAmount(2500, 'eur', 'pln', '4.2931')).toBe(10733))
  test('eur to jpy: no decimals in the target (1,00 € at 162.37 is 162 yen)', () => expect(convertAmount(100, 'eur', 'jpy', '162.37')).toBe(162))
  test('jpy to eur: 1000 yen at 0.006159 is 6,16 €', () => expect(convertAmount(1000, 'jpy', 'eur', '0.006159')).toBe(616))
  test('eur to kwd: three decimals (10,00 € at 0.3312 is 3,312 KWD)', () => expect(convertAmount(1000, 'eur', 'kwd', '0.3312')).toBe(3312))
  test('kwd to jpy: 1,500 KWD at 490.25 is 735 yen (735.375 rounds down)', () => expect(convertAmount(1500, 'kwd', 'jpy', '490.25')).toBe(735))
  test('a half rounds away from zero, both signs', () => {
    expect(convertAmount(1, 'eur', 'usd', '0.5')).toBe(1)
    expect(convertAmount(-1, 'eur', 'usd', '0.5')).toBe(-1)
  })
  test('a rate that is not a positive decimal is refused', () => {
    expect(() => convertAmount(100, 'eur', 'usd', '0')).toThrow(RangeError)
    expect(() => convertAmount(100, 'eur', 'usd', '1e3')).toThrow(RangeError)
    expect(() => convertAmount(100, 'eur', 'usd', '-1.2')).toThrow(RangeError)
  })

  test('property: within half a minor unit of the exact value, in every pair of exponents', () => {
    fc.assert(fc.property(amount, anyCurrency, anyCurrency, rate, (value, from, to, r) => {
      fc.pre(fits(value, from, to, r))
      const converted = convertAmount(value, from, to, r)
      const { n, d } = exact(value, from, to, r)
      // |converted − n/d| ≤ 1/2  ⇔  |2·converted·d − 2n| ≤ d
      const gap = 2n * BigInt(converted) * d - 2n * n
      expect(gap <= d && gap >= -d).toBe(true)
    }))
  })

  test('property: symmetric in sign (a refund mirrors its charge)', () => {
    fc.assert(fc.property(amount, anyCurrency, anyCurrency, rate, (value, from, to, r) => {
      fc.pre(fits(value, from, to, r))
      expect(convertAmount(-value, from, to, r)).toBe(-convertAmount(value, from, to, r) || 0)
    }))
  })

  test('property: never decreases when the amount grows', () => {
    fc.assert(fc.property(amount, fc.integer({ min: 0, max: 1_000_000 }), anyCurrency, anyCurrency, rate, (value, step, from, to, r) => {
      fc.pre(fits(value, from, to, r))
      expect(convertAmount(value + step, from, to, r)).toBeGreaterThanOrEqual(convertAmount(value, from, to, r))
    }))
  })

  test('property: at rate 1 between currencies of one exponent the amount is unchanged', () => {
    fc.assert(fc.property(amount, anyCurrency, anyCurrency, (value, from, to) => {
      fc.pre(getCurrency(from).exponent === getCurrency(to).exponent)
      expect(convertAmount(value, from, to, '1')).toBe(value)
    }))
  })

  test('property: the way back returns the amount within the rounding of one minor unit of the source', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), anyCurrency, anyCurrency, rate, (value, from, to, r) => {
      fc.pre(fits(value, from, to, r))
      const there = convertAmount(value, from, to, r)
      const back = convertAmountBack(there, from, to, r)
      // Going to a coarser currency loses what its minor unit cannot hold: the bound is half the target's unit, converted back, plus one half.
      const { n: unitN, d: unitD } = exact(1, to, from, '1')
      const [whole, fraction = ''] = r.split('.')
      const rateDigits = BigInt(whole! + fraction)
      const rateScale = 10n ** BigInt(fraction.length)
      // bound = (1/2 target unit in source minor units) + 1/2 = unitN·rateScale/(2·unitD·rateDigits) + 1/2
      const bound2 = (unitN * rateScale * 2n) / (2n * unitD * rateDigits) + 2n
      expect(BigInt(Math.abs(back - value)) * 2n <= bound2).toBe(true)
    }))
  })
})

describe('crossRate', () => {
  test('pln per chf through the euro: 4.2931 / 0.9312', () => expect(crossRate('0.9312', '4.2931')).toBe('4.610287801'))
  test('eur itself: 1 against a rate gives the rate', () => expect(crossRate('1', '4.2931')).toBe('4.2931'))
  test('the inverse of a rate', () => expect(crossRate('4.2931', '1')).toBe('0.232931914'))
  test('a large rate keeps its whole digits', () => expect(crossRate('0.006159', '1630.5')).toBe('264734.5348'))
  test('property: a valid rate of at most the kept significant digits, within half a unit of the last digit', () => {
    fc.assert(fc.property(rate, rate, (a, b) => {
      const r = crossRate(a, b)
      expect(isDecimalRate(r)).toBe(true)
      expect(r.replace('.', '').replace(/^0+/, '').length).toBeLessThanOrEqual(crossRateDigits)
      // r ≈ b / a: compare r·a with b in floating point to a relative 1e-9 (the digits kept are 10).
      expect(Math.abs(Number(r) * Number(a) - Number(b)) / Number(b)).toBeLessThan(1e-9)
    }))
  })
})
