import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import type { CurrencyId } from '../money/currencies'
import { percentOf, type Money } from '../money/money'
import { publisherBalance, sellerBalance, type AccountKey } from './accounts'
import {
  assertBalanced, balanceOf, chargebackPostings, chargebackReversalPostings, chargePostings, disputeFeePostings, LedgerImbalanceError, payoutPostings, refundPostings,
  renewalPostings, trialBalance, type ChargeInput, type LedgerEntry,
} from './postings'

const eur = (amount: number): Money => ({ amount, currency: 'eur' })
const seller = sellerBalance(42)

/** The 119,00 € sale of the examples: 19 % VAT inside, 5 % platform fee. */
const sale119: ChargeInput = { gross: eur(11_900), vat: eur(1_900), platformFeeBps: 500, sellerId: 42 }

describe('chargePostings', () => {
  test('a 119,00 € sale with 19 % VAT and a 5 % fee credits VAT 19,00 €, the platform 5,00 € and the seller 95,00 €', () => {
    const entries = chargePostings(sale119)
    expect(entries).toEqual([
      { account: 'payer_clearing', amount: 11_900, currency: 'eur' },
      { account: 'vat_payable', amount: -1_900, currency: 'eur' },
      { account: 'platform_revenue', amount: -500, currency: 'eur' },
      { account: seller, amount: -9_500, currency: 'eur' },
    ])
    assertBalanced(entries)
  })

  test('a 119,00 € sale with 19 % VAT, a 5 % fee and a 0,95 € provider fee credits the seller 94,05 €', () => {
    const entries = chargePostings({ ...sale119, providerFee: eur(95) })
    expect(balanceOf(entries, seller)).toEqual({ eur: -9_405 })
    expect(balanceOf(entries, 'provider_fees')).toEqual({ eur: -95 })
    expect(balanceOf(entries, 'platform_revenue')).toEqual({ eur: -500 })
    assertBalanced(entries)
  })

  test('a 10,00 € commission to publisher 7 comes out of the seller\'s share: seller 85,00 €, publisher 10,00 €', () => {
    const entries = chargePostings({ ...sale119, commissions: [{ publisherId: 7, amount: eur(1_000) }] })
    expect(balanceOf(entries, seller)).toEqual({ eur: -8_500 })
    expect(balanceOf(entries, publisherBalance(7))).toEqual({ eur: -1_000 })
    expect(balanceOf(entries, 'platform_revenue')).toEqual({ eur: -500 }) // the fee is on the net, not reduced
    assertBalanced(entries)
  })

  test('the platform fee rounds half up on the net: 5 % of 9,99 € is 0,50 €, the seller gets 9,49 €', () => {
    const entries = chargePostings({ gross: eur(999), vat: eur(0), platformFeeBps: 500, sellerId: 1 })
    expect(balanceOf(entries, 'platform_revenue')).toEqual({ eur: -50 })
    expect(balanceOf(entries, sellerBalance(1))).toEqual({ eur: -949 })
  })

  test('a 1.190 ¥ sale with 190 ¥ VAT and a 3,5 % fee: fee 35 ¥, seller 965 ¥', () => {
    const entries = chargePostings({ gross: { amount: 1_190, currency: 'jpy' }, vat: { amount: 190, currency: 'jpy' }, platformFeeBps: 350, sellerId: 'shop-1' })
    expect(balanceOf(entries, sellerBalance('shop-1'))).toEqual({ jpy: -965 })
    expect(balanceOf(entries, 'platform_revenue')).toEqual({ jpy: -35 })
  })

  test('a free order posts nothing', () => {
    expect(chargePostings({ gross: eur(0), vat: eur(0), platformFeeBps: 500, sellerId: 1 })).toEqual([])
  })

  test('a renewal rate is booked exactly as a charge', () => {
    expect(renewalPostings(sale119)).toEqual(chargePostings(sale119))
  })

  test('refuses fees and commissions larger than the net, VAT above the gross, fractions and mixed currencies', () => {
    expect(() => chargePostings({ ...sale119, commissions: [{ publisherId: 7, amount: eur(9_501) }] })).toThrow(RangeError)
    expect(() => chargePostings({ ...sale119, vat: eur(12_000) })).toThrow(RangeError)
    expect(() => chargePostings({ ...sale119, gross: eur(119.5) })).toThrow(RangeError)
    expect(() => chargePostings({ ...sale119, gross: eur(-1) })).toThrow(RangeError)
    expect(() => chargePostings({ ...sale119, platformFeeBps: 10_001 })).toThrow(RangeError)
    expect(() => chargePostings({ ...sale119, vat: { amount: 1_900, currency: 'usd' } })).toThrow(/currency mismatch/)
  })
})

describe('refundPostings', () => {
  const charge = chargePostings(sale119)

  test('a full refund of the 119,00 € sale returns the seller, VAT and platform fee to 0', () => {
    const refund = refundPostings({ charge })
    expect(refund).toEqual([
      { account: 'refunds_clearing', amount: -11_900, currency: 'eur' },
      { account: 'vat_payable', amount: 1_900, currency: 'eur' },
      { account: 'platform_revenue', amount: 500, currency: 'eur' },
      { account: seller, amount: 9_500, currency: 'eur' },
    ])
    const ledger = [...charge, ...refund]
    assertBalanced(ledger)
    expect(balanceOf(ledger, seller)).toEqual({ eur: 0 })
    expect(balanceOf(ledger, 'vat_payable')).toEqual({ eur: 0 })
  })

  test('refunding 59,50 € of it reverses exactly half: VAT 9,50 €, fee 2,50 €, seller 47,50 €', () => {
    const refund = refundPostings({ charge, amount: eur(5_950) })
    expect(balanceOf(refund, 'vat_payable')).toEqual({ eur: 950 })
    expect(balanceOf(refund, 'platform_revenue')).toEqual({ eur: 250 })
    expect(balanceOf(refund, seller)).toEqual({ eur: 4_750 })
  })

  test('three partial refunds of 3,33 €, 3,33 € and 3,34 € of a 10,00 € sale lose no cent', () => {
    const ten = chargePostings({ gross: eur(1_000), vat: eur(160), platformFeeBps: 500, sellerId: 42 })
    expect(balanceOf(ten, seller)).toEqual({ eur: -798 }) // net 8,40 €, fee 0,42 €
    const first = refundPostings({ charge: ten, amount: eur(333) })
    expect(first).toEqual([
      { account: 'refunds_clearing', amount: -333, currency: 'eur' },
      { account: 'vat_payable', amount: 53, currency: 'eur' },
      { account: 'platform_revenue', amount: 14, currency: 'eur' },
      { account: seller, amount: 266, currency: 'eur' },
    ])
    const second = refundPostings({ charge: ten, amount: eur(333), refunded: eur(333) })
    const third = refundPostings({ charge: ten, amount: eur(334), refunded: eur(666) })
    const ledger = [...ten, ...first, ...second, ...third]
    assertBalanced(ledger)
    for (const account of ['vat_payable', 'platform_revenue', seller] as const) expect(balanceOf(ledger, account)).toEqual({ eur: 0 })
    expect(balanceOf(ledger, 'refunds_clearing')).toEqual({ eur: -1_000 })
  })

  test('without an amount, a refund returns the rest', () => {
    const part = refundPostings({ charge, amount: eur(1_000) })
    const rest = refundPostings({ charge, refunded: eur(1_000) })
    expect(balanceOf(rest, 'refunds_clearing')).toEqual({ eur: -10_900 })
    expect(balanceOf([...charge, ...part, ...rest], seller)).toEqual({ eur: 0 })
  })

  test('the provider fee and commissions are reversed with the rest', () => {
    const withAll = chargePostings({ ...sale119, providerFee: eur(95), commissions: [{ publisherId: 7, amount: eur(1_000) }] })
    const ledger = [...withAll, ...refundPostings({ charge: withAll })]
    for (const account of ['provider_fees', publisherBalance(7), seller] as const) expect(balanceOf(ledger, account)).toEqual({ eur: 0 })
  })

  test('refuses more than is left, a negative or fractional amount, another currency, and a non-charge', () => {
    expect(() => refundPostings({ charge, amount: eur(11_901) })).toThrow(RangeError)
    expect(() => refundPostings({ charge, amount: eur(2), refunded: eur(11_899) })).toThrow(RangeError)
    expect(() => refundPostings({ charge, amount: eur(-1) })).toThrow(RangeError)
    expect(() => refundPostings({ charge, amount: eur(0.5) })).toThrow(RangeError)
    expect(() => refundPostings({ charge, amount: { amount: 100, currency: 'usd' } })).toThrow(RangeError)
    expect(() => refundPostings({ charge: refundPostings({ charge }) })).toThrow(RangeError)
    expect(() => refundPostings({ charge: [] })).toThrow(RangeError)
  })
})

describe('chargebackPostings', () => {
  test('a chargeback of the 119,00 € sale with a 15,00 € fee leaves the seller owing 15,00 €', () => {
    const charge = chargePostings(sale119)
    const chargeback = chargebackPostings({ charge, fee: eur(1_500), sellerId: 42 })
    const ledger = [...charge, ...chargeback]
    assertBalanced(chargeback)
    expect(balanceOf(ledger, seller)).toEqual({ eur: 1_500 })
    expect(balanceOf(ledger, 'chargebacks')).toEqual({ eur: -13_400 })
    expect(balanceOf(ledger, 'vat_payable')).toEqual({ eur: 0 })
    expect(balanceOf(ledger, 'refunds_clearing')).toEqual({})
  })
  test('a chargeback after a partial refund disputes the rest', () => {
    const charge = chargePostings(sale119)
    const refund = refundPostings({ charge, amount: eur(1_900) })
    const chargeback = chargebackPostings({ charge, refunded: eur(1_900), sellerId: 42 })
    expect(balanceOf(chargeback, 'chargebacks')).toEqual({ eur: -10_000 })
    expect(balanceOf([...charge, ...refund, ...chargeback], seller)).toEqual({ eur: 0 })
  })
})

describe('chargebackReversalPostings', () => {
  test('a won dispute puts every line back where the sale left it', () => {
    const charge = chargePostings(sale119)
    const chargeback = chargebackPostings({ charge, sellerId: 42 })
    const won = chargebackReversalPostings({ chargeback, sellerId: 42 })
    assertBalanced(won)
    const ledger = [...charge, ...chargeback, ...won]
    expect(balanceOf(ledger, seller)).toEqual({ eur: -9_500 })
    expect(balanceOf(ledger, 'chargebacks')).toEqual({ eur: 0 })
    expect(balanceOf(ledger, 'vat_payable')).toEqual({ eur: -1_900 })
  })
  test('the dispute fee the provider keeps stays charged to the seller', () => {
    const charge = chargePostings(sale119)
    const chargeback = chargebackPostings({ charge, fee: eur(1_500), sellerId: 42 })
    const ledger = [...charge, ...chargeback, ...chargebackReversalPostings({ chargeback, feeKept: eur(1_500), sellerId: 42 })]
    assertBalanced(ledger)
    expect(balanceOf(ledger, seller)).toEqual({ eur: -9_500 + 1_500 })
    expect(balanceOf(ledger, 'chargebacks')).toEqual({ eur: -1_500 })
  })
})

describe('disputeFeePostings', () => {
  test('a 15,00 € dispute fee is paid from the seller\'s balance to the provider\'s fees, apart from the disputed money', () => {
    const charge = chargePostings(sale119)
    const chargeback = chargebackPostings({ charge, sellerId: 42 })
    const fee = disputeFeePostings({ fee: eur(1_500), sellerId: 42 })
    expect(fee).toEqual([{ account: seller, amount: 1_500, currency: 'eur' }, { account: 'provider_fees', amount: -1_500, currency: 'eur' }])
    const won = chargebackReversalPostings({ chargeback, sellerId: 42 })
    const ledger = [...charge, ...chargeback, ...fee, ...won]
    assertBalanced(ledger)
    expect(balanceOf(ledger, seller)).toEqual({ eur: -9_500 + 1_500 })
    expect(balanceOf(ledger, 'chargebacks')).toEqual({ eur: 0 })
  })
  test('a fee given back reverses the pair; a zero fee posts nothing; a negative one is refused', () => {
    const ledger = [...disputeFeePostings({ fee: eur(1_500), sellerId: 42 }), ...disputeFeePostings({ fee: eur(1_500), sellerId: 42, returned: true })]
    assertBalanced(ledger)
    expect(balanceOf(ledger, seller)).toEqual({ eur: 0 })
    expect(disputeFeePostings({ fee: eur(0), sellerId: 42 })).toEqual([])
    expect(() => disputeFeePostings({ fee: eur(-1), sellerId: 42 })).toThrow(RangeError)
  })
})

describe('payoutPostings', () => {
  test('paying out a seller\'s 95,00 € brings the balance to 0 and credits payout clearing', () => {
    const ledger = [...chargePostings(sale119), ...payoutPostings({ from: seller, amount: eur(9_500) })]
    assertBalanced(ledger)
    expect(balanceOf(ledger, seller)).toEqual({ eur: 0 })
    expect(balanceOf(ledger, 'payout_clearing')).toEqual({ eur: -9_500 })
  })
  test('a publisher is paid out the same way; platform accounts cannot be', () => {
    expect(payoutPostings({ from: publisherBalance(7), amount: eur(1_000) })).toEqual([
      { account: 'publisher_balance:7', amount: 1_000, currency: 'eur' },
      { account: 'payout_clearing', amount: -1_000, currency: 'eur' },
    ])
    expect(() => payoutPostings({ from: 'platform_revenue', amount: eur(1) })).toThrow(RangeError)
    expect(() => payoutPostings({ from: seller, amount: eur(-1) })).toThrow(RangeError)
  })
})

describe('assertBalanced, balanceOf, trialBalance', () => {
  test('throws when one currency of several does not sum to 0', () => {
    const entries: LedgerEntry[] = [
      ...chargePostings(sale119),
      { account: 'payer_clearing', amount: 100, currency: 'usd' },
      { account: seller, amount: -99, currency: 'usd' },
    ]
    expect(() => assertBalanced(entries)).toThrow(LedgerImbalanceError)
    expect(() => assertBalanced(entries)).toThrow('usd sum to 1')
  })
  test('throws on a fractional amount, an unknown account or currency', () => {
    expect(() => assertBalanced([{ account: seller, amount: 0.5, currency: 'eur' }, { account: 'payer_clearing', amount: -0.5, currency: 'eur' }])).toThrow(RangeError)
    expect(() => assertBalanced([{ account: 'cash' as AccountKey, amount: 0, currency: 'eur' }])).toThrow(RangeError)
    expect(() => assertBalanced([{ account: seller, amount: 0, currency: 'xyz' as CurrencyId }])).toThrow(RangeError)
  })
  test('an empty ledger is balanced', () => expect(() => assertBalanced([])).not.toThrow())
  test('the trial balance of a sale, a partial refund and a usd sale', () => {
    const charge = chargePostings(sale119)
    const ledger = [
      ...charge,
      ...refundPostings({ charge, amount: eur(5_950) }),
      ...chargePostings({ gross: { amount: 2_000, currency: 'usd' }, vat: { amount: 0, currency: 'usd' }, platformFeeBps: 1_000, sellerId: 42 }),
    ]
    const { rows, totals } = trialBalance(ledger)
    expect(rows).toContainEqual({ account: seller, currency: 'eur', debit: 4_750, credit: 9_500, balance: -4_750 })
    expect(rows).toContainEqual({ account: seller, currency: 'usd', debit: 0, credit: 1_800, balance: -1_800 })
    expect(rows.map((r) => `${r.account}/${r.currency}`)).toEqual([
      'payer_clearing/eur', 'payer_clearing/usd', 'platform_revenue/eur', 'platform_revenue/usd', 'refunds_clearing/eur',
      'seller_balance:42/eur', 'seller_balance:42/usd', 'vat_payable/eur',
    ])
    expect(totals).toEqual([
      { currency: 'eur', debit: 11_900 + 5_950, credit: 11_900 + 5_950, balance: 0 },
      { currency: 'usd', debit: 2_000, credit: 2_000, balance: 0 },
    ])
  })
})

// docs/QUALITY.md, ledger battery: random sequences of purchases, refunds, chargebacks, renewals,
// commissions and payouts keep every currency at 0 after every step.
describe('ledger battery', () => {
  const currencies = ['eur', 'usd', 'jpy', 'kwd', 'chf'] as const satisfies readonly CurrencyId[]
  type Sale = { charge: LedgerEntry[]; entries: LedgerEntry[]; gross: number; refunded: number; currency: CurrencyId; sellerId: number; sellerAccount: AccountKey; chargedBack: boolean }

  const purchase = fc.record({
    op: fc.constantFrom('purchase' as const, 'renewal' as const),
    currency: fc.constantFrom(...currencies),
    gross: fc.oneof(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 1_000_000_000 })),
    vatShareBps: fc.integer({ min: 0, max: 2_500 }),
    platformFeeBps: fc.integer({ min: 0, max: 3_000 }),
    providerFeeBps: fc.integer({ min: 0, max: 500 }),
    sellerId: fc.integer({ min: 1, max: 3 }),
    commissions: fc.array(fc.record({ publisherId: fc.integer({ min: 1, max: 3 }), bps: fc.integer({ min: 0, max: 3_000 }) }), { maxLength: 2 }),
  })
  const refund = fc.record({
    op: fc.constantFrom('refund' as const, 'chargeback' as const),
    sale: fc.nat(),
    full: fc.boolean(),
    part: fc.integer({ min: 0, max: 10_000 }), // bps of what is left
    fee: fc.integer({ min: 0, max: 2_000 }),
  })
  const payout = fc.record({ op: fc.constant('payout' as const), publisher: fc.boolean(), id: fc.integer({ min: 1, max: 3 }), currency: fc.constantFrom(...currencies), part: fc.integer({ min: 0, max: 10_000 }) })
  const steps = fc.array(fc.oneof(purchase, refund, payout), { minLength: 1, maxLength: 40 })

  test('every step sums to 0 per currency, amounts stay integers, a full refund zeroes the seller\'s share of a sale', () => {
    fc.assert(fc.property(steps, (ops) => {
      const ledger: LedgerEntry[] = []
      const sales: Sale[] = []
      for (const step of ops) {
        let posted: LedgerEntry[] = []
        if (step.op === 'purchase' || step.op === 'renewal') {
          const money = (amount: number): Money => ({ amount, currency: step.currency })
          const gross = money(step.gross)
          const vat = percentOf(gross, step.vatShareBps)
          const net = money(gross.amount - vat.amount)
          const providerFee = percentOf(net, step.providerFeeBps)
          const share = money(net.amount - percentOf(net, step.platformFeeBps).amount - providerFee.amount)
          const input: ChargeInput = {
            gross, vat, providerFee, platformFeeBps: step.platformFeeBps, sellerId: step.sellerId,
            commissions: step.commissions.map((c) => ({ publisherId: c.publisherId, amount: percentOf(share, c.bps) })),
          }
          posted = step.op === 'purchase' ? chargePostings(input) : renewalPostings(input)
          if (step.gross > 0) {
            sales.push({ charge: posted, entries: [...posted], gross: step.gross, refunded: 0, currency: step.currency, sellerId: step.sellerId, sellerAccount: sellerBalance(step.sellerId), chargedBack: false })
          }
        } else if (step.op === 'refund' || step.op === 'chargeback') {
          const open = sales.filter((s) => s.refunded < s.gross)
          const sale = open[step.sale % Math.max(open.length, 1)]
          if (sale === undefined) continue
          const left = sale.gross - sale.refunded
          const amount = step.full ? left : Math.min(left, Math.max(1, Math.floor((left * step.part) / 10_000)))
          const money = (value: number): Money => ({ amount: value, currency: sale.currency })
          const input = { charge: sale.charge, amount: money(amount), refunded: money(sale.refunded) }
          if (step.op === 'refund') {
            posted = refundPostings(input)
            sale.entries.push(...posted)
          } else {
            posted = chargebackPostings({ ...input, fee: money(step.fee), sellerId: sale.sellerId })
            sale.entries.push(...chargebackPostings({ ...input, sellerId: sale.sellerId })) // the sale's share, without the dispute fee
            sale.chargedBack = true
          }
          sale.refunded += amount
          // the refund desk's promise: what went back matches the amount
          expect(balanceOf(posted, step.op === 'refund' ? 'refunds_clearing' : 'chargebacks')[sale.currency]).toBe(-amount - (step.op === 'chargeback' ? step.fee : 0))
        } else if (step.op === 'payout') {
          const from = step.publisher ? publisherBalance(step.id) : sellerBalance(step.id)
          const owed = -(balanceOf(ledger, from)[step.currency] ?? 0)
          const amount = Math.floor((Math.max(0, owed) * step.part) / 10_000)
          posted = payoutPostings({ from, amount: { amount, currency: step.currency } })
        }
        assertBalanced(posted)
        ledger.push(...posted)
        assertBalanced(ledger)
        for (const total of trialBalance(ledger).totals) expect(total.balance).toBe(0)
        for (const e of posted) expect(Number.isSafeInteger(e.amount)).toBe(true)
      }
      for (const sale of sales) {
        if (sale.refunded !== sale.gross) continue
        // fully returned: every account the sale credited is back to 0, the seller's included
        for (const row of trialBalance(sale.entries).rows) {
          if (row.account === 'payer_clearing') expect(row.balance).toBe(sale.gross)
          else if (row.account === 'refunds_clearing' || row.account === 'chargebacks') continue
          else expect(row.balance).toBe(0)
        }
        expect(balanceOf(sale.entries, sale.sellerAccount)[sale.currency] ?? 0).toBe(0)
      }
    }), { numRuns: 300 })
  })

  test('any split of a sale into partial refunds reverses every line exactly, never past its charged amount', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 0, max: 2_500 }), fc.integer({ min: 0, max: 3_000 }),
      fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 8 }),
      (grossAmount, vatBps, feeBps, parts) => {
        const gross = eur(grossAmount)
        const charge = chargePostings({ gross, vat: percentOf(gross, vatBps), platformFeeBps: feeBps, sellerId: 1, commissions: [] })
        const ledger = [...charge]
        let refunded = 0
        for (const part of [...parts, 10_000]) {
          const amount = part === 10_000 ? grossAmount - refunded : Math.floor(((grossAmount - refunded) * part) / 10_000)
          ledger.push(...refundPostings({ charge, amount: eur(amount), refunded: eur(refunded) }))
          refunded += amount
          for (const line of charge) {
            if (line.account === 'payer_clearing') continue
            const balance = balanceOf(ledger, line.account).eur ?? 0
            expect(balance).toBeLessThanOrEqual(0) // still a credit (or 0): never reversed past the charge
            expect(balance).toBeGreaterThanOrEqual(line.amount)
          }
        }
        for (const line of charge) if (line.account !== 'payer_clearing') expect(balanceOf(ledger, line.account).eur).toBe(0)
      },
    ))
  })
})
