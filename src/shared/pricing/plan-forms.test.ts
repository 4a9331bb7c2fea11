import { describe, expect, test } from 'vitest'
import { isPlanForm, planFormOfKind, planForms, planKindOf, planKinds, zPlanForm } from './plan-forms'

describe('plan kinds map by name (docs/reference/readings.md 1)', () => {
  test('one_time 0, installment 1, limited_subscription 2, subscription 3', () => {
    expect(planKindOf('one_time')).toBe(0)
    expect(planKindOf('installment')).toBe(1)
    expect(planKindOf('limited_subscription')).toBe(2)
    expect(planKindOf('subscription')).toBe(3)
  })
  test('every kind leads back to its form', () => {
    for (const form of planForms) expect(planFormOfKind(planKindOf(form))).toBe(form)
  })
  test('a number that is no kind has no form', () => {
    for (const kind of [-1, 4, 1.5, Number.NaN]) expect(planFormOfKind(kind)).toBeUndefined()
  })
  test('the kind table cannot be changed at run time', () => expect(Object.isFrozen(planKinds)).toBe(true))
  test('isPlanForm and zPlanForm accept the four forms only', () => {
    expect(isPlanForm('installment')).toBe(true)
    expect(isPlanForm('Installment')).toBe(false)
    expect(isPlanForm(1)).toBe(false)
    expect(zPlanForm.safeParse(undefined).error?.issues[0]?.message).toBe('required')
    expect(zPlanForm.safeParse('weekly').error?.issues[0]?.message).toBe('invalid_value')
  })
})
