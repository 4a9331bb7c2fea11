import { describe, expect, test } from 'vitest'
import { installment, plan } from '../test-fixtures'
import { describePlan as describe_, everyInterval as every_, methodsForPlan, money, perInterval as per_, planTitle as title_, planTotal as total_ } from './plans'
import { pageTexts } from '../i18n/texts-context'
import { en } from '../i18n/en'
import type { ShopPlan } from '../props'

// The functions take the page's texts; these read English.
const texts = pageTexts('en', en)
const describePlan = (p: ShopPlan) => describe_(p, texts)
const everyInterval = (code: string | null) => every_(code, texts)
const perInterval = (code: string | null) => per_(code, texts)
const planTitle = (p: ShopPlan) => title_(p, texts)
const planTotal = (p: ShopPlan) => total_(p, texts)

describe('plans as the payer reads them', () => {
  test('each plan is shown in its own currency', () => {
    expect(money(24900, 'eur')).toBe('249,00€')
    expect(money(1000, 'usd')).toBe('$10.00')
    expect(money(1500, 'jpy')).toBe('1.500¥')
  })

  test('intervals: every month, every 2 weeks (14 days), every year', () => {
    expect(everyInterval('1m')).toBe('every month')
    expect(everyInterval('14d')).toBe('every 2 weeks')
    expect(everyInterval('1y')).toBe('every year')
  })

  test('one-time, installment, limited subscription and subscription', () => {
    expect(describePlan(plan())).toBe('One payment of 249,00€')
    expect(describePlan(installment)).toBe('3 payments: 99,00€ now, then 2 × 80,00€ every month')
    expect(planTotal(installment)).toBe('Total 259,00€')
    expect(describePlan(plan({ form: 'limited_subscription', price: 1500, payments_count: 12, interval: '1m', display_price: 1500, total: 18000 }))).toBe('15,00€ every month, 12 payments')
    expect(describePlan(plan({ form: 'subscription', price: 1900, interval: '1m', display_price: 1900, total: null }))).toBe('19,00€ every month until cancelled')
    expect(describePlan(plan({ form: 'subscription', price: null, first_amount: 500, next_amount: 1900, interval: '1m', display_price: 500, total: null })))
      .toBe('5,00€ now, then 19,00€ every month until cancelled')
    expect(planTotal(plan({ form: 'subscription', total: null }))).toBeNull()
  })

  test('custom intervals: rate n + 1 follows rate n by rate n’s interval', () => {
    const custom = plan({
      form: 'installment', price: null, display_price: 5000,
      custom_intervals: [{ interval: '1m', amount: 5000 }, { interval: '2w', amount: 3000 }, { interval: '1m', amount: 2000 }],
    })
    expect(describePlan(custom)).toBe('3 payments: 50,00€ now, then 30,00€ a month later, 20,00€ 2 weeks later')
  })

  test('a plan without a name is called by its form', () => {
    expect(planTitle(plan())).toBe('One-time payment')
    expect(planTitle(installment)).toBe('Three payments')
  })
})

describe('a plan with a trial (docs/decisions/0033-trial-periods.md)', () => {
  const trial = (more: Parameters<typeof plan>[0]) => plan({ form: 'subscription', price: 1900, interval: '1m', display_price: 1900, total: null, trial_days: 14, ...more })
  test('reads "N days free, then X per month"', () => {
    expect(describePlan(trial({}))).toBe('14 days free, then 19,00€ per month until cancelled')
    expect(describePlan(trial({ trial_days: 1, interval: '2w' }))).toBe('1 day free, then 19,00€ every 2 weeks until cancelled')
    expect(describePlan(trial({ price: null, first_amount: 500, next_amount: 1900, display_price: 500 }))).toBe('14 days free, then 5,00€, then 19,00€ every month until cancelled')
    expect(describePlan(trial({ form: 'limited_subscription', price: 1000, payments_count: 3, interval: '1w', display_price: 1000, total: 3000, trial_days: 7 })))
      .toBe('7 days free, then 10,00€ per week, 3 payments')
    expect(perInterval('1y')).toBe('per year')
  })
  test('offers only the methods kept without a charge: no PayPal, no bank wire', () => {
    const methods = ['card', 'paypal', 'sepa', 'bank_wire', 'apple_pay']
    expect(methodsForPlan(methods, trial({}))).toEqual(['card', 'sepa', 'apple_pay'])
    expect(methodsForPlan(methods, trial({ trial_days: null }))).toEqual(methods)
    expect(methodsForPlan(methods, null)).toEqual(methods)
  })
})
