import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { intervalCodes } from './intervals'
import type { PricingPlan } from './plan'
import { rateSchedule } from './schedule'
import { installmentTotal } from './totals'

const start = new Date(Date.UTC(2025, 0, 31, 9, 0))
const days = (charges: { dueDate: Date }[]) => charges.map((c) => c.dueDate.toISOString().slice(0, 10))
const amounts = (charges: { amount: number }[]) => charges.map((c) => c.amount)

const installment: PricingPlan = { form: 'installment', currencyId: 'eur', firstAmount: 5000, nextAmount: 2500, paymentsCount: 4, interval: '1m' }

describe('rateSchedule', () => {
  test('one_time: one charge of the price, due at purchase', () => {
    expect(rateSchedule({ form: 'one_time', currencyId: 'eur', price: 4900 }, start)).toEqual([{ number: 1, dueDate: start, amount: 4900 }])
  })
  test('installment: payments_count charges, first amount then next amounts, one interval apart', () => {
    const charges = rateSchedule(installment, start)
    expect(charges.map((c) => c.number)).toEqual([1, 2, 3, 4])
    expect(amounts(charges)).toEqual([5000, 2500, 2500, 2500])
  })
  test('monthly charges started on Jan 31 fall on the last day of shorter months and come back to the 31st', () => {
    expect(days(rateSchedule(installment, start))).toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30'])
  })
  test('charges keep the time of day of the purchase', () => {
    for (const charge of rateSchedule(installment, start)) expect(charge.dueDate.getUTCHours()).toBe(9)
  })
  test('weekly charges are 7 days apart', () => {
    expect(days(rateSchedule({ ...installment, interval: '1w', paymentsCount: 3 }, start))).toEqual(['2025-01-31', '2025-02-07', '2025-02-14'])
  })
  test('custom intervals: one charge per rate; each rate\'s interval is the wait to the next rate', () => {
    const charges = rateSchedule({
      form: 'installment', currencyId: 'eur',
      customIntervals: [{ interval: '1m', amount: 3000 }, { interval: '2w', amount: 1500 }, { interval: '1m', amount: 500 }],
    }, start)
    expect(amounts(charges)).toEqual([3000, 1500, 500])
    // Jan 31 + 1m = Feb 28; + 2w = Mar 14 (a week step moves the month anchor to the 14th)
    expect(days(charges)).toEqual(['2025-01-31', '2025-02-28', '2025-03-14'])
  })
  test('limited subscription: payments_count charges of the price', () => {
    const charges = rateSchedule({ form: 'limited_subscription', currencyId: 'eur', price: 1000, paymentsCount: 12, interval: '1m' }, start)
    expect(charges).toHaveLength(12)
    expect(new Set(amounts(charges))).toEqual(new Set([1000]))
    expect(days(charges).at(-1)).toBe('2025-12-31')
  })
  test('subscription: the first N charges asked for; an intro first amount, then the next amount', () => {
    const plan: PricingPlan = { form: 'subscription', currencyId: 'eur', firstAmount: 100, nextAmount: 999, interval: '1y' }
    const charges = rateSchedule(plan, new Date(Date.UTC(2024, 1, 29)), 3)
    expect(amounts(charges)).toEqual([100, 999, 999])
    expect(days(charges)).toEqual(['2024-02-29', '2025-02-28', '2026-02-28'])
  })
  test('an open subscription needs a count', () => {
    expect(() => rateSchedule({ form: 'subscription', currencyId: 'eur', price: 999, interval: '1m' }, start)).toThrow(RangeError)
  })
  test('count cuts a finite plan short and never lengthens it', () => {
    expect(rateSchedule(installment, start, 2)).toHaveLength(2)
    expect(rateSchedule(installment, start, 10)).toHaveLength(4)
    expect(rateSchedule(installment, start, 0)).toEqual([])
  })
  test('a plan that breaks its form\'s rules is a bug and throws', () => {
    expect(() => rateSchedule({ ...installment, paymentsCount: 1 }, start)).toThrow(RangeError)
    expect(() => rateSchedule({ ...installment, paymentsCount: 25 }, start)).toThrow(RangeError)
    expect(() => rateSchedule({ ...installment, interval: null }, start)).toThrow(RangeError)
    expect(() => rateSchedule({ form: 'limited_subscription', currencyId: 'eur', price: 1, paymentsCount: 101, interval: '1m' }, start)).toThrow(RangeError)
    expect(() => rateSchedule({ form: 'installment', currencyId: 'eur', customIntervals: [{ interval: '1m', amount: 1 }] }, start)).toThrow(RangeError)
    expect(() => rateSchedule(installment, new Date(Number.NaN))).toThrow(RangeError)
    expect(() => rateSchedule(installment, start, -1)).toThrow(RangeError)
  })
  test('the start date is not changed and no two charges share a Date object', () => {
    const before = start.getTime()
    const charges = rateSchedule(installment, start)
    expect(start.getTime()).toBe(before)
    expect(new Set(charges.map((c) => c.dueDate)).size).toBe(charges.length)
  })

  const dates = fc.date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2090, 0, 1)), noInvalidDate: true })
  const interval = fc.constantFrom(...intervalCodes)
  test('property: the sum over an installment schedule is the installment total', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 2, max: 24 }), interval, dates,
      (firstAmount, nextAmount, paymentsCount, code, date) => {
        const plan: PricingPlan = { form: 'installment', currencyId: 'eur', firstAmount, nextAmount, paymentsCount, interval: code }
        const charges = rateSchedule(plan, date)
        expect(charges).toHaveLength(paymentsCount)
        expect(amounts(charges).reduce((a, b) => a + b, 0)).toBe(installmentTotal(plan))
      },
    ))
  })
  test('property: the sum over a custom-interval schedule is the installment total', () => {
    const rates = fc.array(fc.record({ interval, amount: fc.integer({ min: 0, max: 1e12 }) }), { minLength: 2, maxLength: 24 })
    fc.assert(fc.property(rates, dates, (customIntervals, date) => {
      const plan: PricingPlan = { form: 'installment', currencyId: 'eur', customIntervals }
      expect(amounts(rateSchedule(plan, date)).reduce((a, b) => a + b, 0)).toBe(installmentTotal(plan))
    }))
  })
  test('property: due dates strictly increase and start at the purchase', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 100 }), interval, dates, (paymentsCount, code, date) => {
      const charges = rateSchedule({ form: 'limited_subscription', currencyId: 'eur', price: 1, paymentsCount, interval: code }, date)
      expect(charges[0]?.dueDate.getTime()).toBe(date.getTime())
      for (let i = 1; i < charges.length; i++) expect(charges[i]!.dueDate.getTime()).toBeGreaterThan(charges[i - 1]!.dueDate.getTime())
    }))
  })
  test('property: monthly charges fall on the start day, or the last day of a shorter month', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 11 }), dates, (months, date) => {
      const charges = rateSchedule({ form: 'subscription', currencyId: 'eur', price: 1, interval: `${months}m` as '1m' }, date, 30)
      for (const { dueDate } of charges) {
        const last = new Date(Date.UTC(dueDate.getUTCFullYear(), dueDate.getUTCMonth() + 1, 0)).getUTCDate()
        expect(dueDate.getUTCDate()).toBe(Math.min(date.getUTCDate(), last))
      }
    }))
  })
})

describe('rateSchedule with a trial (docs/decisions/0033-trial-periods.md)', () => {
  const bought = new Date(Date.UTC(2025, 0, 17, 9, 0))
  const monthly: PricingPlan = { form: 'subscription', currencyId: 'eur', price: 1900, interval: '1m', trialDays: 14 }
  test('charge 1 falls due when the trial ends, each later charge one interval after', () => {
    const charges = rateSchedule(monthly, bought, 4)
    // Jan 17 + 14 days = Jan 31; the months anchor on the 31st from there.
    expect(days(charges)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30'])
    expect(charges[0]!.dueDate.toISOString()).toBe('2025-01-31T09:00:00.000Z')
    expect(amounts(charges)).toEqual([1900, 1900, 1900, 1900])
  })
  test('a limited subscription keeps its count and amounts; only the start moves', () => {
    const plan: PricingPlan = { form: 'limited_subscription', currencyId: 'eur', firstAmount: 500, nextAmount: 1000, paymentsCount: 3, interval: '1w', trialDays: 7 }
    const charges = rateSchedule(plan, bought)
    expect(charges.map((c) => c.number)).toEqual([1, 2, 3])
    expect(amounts(charges)).toEqual([500, 1000, 1000])
    expect(days(charges)).toEqual(['2025-01-24', '2025-01-31', '2025-02-07'])
  })
  test('the same plan without a trial starts at purchase', () => {
    expect(days(rateSchedule({ ...monthly, trialDays: null }, bought, 2))).toEqual(['2025-01-17', '2025-02-17'])
  })
  test('a trial on a form that cannot have one is ignored (the input schema refuses it)', () => {
    expect(days(rateSchedule({ ...installment, trialDays: 30 } as PricingPlan, bought, 1))).toEqual(['2025-01-17'])
  })
  test('a year-long trial: charge 1 a year (365 days) later', () => {
    expect(days(rateSchedule({ ...monthly, trialDays: 365 }, bought, 1))).toEqual(['2026-01-17'])
  })
  test('property: charge 1 is exactly trialDays x 24 h after the purchase, and the schedule is the untrialled one shifted to that start', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 365 }), fc.integer({ min: 1, max: 24 }), (trialDays, count) => {
      const charges = rateSchedule({ ...monthly, trialDays }, bought, count)
      expect(charges[0]!.dueDate.getTime() - bought.getTime()).toBe(trialDays * 86_400_000)
      const plain = rateSchedule({ ...monthly, trialDays: null }, charges[0]!.dueDate, count)
      expect(charges).toEqual(plain)
    }))
  })
})
