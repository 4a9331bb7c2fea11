import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import type { Money } from '../money/money'
import { partyBalance, publisherBalance, sellerBalance } from './accounts'
import {
  assertBalanced, balanceOf, chargebackPostings, chargePostings, directCollectionPostings, disputeFeePostings, owedSettlementPostings, payoutCanceledPostings,
  payoutPostings, payoutSettledPostings, refundPostings, trialBalance, type LedgerEntry,
} from './postings'

const eur = (amount: number): Money => ({ amount, currency: 'eur' })
const seller = sellerBalance(42)
const publisher = publisherBalance(7)

/** A 119,00 € sale on the seller's own provider: 19 % VAT, 5 % platform fee, 0,95 € provider fee, 10,00 € commission. */
const charge = chargePostings({ gross: eur(11_900), vat: eur(1_900), platformFeeBps: 500, providerFee: eur(95), sellerId: 42, commissions: [{ publisherId: 7, amount: eur(1_000) }] })
const withDirect = (entries: LedgerEntry[]) => [...entries, ...directCollectionPostings(entries, 42)]

describe('direct collection (the seller\'s own provider account)', () => {
  test('the seller owes the platform its fee and the commission; VAT and the provider fee are its own affair', () => {
    const direct = directCollectionPostings(charge, 42)
    assertBalanced(direct)
    const books = [...charge, ...direct]
    expect(balanceOf(books, seller)).toEqual({ eur: 500 + 1_000 })
    expect(balanceOf(books, publisher)).toEqual({ eur: -1_000 })
    expect(balanceOf(books, 'platform_revenue')).toEqual({ eur: -500 })
    expect(balanceOf(books, 'vat_payable')).toEqual({ eur: 0 })
    expect(balanceOf(books, 'payer_clearing')).toEqual({ eur: 0 })
    expect(balanceOf(books, 'provider_fees')).toEqual({ eur: 0 })
  })

  test('a full refund, a chargeback and a dispute fee each leave nothing behind', () => {
    const refund = refundPostings({ charge })
    expect(trialBalance([...withDirect(charge), ...withDirect(refund)]).rows.filter((r) => r.balance !== 0)).toEqual([])
    const chargeback = chargebackPostings({ charge, sellerId: 42 })
    const fee = disputeFeePostings({ fee: eur(1_500), sellerId: 42 })
    const books = [...withDirect(charge), ...withDirect(chargeback), ...withDirect(fee)]
    for (const account of [seller, publisher, 'platform_revenue', 'vat_payable', 'provider_fees'] as const) expect(balanceOf(books, account).eur ?? 0).toBe(0)
  })

  test('partial refunds of any size keep the books balanced and never leave the seller owing more than the fee and commission', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 4_000 }), { maxLength: 4 }), (parts) => {
      let refunded = 0
      const books = withDirect(charge)
      for (const part of parts) {
        const amount = Math.min(part, 11_900 - refunded)
        if (amount === 0) break
        books.push(...withDirect(refundPostings({ charge, amount: eur(amount), refunded: eur(refunded) })))
        refunded += amount
      }
      assertBalanced(books)
      const owes = balanceOf(books, seller).eur ?? 0
      expect(owes).toBeGreaterThanOrEqual(0)
      expect(owes).toBeLessThanOrEqual(1_500)
      expect(balanceOf(books, 'vat_payable').eur ?? 0).toBe(0)
    }))
  })

  test('a settlement marked by the seller moves the publisher\'s claim and the seller\'s debt together', () => {
    const books = [...withDirect(charge), ...owedSettlementPostings({ sellerId: 42, to: publisher, amount: eur(1_000) })]
    assertBalanced(books)
    expect(balanceOf(books, publisher).eur ?? 0).toBe(0)
    expect(balanceOf(books, seller)).toEqual({ eur: 500 })
  })
})

describe('payouts of every party', () => {
  test('a payout, its cancellation and its settlement', () => {
    const member = partyBalance('team_member', 3)
    const payout = payoutPostings({ from: member, amount: eur(2_000) })
    expect(payout).toEqual([{ account: member, amount: 2_000, currency: 'eur' }, { account: 'payout_clearing', amount: -2_000, currency: 'eur' }])
    expect(balanceOf([...payout, ...payoutCanceledPostings({ from: member, amount: eur(2_000) })], member).eur ?? 0).toBe(0)
    const settled = [...payout, ...payoutSettledPostings({ amount: eur(2_000) })]
    assertBalanced(settled)
    expect(balanceOf(settled, 'payout_clearing').eur ?? 0).toBe(0)
    expect(() => payoutPostings({ from: 'platform_revenue', amount: eur(1) })).toThrow(RangeError)
  })
})
