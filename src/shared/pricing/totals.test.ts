import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { checkoutMinimumPrice, installmentTotal } from './totals'

describe('installmentTotal (docs/reference/catalogue-and-selling.md §9)', () => {
  test('installment total is first + next x (count - 1)', () => {
    expect(installmentTotal({ firstAmount: 5000, nextAmount: 2500, paymentsCount: 4 })).toBe(12_500)
    expect(installmentTotal({ firstAmount: 1000, nextAmount: 1000, paymentsCount: 2 })).toBe(2000)
    expect(installmentTotal({ firstAmount: 100, nextAmount: 1, paymentsCount: 24 })).toBe(123)
  })
  test('0 if paymentsCount is 1 or less', () => {
    expect(installmentTotal({ firstAmount: 5000, nextAmount: 2500, paymentsCount: 1 })).toBe(0)
    expect(installmentTotal({ firstAmount: 5000, nextAmount: 2500, paymentsCount: 0 })).toBe(0)
    expect(installmentTotal({ firstAmount: 5000, nextAmount: 2500, paymentsCount: -3 })).toBe(0)
    expect(installmentTotal({ firstAmount: 5000, nextAmount: 2500 })).toBe(0)
  })
  test('with custom intervals, the sum of the rate amounts (first, next and count are not read)', () => {
    expect(installmentTotal({
      firstAmount: 9999, nextAmount: 9999, paymentsCount: 10,
      customIntervals: [{ interval: '1m', amount: 3000 }, { interval: '2w', amount: 1500 }, { interval: '1m', amount: 499 }],
    })).toBe(4999)
  })
  test('an empty custom interval list counts as none', () => {
    expect(installmentTotal({ firstAmount: 100, nextAmount: 50, paymentsCount: 3, customIntervals: [] })).toBe(200)
  })
  test('a missing amount counts as 0', () => {
    expect(installmentTotal({ firstAmount: null, nextAmount: 50, paymentsCount: 3 })).toBe(100)
    expect(installmentTotal({ firstAmount: 70, paymentsCount: 3 })).toBe(70)
  })
  test('a fractional amount is a bug and throws, it is never rounded', () => {
    expect(() => installmentTotal({ firstAmount: 10.5, nextAmount: 1, paymentsCount: 2 })).toThrow(RangeError)
  })
  test('a total beyond the safe integer range throws instead of losing units', () => {
    expect(() => installmentTotal({ firstAmount: 0, nextAmount: Number.MAX_SAFE_INTEGER, paymentsCount: 3 })).toThrow(RangeError)
  })
  test('property: the total is exact in integers', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 2, max: 24 }),
      (first, next, count) => {
        const total = installmentTotal({ firstAmount: first, nextAmount: next, paymentsCount: count })
        expect(BigInt(total)).toBe(BigInt(first) + BigInt(next) * BigInt(count - 1))
      },
    ))
  })
})

describe('checkoutMinimumPrice (docs/reference/catalogue-and-selling.md §9)', () => {
  test('with custom intervals, rate 1\'s amount', () => {
    expect(checkoutMinimumPrice({ price: 9000, firstAmount: 8000, customIntervals: [{ interval: '1m', amount: 1234 }, { interval: '1m', amount: 1 }] })).toBe(1234)
  })
  test('else the price', () => expect(checkoutMinimumPrice({ price: 9000, firstAmount: 8000 })).toBe(9000))
  test('else the first amount', () => expect(checkoutMinimumPrice({ price: null, firstAmount: 8000 })).toBe(8000))
  test('else 0', () => expect(checkoutMinimumPrice({})).toBe(0))
  test('a price of 0 is a price: a free plan costs 0 at checkout', () => expect(checkoutMinimumPrice({ price: 0, firstAmount: 8000 })).toBe(0))
  test('an empty custom interval list counts as none', () => expect(checkoutMinimumPrice({ price: 500, customIntervals: [] })).toBe(500))
})
