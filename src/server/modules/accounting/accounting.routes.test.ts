import { randomUUID } from 'node:crypto'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import * as repo from './accounting.repository'
import { datevExportJob } from './accounting.service'

// The DATEV export through the cabinet's API (docs/decisions/0076-datev-export.md): settings, an export of a
// period with a sale and a partial refund, its file as DATEV reads it, the log's filters, a failed export run
// again, and another seller seeing none of it.

let t: TestApp
let seller: TestSeller
let other: TestSeller
let orderId: number
let orderToken: string
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
  const product = await publishedProduct(t, seller.accessToken, { name: 'Kurs für Anfänger' })
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  orderId = res.json().order.id
  orderToken = res.json().order.token
  const refunded = await t.request({ method: 'POST', url: `/api/v1/cabinet/orders/${orderId}/refund`, token: seller.accessToken, headers: { 'idempotency-key': randomUUID() }, payload: { amount: 500, reason: 'partly' } })
  expect(refunded.statusCode, refunded.body).toBe(200)
  await t.deps.jobs.drain()
}, 120_000)
afterAll(async () => { await t?.close() })

const get = (url: string, token = seller.accessToken) => t.request({ method: 'GET', url: `/api/v1/cabinet${url}`, token })
const send = (method: 'POST' | 'PUT', url: string, payload?: object, token = seller.accessToken) => t.request({ method, url: `/api/v1/cabinet${url}`, token, payload })
const today = () => new Date().toISOString().slice(0, 10)
const settings = { consultant_number: 29098, client_number: 55003, chart: 'SKR03' }

async function exportToday(token = seller.accessToken) {
  const created = await send('POST', '/datev_exports', { period_from: today(), period_till: today() }, token)
  expect(created.statusCode, created.body).toBe(201)
  expect(created.json().datev_export).toMatchObject({ state: 'pending', period_from: today(), period_till: today(), currencies: [] })
  await t.deps.jobs.drain()
  return (await get(`/datev_exports/${created.json().datev_export.id}`, token)).json().datev_export
}

describe('DATEV settings', () => {
  test('none at first; a consultant number out of range is refused; saved with the chart\'s accounts', async () => {
    expect((await get('/datev_settings')).json()).toEqual({ datev_settings: null })
    expect((await send('PUT', '/datev_settings', { ...settings, consultant_number: 12 })).statusCode).toBe(400)
    expect((await send('PUT', '/datev_settings', { ...settings, extra: 1 })).statusCode).toBe(400)
    const saved = await send('PUT', '/datev_settings', settings)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().datev_settings).toMatchObject({ ...settings, fiscal_year_start_month: 1, accounts: { clearing: '1360', sale: '8400', payout: '1200' } })
    expect((await get('/datev_settings')).json()).toEqual(saved.json())
  })
})

describe('DATEV exports', () => {
  test('an export needs settings and a period that ends on or after its start', async () => {
    const missing = await send('POST', '/datev_exports', { period_from: today(), period_till: today() }, other.accessToken)
    expect([missing.statusCode, missing.json().error.type]).toEqual([409, 'datev_settings_missing'])
    const backwards = await send('POST', '/datev_exports', { period_from: '2026-10-31', period_till: '2026-10-01' })
    expect([backwards.statusCode, backwards.json().error.type]).toEqual([422, 'validation_failed'])
    expect((await send('POST', '/datev_exports', { period_from: '2024-01-01', period_till: '2026-01-01' })).statusCode).toBe(422)
    expect((await send('POST', '/datev_exports', { period_from: '2026-13-01', period_till: '2026-10-01' })).statusCode).toBe(400)
  })

  test('the period\'s sale and refund in one EUR file DATEV reads; the same period gives the same bytes', async () => {
    const done = await exportToday()
    expect(done).toMatchObject({ state: 'done', currencies: ['eur'], error: null })
    expect(done.booking_count).toBeGreaterThanOrEqual(2)
    const file = await get(`/datev_exports/${done.id}/download`)
    expect(file.statusCode, file.body).toBe(200)
    expect(file.headers['content-type']).toBe('text/csv; charset=windows-1252')
    expect(file.headers['content-disposition']).toBe(`attachment; filename="EXTF_Buchungsstapel_${today()}_${today()}_EUR.csv"`)
    const lines = iconv.decode(file.rawPayload, 'win1252').split('\r\n')
    expect(lines[0]!.startsWith('"EXTF";700;21;"Buchungsstapel";13;')).toBe(true)
    expect(lines[0]).toContain(';29098;55003;')
    const ofOrder = lines.filter((l) => l.includes(`"${orderToken}"`))
    // the sale credits the seller's balance: clearing 1360 debited (S) against revenue 8400, net of the VAT; the
    // refund of 5,00 with its 19 % VAT reverses 4,20 of it (H)
    expect(ofOrder.some((l) => /^\d+,\d\d;"S";"EUR";;;;1360;8400;;\d{4};"[^"]+";;;"Verkauf /.test(l))).toBe(true)
    expect(ofOrder.some((l) => /^4,20;"H";"EUR";;;;1360;8400;;\d{4};"[^"]+";;;"Erstattung /.test(l))).toBe(true)

    const again = await exportToday()
    expect(again.id).not.toBe(done.id)
    expect((await get(`/datev_exports/${again.id}/download?currency=EUR`)).rawPayload.equals(file.rawPayload)).toBe(true)
    expect((await get(`/datev_exports/${again.id}/download?currency=usd`)).statusCode).toBe(404)

    const list = await get('/datev_exports?datev_export_status=done')
    expect(list.json().list.map((e: { id: number }) => e.id)).toEqual([again.id, done.id])
    expect((await get('/datev_exports?datev_export_status=failed')).json().total_count).toBe(0)
  })

  test('the log: one booking per ledger row, with the filters of the log page', async () => {
    const all = (await get('/datev_logs?per=100')).json()
    expect(all.total_count).toBeGreaterThanOrEqual(2)
    expect(all.list.every((b: { datev_state: string; datev_export_status: string }) => b.datev_state === 'exported' && b.datev_export_status === 'done')).toBe(true)
    const refunds = (await get('/datev_logs?booking_type=refund')).json()
    expect(refunds.list).toEqual([expect.objectContaining({ booking_type: 'refund', amount: 420, currency: 'eur', debit_credit: 'H', gen_account: '8400', seller_account: '1360', document_field_1: orderToken })])
    const byKey = (await get(`/datev_logs?event_key=${encodeURIComponent(refunds.list[0].event_key)}`)).json()
    expect(byKey.list.map((b: { id: number }) => b.id)).toEqual([refunds.list[0].id])
    expect((await get(`/datev_logs?document_field_1=${orderToken}&w_document_field_1_present=true`)).json().total_count).toBeGreaterThanOrEqual(2)
    expect((await get(`/datev_logs?document_field_1=${orderToken}&w_document_field_1_present=false`)).json().total_count).toBe(0)
    expect((await get('/datev_logs?gen_account=8400&seller_account=1360&datev_state=exported&datev_export_status=done')).json().total_count).toBeGreaterThanOrEqual(2)
    expect((await get('/datev_logs?datev_state=pending')).json().total_count).toBe(0)
    expect((await get('/datev_logs?event_date_from=2099-01-01')).json().total_count).toBe(0)
    expect((await get(`/datev_logs?event_date_from=${today()}&event_date_till=${today()}`)).json().total_count).toBe(all.total_count)
    expect((await get('/datev_logs?booking_type=gift')).statusCode).toBe(400)
  })

  test('a failed export is run again once the settings are there; a done one is not', async () => {
    const failed = await t.deps.db.transaction(async (tx) => {
      const row = await repo.insertExport(tx, { sellerId: other.sellerId, periodFrom: today(), periodTill: today() })
      await t.deps.jobs.enqueue(tx, datevExportJob, { exportId: row.id })
      return row
    })
    await t.deps.jobs.drain()
    expect((await get(`/datev_exports/${failed.id}`, other.accessToken)).json().datev_export).toMatchObject({ state: 'failed', error: 'DATEV settings missing' })
    expect((await get(`/datev_exports/${failed.id}/download`, other.accessToken)).statusCode).toBe(409)
    expect((await send('PUT', '/datev_settings', { ...settings, chart: 'SKR04' }, other.accessToken)).statusCode).toBe(200)
    const retried = await send('POST', `/datev_exports/${failed.id}/retry`, undefined, other.accessToken)
    expect(retried.statusCode, retried.body).toBe(200)
    expect(retried.json().datev_export).toMatchObject({ state: 'pending', error: null })
    await t.deps.jobs.drain()
    // the other seller sold nothing: done, with no booking and no file
    expect((await get(`/datev_exports/${failed.id}`, other.accessToken)).json().datev_export).toMatchObject({ state: 'done', booking_count: 0, currencies: [] })
    expect((await get(`/datev_exports/${failed.id}/download`, other.accessToken)).statusCode).toBe(404)
    expect((await send('POST', `/datev_exports/${failed.id}/retry`, undefined, other.accessToken)).statusCode).toBe(409)
  })

  test('another seller reaches none of it', async () => {
    const mine = (await get('/datev_exports')).json().list[0]
    expect((await get(`/datev_exports/${mine.id}`, other.accessToken)).statusCode).toBe(404)
    expect((await get(`/datev_exports/${mine.id}/download`, other.accessToken)).statusCode).toBe(404)
    expect((await send('POST', `/datev_exports/${mine.id}/retry`, undefined, other.accessToken)).statusCode).toBe(404)
    expect((await get('/datev_logs', other.accessToken)).json().total_count).toBe(0)
    expect((await get('/datev_exports', other.accessToken)).json().list.every((e: { id: number }) => e.id !== mine.id)).toBe(true)
  })
})
