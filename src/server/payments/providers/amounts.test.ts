import { describe, expect, test } from 'vitest'
import { fromPayPalAmount, fromStripeAmount, toPayPalAmount, toStripeAmount } from './amounts'

describe('amounts as each provider counts them', () => {
  test('Stripe takes minor units, and ISK and UGX as two-decimal amounts', () => {
    expect(toStripeAmount({ amount: 1999, currency: 'eur' })).toBe(1999)
    expect(toStripeAmount({ amount: 1999, currency: 'jpy' })).toBe(1999)
    expect(toStripeAmount({ amount: 500, currency: 'isk' })).toBe(50_000)
    expect(fromStripeAmount(50_000, 'isk')).toEqual({ amount: 500, currency: 'isk' })
    expect(fromStripeAmount(1999, 'EUR')).toEqual({ amount: 1999, currency: 'eur' })
    expect(() => fromStripeAmount(50_001, 'isk')).toThrow(expect.objectContaining({ type: 'provider_error' }))
    expect(() => fromStripeAmount(1, 'xyz')).toThrow(expect.objectContaining({ type: 'provider_error' }))
  })

  test('PayPal takes a decimal string in the currency\'s digits, HUF and TWD in whole units', () => {
    expect(toPayPalAmount({ amount: 1999, currency: 'eur' })).toEqual({ currencyCode: 'EUR', value: '19.99' })
    expect(toPayPalAmount({ amount: 5, currency: 'usd' })).toEqual({ currencyCode: 'USD', value: '0.05' })
    expect(toPayPalAmount({ amount: 1999, currency: 'jpy' })).toEqual({ currencyCode: 'JPY', value: '1999' })
    expect(toPayPalAmount({ amount: 123_400, currency: 'huf' })).toEqual({ currencyCode: 'HUF', value: '1234' })
    expect(() => toPayPalAmount({ amount: 123_456, currency: 'huf' })).toThrow(expect.objectContaining({ type: 'no_payment_method' }))
  })

  test('PayPal decimals read back exactly, and nothing that is not one', () => {
    expect(fromPayPalAmount('19.99', 'EUR')).toEqual({ amount: 1999, currency: 'eur' })
    expect(fromPayPalAmount('19.9', 'EUR')).toEqual({ amount: 1990, currency: 'eur' })
    expect(fromPayPalAmount('1000000', 'USD')).toEqual({ amount: 100_000_000, currency: 'usd' })
    expect(fromPayPalAmount('1234', 'HUF')).toEqual({ amount: 123_400, currency: 'huf' })
    expect(fromPayPalAmount('1.234', 'KWD')).toEqual({ amount: 1234, currency: 'kwd' })
    for (const bad of ['19.999', '1,00', '1e3', '', '.5', '12.']) {
      expect(() => fromPayPalAmount(bad, 'EUR')).toThrow(expect.objectContaining({ type: 'provider_error' }))
    }
  })
})
