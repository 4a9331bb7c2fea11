import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { accountKey } from './accounts'
import { withBaseAmounts } from './base-amounts'
import { chargePostings } from './postings'

// docs/decisions/0097-payer-currencies.md: a converted order's entries carry their value in the plan's currency, summing to 0.

describe('withBaseAmounts', () => {
  test('without a conversion the entries have no base amount', () => {
    const entries = [{ account: accountKey({ kind: 'payer_clearing' }), amount: 100, currency: 'eur' as const }, { account: accountKey({ kind: 'platform_revenue' }), amount: -100, currency: 'eur' as const }]
    expect(withBaseAmounts(entries, null).every((e) => e.baseAmount === null)).toBe(true)
  })

  test('property: a charge in pln at any rate has euro amounts that sum to 0, each within a cent of its own conversion', () => {
    const rate = fc.integer({ min: 1, max: 99_999 }).map((n) => `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, '0')}`).filter((r) => r !== '0.0000')
    fc.assert(fc.property(fc.integer({ min: 1, max: 50_000_000 }), fc.integer({ min: 0, max: 2500 }), rate, (gross, feeBps, r) => {
      const entries = chargePostings({
        gross: { amount: gross, currency: 'pln' }, vat: { amount: Math.floor(gross / 5), currency: 'pln' }, platformFeeBps: feeBps,
        providerFee: { amount: Math.floor(gross / 40), currency: 'pln' }, sellerId: 7,
      })
      const based = withBaseAmounts(entries, { base_currency: 'eur', currency: 'pln', rate: r })
      expect(based.reduce((sum, e) => sum + e.baseAmount!, 0)).toBe(0)
      expect(based.every((e) => e.baseCurrency === 'eur')).toBe(true)
    }))
  })
})
