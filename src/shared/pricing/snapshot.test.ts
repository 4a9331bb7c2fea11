import { describe, expect, test } from 'vitest'
import type { CustomInterval, PricingPlan } from './plan'
import { planSnapshot } from './snapshot'

describe('planSnapshot: terms are frozen at purchase', () => {
  test('holds every term that decides what the payer owes, the checkout amount and the total', () => {
    expect(planSnapshot({ form: 'installment', currencyId: 'eur', firstAmount: 5000, nextAmount: 2500, paymentsCount: 4, interval: '1m', useNetPrice: true, name: 'Four rates' })).toEqual({
      form: 'installment', kind: 1, currencyId: 'eur', price: null, firstAmount: 5000, nextAmount: 2500, paymentsCount: 4,
      interval: '1m', customIntervals: null, useNetPrice: true, name: 'Four rates', trialDays: null, checkoutAmount: 5000, total: 12_500,
    })
  })
  test('changing the plan afterwards does not change the snapshot', () => {
    const rates: CustomInterval[] = [{ interval: '1m', amount: 3000 }, { interval: '1m', amount: 1000 }]
    const plan = { form: 'installment', currencyId: 'eur', customIntervals: rates, name: 'Custom' } as { -readonly [K in keyof PricingPlan]: PricingPlan[K] }
    const snapshot = planSnapshot(plan)
    const before = JSON.stringify(snapshot)
    plan.name = 'Changed'
    plan.currencyId = 'usd'
    rates.push({ interval: '1m', amount: 9999 })
    ;(rates[0] as { amount: number }).amount = 1
    expect(JSON.stringify(snapshot)).toBe(before)
    expect(snapshot.customIntervals).toEqual([{ interval: '1m', amount: 3000 }, { interval: '1m', amount: 1000 }])
    expect(snapshot.total).toBe(4000)
    expect(snapshot.paymentsCount).toBe(2)
  })
  test('the snapshot itself cannot be changed, down to its rates', () => {
    const snapshot = planSnapshot({ form: 'installment', currencyId: 'eur', customIntervals: [{ interval: '1m', amount: 3000 }, { interval: '1m', amount: 1000 }] })
    expect(Object.isFrozen(snapshot)).toBe(true)
    expect(Object.isFrozen(snapshot.customIntervals)).toBe(true)
    expect(Object.isFrozen(snapshot.customIntervals?.[0])).toBe(true)
    expect(() => { (snapshot as { price: number | null }).price = 1 }).toThrow(TypeError)
  })
  test('it is plain JSON: absent terms are null, and it survives a JSON round trip', () => {
    const snapshot = planSnapshot({ form: 'one_time', currencyId: 'jpy', price: 1200 })
    expect(Object.values(snapshot)).not.toContain(undefined)
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot)
    expect(snapshot).toMatchObject({ kind: 0, checkoutAmount: 1200, total: 1200, useNetPrice: false })
  })
  test('a limited subscription\'s total is the sum of its charges; an open subscription has none', () => {
    expect(planSnapshot({ form: 'limited_subscription', currencyId: 'eur', firstAmount: 100, nextAmount: 1000, paymentsCount: 12, interval: '1m' }))
      .toMatchObject({ kind: 2, checkoutAmount: 100, total: 11_100 })
    expect(planSnapshot({ form: 'subscription', currencyId: 'eur', price: 999, interval: '1m' })).toMatchObject({ kind: 3, checkoutAmount: 999, total: null })
  })
})

describe('planSnapshot: the trial is frozen with the terms', () => {
  test('a subscription keeps its trial days; its first charge is still the checkout amount', () => {
    expect(planSnapshot({ form: 'subscription', currencyId: 'eur', price: 1900, interval: '1m', trialDays: 14 }))
      .toMatchObject({ trialDays: 14, checkoutAmount: 1900, total: null })
  })
  test('no trial is null, and a form without trials never has one', () => {
    expect(planSnapshot({ form: 'subscription', currencyId: 'eur', price: 1900, interval: '1m' }).trialDays).toBeNull()
    expect(planSnapshot({ form: 'one_time', currencyId: 'eur', price: 1900, trialDays: 14 }).trialDays).toBeNull()
  })
})
