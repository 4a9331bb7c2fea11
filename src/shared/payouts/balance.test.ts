import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { balanceFigures, payableAmount } from './balance'
import { isPayoutDay, nextPayoutDay } from './schedule'
import { isPayoutCountry, payoutCurrencyOf } from './countries'

describe('balance arithmetic', () => {
  test('credits are owed to the party: a held sale is pending, the rest available', () => {
    // 100.00 earned, 30.00 of it inside the refund window, 20.00 paid out already (debited).
    expect(balanceFigures({ ledgerSum: -10000 + 2000, heldCredits: 3000, paidOut: 2000 })).toEqual({ pending: 3000, available: 5000, paid_out: 2000 })
  })
  test('a refund of a held sale leaves nothing pending for it', () => {
    expect(balanceFigures({ ledgerSum: 0, heldCredits: 3000, paidOut: 0 })).toEqual({ pending: 0, available: 0, paid_out: 0 })
  })
  test('a refund after a payout makes the balance negative; later earnings settle it first', () => {
    // 50.00 earned and paid out, then refunded: the party owes 50.00.
    const afterRefund = balanceFigures({ ledgerSum: -5000 + 5000 + 5000, heldCredits: 0, paidOut: 5000 })
    expect(afterRefund).toEqual({ pending: 0, available: -5000, paid_out: 5000 })
    expect(payableAmount(afterRefund)).toBe(0)
    // A new 80.00 sale, still held: nothing pending shows above what is owed, nothing payable.
    const held = balanceFigures({ ledgerSum: 5000 - 8000, heldCredits: 8000, paidOut: 5000 })
    expect(held).toEqual({ pending: 3000, available: 0, paid_out: 5000 })
    // Once free: 30.00 is payable, the 50.00 debt settled first.
    expect(balanceFigures({ ledgerSum: 5000 - 8000, heldCredits: 0, paidOut: 5000 })).toEqual({ pending: 0, available: 3000, paid_out: 5000 })
  })
  test('pending plus available is always what the ledger owes; pending is never negative nor above a positive balance', () => {
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (ledgerSum, heldCredits, paidOut) => {
      const f = balanceFigures({ ledgerSum, heldCredits, paidOut })
      expect(f.pending + f.available).toBe(0 - ledgerSum)
      expect(f.pending).toBeGreaterThanOrEqual(0)
      expect(f.pending).toBeLessThanOrEqual(Math.max(0, -ledgerSum))
      expect(f.paid_out).toBe(paidOut)
      expect(payableAmount(f)).toBeGreaterThanOrEqual(0)
    }))
  })
})

describe('payout schedules and countries', () => {
  test('weekly on an ISO weekday, monthly on a start day, manual never', () => {
    const monday = new Date('2026-11-30T10:00:00Z')
    expect(isPayoutDay({ schedule: 'weekly', startDay: 1 }, monday)).toBe(true)
    expect(isPayoutDay({ schedule: 'weekly', startDay: 7 }, monday)).toBe(false)
    expect(isPayoutDay({ schedule: 'monthly', startDay: 28 }, new Date('2026-12-28T00:00:00Z'))).toBe(true)
    expect(isPayoutDay({ schedule: 'manual', startDay: 1 }, monday)).toBe(false)
    expect(nextPayoutDay({ schedule: 'monthly', startDay: 7 }, new Date('2026-11-27T12:00:00Z'))).toBe('2026-12-07')
    expect(nextPayoutDay({ schedule: 'weekly', startDay: 1 }, new Date('2026-11-27T12:00:00Z'))).toBe('2026-11-30')
    expect(nextPayoutDay({ schedule: 'manual', startDay: 1 }, monday)).toBeNull()
  })
  test('currencies per country; RU never pays out', () => {
    expect(payoutCurrencyOf('DE')).toBe('eur')
    expect(payoutCurrencyOf('pl')).toBe('pln')
    expect(payoutCurrencyOf('CH')).toBe('chf')
    expect(payoutCurrencyOf('GB')).toBe('gbp')
    expect(isPayoutCountry('FR')).toBe(true)
    expect(isPayoutCountry('PL')).toBe(false)
    expect(isPayoutCountry('PL', ['DE', 'PL'])).toBe(true)
    expect(isPayoutCountry('RU', ['RU'])).toBe(false)
  })
})
