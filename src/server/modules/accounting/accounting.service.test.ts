import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import * as repo from './accounting.repository'
import { bookingTypeOf, buildPeriodFiles, datevExportJob, fiscalYearStart, mapLedgerRow } from './accounting.service'

// The DATEV mapping from the seller's balance rows in the ledger: the booking types and accounts, and a
// paid order's period built into a file twice with the same bytes.

describe('mapping ledger rows to DATEV bookings', () => {
  test('booking types by ledger kind and sign', () => {
    expect(bookingTypeOf('charge', -9405)).toBe('sale')
    expect(bookingTypeOf('renewal', -100)).toBe('sale')
    expect(bookingTypeOf('refund', 500)).toBe('refund')
    expect(bookingTypeOf('chargeback', 500)).toBe('chargeback')
    expect(bookingTypeOf('dispute_fee', 1500)).toBe('fee')
    expect(bookingTypeOf('affiliate_commission', 100)).toBe('commission')
    expect(bookingTypeOf('payout_requested', 1000)).toBe('payout')
  })

  test('a sale credits the balance: clearing debited (S) against revenue; SKR04 accounts', () => {
    const row = { id: 7, kind: 'charge', amount: -9405, currency: 'eur', createdAt: new Date('2026-03-05T10:00:00Z'), orderToken: null }
    expect(mapLedgerRow(row, 'SKR03')).toMatchObject({ eventKey: 'ledger:7', bookingType: 'sale', amount: 9405, sellerAccount: '1360', genAccount: '8400', debitCredit: 'S', documentField1: 'ledger-7' })
    expect(mapLedgerRow({ ...row, kind: 'payout_requested', amount: 9405 }, 'SKR04')).toMatchObject({ bookingType: 'payout', sellerAccount: '1460', genAccount: '1800', debitCredit: 'H' })
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
  const day = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()))

  test('the paid order is a sale booking against 8400; the same period gives the same bytes; another seller has none', async () => {
    const today = day(new Date())
    const from = new Date(today.getTime() - 86_400_000)
    const files = await buildPeriodFiles(t.deps.db, seller.sellerId, settings, from, today)
    expect(files.map((f) => f.currency)).toEqual(['eur'])
    const lines = iconv.decode(files[0]!.bytes, 'win1252').split('\r\n')
    expect(lines[0]!.startsWith('"EXTF";700;21;"Buchungsstapel";13;')).toBe(true)
    expect(lines.some((l) => /;"S";"EUR";;;;1360;8400;;\d{4};"/.test(l))).toBe(true)
    const again = await buildPeriodFiles(t.deps.db, seller.sellerId, settings, from, today)
    expect(again[0]!.bytes.equals(files[0]!.bytes)).toBe(true)
    expect(await buildPeriodFiles(t.deps.db, other.sellerId, settings, from, today)).toEqual([])
  })

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
