import { describe, expect, test } from 'vitest'
import { isChargeable } from './charge-next-installment.service'

// Which rate the engine may charge, and for which reason (pure; the lock and re-check use the same rule).

const now = new Date('2026-03-01T12:00:00Z')
const due = new Date('2026-03-01T00:00:00Z')
const later = new Date('2026-04-01T00:00:00Z')
const rate = (over: Partial<Parameters<typeof isChargeable>[1]> = {}) => ({ state: 'future', dueDate: due, attempts: 0, nextAttemptAt: null, ...over })
const paying = { paymentState: 'paying' }

describe('isChargeable', () => {
  test('the scheduler charges a due rate never tried, of an order being paid (paying, or paid for an open subscription)', () => {
    expect(isChargeable(paying, rate(), 'scheduled', now)).toBe(true)
    expect(isChargeable({ paymentState: 'paid' }, rate({ state: 'unpaid' }), 'scheduled', now)).toBe(true)
    expect(isChargeable(paying, rate({ dueDate: later }), 'scheduled', now)).toBe(false)
  })

  test('a paused, canceled, refunded or charged-back order is never charged', () => {
    for (const paymentState of ['payment_paused', 'payment_canceled', 'payment_refunded', 'payment_chargebacked', 'payment_waiting']) {
      expect(isChargeable({ paymentState }, rate(), 'manual', now)).toBe(false)
    }
  })

  test('a rate paid, pending, skipped or refunded is not charged again', () => {
    for (const state of ['paid', 'pending', 'skipped', 'refunded', 'chargebacked']) expect(isChargeable(paying, rate({ state }), 'manual', now)).toBe(false)
  })

  test('after a failure the scheduler waits for the retry dunning scheduled; dunning may charge unpaid and debt', () => {
    const failed = rate({ state: 'unpaid', attempts: 1 })
    expect(isChargeable(paying, failed, 'scheduled', now)).toBe(false)
    expect(isChargeable(paying, { ...failed, nextAttemptAt: new Date(now.getTime() + 1000) }, 'scheduled', now)).toBe(false)
    expect(isChargeable(paying, { ...failed, nextAttemptAt: now }, 'scheduled', now)).toBe(true)
    expect(isChargeable(paying, failed, 'dunning', now)).toBe(true)
    expect(isChargeable(paying, rate({ state: 'debt', attempts: 3 }), 'dunning', now)).toBe(true)
    expect(isChargeable(paying, rate({ state: 'debt', attempts: 3 }), 'scheduled', now)).toBe(false)
    expect(isChargeable(paying, rate({ state: 'future' }), 'dunning', now)).toBe(false)
  })
})
