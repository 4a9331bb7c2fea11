import { describe, expect, test } from 'vitest'
import { firstPayment, priceCheckout, type CheckoutLineInput } from './checkout-price'
import type { PricingPlan } from './plan'
import { isTrialMethod, trialDaysOf, trialEnd, trialEndsAt } from './trial'

const bought = new Date(Date.UTC(2025, 2, 29, 23, 30))
const monthly: PricingPlan = { form: 'subscription', currencyId: 'eur', price: 1900, interval: '1m', trialDays: 14 }

describe('trialDaysOf and trialEndsAt', () => {
  test('subscriptions and limited subscriptions have their trial; other forms none', () => {
    expect(trialDaysOf(monthly)).toBe(14)
    expect(trialDaysOf({ form: 'limited_subscription', trialDays: 7 })).toBe(7)
    expect(trialDaysOf({ form: 'installment', trialDays: 7 })).toBeNull()
    expect(trialDaysOf({ form: 'one_time', trialDays: 7 })).toBeNull()
    expect(trialDaysOf({ form: 'subscription', trialDays: null })).toBeNull()
    expect(trialDaysOf({ form: 'subscription' })).toBeNull()
  })
  test('a trial ends whole UTC days later at the same time of day, across month ends', () => {
    expect(trialEndsAt(monthly, bought)?.toISOString()).toBe('2025-04-12T23:30:00.000Z')
    expect(trialEndsAt({ form: 'subscription', trialDays: null }, bought)).toBeNull()
  })
  test('trialEnd refuses days outside 1..365 and an invalid date', () => {
    expect(() => trialEnd(bought, 0)).toThrow(RangeError)
    expect(() => trialEnd(bought, 366)).toThrow(RangeError)
    expect(() => trialEnd(bought, 1.5)).toThrow(RangeError)
    expect(() => trialEnd(new Date(Number.NaN), 3)).toThrow(RangeError)
  })
  test('only methods kept without a charge start a trial: cards, wallets, SEPA; not PayPal or bank wire', () => {
    for (const method of ['card', 'apple_pay', 'google_pay', 'sepa']) expect(isTrialMethod(method)).toBe(true)
    for (const method of ['paypal', 'bank_wire', 'ideal', 'klarna', 'free']) expect(isTrialMethod(method)).toBe(false)
  })
})

describe('priceCheckout with a trial: nothing due now, the first charge priced as usual', () => {
  const line = (plan: PricingPlan, discount: CheckoutLineInput['discount'] = null): CheckoutLineInput => ({
    productId: 1, kind: 'main', name: 'Club', plan, quantity: 1, discount, supply: { kind: 'electronic' },
  })
  const price = (lines: CheckoutLineInput[]) => priceCheckout({
    lines, coupon: null, seller: { country: 'DE', vat: { payer: 'liable' } }, payer: { country: 'DE' },
  })

  test('a trial subscription is due 0 now; its first charge and later charges keep the plan price', () => {
    const result = price([line(monthly)])
    expect(result.trialDays).toBe(14)
    expect(result.dueNow).toBe(0)
    expect(firstPayment(result)).toEqual({ amount: 0, currency: 'eur' })
    expect(result.firstAmount).toBe(1900)
    expect(result.laterRate(2)).toBe(1900)
    expect(result.totalAmount).toBeNull()
  })
  test('without a trial the first charge is due now', () => {
    const result = price([line({ ...monthly, trialDays: null })])
    expect(result.trialDays).toBeNull()
    expect(result.dueNow).toBe(1900)
  })
  test('the product discount lowers the first charge after the trial, not what is due now', () => {
    const result = price([line(monthly, { active: true, value: 1000, valueForm: 'percents', ordersCount: 0 })])
    expect(result.dueNow).toBe(0)
    expect(result.firstAmount).toBe(1710)
    expect(result.laterRate(2)).toBe(1900)
  })
  test('a limited subscription with a trial still owes its full total', () => {
    const result = price([line({ form: 'limited_subscription', currencyId: 'eur', price: 1000, paymentsCount: 3, interval: '1m', trialDays: 30 })])
    expect(result.dueNow).toBe(0)
    expect(result.totalAmount).toBe(3000)
  })
  test('an add-on waits for the trial\'s end with the main product', () => {
    const bump: CheckoutLineInput = { ...line({ form: 'one_time', currencyId: 'eur', price: 500 }), productId: 2, kind: 'bump', name: 'Extra' }
    const result = price([line(monthly), bump])
    expect(result.dueNow).toBe(0)
    expect(result.firstAmount).toBe(2400)
  })
})
