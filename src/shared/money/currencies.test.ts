import { describe, expect, test } from 'vitest'
import { currencies, currencyIds, defaultCurrency, getCurrency, isCurrencyId, zCurrencyId } from './currencies'

describe('currency table', () => {
  test('holds the active ISO 4217 list: about 150 lowercase three-letter codes, each once', () => {
    expect(currencyIds.length).toBeGreaterThanOrEqual(150)
    expect(currencyIds.length).toBeLessThanOrEqual(165)
    expect(new Set(currencyIds).size).toBe(currencyIds.length)
    for (const id of currencyIds) expect(id).toMatch(/^[a-z]{3}$/)
  })
  test('the default currency is eur', () => expect(defaultCurrency).toBe('eur'))
  test('the spec\'s payout currencies are present: eur, pln, chf, gbp', () => {
    for (const id of ['eur', 'pln', 'chf', 'gbp']) expect(isCurrencyId(id)).toBe(true)
  })
  test('withdrawn and fund codes are not currencies to sell in', () => {
    for (const id of ['hrk', 'bgn', 'ang', 'sll', 'zwl', 'cuc', 'xdr', 'xau', 'xts', 'xxx', 'bov', 'clf', 'uyw']) {
      expect(isCurrencyId(id)).toBe(false)
    }
  })
  test('each entry names itself: id, uppercase code', () => {
    for (const id of currencyIds) {
      expect(currencies[id].id).toBe(id)
      expect(currencies[id].code).toBe(id.toUpperCase())
      expect(currencies[id].name.length).toBeGreaterThan(0)
    }
  })

  test('jpy has no minor unit', () => expect(getCurrency('jpy').exponent).toBe(0))
  test.each(['jpy', 'krw', 'clp', 'isk', 'vnd', 'xof', 'xaf', 'xpf', 'ugx', 'pyg', 'rwf', 'kmf', 'gnf', 'djf', 'vuv', 'bif'])(
    '%s has exponent 0', (id) => expect(getCurrency(id).exponent).toBe(0),
  )
  test.each(['kwd', 'bhd', 'omr', 'jod', 'tnd', 'lyd', 'iqd'])('%s has exponent 3', (id) => expect(getCurrency(id).exponent).toBe(3))
  test.each(['eur', 'usd', 'gbp', 'chf', 'pln', 'sek', 'huf', 'idr', 'cop'])('%s has exponent 2', (id) => {
    expect(getCurrency(id).exponent).toBe(2)
  })
  test('every exponent is 0, 2 or 3', () => {
    for (const id of currencyIds) expect([0, 2, 3]).toContain(currencies[id].exponent)
  })

  test('the spec\'s symbols: eur €, usd $, chf CHF, gbp £', () => {
    expect(getCurrency('eur').symbol).toBe('€')
    expect(getCurrency('usd').symbol).toBe('$')
    expect(getCurrency('chf').symbol).toBe('CHF')
    expect(getCurrency('gbp').symbol).toBe('£')
  })
  test('common symbols: jpy ¥, pln zł, sek kr', () => {
    expect(getCurrency('jpy').symbol).toBe('¥')
    expect(getCurrency('pln').symbol).toBe('zł')
    expect(getCurrency('sek').symbol).toBe('kr')
  })
  test('a currency without a usual symbol shows its uppercase code', () => expect(getCurrency('cad').symbol).toBe('CAD'))
  test('"$" and "£" belong to usd and gbp alone', () => {
    for (const id of currencyIds) {
      if (id !== 'usd') expect(currencies[id].symbol).not.toBe('$')
      if (id !== 'gbp') expect(currencies[id].symbol).not.toBe('£')
    }
  })
  test('dollar and pound symbols go left, all others right', () => {
    for (const id of currencyIds) {
      expect(currencies[id].symbolPosition).toBe(id === 'usd' || id === 'gbp' ? 'left' : 'right')
    }
  })
  test('the Swiss franc is spaced from its number; €, $ and £ are not', () => {
    expect(getCurrency('chf').symbolSpace).toBe(true)
    for (const id of ['eur', 'usd', 'gbp']) expect(getCurrency(id).symbolSpace).toBe(false)
  })
  test('the dollar uses "." for decimals and "," for thousands, every other currency "," and "."', () => {
    for (const id of currencyIds) {
      const { decimalSeparator, groupSeparator } = currencies[id]
      expect([decimalSeparator, groupSeparator]).toEqual(id === 'usd' ? ['.', ','] : [',', '.'])
    }
  })

  test('isCurrencyId accepts lowercase table codes only', () => {
    expect(isCurrencyId('eur')).toBe(true)
    expect(isCurrencyId('EUR')).toBe(false)
    expect(isCurrencyId('toString')).toBe(false)
    expect(isCurrencyId('__proto__')).toBe(false)
    expect(isCurrencyId(42)).toBe(false)
    expect(isCurrencyId(undefined)).toBe(false)
  })
  test('getCurrency throws on an unknown code', () => expect(() => getCurrency('xyz')).toThrow(RangeError))
  test('zCurrencyId parses lowercase codes and refuses the rest', () => {
    expect(zCurrencyId.parse('chf')).toBe('chf')
    expect(zCurrencyId.safeParse('CHF').success).toBe(false)
    expect(zCurrencyId.safeParse('').success).toBe(false)
    expect(zCurrencyId.safeParse('hrk').success).toBe(false)
  })
  test('the table cannot be changed at run time', () => {
    expect(Object.isFrozen(currencies)).toBe(true)
    expect(Object.isFrozen(currencies.eur)).toBe(true)
  })
})
