import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { invoiceVatOf, payerDetailsOf, rateLine, rateLineName, rateLines, reversalLines, sellerDetailsOf, trialLineName, trialNote, type RateShareLine } from './invoice-document'

// What an invoice says (pure): reversal shares that add up to the original however a charge is refunded,
// later rates split over the order's lines each at its own VAT rate, a trial's statement, the line names of rates, and the VAT notes of docs/reference/readings.md 26.

const line = (name: string, net: number, vat: number, rate: number) => ({ name, quantity: 1, net_amount: net, vat_amount: vat, gross_amount: net + vat, vat_rate_bps: rate })

describe('reversal lines', () => {
  test('refunds in any parts reverse the original exactly, to the minor unit, never positive', () => {
    const original = [line('Course', 10_000, 1_900, 1900), line('Workbook', 935, 65, 700)]
    const gross = 12_900
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: gross }), { minLength: 1, maxLength: 6 }), (parts) => {
      let before = 0
      const sums = { net: 0, vat: 0, gross: 0 }
      for (const part of [...parts, gross]) { // the last refund takes whatever is left
        const lines = reversalLines(original, gross, before, part, 'eur')
        for (const l of lines) {
          expect(l.gross_amount).toBeLessThanOrEqual(0)
          expect(l.net_amount + l.vat_amount).toBe(l.gross_amount)
          sums.net += l.net_amount; sums.vat += l.vat_amount; sums.gross += l.gross_amount
        }
        before = Math.min(gross, before + part)
      }
      expect(sums).toEqual({ net: -10_935, vat: -1_965, gross: -12_900 })
    }))
  })

  test('a half refund of 119,00 at 19 % reverses 50,00 net of 42,02 and VAT of 7,98', () => {
    expect(reversalLines([line('Course', 10_000, 1_900, 1900)], 11_900, 0, 5_000, 'eur'))
      .toEqual([{ name: 'Course', quantity: 1, net_amount: -4_202, vat_amount: -798, gross_amount: -5_000, vat_rate_bps: 1900 }])
  })

  test('nothing is left to reverse once the original is reversed in full', () => {
    expect(reversalLines([line('Course', 10_000, 1_900, 1900)], 11_900, 11_900, 100, 'eur')[0]?.gross_amount).toBe(0)
  })
})

describe('rate lines', () => {
  test('a later rate is split by the order\'s rate with net + VAT = gross', () => {
    expect(rateLine('Course, rate 2 of 6', 2_000, 1900, 'eur')).toEqual({ name: 'Course, rate 2 of 6', quantity: 1, net_amount: 1_681, vat_amount: 319, gross_amount: 2_000, vat_rate_bps: 1900 })
  })

  const course: RateShareLine = { name: 'Course', quantity: 1, grossAmount: 11_900, vatRateBps: 1900, recurring: true }
  const workbook: RateShareLine = { name: 'Workbook', quantity: 1, grossAmount: 1_070, vatRateBps: 700, recurring: true }
  const named = (l: RateShareLine) => `${l.name}, rate 2 of 6`

  test('a later rate keeps each line\'s own VAT rate, split in proportion to the lines', () => {
    expect(rateLines([course, workbook], 12_970, 'eur', named)).toEqual([
      { name: 'Course, rate 2 of 6', quantity: 1, net_amount: 10_000, vat_amount: 1_900, gross_amount: 11_900, vat_rate_bps: 1900 },
      { name: 'Workbook, rate 2 of 6', quantity: 1, net_amount: 1_000, vat_amount: 70, gross_amount: 1_070, vat_rate_bps: 700 },
    ])
  })

  test('a one-time bump takes no share; with no weight at all the main line takes the charge', () => {
    expect(rateLines([course, { ...workbook, recurring: false }], 2_000, 'eur', named).map((l) => [l.name, l.gross_amount, l.vat_rate_bps]))
      .toEqual([['Course, rate 2 of 6', 2_000, 1900]])
    expect(rateLines([{ ...course, grossAmount: 0 }], 2_000, 'eur', named)).toEqual([rateLine('Course, rate 2 of 6', 2_000, 1900, 'eur')])
  })

  test('any charge over any lines: shares add up to the charge exactly, each net + VAT = gross at its own rate', () => {
    const lineArb = fc.record({
      name: fc.constantFrom('A', 'B', 'C'), quantity: fc.integer({ min: 1, max: 3 }), grossAmount: fc.integer({ min: 0, max: 100_000 }),
      vatRateBps: fc.constantFrom(0, 500, 700, 1900, 2000, 2550), recurring: fc.boolean(),
    })
    fc.assert(fc.property(fc.array(lineArb, { minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: 1_000_000 }), (lines, gross) => {
      const out = rateLines(lines, gross, 'eur', (l) => l.name)
      expect(out.reduce((sum, l) => sum + l.gross_amount, 0)).toBe(gross)
      for (const l of out) {
        expect(l.net_amount + l.vat_amount).toBe(l.gross_amount)
        expect(l).toEqual({ ...rateLine(l.name, l.gross_amount, l.vat_rate_bps, 'eur'), quantity: l.quantity })
      }
      const sharing = lines.filter((l) => l.recurring && l.grossAmount > 0)
      expect(out.map((l) => l.vat_rate_bps)).toEqual(sharing.length > 0 ? sharing.map((l) => l.vatRateBps) : [lines[0]!.vatRateBps])
    }))
  })

  test('a trial\'s start says it is free and when the first charge falls due', () => {
    const due = new Date('2025-03-15T09:30:00Z')
    expect(trialLineName('Club', due)).toBe('Club, free trial until 15.03.2025')
    expect(trialNote(due, { amount: 1_990, currency: 'eur' })).toBe('Free trial: nothing is charged now. The first charge of 19,90 EUR falls due on 15.03.2025.')
    expect(trialNote(due, null)).toBe('Free trial: nothing is charged now. The first charge falls due on 15.03.2025.')
  })

  test('an installment names its rate, an open subscription the period it pays for', () => {
    const rate = { number: 2, dueDate: new Date('2025-02-01T10:00:00Z') }
    expect(rateLineName('Course', { form: 'installment', paymentsCount: 6 }, rate, null)).toBe('Course, rate 2 of 6')
    expect(rateLineName('Club', { form: 'subscription', paymentsCount: null }, rate, new Date('2025-03-01T10:00:00Z'))).toBe('Club, 01.02.2025 - 28.02.2025')
    expect(rateLineName('Club', { form: 'subscription' }, rate, null)).toBe('Club, from 01.02.2025')
  })
})

describe('VAT notes', () => {
  const seller = sellerDetailsOf({ vat_payer: 'exempt', vat_exempt_reason: 'educational', first_name: 'Ada', last_name: 'Lovelace' }, 'ada', null)
  const payer = payerDetailsOf({ email: 'p@example.test', first_name: 'Pia', last_name: 'Payer', vat_id: 'fr 40303265045' })

  test('an exempt seller names the reason', () => {
    expect(seller.name).toBe('Ada Lovelace')
    expect(invoiceVatOf({ treatment: 'exempt_seller' }, seller, payer, []).note).toBe('No VAT is charged: the seller provides educational services exempt from VAT.')
  })

  test('a reverse charge says what was checked, VIES when the checkout recorded it', () => {
    const vat = invoiceVatOf({ treatment: 'reverse_charge', country: 'FR', verification: 'vies_valid' }, seller, payer, [])
    expect(vat.reverse_charge).toEqual({ vat_id: 'FR40303265045', format_valid: true, country: 'FR', verification: 'vies_valid' })
    expect(vat.note).toContain('confirmed as valid in VIES')
  })

  test('a charged sale lists its rates and keeps the checkout\'s note on a VAT id not applied', () => {
    const rates = [{ rate_bps: 1950, net: 100, vat: 20, gross: 120 }]
    expect(invoiceVatOf({ treatment: 'charged', country: 'DE', note: 'The VAT id was not applied (same country).' }, seller, payer, rates).note)
      .toBe('Includes VAT 19,5 % (DE). The VAT id was not applied (same country).')
    expect(invoiceVatOf({ treatment: 'export', country: 'US' }, seller, payer, []).note).toBe('No EU VAT is charged: the supply takes place outside the EU.')
  })
})
