import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import type { Money } from '../money/money'
import { vatAmounts, vatBreakdown } from './vat-amounts'

const eur = (amount: number): Money => ({ amount, currency: 'eur' })
const price = fc.integer({ min: 0, max: 1_000_000_000_000 })
const rate = fc.integer({ min: 0, max: 9_999 })

describe('vatAmounts: net price (use_net_price)', () => {
  test('VAT is added on top of a net price: 100,00 € at 19 % is 119,00 €', () => {
    expect(vatAmounts(eur(10_000), 1900, true)).toEqual({ net: eur(10_000), vat: eur(1900), gross: eur(11_900), rateBps: 1900 })
  })

  test('a half cent of VAT rounds up: 0,50 € at 19 % gives 0,095 € -> 0,10 €', () => {
    expect(vatAmounts(eur(50), 1900, true).vat).toEqual(eur(10))
  })

  test('a rate of 0 adds nothing', () => {
    expect(vatAmounts(eur(999), 0, true)).toEqual({ net: eur(999), vat: eur(0), gross: eur(999), rateBps: 0 })
  })
})

describe('vatAmounts: gross price', () => {
  test('VAT is taken out of a gross price: 119,00 € at 19 % holds 19,00 €', () => {
    expect(vatAmounts(eur(11_900), 1900, false)).toEqual({ net: eur(10_000), vat: eur(1900), gross: eur(11_900), rateBps: 1900 })
  })

  test('1,00 € gross at 19 % is 0,84 € net and 0,16 € VAT (0,8403 rounds down)', () => {
    expect(vatAmounts(eur(100), 1900, false)).toEqual({ net: eur(84), vat: eur(16), gross: eur(100), rateBps: 1900 })
  })

  test('a net of exactly half a cent rounds up: 0,04 € gross at 60 % is 2,5 cents net -> 0,03 €', () => {
    expect(vatAmounts(eur(4), 6000, false)).toEqual({ net: eur(3), vat: eur(1), gross: eur(4), rateBps: 6000 })
  })

  test('an exponent-0 currency rounds to whole yen', () => {
    expect(vatAmounts({ amount: 1100, currency: 'jpy' }, 1000, false)).toEqual({
      net: { amount: 1000, currency: 'jpy' }, vat: { amount: 100, currency: 'jpy' }, gross: { amount: 1100, currency: 'jpy' }, rateBps: 1000,
    })
  })

  test('a refund mirrors its charge', () => {
    const charge = vatAmounts(eur(100), 1900, false)
    const refund = vatAmounts(eur(-100), 1900, false)
    expect(refund.net.amount).toBe(-charge.net.amount)
    expect(refund.vat.amount).toBe(-charge.vat.amount)
  })
})

describe('vatAmounts refuses what is not money or not a rate', () => {
  test.each([-1, 10_000, 19.5, Number.NaN])('rate %s', (bps) => expect(() => vatAmounts(eur(100), bps, true)).toThrow(RangeError))
  test('a fractional amount', () => expect(() => vatAmounts(eur(1.5), 1900, true)).toThrow(RangeError))
})

describe('vatAmounts properties', () => {
  test('net + vat = gross always, for net and gross prices', () => {
    fc.assert(fc.property(price, rate, fc.boolean(), (amount, bps, net) => {
      const r = vatAmounts(eur(amount), bps, net)
      expect(r.net.amount + r.vat.amount).toBe(r.gross.amount)
    }))
  })

  test('vat is never negative for a price that is not', () => {
    fc.assert(fc.property(price, rate, fc.boolean(), (amount, bps, net) => {
      expect(vatAmounts(eur(amount), bps, net).vat.amount).toBeGreaterThanOrEqual(0)
    }))
  })

  test('gross-price vat never exceeds the gross', () => {
    fc.assert(fc.property(price, rate, (amount, bps) => {
      const r = vatAmounts(eur(amount), bps, false)
      expect(r.vat.amount).toBeLessThanOrEqual(r.gross.amount)
      expect(r.gross.amount).toBe(amount)
    }))
  })

  test('every result is an integer amount of minor units', () => {
    fc.assert(fc.property(price, rate, fc.boolean(), (amount, bps, net) => {
      const r = vatAmounts(eur(amount), bps, net)
      for (const m of [r.net, r.vat, r.gross]) expect(Number.isSafeInteger(m.amount)).toBe(true)
    }))
  })

  test('the gross VAT is within half a minor unit of the exact share (one rounding)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), rate, (amount, bps) => {
      const r = vatAmounts(eur(amount), bps, false)
      const exactNet = (amount * 10_000) / (10_000 + bps)
      expect(Math.abs(r.net.amount - exactNet)).toBeLessThanOrEqual(0.5 + 1e-9)
    }))
  })
})

describe('vatBreakdown sums lines per rate', () => {
  test('two rates give two rows, highest first, and a total', () => {
    const lines = [vatAmounts(eur(11_900), 1900, false), vatAmounts(eur(1070), 700, false), vatAmounts(eur(100), 1900, false)]
    const breakdown = vatBreakdown(lines)
    expect(breakdown.rates.map((row) => row.rateBps)).toEqual([1900, 700])
    expect(breakdown.rates[0]).toEqual({ net: eur(10_084), vat: eur(1916), gross: eur(12_000), rateBps: 1900 })
    expect(breakdown.rates[1]).toEqual({ net: eur(1000), vat: eur(70), gross: eur(1070), rateBps: 700 })
    expect(breakdown.total).toEqual({ net: eur(11_084), vat: eur(1986), gross: eur(13_070) })
  })

  test('an empty list is zero in the given currency, and needs one', () => {
    expect(vatBreakdown([], 'chf')).toEqual({ rates: [], total: { net: { amount: 0, currency: 'chf' }, vat: { amount: 0, currency: 'chf' }, gross: { amount: 0, currency: 'chf' } } })
    expect(() => vatBreakdown([])).toThrow(RangeError)
  })

  test('lines of two currencies are refused', () => {
    expect(() => vatBreakdown([vatAmounts(eur(100), 1900, true), vatAmounts({ amount: 100, currency: 'chf' }, 810, true)])).toThrow()
  })

  test('the breakdown total equals the sum of its lines, and each row adds up', () => {
    const line = fc.tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(0, 700, 1900, 2000, 2550), fc.boolean())
    fc.assert(fc.property(fc.array(line, { maxLength: 20 }), (specs) => {
      const lines = specs.map(([amount, bps, net]) => vatAmounts(eur(amount), bps, net))
      const { rates, total } = vatBreakdown(lines, 'eur')
      expect(total.gross.amount).toBe(lines.reduce((sum, l) => sum + l.gross.amount, 0))
      expect(rates.reduce((sum, row) => sum + row.vat.amount, 0)).toBe(total.vat.amount)
      for (const row of rates) expect(row.net.amount + row.vat.amount).toBe(row.gross.amount)
      expect(total.net.amount + total.vat.amount).toBe(total.gross.amount)
    }))
  })
})
