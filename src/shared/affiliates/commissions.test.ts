import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { balanceOf, chargePostings, publisherBalance, refundPostings, sellerBalance, type LedgerEntry } from '../ledger'
import { currencies, currencyIds, percentOf, type CurrencyId } from '../money'
import { affiliateLimits, splitCommissions } from './commissions'

// The level split of an affiliate sale (docs/decisions/0048-affiliates.md "Levels") and its clawback by a
// refund in proportion ("Money is in the ledger").

const eur = (amount: number) => ({ amount, currency: 'eur' as const })

/** One currency of each minor-unit exponent there is (0, 2, 3), so every exponent is tried. */
const byExponent = [...new Set(currencyIds.map((id) => currencies[id].exponent))].map((exponent) => currencyIds.find((id) => currencies[id].exponent === exponent)!)

describe('splitCommissions', () => {
  test('each level is its basis points of the base, rounded half-up, for 1 to 5 levels', () => {
    expect(splitCommissions(eur(10_000), [1500])).toEqual([eur(1_500)])
    expect(splitCommissions(eur(10_000), [2000, 1000])).toEqual([eur(2_000), eur(1_000)])
    expect(splitCommissions(eur(999), [1500, 1000, 500])).toEqual([eur(150), eur(100), eur(50)]) // 149.85, 99.9, 49.95
    expect(splitCommissions(eur(333), [2500, 2500, 2500, 2500])).toEqual([eur(83), eur(83), eur(83), eur(83)]) // 83.25 each
    expect(splitCommissions(eur(10), [2000, 2000, 2000, 2000, 2000])).toEqual([eur(2), eur(2), eur(2), eur(2), eur(2)])
    expect(() => splitCommissions(eur(10), [1, 1, 1, 1, 1, 1])).toThrow(RangeError)
  })

  test('when the rounded parts exceed the cap, the deepest levels give way first', () => {
    expect(splitCommissions(eur(10_000), [5000, 3000, 2000], 9_000)).toEqual([eur(5_000), eur(3_000), eur(1_000)])
    expect(splitCommissions(eur(10_000), [5000, 3000, 2000], 4_000)).toEqual([eur(4_000), eur(0), eur(0)])
    expect(splitCommissions(eur(10_000), [5000, 3000, 2000], 0)).toEqual([eur(0), eur(0), eur(0)])
  })

  test('property: the parts and the seller\'s share sum to what was paid, for 1 to 5 levels and every currency exponent', () => {
    const levels = fc.integer({ min: 1, max: affiliateLimits.maxLevels }).chain((n) =>
      fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: n, maxLength: n }).filter((bps) => bps.reduce((a, b) => a + b, 0) <= 10_000))
    fc.assert(fc.property(
      fc.constantFrom(...byExponent), fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 3_000 }), levels,
      (currency: CurrencyId, gross, vatBps, feeBps, bps) => {
        const vat = percentOf({ amount: gross, currency }, vatBps)
        const net = gross - vat.amount
        const fee = percentOf({ amount: net, currency }, feeBps).amount
        const cap = net - fee
        const parts = splitCommissions({ amount: net, currency }, bps, cap)
        expect(parts).toHaveLength(bps.length)
        for (const [i, part] of parts.entries()) {
          expect(part.currency).toBe(currency)
          expect(Number.isSafeInteger(part.amount) && part.amount >= 0).toBe(true)
          expect(part.amount).toBeLessThanOrEqual(percentOf({ amount: net, currency }, bps[i]!).amount)
        }
        const paid = parts.reduce((sum, p) => sum + p.amount, 0)
        expect(paid).toBeLessThanOrEqual(cap)
        // The charge books the parts as commissions: VAT, fee, parts and the seller's share are the gross again.
        const entries = chargePostings({ gross: { amount: gross, currency }, vat, platformFeeBps: feeBps, sellerId: 1, commissions: parts.map((amount, i) => ({ publisherId: i + 1, amount })) })
        const seller = -(balanceOf(entries, sellerBalance(1))[currency] ?? 0)
        expect(seller).toBeGreaterThanOrEqual(0)
        expect(vat.amount + fee + paid + seller).toBe(gross)
      },
    ), { numRuns: 500 })
  })
})

describe('clawback in proportion', () => {
  const sale = () => {
    const parts = splitCommissions(eur(10_000), [2000, 1000, 500])
    return chargePostings({ gross: eur(11_900), vat: eur(1_900), platformFeeBps: 500, sellerId: 1, commissions: parts.map((amount, i) => ({ publisherId: 10 + i, amount })) })
  }
  const publisher = (entries: readonly LedgerEntry[], id: number) => balanceOf(entries, publisherBalance(id)).eur ?? 0

  test('a partial refund takes back each level\'s share, never the whole commission; the rest takes back all', () => {
    const charge = sale()
    const partial = refundPostings({ charge, amount: eur(3_570) }) // 30 % of the gross
    expect([publisher(partial, 10), publisher(partial, 11), publisher(partial, 12)]).toEqual([600, 300, 150])
    const rest = refundPostings({ charge, refunded: eur(3_570) })
    const all = [...charge, ...partial, ...rest]
    expect([publisher(all, 10), publisher(all, 11), publisher(all, 12)]).toEqual([0, 0, 0])
  })

  test('property: any sequence of partial refunds reverses each level in proportion and all of it at the end', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 11_900 }), { minLength: 1, maxLength: 6 }), (steps) => {
      const charge = sale()
      const charged = [2_000, 1_000, 500]
      let refunded = 0
      const entries: LedgerEntry[] = [...charge]
      for (const step of steps) {
        const amount = Math.min(step, 11_900 - refunded)
        if (amount === 0) break
        entries.push(...refundPostings({ charge, amount: eur(amount), refunded: eur(refunded) }))
        refunded += amount
        for (const [i, c] of charged.entries()) {
          const reversed = c + publisher(entries, 10 + i) // the balance is -(charged - reversed)
          // Within a unit of the exact share (the apportionment), never above the commission.
          expect(Math.abs(reversed - (c * refunded) / 11_900)).toBeLessThanOrEqual(1)
          expect(reversed).toBeLessThanOrEqual(c)
        }
      }
      if (refunded === 11_900) for (const i of [0, 1, 2]) expect(publisher(entries, 10 + i)).toBe(0)
    }), { numRuns: 300 })
  })
})
