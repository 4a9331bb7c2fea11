import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import {
  addMoney, allocate, assertSameCurrency, bpsToPercent, CurrencyMismatchError, isZero, multiplyMoney, percentOf,
  percentToBps, roundHalfUp, subtractMoney, sumMoney, toMoney, zMoney, type Money,
} from './money'
import { currencyIds } from './currencies'

const eur = (amount: number): Money => ({ amount, currency: 'eur' })
const usd = (amount: number): Money => ({ amount, currency: 'usd' })

const safeAmount = fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 })
const anyCurrency = fc.constantFrom(...currencyIds)

describe('roundHalfUp: halves away from zero', () => {
  test('0.5 rounds up to 1', () => expect(roundHalfUp(0.5)).toBe(1))
  test('2.5 rounds up to 3', () => expect(roundHalfUp(2.5)).toBe(3))
  test('1.5 rounds up to 2', () => expect(roundHalfUp(1.5)).toBe(2))
  test('-0.5 rounds to -1, symmetric with 0.5', () => expect(roundHalfUp(-0.5)).toBe(-1))
  test('-2.5 rounds to -3, symmetric with 2.5', () => expect(roundHalfUp(-2.5)).toBe(-3))
  test('2.4999 rounds down to 2', () => expect(roundHalfUp(2.4999)).toBe(2))
  test('-2.4999 rounds to -2', () => expect(roundHalfUp(-2.4999)).toBe(-2))
  test('2.5001 rounds up to 3', () => expect(roundHalfUp(2.5001)).toBe(3))
  test('integers are unchanged', () => {
    expect(roundHalfUp(0)).toBe(0)
    expect(roundHalfUp(7)).toBe(7)
    expect(roundHalfUp(-7)).toBe(-7)
  })
  test('a small negative rounds to 0, never -0', () => {
    expect(Object.is(roundHalfUp(-0.4), 0)).toBe(true)
    expect(Object.is(roundHalfUp(-1, 3), 0)).toBe(true)
  })
  test('1.005 * 100 (100.49999999999999 in binary) rounds to 101: float noise at a half counts as the half', () => {
    expect(1.005 * 100).toBeLessThan(100.5)
    expect(roundHalfUp(1.005 * 100)).toBe(101)
    expect(roundHalfUp(-1.005 * 100)).toBe(-101)
    expect(roundHalfUp(1.255 * 100)).toBe(126)
  })
  test('noise tolerance does not reach a real fraction below one half', () => {
    expect(roundHalfUp(100.4999)).toBe(100)
    expect(roundHalfUp(100.499999)).toBe(100)
    expect(roundHalfUp(123_456_789.4999)).toBe(123_456_789)
  })
  test('an integer ratio is exact: 100500 / 1000 is 101', () => expect(roundHalfUp(100_500, 1000)).toBe(101))
  test('an integer ratio below one half rounds down: 100499 / 1000 is 100', () => expect(roundHalfUp(100_499, 1000)).toBe(100))
  test('a negative ratio mirrors the positive one', () => {
    expect(roundHalfUp(-5, 10)).toBe(-1)
    expect(roundHalfUp(5, -10)).toBe(-1)
    expect(roundHalfUp(-5, -10)).toBe(1)
  })
  test('bigint numerators beyond 2^53 divide exactly', () => {
    const big = 9_007_199_254_740_991n * 10_000n
    expect(roundHalfUp(big + 4_999n, 10_000)).toBe(Number.MAX_SAFE_INTEGER)
    expect(() => roundHalfUp(big + 5_000n, 10_000)).toThrow(RangeError)
  })
  test('division by zero, NaN, Infinity and results beyond the safe range throw', () => {
    expect(() => roundHalfUp(1, 0)).toThrow(RangeError)
    expect(() => roundHalfUp(Number.NaN)).toThrow(RangeError)
    expect(() => roundHalfUp(Number.POSITIVE_INFINITY)).toThrow(RangeError)
    expect(() => roundHalfUp(2 ** 60, 1)).toThrow(RangeError)
    expect(() => roundHalfUp(BigInt(Number.MAX_SAFE_INTEGER) + 1n)).toThrow(RangeError)
  })

  test('property: n + 0.5 rounds to n + 1 and -(n + 0.5) to -(n + 1)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (n) => {
      expect(roundHalfUp(n + 0.5)).toBe(n + 1)
      expect(roundHalfUp(-(n + 0.5))).toBe(-(n + 1))
    }))
  })
  test('property: an integer ratio rounds to the nearest integer, ties away from zero', () => {
    const limit = BigInt(Number.MAX_SAFE_INTEGER)
    fc.assert(fc.property(fc.bigInt({ min: -limit, max: limit }), fc.bigInt({ min: 1n, max: 10n ** 6n }), (n, d) => {
      const r = BigInt(roundHalfUp(n, d))
      const twiceError = 2n * (r * d - n) // 2 * (r - n / d) * d
      expect(twiceError <= d && twiceError >= -d).toBe(true)
      const abs = (x: bigint) => (x < 0n ? -x : x)
      if (abs(twiceError) === d) expect(abs(r * d) > abs(n)).toBe(true) // a tie went away from zero
      expect(roundHalfUp(-n, d)).toBe(r === 0n ? 0 : -Number(r))
    }))
  })
  test('property: the float path agrees with the integer path on cents', () => {
    fc.assert(fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
      expect(roundHalfUp(cents / 100)).toBe(roundHalfUp(cents, 100))
    }))
  })
})

describe('percentOf: basis points, rounded half-up to a minor unit', () => {
  test('19 % of 9,99 € is 1,90 € (189.81 cents rounds up)', () => expect(percentOf(eur(999), 1900)).toEqual(eur(190)))
  test('50 % of 1 cent is 1 cent (the half rounds up)', () => expect(percentOf(eur(1), 5000)).toEqual(eur(1)))
  test('49.99 % of 1 cent is 0', () => expect(percentOf(eur(1), 4999)).toEqual(eur(0)))
  test('50 % of -1 cent is -1 cent (symmetric)', () => expect(percentOf(eur(-1), 5000)).toEqual(eur(-1)))
  test('100 % is the amount and 0 % is zero', () => {
    expect(percentOf(eur(12_345), 10_000)).toEqual(eur(12_345))
    expect(percentOf(eur(12_345), 0)).toEqual(eur(0))
  })
  test('19.5 % of 100,00 € is 19,50 €', () => expect(percentOf(eur(10_000), percentToBps(19.5))).toEqual(eur(1950)))
  test('a percent of yen stays in whole yen', () => expect(percentOf({ amount: 999, currency: 'jpy' }, 1900)).toEqual({ amount: 190, currency: 'jpy' }))
  test('a fractional basis point or amount is refused', () => {
    expect(() => percentOf(eur(100), 12.5)).toThrow(RangeError)
    expect(() => percentOf(eur(1.5), 100)).toThrow(RangeError)
  })
  test('property: percentOf never returns a non-integer and is within half a unit of the exact share', () => {
    fc.assert(fc.property(safeAmount, fc.integer({ min: -100_000, max: 100_000 }), anyCurrency, (amount, bps, currency) => {
      const result = percentOf({ amount, currency }, bps)
      expect(Number.isSafeInteger(result.amount)).toBe(true)
      expect(result.currency).toBe(currency)
      const twiceError = 2n * (BigInt(result.amount) * 10_000n - BigInt(amount) * BigInt(bps))
      expect(twiceError <= 10_000n && twiceError >= -10_000n).toBe(true)
    }))
  })
})

describe('percents and basis points', () => {
  test('1 % is 100 bps', () => expect(percentToBps(1)).toBe(100))
  test('19.5 % is 1950 bps', () => expect(percentToBps(19.5)).toBe(1950))
  test('19.55 % is 1955 bps despite 19.55 * 100 being 1955.0000000000002', () => expect(percentToBps(19.55)).toBe(1955))
  test('0.07 % is 7 bps', () => expect(percentToBps(0.07)).toBe(7))
  test('a percent with three decimals is refused', () => expect(() => percentToBps(19.555)).toThrow(RangeError))
  test('NaN is refused', () => expect(() => percentToBps(Number.NaN)).toThrow(RangeError))
  test('1950 bps is 19.5 %', () => expect(bpsToPercent(1950)).toBe(19.5))
  test('1955 bps is 19.55 %', () => expect(bpsToPercent(1955)).toBe(19.55))
  test('property: percent -> bps -> percent round trips for two decimals', () => {
    fc.assert(fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (bps) => {
      expect(percentToBps(bpsToPercent(bps))).toBe(bps)
    }))
  })
})

describe('add, subtract, multiply, sum', () => {
  test('adding 0,01 € to 0,99 € is 1,00 €', () => expect(addMoney(eur(99), eur(1))).toEqual(eur(100)))
  test('subtracting below zero goes negative (clamping is pricing\'s rule, not money\'s)', () => {
    expect(subtractMoney(eur(100), eur(250))).toEqual(eur(-150))
  })
  test('adding different currencies throws', () => {
    expect(() => addMoney(eur(1), usd(1))).toThrow(CurrencyMismatchError)
  })
  test('subtracting different currencies throws', () => {
    expect(() => subtractMoney(eur(1), usd(1))).toThrow(CurrencyMismatchError)
  })
  test('assertSameCurrency passes on one currency and names both on two', () => {
    expect(() => assertSameCurrency(eur(1), eur(2))).not.toThrow()
    expect(() => assertSameCurrency(eur(1), usd(2))).toThrow('currency mismatch: eur and usd')
  })
  test('fractional amounts are refused', () => expect(() => addMoney(eur(0.1), eur(0.2))).toThrow(RangeError))
  test('a sum beyond the safe integer range throws', () => {
    expect(() => addMoney(eur(Number.MAX_SAFE_INTEGER), eur(1))).toThrow(RangeError)
  })
  test('3 x 9,99 € is 29,97 €', () => expect(multiplyMoney(eur(999), 3)).toEqual(eur(2997)))
  test('a fractional quantity is refused', () => expect(() => multiplyMoney(eur(999), 1.5)).toThrow(RangeError))
  test('a product beyond the safe range throws', () => expect(() => multiplyMoney(eur(2 ** 30), 2 ** 30)).toThrow(RangeError))
  test('sumMoney adds a list', () => expect(sumMoney([eur(1), eur(2), eur(3)])).toEqual(eur(6)))
  test('sumMoney of an empty list is zero in the given currency', () => expect(sumMoney([], 'usd')).toEqual(usd(0)))
  test('sumMoney of an empty list without a currency throws', () => expect(() => sumMoney([])).toThrow(RangeError))
  test('sumMoney refuses mixed currencies, and a list that is not in the given currency', () => {
    expect(() => sumMoney([eur(1), usd(1)])).toThrow(CurrencyMismatchError)
    expect(() => sumMoney([eur(1)], 'usd')).toThrow(CurrencyMismatchError)
  })
  test('isZero', () => {
    expect(isZero(eur(0))).toBe(true)
    expect(isZero(eur(1))).toBe(false)
    expect(isZero(eur(-1))).toBe(false)
  })
  test('toMoney refuses floats and never holds -0', () => {
    expect(() => toMoney(1.5, 'eur')).toThrow(RangeError)
    expect(Object.is(toMoney(-0, 'eur').amount, 0)).toBe(true)
  })
  test('zMoney takes integer amounts in a known lowercase currency only', () => {
    expect(zMoney.safeParse({ amount: 1000, currency: 'eur' }).success).toBe(true)
    expect(zMoney.safeParse({ amount: 10.5, currency: 'eur' }).success).toBe(false)
    expect(zMoney.safeParse({ amount: 1000, currency: 'EUR' }).success).toBe(false)
    expect(zMoney.safeParse({ amount: 1000, currency: 'xyz' }).success).toBe(false)
    expect(zMoney.safeParse({ amount: 1000, currency: 'eur', extra: 1 }).success).toBe(false)
  })
  test('property: (a + b) - b is a, and a - b + b is a', () => {
    fc.assert(fc.property(safeAmount, safeAmount, anyCurrency, (a, b, currency) => {
      const A = { amount: a, currency }
      const B = { amount: b, currency }
      expect(subtractMoney(addMoney(A, B), B)).toEqual(A)
      expect(addMoney(subtractMoney(A, B), B)).toEqual(A)
    }))
  })
  test('property: sumMoney equals repeated addMoney and multiplyMoney by the count', () => {
    fc.assert(fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 50 }), (amount, count) => {
      const list = Array.from({ length: count }, () => eur(amount))
      expect(sumMoney(list, 'eur')).toEqual(multiplyMoney(eur(amount), count))
    }))
  })
})

describe('allocate: largest remainder, no unit lost', () => {
  test('1,00 € in three equal parts is 34, 33, 33 (the leftover cent goes to the first)', () => {
    expect(allocate(eur(100), [1, 1, 1]).map((m) => m.amount)).toEqual([34, 33, 33])
  })
  test('-1,00 € in three equal parts mirrors the positive split', () => {
    expect(allocate(eur(-100), [1, 1, 1]).map((m) => m.amount)).toEqual([-34, -33, -33])
  })
  test('0,05 € split 70 / 30 is 4 and 1 (3.5 and 1.5: tie to the earlier part)', () => {
    expect(allocate(eur(5), [70, 30]).map((m) => m.amount)).toEqual([4, 1])
  })
  test('the largest remainder wins over position', () => {
    // 10 by [1, 2]: exact 3.33 and 6.67, so the leftover unit goes to the second part
    expect(allocate(eur(10), [1, 2]).map((m) => m.amount)).toEqual([3, 7])
  })
  test('a weight of 0 gets nothing', () => {
    expect(allocate(eur(101), [0, 1, 0, 1]).map((m) => m.amount)).toEqual([0, 51, 0, 50])
  })
  test('allocating zero gives zeros, never -0', () => {
    for (const part of allocate(eur(0), [1, 2])) expect(Object.is(part.amount, 0)).toBe(true)
  })
  test('parts keep the currency', () => expect(allocate(usd(7), [1, 1]).every((m) => m.currency === 'usd')).toBe(true))
  test('no ratios, all-zero ratios, negative or fractional ratios are refused', () => {
    expect(() => allocate(eur(1), [])).toThrow(RangeError)
    expect(() => allocate(eur(1), [0, 0])).toThrow(RangeError)
    expect(() => allocate(eur(1), [-1, 2])).toThrow(RangeError)
    expect(() => allocate(eur(1), [0.5, 0.5])).toThrow(RangeError)
  })
  test('property: allocate always sums to the original and each part is within one unit of its exact share', () => {
    fc.assert(fc.property(
      safeAmount,
      fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }).filter((r) => r.some((x) => x > 0)),
      anyCurrency,
      (amount, ratios, currency) => {
        const parts = allocate({ amount, currency }, ratios)
        expect(parts).toHaveLength(ratios.length)
        expect(sumMoney(parts, currency)).toEqual({ amount, currency })
        const total = BigInt(ratios.reduce((s, r) => s + r, 0))
        parts.forEach((part, i) => {
          expect(Number.isSafeInteger(part.amount)).toBe(true)
          const error = BigInt(part.amount) * total - BigInt(amount) * BigInt(ratios[i] ?? 0) // (part - exact) * total
          expect(error < total && error > -total).toBe(true)
          if (ratios[i] === 0) expect(part.amount).toBe(0)
        })
      },
    ))
  })
})
