import { describe, expect, test } from 'vitest'
import type { Money } from '../money/money'
import { balanceOf, chargePostings, chargebackPostings, refundPostings, renewalPostings, assertBalanced, type ChargeInput } from './postings'
import { partyBalance, sellerBalance } from './accounts'

// The reseller's fee of a sale (docs/decisions/0051-resellers.md "Terms are frozen at purchase").

const eur = (amount: number): Money => ({ amount, currency: 'eur' })
const seller = sellerBalance(42)
const reseller = partyBalance('reseller', 3)

/** 119,00 € with 19 % VAT, a 5 % platform fee, sold by reseller 3 for a 10 % fee. */
const resold: ChargeInput = { gross: eur(11_900), vat: eur(1_900), platformFeeBps: 500, sellerId: 42, resellerFee: { resellerId: 3, feeBps: 1_000 } }

describe('chargePostings with a reseller fee', () => {
  test('a 119,00 € resold sale credits the reseller 10,00 € (10 % of the net) out of the seller\'s share: seller 85,00 €', () => {
    const entries = chargePostings(resold)
    expect(entries).toEqual([
      { account: 'payer_clearing', amount: 11_900, currency: 'eur' },
      { account: 'vat_payable', amount: -1_900, currency: 'eur' },
      { account: 'platform_revenue', amount: -500, currency: 'eur' },
      { account: reseller, amount: -1_000, currency: 'eur' },
      { account: seller, amount: -8_500, currency: 'eur' },
    ])
    assertBalanced(entries)
  })

  test('the fee rounds half up on the net: 10 % of 9,95 € is 1,00 €', () => {
    const entries = chargePostings({ gross: eur(995), vat: eur(0), platformFeeBps: 0, sellerId: 42, resellerFee: { resellerId: 3, feeBps: 1_000 } })
    expect(balanceOf(entries, reseller)).toEqual({ eur: -100 })
    expect(balanceOf(entries, seller)).toEqual({ eur: -895 })
  })

  test('a 0 % fee posts no reseller line; a renewal books the fee again', () => {
    expect(chargePostings({ ...resold, resellerFee: { resellerId: 3, feeBps: 0 } }).some((e) => e.account === reseller)).toBe(false)
    expect(renewalPostings(resold)).toEqual(chargePostings(resold))
  })

  test('the fee comes after commissions and fees: together above the net they are refused', () => {
    expect(() => chargePostings({ ...resold, resellerFee: { resellerId: 3, feeBps: 9_600 } })).toThrow(RangeError)
    expect(() => chargePostings({ ...resold, resellerFee: { resellerId: 3, feeBps: 10_001 } })).toThrow(RangeError)
    expect(() => chargePostings({ ...resold, resellerFee: { resellerId: 3, feeBps: 12.5 } })).toThrow(RangeError)
  })
})

describe('refunds and chargebacks reverse the reseller fee in proportion', () => {
  test('a full refund returns the reseller\'s balance to 0 with the seller\'s', () => {
    const charge = chargePostings(resold)
    const all = [...charge, ...refundPostings({ charge })]
    assertBalanced(all)
    expect(balanceOf(all, reseller)).toEqual({ eur: 0 })
    expect(balanceOf(all, seller)).toEqual({ eur: 0 })
    expect(balanceOf(all, 'refunds_clearing')).toEqual({ eur: -11_900 })
  })

  test('refunding 59,50 € (half) takes back 5,00 € of the fee; three partial refunds lose no cent', () => {
    const charge = chargePostings(resold)
    expect(balanceOf(refundPostings({ charge, amount: eur(5_950) }), reseller)).toEqual({ eur: 500 })
    const steps = [eur(3_333), eur(3_333), eur(5_234)]
    let refunded = 0
    const all = [...charge]
    for (const amount of steps) {
      all.push(...refundPostings({ charge, amount, refunded: eur(refunded) }))
      refunded += amount.amount
    }
    assertBalanced(all)
    expect(balanceOf(all, reseller)).toEqual({ eur: 0 })
  })

  test('a chargeback takes the fee back from the reseller; the dispute fee stays the seller\'s', () => {
    const charge = chargePostings(resold)
    const back = chargebackPostings({ charge, sellerId: 42, fee: eur(1_500) })
    const all = [...charge, ...back]
    assertBalanced(all)
    expect(balanceOf(all, reseller)).toEqual({ eur: 0 })
    expect(balanceOf(all, seller)).toEqual({ eur: 1_500 })
  })
})
