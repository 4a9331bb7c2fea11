import { describe, expect, test } from 'vitest'
import { featureFlags } from './accounts'
import { featureGates, featureStates, methodFlagOff, methodFlags } from './feature-gates'

describe('featureStates', () => {
  test('the override over the plan over the default, with each source', () => {
    const states = featureStates({ coupons: false, community: true }, { community: false, funnels: false })
    const of = (flag: string) => states.find((s) => s.flag === flag)
    expect(states).toHaveLength(Object.keys(featureFlags).length)
    expect(of('coupons')).toEqual({ flag: 'coupons', enabled: false, source: 'platform_plan', default: true, plan: false, override: null })
    expect(of('community')).toEqual({ flag: 'community', enabled: false, source: 'override', default: false, plan: true, override: false })
    expect(of('funnels')).toMatchObject({ enabled: false, source: 'override', plan: null })
    expect(of('domains')).toMatchObject({ enabled: true, source: 'default', plan: null, override: null })
  })

  test('no plan and no overrides: the defaults; stray keys are ignored', () => {
    const states = featureStates(null, { not_a_flag: true } as Record<string, boolean>)
    expect(states.every((s) => s.source === 'default' && s.enabled === featureFlags[s.flag])).toBe(true)
  })
})

describe('payment methods behind flags', () => {
  test('TWINT, Klarna, and Klarna for later rates', () => {
    expect(methodFlags('card', true)).toEqual([])
    expect(methodFlags('twint', false)).toEqual(['twint'])
    expect(methodFlags('klarna', false)).toEqual(['klarna'])
    expect(methodFlags('klarna', true)).toEqual(['klarna', 'klarna_subscriptions'])
    // klarna_subscriptions is off by default
    expect(methodFlagOff({}, 'klarna', true)).toBe('klarna_subscriptions')
    expect(methodFlagOff({}, 'klarna', false)).toBeNull()
    expect(methodFlagOff({ klarna: false }, 'klarna', true)).toBe('klarna')
    expect(methodFlagOff({ klarna_subscriptions: true }, 'klarna', true)).toBeNull()
    expect(methodFlagOff({ twint: false }, 'twint', false)).toBe('twint')
  })
})

test('the registry has an entry for every flag', () => {
  expect(Object.keys(featureGates).sort()).toEqual(Object.keys(featureFlags).sort())
})
