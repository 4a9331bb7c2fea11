import { randomUUID } from 'node:crypto'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { makePayoutReady } from '../../../../tests/factories/money-out'
import { signUpUser } from '../../../../tests/factories/users'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import * as orders from '../orders/orders.service'
import { payoutsJobs } from './payouts.jobs'

// The payouts contract (docs/decisions/0049-money-out.md "Balances", "Payouts") through the real routes:
// balances from real sales, pending until PAYOUT_HOLD_DAYS pass, requests refused without a bank account or
// above the available balance, a good one debits the balance at once, cancel gives it back, a refund after a
// payout leaves the balance negative; the managers' SEPA batch file and the daily schedule.

let t: TestApp
let manager: string
beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: 'on', PAYOUT_DEBTOR_NAME: 'Sellfront Test', PAYOUT_DEBTOR_IBAN: 'DE02120300000000202051', PAYOUT_DEBTOR_BIC: 'BYLADEM1001' })
  manager = await signInManager(t)
}, 120_000)
afterAll(async () => { await t?.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const get = (url: string, token: string) => t.request({ method: 'GET', url: `/api/v1${url}`, token })
const post = (url: string, token: string, payload: object = {}) => t.request({ method: 'POST', url: `/api/v1${url}`, token, payload })
const balanceOf = async (token: string, currency = 'eur') => {
  const res = await get('/cabinet/payouts_balance', token)
  expect(res.statusCode, res.body).toBe(200)
  return (res.json().balances as { currency: string; pending: number; available: number; paid_out: number; in_payout: number }[]).find((b) => b.currency === currency)!
}
async function expectLedgerBalanced() {
  for (const row of await orders.ledgerTotals(t.deps.db)) expect(row.total, row.currency).toBe(0)
}

async function sale(seller: TestSeller, price = 10_000): Promise<number> {
  const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [{ form: 'one_time', currency_id: 'eur', price }] })
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  return res.json().order.id
}

const holdSeconds = () => (t.deps.config.PAYOUT_HOLD_DAYS + 1) * 86_400

describe('balances and payout requests', () => {
  test('a sale is pending, then available; requests need a bank account and the balance; cancel gives it back; a later refund makes it negative', async () => {
    const seller = await createSeller(t)
    const empty = await get('/cabinet/payouts_balance', seller.accessToken)
    expect(empty.json()).toMatchObject({ balances: [], availability: { value: 'no_documents' } })

    const orderId = await sale(seller)
    const held = await balanceOf(seller.accessToken)
    expect(held.pending).toBeGreaterThan(0)
    expect(held).toMatchObject({ available: 0, paid_out: 0, in_payout: 0 })

    const notReady = await post('/cabinet/payouts', seller.accessToken, { amount: 100, currency: 'eur' })
    expect(notReady.statusCode, notReady.body).toBe(400)
    expect(notReady.json().error.type).toBe('payouts_not_available')

    await makePayoutReady(t, { kind: 'seller', id: seller.sellerId, userId: seller.userId })
    expect((await get('/cabinet/payouts_balance', seller.accessToken)).json().availability).toEqual({ value: 'payments_payouts', missing: [] })
    const stillHeld = await post('/cabinet/payouts', seller.accessToken, { amount: 100, currency: 'eur' })
    expect(stillHeld.statusCode).toBe(400)
    expect(stillHeld.json().error.type).toBe('insufficient_balance')

    await t.deps.testClock.advance(t.deps.db, holdSeconds() * 1000)
    const free = await balanceOf(seller.accessToken)
    expect(free).toMatchObject({ pending: 0, available: held.pending, paid_out: 0 })
    const earned = free.available

    const tooMuch = await post('/cabinet/payouts', seller.accessToken, { amount: earned + 1, currency: 'eur' })
    expect(tooMuch.statusCode).toBe(400)
    expect(tooMuch.json().error.type).toBe('insufficient_balance')
    const otherCurrency = await post('/cabinet/payouts', seller.accessToken, { amount: 100, currency: 'usd' })
    expect(otherCurrency.statusCode).toBe(400)
    expect(otherCurrency.json().error).toMatchObject({ type: 'payouts_not_available' })
    expect(otherCurrency.json().error.message).toContain('USD')

    const made = await post('/cabinet/payouts', seller.accessToken, { amount: 2_000, currency: 'eur' })
    expect(made.statusCode, made.body).toBe(201)
    const payout = made.json().payout
    expect(payout).toMatchObject({ state: 'pending', amount: 2_000, currency: 'eur', rail: 'sepa', origin: 'manual', transfer_country_code: 'DE', iban_last4: '3000', batch_id: null })
    expect(await balanceOf(seller.accessToken)).toMatchObject({ available: earned - 2_000, paid_out: 2_000, in_payout: 2_000 })
    await expectLedgerBalanced()
    const mails = await sql<{ kind: string }>('select kind from email_logs where user_id = $1 and kind like $2', [seller.userId, 'payout_%'])
    expect(mails.map((m) => m.kind)).toEqual(['payout_requested'])

    const list = await get('/cabinet/payouts?state=pending&counts=true', seller.accessToken)
    expect(list.json()).toMatchObject({ total_count: 1, list: [{ id: payout.id }], counts: { pending: 1 } })
    expect((await get(`/cabinet/payouts/${payout.id}`, seller.accessToken)).json().payout.id).toBe(payout.id)
    const stranger = await createSeller(t)
    expect((await get(`/cabinet/payouts/${payout.id}`, stranger.accessToken)).statusCode).toBe(404)
    expect((await post(`/cabinet/payouts/${payout.id}/cancel`, stranger.accessToken)).statusCode).toBe(404)
    expect((await get(`/cabinet/payouts/${payout.id}/credit_memo`, seller.accessToken)).statusCode).toBe(404)

    const canceled = await post(`/cabinet/payouts/${payout.id}/cancel`, seller.accessToken)
    expect(canceled.statusCode, canceled.body).toBe(200)
    expect(canceled.json().payout.state).toBe('canceled')
    expect(await balanceOf(seller.accessToken)).toMatchObject({ available: earned, paid_out: 0, in_payout: 0 })
    expect((await post(`/cabinet/payouts/${payout.id}/cancel`, seller.accessToken)).statusCode).toBe(409)
    await expectLedgerBalanced()

    // Everything out, then the payer gets their money back: the balance owes the platform.
    expect((await post('/cabinet/payouts', seller.accessToken, { amount: earned, currency: 'eur' })).statusCode).toBe(201)
    const refund = await t.request({ method: 'POST', url: `/api/v1/cabinet/orders/${orderId}/refund`, token: seller.accessToken, payload: {}, headers: { 'idempotency-key': randomUUID() } })
    expect(refund.statusCode, refund.body).toBe(200)
    const after = await balanceOf(seller.accessToken)
    expect(after.available).toBeLessThan(0)
    expect(after.paid_out).toBe(earned)
    const none = await post('/cabinet/payouts', seller.accessToken, { amount: 1, currency: 'eur' })
    expect(none.json().error.type).toBe('insufficient_balance')
    await expectLedgerBalanced()
  })

  test('settings: schedule and next payout day; invalid start days are refused', async () => {
    const seller = await createSeller(t)
    expect((await get('/cabinet/payouts_settings', seller.accessToken)).json()).toEqual({ schedule: 'manual', start_day: 1, minimum_amount: 0, currency: 'eur', next_payout_on: null })
    const put = (payload: object) => t.request({ method: 'PUT', url: '/api/v1/cabinet/payouts_settings', token: seller.accessToken, payload })
    expect((await put({ schedule: 'monthly', start_day: 3 })).statusCode).toBe(400)
    const saved = await put({ schedule: 'monthly', start_day: 14, minimum_amount: 5_000, currency: 'eur' })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ schedule: 'monthly', start_day: 14, minimum_amount: 5_000 })
    expect(saved.json().next_payout_on).toMatch(/^\d{4}-\d{2}-14$/)
  })

  test('a publisher gets a credit memo PDF for a payout', async () => {
    const user = await signUpUser(t, { profile_type: 'publisher' })
    expect((await get('/publish/payouts_balance', user.accessToken)).statusCode).toBe(200)
    const [publisher] = await sql<{ id: number }>('select id from publishers where user_id = $1', [user.userId])
    const tx = randomUUID()
    await sql(`insert into ledger_entries (transaction_id, kind, account, amount, currency, created_at) values ($1, 'charge', $2, -5000, 'eur', now()), ($1, 'charge', 'payer_clearing', 5000, 'eur', now())`, [tx, `publisher_balance:${publisher!.id}`])
    await makePayoutReady(t, { kind: 'publisher', id: publisher!.id, userId: user.userId })
    const made = await post('/publish/payouts', user.accessToken, { amount: 5_000, currency: 'eur' })
    expect(made.statusCode, made.body).toBe(201)
    const balance = (await get('/publish/payouts_balance', user.accessToken)).json().balances[0]
    expect(balance).toMatchObject({ currency: 'eur', pending: 0, available: 0, paid_out: 5_000 })
    const memo = await get(`/publish/payouts/${made.json().payout.id}/credit_memo`, user.accessToken)
    expect(memo.statusCode).toBe(200)
    expect(memo.headers['content-type']).toBe('application/pdf')
    expect(memo.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(memo.headers['content-disposition']).toContain(`GS-P-${made.json().payout.id}.pdf`)
  })
})

describe('managers: payouts and SEPA batches', () => {
  test('a batch holds each pending SEPA payout once; its file is pain.001.001.03 with the batch\'s count and sum; issued, then successful', async () => {
    const sellers = [await createSeller(t), await createSeller(t)]
    for (const s of sellers) {
      await sale(s, 5_000)
      await makePayoutReady(t, { kind: 'seller', id: s.sellerId, userId: s.userId }, { iban: 'FR1420041010050500013M02606', countryCode: 'FR', holder: `Holder ${s.sellerId}` })
    }
    await t.deps.testClock.advance(t.deps.db, holdSeconds() * 1000)
    const ids: number[] = []
    for (const [i, s] of sellers.entries()) {
      const res = await post('/cabinet/payouts', s.accessToken, { amount: 1_000 + i * 234, currency: 'eur' })
      expect(res.statusCode, res.body).toBe(201)
      ids.push(res.json().payout.id)
    }
    expect((await get('/admin/payouts', sellers[0]!.accessToken)).statusCode).toBe(403)
    const listed = await get('/admin/payouts?state=pending&transfer_country_code=FR&counts=true', manager)
    expect(listed.statusCode, listed.body).toBe(200)
    expect(listed.json().list.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining(ids))
    expect(listed.json().list[0]).toMatchObject({ party_kind: 'seller', iban: 'FR1420041010050500013M02606' })

    const created = await post('/admin/payout_batches', manager, { currency: 'eur' })
    expect(created.statusCode, created.body).toBe(201)
    const batch = created.json().batch
    const again = await post('/admin/payout_batches', manager, { currency: 'eur' })
    expect(again.statusCode).toBe(400)
    expect(again.json().error.message).toContain('no pending SEPA payouts')
    const inBatch = await sql<{ id: number }>('select id from payouts where batch_id = $1 order by id', [batch.id])
    expect(inBatch.map((r) => r.id)).toEqual(expect.arrayContaining(ids))
    expect(batch.payouts_count).toBe(inBatch.length)
    // In a batch: the party can no longer take it back.
    expect((await post(`/cabinet/payouts/${ids[0]}/cancel`, sellers[0]!.accessToken)).statusCode).toBe(409)

    // Without the platform's own account the manager is told what to set, not handed a file.
    const debtor = t.deps.config.PAYOUT_DEBTOR_IBAN
    t.deps.config.PAYOUT_DEBTOR_IBAN = undefined
    const unset = await get(`/admin/payout_batches/${batch.id}/file`, manager)
    t.deps.config.PAYOUT_DEBTOR_IBAN = debtor
    expect(unset.statusCode).toBe(409)
    expect(unset.json().error.message).toContain('PAYOUT_DEBTOR_IBAN')
    const file = await get(`/admin/payout_batches/${batch.id}/file`, manager)
    expect(file.statusCode).toBe(200)
    expect(file.body).toContain('DE02120300000000202051')
    expect(file.headers['content-disposition']).toContain('attachment')
    expect((await get(`/admin/payout_batches/${batch.id}/file`, manager)).body).toBe(file.body)
    const xml = new XMLParser({ ignoreAttributes: false }).parse(file.body)
    const initiation = xml.Document.CstmrCdtTrfInitn
    expect(xml.Document['@_xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03')
    expect(initiation.GrpHdr.MsgId).toBe(batch.message_id)
    expect(Number(initiation.GrpHdr.NbOfTxs)).toBe(batch.payouts_count)
    expect(Math.round(Number(initiation.GrpHdr.CtrlSum) * 100)).toBe(batch.total_amount)
    const txs = [initiation.PmtInf.CdtTrfTxInf].flat() as { PmtId: { EndToEndId: string } }[]
    const endToEnd = txs.map((x) => x.PmtId.EndToEndId)
    expect(new Set(endToEnd).size).toBe(endToEnd.length)
    for (const id of ids) expect(endToEnd).toContain(`SF-P-${id}`)

    expect((await post(`/admin/payout_batches/${batch.id}/successful`, manager)).statusCode).toBe(409)
    // Pending in a batch whose file may be at the bank: the manager cannot cancel it before it is issued.
    expect((await post(`/admin/payouts/${ids[1]}/cancel`, manager, { reason: 'Too early' })).statusCode).toBe(409)
    const issued = await post(`/admin/payout_batches/${batch.id}/issued`, manager)
    expect(issued.statusCode, issued.body).toBe(200)
    expect(issued.json().batch.state).toBe('issued')
    // The bank returns the second one.
    const returned = await post(`/admin/payouts/${ids[1]}/cancel`, manager, { reason: 'Account closed' })
    expect(returned.statusCode, returned.body).toBe(200)
    expect(returned.json().payout).toMatchObject({ state: 'canceled', canceled_reason: 'Account closed' })
    const paid = await post(`/admin/payout_batches/${batch.id}/successful`, manager)
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json().batch.state).toBe('successful')
    expect((await get(`/admin/payouts?payout_id=${ids[0]}`, manager)).json().list[0].state).toBe('successful')
    expect((await get('/admin/payout_batches', manager)).json().list.find((b: { id: number }) => b.id === batch.id)).toMatchObject({ state: 'successful' })
    expect((await balanceOf(sellers[1]!.accessToken)).paid_out).toBe(0)
    expect((await balanceOf(sellers[0]!.accessToken)).paid_out).toBe(1_000)
    const mails = await sql<{ kind: string }>('select kind from email_logs where user_id = $1 and kind like $2 order by id', [sellers[1]!.userId, 'payout_%'])
    expect(mails.map((m) => m.kind)).toEqual(['payout_requested', 'payout_canceled'])
    await expectLedgerBalanced()
  })
})

describe('the payout schedule', () => {
  test('a due weekly schedule makes one payout of the payable amount, and none on a second run the same day', async () => {
    const seller = await createSeller(t)
    await sale(seller, 3_000)
    await makePayoutReady(t, { kind: 'seller', id: seller.sellerId, userId: seller.userId })
    await t.deps.testClock.advance(t.deps.db, holdSeconds() * 1000)
    const weekday = t.deps.now().getUTCDay() || 7
    const put = await t.request({ method: 'PUT', url: '/api/v1/cabinet/payouts_settings', token: seller.accessToken, payload: { schedule: 'weekly', start_day: weekday, minimum_amount: 100 } })
    expect(put.statusCode, put.body).toBe(200)
    expect(put.json().next_payout_on).toBe(t.deps.now().toISOString().slice(0, 10))
    const available = (await balanceOf(seller.accessToken)).available
    const job = payoutsJobs.find((j) => j.name === 'payouts.schedule')!
    await job.handler(t.deps, {})
    await job.handler(t.deps, {})
    const rows = await sql<{ amount: number; origin: string }>('select amount::int as amount, origin from payouts where party_kind = $1 and party_id = $2', ['seller', seller.sellerId])
    expect(rows).toEqual([{ amount: available, origin: 'schedule' }])
    expect((await balanceOf(seller.accessToken)).available).toBe(0)
    await expectLedgerBalanced()
  })
})
