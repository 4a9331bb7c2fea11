import { describe, expect, test } from 'vitest'
import { canTransition } from './transitions'
import { methodSetupStates, methodSetupTransitions } from './method-setup'
import { orderPaymentTransitions } from './order-payment'

describe('order payment_state: a canceled open subscription', () => {
  test('an open subscription paid so far may be canceled (paid -> payment_canceled), and its money can still go back', () => {
    expect(canTransition(orderPaymentTransitions, 'paid', 'payment_canceled')).toBe(true)
    expect(canTransition(orderPaymentTransitions, 'payment_canceled', 'payment_refunded')).toBe(true)
    expect(canTransition(orderPaymentTransitions, 'payment_canceled', 'payment_chargebacked')).toBe(true)
  })
  test('a canceled order is never paid or paying again', () => {
    expect(canTransition(orderPaymentTransitions, 'payment_canceled', 'paid')).toBe(false)
    expect(canTransition(orderPaymentTransitions, 'payment_canceled', 'paying')).toBe(false)
  })
})

describe('method setup', () => {
  test('only a waiting setup ends, in each of the four ways; the ends are final', () => {
    expect([...methodSetupTransitions.waiting].sort()).toEqual(['canceled', 'denied', 'expired', 'successful'])
    for (const from of methodSetupStates.filter((s) => s !== 'waiting')) {
      for (const to of methodSetupStates) expect(canTransition(methodSetupTransitions, from, to)).toBe(false)
    }
  })
})
