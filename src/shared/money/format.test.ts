import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { formatAmount, formatMoney, parseMoneyInput, toMajorUnitsString } from './format'
import { currencies, currencyIds, type CurrencyId } from './currencies'

const m = (amount: number, currency: CurrencyId) => ({ amount, currency })

describe('formatMoney: the spec\'s display rules', () => {
  test('euro symbol goes right, touching the number, with "," decimals: 10,00€', () => expect(formatMoney(m(1000, 'eur'))).toBe('10,00€'))
  test('euro thousands use ".": 1.234,56€', () => expect(formatMoney(m(123_456, 'eur'))).toBe('1.234,56€'))
  test('dollar symbol goes left with "." decimals and "," thousands: $1,234.56', () => {
    expect(formatMoney(m(123_456, 'usd'))).toBe('$1,234.56')
  })
  test('pound symbol goes left, with the non-dollar separators: £1.234,56', () => expect(formatMoney(m(123_456, 'gbp'))).toBe('£1.234,56'))
  test('CHF shows with a space, right of the number: 10,00 CHF', () => expect(formatMoney(m(1000, 'chf'))).toBe('10,00 CHF'))
  test('two decimals always for exponent-2 currencies: 10 cents is 0,10€, 0 is 0,00€', () => {
    expect(formatMoney(m(10, 'eur'))).toBe('0,10€')
    expect(formatMoney(m(0, 'eur'))).toBe('0,00€')
    expect(formatMoney(m(5, 'usd'))).toBe('$0.05')
  })
  test('jpy shows no decimals: 1.234¥', () => expect(formatMoney(m(1234, 'jpy'))).toBe('1.234¥'))
  test('kwd shows three decimals: 1,500 KWD', () => expect(formatMoney(m(1500, 'kwd'))).toBe('1,500 KWD'))
  test('letter symbols are spaced: 1.234,56 zł', () => expect(formatMoney(m(123_456, 'pln'))).toBe('1.234,56 zł'))
  test('a currency without a symbol shows its code right: 10,00 CAD', () => expect(formatMoney(m(1000, 'cad'))).toBe('10,00 CAD'))
  test('the minus sign leads: -$10.00, -10,00€, -£0,01, -10,00 CHF', () => {
    expect(formatMoney(m(-1000, 'usd'))).toBe('-$10.00')
    expect(formatMoney(m(-1000, 'eur'))).toBe('-10,00€')
    expect(formatMoney(m(-1, 'gbp'))).toBe('-£0,01')
    expect(formatMoney(m(-1000, 'chf'))).toBe('-10,00 CHF')
  })
  test('large amounts group every three digits', () => {
    expect(formatMoney(m(Number.MAX_SAFE_INTEGER, 'eur'))).toBe('90.071.992.547.409,91€')
    expect(formatMoney(m(100_000_000, 'usd'))).toBe('$1,000,000.00')
  })
  test('display code: 1.234,56 EUR; display none: the number alone', () => {
    expect(formatMoney(m(123_456, 'eur'), { display: 'code' })).toBe('1.234,56 EUR')
    expect(formatMoney(m(123_456, 'usd'), { display: 'code' })).toBe('1,234.56 USD')
    expect(formatMoney(m(-123_456, 'usd'), { display: 'none' })).toBe('-1,234.56')
  })
  test('a fractional amount is refused, not rounded', () => expect(() => formatMoney(m(10.5, 'eur'))).toThrow(RangeError))
})

describe('formatAmount', () => {
  test('123456 eur is 1.234,56', () => expect(formatAmount(123_456, 'eur')).toBe('1.234,56'))
  test('123456 usd is 1,234.56', () => expect(formatAmount(123_456, 'usd')).toBe('1,234.56'))
  test('1234567 jpy is 1.234.567', () => expect(formatAmount(1_234_567, 'jpy')).toBe('1.234.567'))
  test('1 kwd fils is 0,001', () => expect(formatAmount(1, 'kwd')).toBe('0,001'))
  test('-5 eur is -0,05', () => expect(formatAmount(-5, 'eur')).toBe('-0,05'))
  test('999 eur is 9,99 (no grouping under a thousand)', () => expect(formatAmount(999, 'eur')).toBe('9,99'))
})

describe('toMajorUnitsString: exports', () => {
  test('1234 eur is "12.34"', () => expect(toMajorUnitsString(1234, 'eur')).toBe('12.34'))
  test('-5 eur is "-0.05"', () => expect(toMajorUnitsString(-5, 'eur')).toBe('-0.05'))
  test('0 eur is "0.00"', () => expect(toMajorUnitsString(0, 'eur')).toBe('0.00'))
  test('123456789 usd has no thousands separator: "1234567.89"', () => expect(toMajorUnitsString(123_456_789, 'usd')).toBe('1234567.89'))
  test('jpy has no decimals: "1234"', () => expect(toMajorUnitsString(1234, 'jpy')).toBe('1234'))
  test('kwd has three: "1.234"', () => expect(toMajorUnitsString(1234, 'kwd')).toBe('1.234'))
  test('a CSV may ask for "," as decimal separator: "12,34"', () => expect(toMajorUnitsString(1234, 'eur', ',')).toBe('12,34'))
  test('the largest safe amount is exact', () => expect(toMajorUnitsString(Number.MAX_SAFE_INTEGER, 'eur')).toBe('90071992547409.91'))
  test('property: the string is the integer with a point inserted', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), fc.constantFrom(...currencyIds), (amount, currency) => {
      const text = toMajorUnitsString(amount, currency)
      const { exponent } = currencies[currency]
      expect(text).toMatch(exponent === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${exponent}}$`))
      expect(BigInt(text.replace('.', ''))).toBe(BigInt(amount))
    }))
  })
})

describe('parseMoneyInput: what a person types', () => {
  const cases: [string, CurrencyId, number | null][] = [
    ['10', 'eur', 1000],
    ['10,5', 'eur', 1050],
    ['10.5', 'eur', 1050],
    ['10,50', 'eur', 1050],
    ['0,01', 'eur', 1],
    ['1.234,56', 'eur', 123_456],
    ['1,234.56', 'eur', 123_456],
    ['1 234,56', 'eur', 123_456],
    ['1\u00a0234,56', 'eur', 123_456],
    ["1'234.50", 'chf', 123_450],
    ['1.234.567', 'eur', 123_456_700],
    ['1.234', 'eur', 123_400],
    ['1,234', 'usd', 123_400],
    ['1,234', 'eur', null],
    ['1.234', 'usd', null],
    ['1,234', 'kwd', 1234],
    ['1.234', 'kwd', 1_234_000],
    ['1,5', 'kwd', 1500],
    ['1.234', 'jpy', 1234],
    ['1,234', 'jpy', 1234],
    ['1234', 'jpy', 1234],
    ['10,5', 'jpy', null],
    ['10,00', 'jpy', null],
    ['10,123', 'eur', null],
    ['10,1234', 'kwd', null],
    ['€10', 'eur', 1000],
    ['10 €', 'eur', 1000],
    ['10,00€', 'eur', 1000],
    ['10 EUR', 'eur', 1000],
    ['eur 10', 'eur', 1000],
    ['$1,234.56', 'usd', 123_456],
    ['CHF 10.50', 'chf', 1050],
    ['10,50 CHF', 'chf', 1050],
    ['-5', 'eur', -500],
    ['-$5.00', 'usd', -500],
    ['$-5.00', 'usd', -500],
    ['\u22125,00€', 'eur', -500],
    ['-0,00', 'eur', 0],
    ['  12,30  ', 'eur', 1230],
    ['$10', 'eur', null],
    ['10 USD', 'eur', null],
    ['', 'eur', null],
    ['   ', 'eur', null],
    ['abc', 'eur', null],
    ['1.23.4', 'eur', null],
    ['12.34.567', 'eur', null],
    ['1.234.56', 'eur', null],
    ['1,234,56', 'usd', null],
    ['1.234 567', 'eur', null],
    ['1,234,567.8.9', 'usd', null],
    ['1e3', 'eur', null],
    ['0x10', 'eur', null],
    ['10.', 'eur', null],
    [',5', 'eur', null],
    ['1..5', 'eur', null],
    ['--5', 'eur', null],
    ['+5', 'eur', null],
    ['99999999999999999999', 'eur', null],
    ['90.071.992.547.409,91', 'eur', Number.MAX_SAFE_INTEGER],
    ['90.071.992.547.409,92', 'eur', null],
  ]
  test.each(cases)('%j in %s is %s', (text, currency, expected) => {
    expect(parseMoneyInput(text, currency)).toBe(expected)
  })
  test('-0 parses to 0, never -0', () => expect(Object.is(parseMoneyInput('-0', 'eur'), 0)).toBe(true))

  test('property: formatting then parsing returns the same amount, for every currency and every display', () => {
    fc.assert(fc.property(
      fc.maxSafeInteger(),
      fc.constantFrom(...currencyIds),
      fc.constantFrom('symbol' as const, 'code' as const, 'none' as const),
      (amount, currency, display) => {
        expect(parseMoneyInput(formatMoney(m(amount, currency), { display }), currency)).toBe(amount === 0 ? 0 : amount)
      },
    ), { numRuns: 2000 })
  })
  test('property: small amounts round trip too, in every currency (where ambiguity lives)', () => {
    for (const currency of currencyIds) {
      for (const amount of [0, 1, 5, 10, 99, 100, 999, 1000, 1234, 12_345, 123_456, 1_234_567, -1, -1234]) {
        expect(parseMoneyInput(formatMoney(m(amount, currency)), currency)).toBe(amount)
        expect(parseMoneyInput(formatAmount(amount, currency), currency)).toBe(amount)
      }
    }
  })
  test('property: an export written with the currency\'s own decimal mark parses back to the amount', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), fc.constantFrom(...currencyIds), (amount, currency) => {
      const text = toMajorUnitsString(amount, currency, currencies[currency].decimalSeparator)
      expect(parseMoneyInput(text, currency)).toBe(amount === 0 ? 0 : amount)
    }))
  })
  test('property: parsing never returns a non-integer and never throws on arbitrary text', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.,- \'€$'.split('')), maxLength: 20 }), fc.constantFrom(...currencyIds), (text, currency) => {
      const parsed = parseMoneyInput(text, currency)
      expect(parsed === null || Number.isSafeInteger(parsed)).toBe(true)
    }))
  })
})
