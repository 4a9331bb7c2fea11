import { describe, expect, test } from 'vitest'
import { statusColor } from './status-colors'

describe('status colours (docs/reference/accounts-and-orders.md §4, docs/reference/readings.md 5)', () => {
  test.each(['active', 'successful', 'paid', 'paying', 'published'])('%s is green', (state) => expect(statusColor(state)).toBe('green'))
  test.each(['error', 'expired', 'payment_not_completed', 'paused'])('%s is red', (state) => expect(statusColor(state)).toBe('red'))
  test.each(['pending', 'waiting', 'canceled', 'refunded'])('%s is amber', (state) => expect(statusColor(state)).toBe('amber'))
  test('order payment states take the colour of their word (docs/reference/readings.md 6)', () => {
    expect(statusColor('payment_pending')).toBe('amber')
    expect(statusColor('payment_waiting')).toBe('amber')
    expect(statusColor('payment_canceled')).toBe('amber')
    expect(statusColor('payment_refunded')).toBe('amber')
    expect(statusColor('payment_paused')).toBe('red')
  })
  test('anything else is neutral, prototype names included', () => {
    for (const state of ['used', 'draft', 'cancelled', 'payment_chargebacked', 'toString', '__proto__', 'payment_toString', '']) {
      expect(statusColor(state)).toBe('neutral')
    }
  })
})
