import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { isMessageKey } from '../validation/messages'
import { planFromInput, planToInput, pricingPlanInput } from './plan-input'
import { maxPlanAmount } from './plan-forms'

/** The issues as "path: message", or the parsed value. */
function run(input: unknown): { ok: unknown } | { issues: string[] } {
  const result = pricingPlanInput.safeParse(input)
  return result.success ? { ok: result.data } : { issues: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }
}
const issues = (input: unknown) => ('issues' in run(input) ? (run(input) as { issues: string[] }).issues : [])

const oneTime = { form: 'one_time', currency_id: 'eur', price: 4900 }
const installment = { form: 'installment', currency_id: 'eur', first_amount: 5000, next_amount: 2500, payments_count: 4, interval: '1m' }
const limited = { form: 'limited_subscription', currency_id: 'eur', price: 1000, payments_count: 12, interval: '1m' }
const subscription = { form: 'subscription', currency_id: 'usd', price: 999, interval: '1m' }
const custom = {
  form: 'installment', currency_id: 'eur',
  custom_intervals: [{ interval: '1m', amount: 3000 }, { interval: '14d', amount: 1500 }, { interval: '1m', amount: 500 }],
}

describe('pricingPlanInput: what each form needs', () => {
  test('a valid plan of every form passes', () => {
    for (const plan of [oneTime, installment, limited, subscription, custom]) expect(run(plan)).toHaveProperty('ok')
  })
  test('one_time needs a price', () => expect(issues({ form: 'one_time', currency_id: 'eur' })).toEqual(['price: required']))
  test('the currency is required and must be a lowercase code of the table', () => {
    expect(issues({ form: 'one_time', price: 1 })).toEqual(['currency_id: required'])
    expect(issues({ ...oneTime, currency_id: 'EUR' })).toEqual(['currency_id: invalid_value'])
    expect(issues({ ...oneTime, currency_id: 'hrk' })).toEqual(['currency_id: invalid_value'])
  })
  test('the form is required and one of the four', () => {
    expect(issues({ currency_id: 'eur', price: 1 })).toEqual(['form: required'])
    expect(issues({ ...oneTime, form: 'weekly' })).toEqual(['form: invalid_value'])
  })
  test('installment needs first_amount, next_amount, payments_count and interval', () => {
    expect(issues({ form: 'installment', currency_id: 'eur' })).toEqual([
      'first_amount: required', 'next_amount: required', 'payments_count: required', 'interval: required',
    ])
  })
  test('installments have 2 to 24 payments (docs/reference/readings.md 3): 1 and 25 are out of range, 2 and 24 pass', () => {
    expect(issues({ ...installment, payments_count: 1 })).toEqual(['payments_count: out_of_range'])
    expect(issues({ ...installment, payments_count: 25 })).toEqual(['payments_count: out_of_range'])
    expect(run({ ...installment, payments_count: 2 })).toHaveProperty('ok')
    expect(run({ ...installment, payments_count: 24 })).toHaveProperty('ok')
  })
  test('an out-of-range issue carries its bounds for the message', () => {
    const issue = pricingPlanInput.safeParse({ ...installment, payments_count: 25 }).error?.issues[0]
    expect(issue?.message).toBe('out_of_range')
    expect((issue as { params?: unknown } | undefined)?.params).toEqual({ min: 2, max: 24 })
  })
  test('a limited subscription has 2 to 100 charges (docs/reference/readings.md 3) and an interval', () => {
    expect(issues({ ...limited, payments_count: 101 })).toEqual(['payments_count: out_of_range'])
    expect(issues({ ...limited, payments_count: 1 })).toEqual(['payments_count: out_of_range'])
    expect(run({ ...limited, payments_count: 100 })).toHaveProperty('ok')
    expect(run({ ...limited, payments_count: 2 })).toHaveProperty('ok')
    expect(issues({ ...limited, payments_count: undefined, interval: undefined })).toEqual(['payments_count: required', 'interval: required'])
  })
  test('a subscription needs an interval and a price or first and next amounts', () => {
    expect(issues({ form: 'subscription', currency_id: 'eur' })).toEqual(['price: required', 'interval: required'])
    expect(run({ form: 'subscription', currency_id: 'eur', first_amount: 100, next_amount: 999, interval: '1y' })).toHaveProperty('ok')
    expect(issues({ form: 'subscription', currency_id: 'eur', first_amount: 100, interval: '1y' })).toEqual(['next_amount: required'])
  })
  test('a price together with first and next amounts is refused: the checkout amount must be unambiguous', () => {
    expect(issues({ ...subscription, first_amount: 100, next_amount: 200 })).toEqual(['first_amount: plan_price_or_first_next', 'next_amount: plan_price_or_first_next'])
  })
  test('a subscription has no payments count; an installment no price', () => {
    expect(issues({ ...subscription, payments_count: 12 })).toEqual(['payments_count: plan_subscription_terms'])
    expect(issues({ ...installment, price: 12_500 })).toEqual(['price: plan_installment_terms'])
  })
  test('one_time refuses the terms of recurring plans', () => {
    expect(issues({ ...oneTime, interval: '1m', payments_count: 3 })).toEqual(['payments_count: plan_one_time_terms', 'interval: plan_one_time_terms'])
  })
  test('null is the same as absent', () => {
    expect(run({ ...oneTime, first_amount: null, interval: null, name: null, use_net_price: null })).toHaveProperty('ok')
  })
  test('the name is trimmed, at most 100 characters, without script tags', () => {
    expect(pricingPlanInput.parse({ ...oneTime, name: '  Early bird  ' }).name).toBe('Early bird')
    expect(run({ ...oneTime, name: 'x'.repeat(100) })).toHaveProperty('ok')
    expect(issues({ ...oneTime, name: 'x'.repeat(101) })).toEqual(['name: too_long'])
    expect(issues({ ...oneTime, name: '<script>alert(1)</script>' })).toEqual(['name: script_tag'])
  })
  test('unknown keys are refused', () => expect(issues({ ...oneTime, discount: 5 })).toEqual([': invalid_value']))
})

describe('pricingPlanInput: amounts are non-negative integers of minor units', () => {
  test.each([
    ['-1', -1, 'out_of_range'], ['10.5', 10.5, 'invalid_value'], ['the string "4900"', '4900', 'invalid_value'],
    ['NaN', Number.NaN, 'invalid_value'], ['the largest amount + 1', maxPlanAmount + 1, 'out_of_range'],
  ])('a price of %s is %s', (_, price, message) => expect(issues({ ...oneTime, price })).toEqual([`price: ${message}`]))
  test('0 and the largest amount pass', () => {
    expect(run({ ...oneTime, price: 0 })).toHaveProperty('ok')
    expect(run({ ...oneTime, price: maxPlanAmount })).toHaveProperty('ok')
  })
  test('payments_count must be a whole number', () => expect(issues({ ...installment, payments_count: 2.5 })).toEqual(['payments_count: invalid_value']))
})

describe('pricingPlanInput: intervals', () => {
  test('an invalid interval is invalid_interval', () => {
    expect(issues({ ...subscription, interval: '12m' })).toEqual(['interval: invalid_interval'])
    expect(issues({ ...subscription, interval: '0d' })).toEqual(['interval: invalid_interval'])
  })
  test('7d is stored as 1w (docs/reference/readings.md 2)', () => {
    expect(pricingPlanInput.parse({ ...subscription, interval: '7d' }).interval).toBe('1w')
  })
})

describe('pricingPlanInput: custom intervals', () => {
  test('they replace first, next, count and interval; each entry has an interval and an amount', () => {
    const parsed = pricingPlanInput.parse(custom)
    expect(parsed.custom_intervals).toEqual([{ interval: '1m', amount: 3000 }, { interval: '2w', amount: 1500 }, { interval: '1m', amount: 500 }])
  })
  test('2 to 24 entries: 1 and 25 are out of range, 2 and 24 pass', () => {
    const entries = (n: number) => Array.from({ length: n }, () => ({ interval: '1m', amount: 100 }))
    expect(issues({ ...custom, custom_intervals: entries(1) })).toEqual(['custom_intervals: out_of_range'])
    expect(issues({ ...custom, custom_intervals: entries(25) })).toEqual(['custom_intervals: out_of_range'])
    expect(run({ ...custom, custom_intervals: entries(2) })).toHaveProperty('ok')
    expect(run({ ...custom, custom_intervals: entries(24) })).toHaveProperty('ok')
  })
  test('an entry without interval or amount, or with a bad one, is refused at its place', () => {
    expect(issues({ ...custom, custom_intervals: [{ amount: 1 }, { interval: '13m', amount: -1 }] })).toEqual([
      'custom_intervals.0.interval: required', 'custom_intervals.1.interval: invalid_interval', 'custom_intervals.1.amount: out_of_range',
    ])
  })
  test('with them, first/next amounts and interval are refused; payments_count must match their number', () => {
    expect(issues({ ...custom, first_amount: 1, interval: '1m' })).toEqual(['first_amount: plan_custom_intervals_replace', 'interval: plan_custom_intervals_replace'])
    expect(issues({ ...custom, payments_count: 4 })).toEqual(['payments_count: invalid_value'])
    expect(run({ ...custom, payments_count: 3 })).toHaveProperty('ok')
  })
  test('only installments have them', () => {
    expect(issues({ ...limited, custom_intervals: custom.custom_intervals })).toEqual(['custom_intervals: plan_limited_subscription_terms'])
  })
})

describe('pricingPlanInput: messages', () => {
  test('every issue message is a message key of the validation messages, or invalid_interval', () => {
    const inputs: unknown[] = [
      {}, { form: 1, currency_id: 2, price: 'x', use_net_price: 'yes', name: 3, custom_intervals: 'x' },
      { ...installment, payments_count: 99, interval: 'x' }, { ...custom, custom_intervals: [{}] }, { ...oneTime, x: 1 },
      { ...oneTime, name: '<script>alert(1)</script>' }, null, 'plan',
    ]
    const unknown = inputs.flatMap((input) => pricingPlanInput.safeParse(input).error?.issues ?? [])
      .map((issue) => issue.message)
      .filter((message) => !isMessageKey(message) && message !== 'invalid_interval')
    expect(unknown).toEqual([])
  })
})

describe('planFromInput and planToInput', () => {
  test('the domain plan is camelCase; custom intervals give the payments count', () => {
    expect(planFromInput(pricingPlanInput.parse(custom))).toEqual({
      form: 'installment', currencyId: 'eur', price: null, firstAmount: null, nextAmount: null, paymentsCount: 3, interval: null,
      customIntervals: [{ interval: '1m', amount: 3000 }, { interval: '2w', amount: 1500 }, { interval: '1m', amount: 500 }],
      useNetPrice: false, name: null, trialDays: null,
    })
  })
  test('property: a valid input survives the round trip through the domain plan', () => {
    const plans = fc.oneof(
      fc.record({ form: fc.constant('one_time'), currency_id: fc.constantFrom('eur', 'jpy'), price: fc.nat(1e9) }),
      fc.record({
        form: fc.constant('installment'), currency_id: fc.constant('eur'), first_amount: fc.nat(1e9), next_amount: fc.nat(1e9),
        payments_count: fc.integer({ min: 2, max: 24 }), interval: fc.constantFrom('1m', '7d', '3d'), use_net_price: fc.boolean(),
      }),
      fc.record({ form: fc.constant('subscription'), currency_id: fc.constant('chf'), price: fc.nat(1e9), interval: fc.constantFrom('1y', '2w') }),
      fc.record({
        form: fc.constant('limited_subscription'), currency_id: fc.constant('eur'), price: fc.nat(1e9), payments_count: fc.integer({ min: 2, max: 100 }),
        interval: fc.constant('1m'), trial_days: fc.integer({ min: 1, max: 365 }),
      }),
    )
    fc.assert(fc.property(plans, (input) => {
      const parsed = pricingPlanInput.parse(input)
      const again = pricingPlanInput.parse(planToInput(planFromInput(parsed)))
      expect(planFromInput(again)).toEqual(planFromInput(parsed))
    }))
  })
})

describe('pricingPlanInput: trial_days (docs/decisions/0033-trial-periods.md)', () => {
  test('a subscription or limited subscription may have 1 to 365 free days', () => {
    expect(run({ ...subscription, trial_days: 14 })).toHaveProperty('ok')
    expect(run({ ...limited, trial_days: 1 })).toHaveProperty('ok')
    expect(run({ ...limited, trial_days: 365 })).toHaveProperty('ok')
    expect(planFromInput(pricingPlanInput.parse({ ...subscription, trial_days: 30 })).trialDays).toBe(30)
    expect(planToInput(planFromInput(pricingPlanInput.parse({ ...subscription, trial_days: 30 }))).trial_days).toBe(30)
  })
  test('0, 366, a fraction or a string is refused', () => {
    expect(issues({ ...subscription, trial_days: 0 })).toEqual(['trial_days: out_of_range'])
    expect(issues({ ...subscription, trial_days: 366 })).toEqual(['trial_days: out_of_range'])
    expect(issues({ ...subscription, trial_days: 1.5 })).toEqual(['trial_days: invalid_value'])
    expect(issues({ ...subscription, trial_days: '14' })).toEqual(['trial_days: invalid_value'])
  })
  test('a one-time plan or an installment plan has no trial', () => {
    expect(issues({ ...oneTime, trial_days: 14 })).toEqual(['trial_days: plan_one_time_terms'])
    expect(issues({ ...installment, trial_days: 14 })).toEqual(['trial_days: plan_installment_terms'])
    expect(issues({ ...custom, trial_days: 14 })).toEqual(['trial_days: plan_installment_terms'])
  })
  test('null or absent is no trial', () => {
    expect(planFromInput(pricingPlanInput.parse({ ...subscription, trial_days: null })).trialDays).toBeNull()
    expect(planFromInput(pricingPlanInput.parse(subscription)).trialDays).toBeNull()
  })
})
