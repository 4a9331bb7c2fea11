import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { splitRate } from './rate-shares'

describe('splitRate', () => {
  test('splits a later charge over the lines that charge again, in proportion, each at its own VAT rate', () => {
    const course = { grossAmount: 11_900, vatRateBps: 1900, recurring: true }
    const workbook = { grossAmount: 1_070, vatRateBps: 700, recurring: true }
    expect(splitRate([course, workbook], 12_970, 'eur')).toEqual([{ index: 0, gross: 11_900, vatRateBps: 1900 }, { index: 1, gross: 1_070, vatRateBps: 700 }])
    expect(splitRate([course, { ...workbook, recurring: false }], 2_000, 'eur')).toEqual([{ index: 0, gross: 2_000, vatRateBps: 1900 }])
    expect(splitRate([{ ...course, grossAmount: 0 }], 2_000, 'eur')).toEqual([{ index: 0, gross: 2_000, vatRateBps: 1900 }])
    expect(splitRate([], 2_000, 'eur')).toEqual([{ index: 0, gross: 2_000, vatRateBps: 0 }])
  })

  test('the shares always add up to the charge exactly', () => {
    const line = fc.record({ grossAmount: fc.nat({ max: 1_000_000 }), vatRateBps: fc.constantFrom(0, 700, 1900, 2000), recurring: fc.boolean() })
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), fc.nat({ max: 10_000_000 }), (lines, gross) => {
      const shares = splitRate(lines, gross, 'eur')
      expect(shares.reduce((sum, s) => sum + s.gross, 0)).toBe(gross)
      for (const s of shares) expect(s.gross).toBeGreaterThanOrEqual(0)
    }))
  })
})
