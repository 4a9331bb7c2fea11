import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import * as repo from './accounting.repository'
import { bookingTypeOf, datevExportJob, fiscalYearStart, mapLedgerRow } from './accounting.service'

// The DATEV mapping from the seller's balance rows in the ledger: the booking types and accounts, and a
// paid order's period exported twice with the same bytes.

describe('mapping ledger rows to DATEV bookings', () => {
  test('booking types by ledger kind and sign', () => {
    expect(bookingTypeOf('charge', -9405)).toBe('sale')
    expect(bookingTypeOf('renewal', -100)).toBe('sale')
    expect(bookingTypeOf('refund', 500)).toBe('refund')
    expect(bookingTypeOf('chargeback', 500)).toBe('chargeback')
    expect(bookingTypeOf('dispute_fee', 1500)).toBe('fee')
    expect(bookingTypeOf('affiliate_commission', 100)).toBe('commission')
    expect(bookingTypeOf('payout_requested', 1000)).toBe('payout')
    expect(bookingTypeOf('direct_collection', 9000)).toBe('payout')
  })

  test('a sale credits the balance: clearing debited (S) against revenue; SKR04 accounts', () => {
    const row = { id: 7, kind: 'charge', amount: -9405, currency: 'eur', createdAt: new Date('2026-03-05T10:00:00Z'), orderToken: null }
    expect(mapLedgerRow(row, 'SKR03')).toEqual([expect.objectContaining({ eventKey: 'ledger:7', bookingType: 'sale', amount: 9405, sellerAccount: '1360', genAccount: '8400', debitCredit: 'S', documentField1: 'ledger-7' })])
    expect(mapLedgerRow({ ...row, kind: 'payout_requested', amount: 9405 }, 'SKR04')).toEqual([expect.objectContaining({ bookingType: 'payout', sellerAccount: '1460', genAccount: '1800', debitCredit: 'H' })])
  })

  test('a sale is booked gross of the fees and commissions the platform kept; the parts move the clearing account by the row', () => {
    // 100,00 net of VAT: 5,00 platform fee + 1,50 provider fee (-650), 20,00 to a publisher (-2000), 73,50 to the seller
    const sale = { id: 9, kind: 'charge', amount: -7350, currency: 'eur', createdAt: new Date('2026-03-05T10:00:00Z'), orderToken: 'tok', fees: -650, commissions: -2000, sellerRows: 1 }
    const bookings = mapLedgerRow(sale, 'SKR03')
    expect(bookings.map((b) => [b.eventKey, b.bookingType, b.amount, b.debitCredit, b.genAccount])).toEqual([
      ['ledger:9', 'sale', 10_000, 'S', '8400'], ['ledger:9:fee', 'fee', 650, 'H', '4970'], ['ledger:9:commission', 'commission', 2000, 'H', '4760'],
    ])
    const onClearing = (bs: typeof bookings) => bs.reduce((sum, b) => sum + (b.debitCredit === 'S' ? -b.amount : b.amount), 0)
    expect(onClearing(bookings)).toBe(sale.amount)
    // a refund of a tenth reverses each part: revenue H, the fee and commission returned S
    const refund = { ...sale, id: 10, kind: 'refund', amount: 735, fees: 65, commissions: 200 }
    const reversed = mapLedgerRow(refund, 'SKR03')
    expect(reversed.map((b) => [b.bookingType, b.amount, b.debitCredit])).toEqual([['refund', 1000, 'H'], ['fee', 65, 'S'], ['commission', 200, 'S']])
    expect(onClearing(reversed)).toBe(refund.amount)
    // a transaction with two rows of the seller's (a chargeback and its dispute fee) is not split
    expect(mapLedgerRow({ ...sale, kind: 'chargeback', amount: 7350, sellerRows: 2 }, 'SKR03')).toHaveLength(1)
    expect(mapLedgerRow({ ...sale, kind: 'refund', amount: 7350, fees: 650, commissions: 2000, sellerRows: 2 }, 'SKR03')).toHaveLength(1)
  })

  test('fiscal year start', () => {
    expect(fiscalYearStart(new Date('2026-03-01T00:00:00Z'), 1).toISOString()).toBe('2026-01-01T00:00:00.000Z')
    expect(fiscalYearStart(new Date('2026-03-01T00:00:00Z'), 7).toISOString()).toBe('2025-07-01T00:00:00.000Z')
  })
})

describe('a period built from the ledger', () => {
  let t: TestApp
  let seller: TestSeller
  let other: TestSeller
  beforeAll(async () => {
    t = await createTestApp()
    seller = await createSeller(t)
    other = await createSeller(t)
    const product = await publishedProduct(t, seller.accessToken, { name: 'Kurs für Anfänger' })
    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(res.statusCode).toBe(201)
    expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
    await t.deps.jobs.drain()
  }, 120_000)
  afterAll(async () => {
    await t?.close()
  })

  const settings = { consultantNumber: 1001, clientNumber: 20002, chart: 'SKR03' as const, fiscalYearStartMonth: 1 }

  test('the job: bookings written once, the export done with the same bytes each time, the bookings exported', async () => {
    await repo.upsertSettings(t.deps.db, { sellerId: seller.sellerId, ...settings })
    const today = new Date().toISOString().slice(0, 10)
    const exportOnce = async () => {
      const row = await t.deps.db.transaction(async (tx) => {
        const r = await repo.insertExport(tx, { sellerId: seller.sellerId, periodFrom: today, periodTill: today })
        await t.deps.jobs.enqueue(tx, datevExportJob, { exportId: r.id })
        return r
      })
      await t.deps.jobs.drain()
      return (await repo.findExport(t.deps.db, row.id))!
    }
    const first = await exportOnce()
    expect(first).toMatchObject({ state: 'done', error: null })
    expect(first.bookingCount).toBeGreaterThan(0)
    const text = iconv.decode(Buffer.from(first.files[0]!.bytes, 'base64'), 'win1252')
    expect(text).toMatch(/;"S";"EUR";;;;1360;8400;;\d{4};"/)
    const second = await exportOnce()
    expect(second.files).toEqual(first.files)
    const from = new Date(`${today}T00:00:00Z`)
    const bookings = await repo.bookingsInPeriod(t.deps.db, seller.sellerId, from, new Date(from.getTime() + 86_400_000))
    expect(bookings).toHaveLength(first.bookingCount)
    expect(bookings.every((b) => b.datevState === 'exported' && b.exportId === first.id)).toBe(true)
  })

  test('without settings the export fails with the error', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const row = await t.deps.db.transaction(async (tx) => {
      const r = await repo.insertExport(tx, { sellerId: other.sellerId, periodFrom: today, periodTill: today })
      await t.deps.jobs.enqueue(tx, datevExportJob, { exportId: r.id })
      return r
    })
    await t.deps.jobs.drain()
    expect(await repo.findExport(t.deps.db, row.id)).toMatchObject({ state: 'failed', error: 'DATEV settings missing' })
  })
})
