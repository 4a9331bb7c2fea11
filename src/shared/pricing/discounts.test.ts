import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { discountAmount, discountApplies, discountInCurrency, priceWithDiscount, zDiscountValueForm, type Discount } from './discounts'

const currency = (value: number, more: Partial<Discount> = {}): Discount => ({ active: true, value, valueForm: 'currency', ordersCount: 0, ...more })
const percent = (bps: number, more: Partial<Discount> = {}): Discount => ({ active: true, value: bps, valueForm: 'percents', ordersCount: 0, ...more })

describe('discountApplies (docs/reference/catalogue-and-selling.md §9)', () => {
  test('an active discount without a limit applies', () => expect(discountApplies(currency(100))).toBe(true))
  test('an inactive discount never applies', () => expect(discountApplies(currency(100, { active: false }))).toBe(false))
  test('applies while ordersCount is below the limit, not at it', () => {
    expect(discountApplies(currency(100, { limit: 5, ordersCount: 4 }))).toBe(true)
    expect(discountApplies(currency(100, { limit: 5, ordersCount: 5 }))).toBe(false)
    expect(discountApplies(currency(100, { limit: 5, ordersCount: 6 }))).toBe(false)
  })
  test('a null limit is no limit; a limit of 0 lets no order use it', () => {
    expect(discountApplies(currency(100, { limit: null, ordersCount: 1_000_000 }))).toBe(true)
    expect(discountApplies(currency(100, { limit: 0 }))).toBe(false)
  })
})

describe('priceWithDiscount (docs/reference/catalogue-and-selling.md §9, docs/reference/readings.md 13)', () => {
  test('a currency discount is subtracted', () => expect(priceWithDiscount(10_000, currency(2_500))).toBe(7_500))
  test('a currency discount does not go below 0', () => {
    expect(priceWithDiscount(1_000, currency(2_500))).toBe(0)
    expect(priceWithDiscount(1_000, currency(1_000))).toBe(0)
  })
  test('a percent discount reduces by that percent: 20 % of 100,00 is 20,00 off', () => expect(priceWithDiscount(10_000, percent(2000))).toBe(8_000))
  test('the percent off is rounded half-up to a whole minor unit: 15 % of 0,10 is 1,5 -> 2 cents off', () => {
    expect(discountAmount(10, percent(1500))).toBe(2)
    expect(priceWithDiscount(10, percent(1500))).toBe(8)
  })
  test('just below a half rounds down: 12,34 % of 0,04 is 0,49 cents -> 0 off', () => expect(priceWithDiscount(4, percent(1234))).toBe(4))
  test('a percent with decimals: 33,33 % of 99,99 is 33,327 -> 33,33 off', () => expect(priceWithDiscount(9_999, percent(3333))).toBe(6_666))
  test('100 % makes it free; more than 100 % does not go below 0', () => {
    expect(priceWithDiscount(12_345, percent(10_000))).toBe(0)
    expect(priceWithDiscount(12_345, percent(15_000))).toBe(0)
  })
  test('a discount that does not apply leaves the price', () => {
    expect(priceWithDiscount(10_000, percent(2000, { active: false }))).toBe(10_000)
    expect(priceWithDiscount(10_000, percent(2000, { limit: 1, ordersCount: 1 }))).toBe(10_000)
    expect(priceWithDiscount(10_000, null)).toBe(10_000)
    expect(priceWithDiscount(10_000, undefined)).toBe(10_000)
  })
  test('a price of 0 stays 0', () => expect(priceWithDiscount(0, percent(5000))).toBe(0))
  test('fractional or negative amounts and values are bugs and throw', () => {
    expect(() => priceWithDiscount(10.5, percent(100))).toThrow(RangeError)
    expect(() => priceWithDiscount(-1, percent(100))).toThrow(RangeError)
    expect(() => priceWithDiscount(100, currency(-5))).toThrow(RangeError)
    expect(() => priceWithDiscount(100, percent(12.5))).toThrow(RangeError)
  })

  const amounts = fc.integer({ min: 0, max: 1e13 })
  test('property: the discounted price is a whole amount from 0 to the price', () => {
    fc.assert(fc.property(amounts, fc.integer({ min: 0, max: 20_000 }), fc.constantFrom('currency' as const, 'percents' as const), (amount, value, valueForm) => {
      const result = priceWithDiscount(amount, { active: true, value, valueForm, ordersCount: 0 })
      expect(Number.isSafeInteger(result)).toBe(true)
      expect(result).toBeGreaterThanOrEqual(0)
      expect(result).toBeLessThanOrEqual(amount)
    }))
  })
  test('property: a percent discount is the amount off within half a minor unit of the exact percent', () => {
    fc.assert(fc.property(fc.oneof(amounts, fc.integer({ min: 0, max: 1000 })), fc.integer({ min: 0, max: 10_000 }), (amount, bps) => {
      const off = BigInt(amount - priceWithDiscount(amount, percent(bps)))
      const exact = BigInt(amount) * BigInt(bps) // off x 10 000, exactly
      const error = off * 10_000n - exact
      expect(error > -5_000n && error <= 5_000n).toBe(true) // half-up: an exact half rounds to the larger discount
    }))
  })
  test('property: a larger percent never costs the payer more', () => {
    fc.assert(fc.property(amounts, fc.integer({ min: 0, max: 9_999 }), (amount, bps) => {
      expect(priceWithDiscount(amount, percent(bps + 1))).toBeLessThanOrEqual(priceWithDiscount(amount, percent(bps)))
    }))
  })
  test('property: a currency discount takes off exactly its value, down to 0', () => {
    fc.assert(fc.property(amounts, amounts, (amount, value) => {
      expect(priceWithDiscount(amount, currency(value))).toBe(Math.max(0, amount - value))
    }))
  })
})

describe('discount value forms', () => {
  test('currency or percents', () => {
    expect(zDiscountValueForm.parse('percents')).toBe('percents')
    expect(zDiscountValueForm.safeParse('percent').error?.issues[0]?.message).toBe('invalid_value')
  })
})

describe('discountInCurrency', () => {
  test('a percent discount fits amounts of every currency', () => {
    const d = percent(1000)
    expect(discountInCurrency(d, 'eur')).toBe(d)
    expect(discountInCurrency(d, 'jpy')).toBe(d)
  })
  test('a currency discount fits only amounts of its own currency', () => {
    const d = { ...currency(500), currencyId: 'eur' }
    expect(discountInCurrency(d, 'eur')).toBe(d)
    expect(discountInCurrency(d, 'usd')).toBeNull()
    expect(discountInCurrency(d, null)).toBeNull()
    expect(priceWithDiscount(2000, discountInCurrency(d, 'usd'))).toBe(2000)
  })
  test('no discount stays no discount', () => expect(discountInCurrency(null, 'eur')).toBeNull())
})
