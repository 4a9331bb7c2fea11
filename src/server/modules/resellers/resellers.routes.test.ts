import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { percentOf } from '../../../shared/money'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { signUpUser } from '../../../../tests/factories/users'
import { extractText } from '../../../../tests/helpers/read-pdf'
import { makePayoutReady } from '../../../../tests/factories/money-out'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import * as orders from '../orders/orders.service'

// Resellers (docs/decisions/0051-resellers.md) through the real routes: the approval's state machine with
// its one-open rule, another party's approval answering 404, the checkout freezing the reseller's fee on the
// order and booking it to reseller_balance, a later fee change leaving old terms alone, a paused seller's
// checkout refused, the reseller's balance, the invoice issued in the reseller's name.

let t: TestApp
let manager: string
beforeAll(async () => {
  t = await createTestApp()
  manager = await signInManager(t)
}, 120_000)
afterAll(async () => { await t?.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const get = (url: string, token: string) => t.request({ method: 'GET', url: `/api/v1${url}`, token })
const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload: object = {}, headers: Record<string, string> = {}) =>
  t.request({ method, url: `/api/v1${url}`, token, payload, headers })

type TestReseller = { id: number; token: string; userId: number }

let resellers = 0
/** A user made a reseller by a manager, signed in with the reseller profile. */
async function createReseller(feeBps = 1_000): Promise<TestReseller> {
  resellers++
  const user = await signUpUser(t)
  const made = await send('POST', '/admin/resellers', manager, {
    email: user.email, legal_name: `Resale ${resellers} GmbH`, street: 'Hauptstraße 1', zip: '10115', city: 'Berlin', country_code: 'DE', vat_id: 'DE136695976', fee_bps: feeBps,
  })
  expect(made.statusCode, made.body).toBe(201)
  const me = await get('/app/user/me', user.accessToken)
  const profile = (me.json().profiles as { id: number; type: string }[]).find((p) => p.type === 'reseller')!
  const switched = await send('PUT', '/app/session/profile', user.accessToken, { profile_id: profile.id })
  expect(switched.statusCode, switched.body).toBe(200)
  return { id: made.json().id, token: switched.json().access_token, userId: user.userId }
}

async function journeySeller(): Promise<TestSeller> {
  const seller = await createSeller(t)
  await sql(`update sellers set features = '{"reseller_journey": true}'::jsonb where id = $1`, [seller.sellerId])
  return seller
}

async function sellThrough(seller: TestSeller, reseller: TestReseller): Promise<number> {
  const asked = await send('POST', '/cabinet/reseller_approvals', seller.accessToken, { reseller_id: reseller.id })
  expect(asked.statusCode, asked.body).toBe(201)
  const approved = await send('POST', `/reseller/approvals/${asked.json().id}/approve`, reseller.token)
  expect(approved.statusCode, approved.body).toBe(200)
  return asked.json().id
}

async function sale(seller: TestSeller, price = 10_000) {
  const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [{ form: 'one_time', currency_id: 'eur', price }] })
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  return { product, res }
}

async function paidSale(seller: TestSeller, price = 10_000): Promise<number> {
  const { res } = await sale(seller, price)
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  return res.json().order.id
}

const resellerLedger = async (orderId: number, resellerId: number) =>
  Number((await sql<{ total: string }>('select coalesce(sum(amount), 0) as total from ledger_entries where order_id = $1 and account = $2', [orderId, `reseller_balance:${resellerId}`]))[0]!.total)

async function netOf(orderId: number): Promise<number> {
  const [row] = await sql<{ total_amount: string; vat_amount: string }>('select total_amount, vat_amount from orders where id = $1', [orderId])
  return Number(row!.total_amount) - Number(row!.vat_amount)
}

describe('approvals', () => {
  test('the seller asks, the reseller approves, either side ends it, a new request can be rejected with a reason; one open at a time', async () => {
    const reseller = await createReseller(1_000)
    const seller = await createSeller(t)
    const off = await get('/cabinet/reseller', seller.accessToken)
    expect(off.statusCode).toBe(403)
    expect(off.json().error.type).toBe('feature_disabled')
    await sql(`update sellers set features = '{"reseller_journey": true}'::jsonb where id = $1`, [seller.sellerId])

    const page = await get('/cabinet/reseller', seller.accessToken)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toMatchObject({ selling_mode: 'selling_by_ownself', reseller: null, approvals: [] })
    expect(page.json().resellers).toContainEqual(expect.objectContaining({ id: reseller.id, fee_bps: 1_000 }))

    const asked = await send('POST', '/cabinet/reseller_approvals', seller.accessToken, { reseller_id: reseller.id })
    expect(asked.statusCode, asked.body).toBe(201)
    expect(asked.json()).toMatchObject({ state: 'waiting', fee_bps: 1_000 })
    const again = await send('POST', '/cabinet/reseller_approvals', seller.accessToken, { reseller_id: reseller.id })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.type).toBe('reseller_approval_open')

    const home = await get('/reseller/home', reseller.token)
    expect(home.json().approvals[0]).toMatchObject({ id: asked.json().id, state: 'waiting', seller_id: seller.sellerId })
    const approved = await send('POST', `/reseller/approvals/${asked.json().id}/approve`, reseller.token)
    expect(approved.json()).toMatchObject({ state: 'approved' })
    expect((await get('/cabinet/reseller', seller.accessToken)).json()).toMatchObject({ selling_mode: 'selling_via_reseller', reseller: { id: reseller.id } })
    expect((await send('POST', `/reseller/approvals/${asked.json().id}/approve`, reseller.token)).statusCode).toBe(409)

    const ended = await send('POST', `/cabinet/reseller_approvals/${asked.json().id}/cancel`, seller.accessToken, { reason: 'We invoice ourselves again' })
    expect(ended.json()).toMatchObject({ state: 'canceled', canceled_by: 'seller' })
    expect((await get('/cabinet/reseller', seller.accessToken)).json().selling_mode).toBe('selling_by_ownself')

    const second = await send('POST', '/cabinet/reseller_approvals', seller.accessToken, { reseller_id: reseller.id })
    expect(second.statusCode).toBe(201)
    const noReason = await send('POST', `/reseller/approvals/${second.json().id}/reject`, reseller.token, { reason: ' ' })
    expect(noReason.statusCode).toBe(400)
    const rejected = await send('POST', `/reseller/approvals/${second.json().id}/reject`, reseller.token, { reason: 'Your products are outside our range' })
    expect(rejected.json()).toMatchObject({ state: 'rejected', reason: 'Your products are outside our range' })
    const history = (await get('/cabinet/reseller', seller.accessToken)).json().approvals
    expect(history.map((a: { state: string }) => a.state)).toEqual(['rejected', 'canceled'])

    const third = await send('POST', '/cabinet/reseller_approvals', seller.accessToken, { reseller_id: reseller.id })
    await send('POST', `/reseller/approvals/${third.json().id}/approve`, reseller.token)
    const byReseller = await send('POST', `/reseller/approvals/${third.json().id}/cancel`, reseller.token, { reason: 'We stop' })
    expect(byReseller.json()).toMatchObject({ state: 'canceled', canceled_by: 'reseller' })
    expect((await get('/cabinet/reseller', seller.accessToken)).json().selling_mode).toBe('selling_by_ownself')

    const toReseller = await sql<{ kind: string }>(`select kind from email_logs where user_id = $1 and kind like 'reseller_%' order by id`, [reseller.userId])
    expect(toReseller.map((m) => m.kind)).toEqual(['reseller_requested', 'reseller_canceled', 'reseller_requested', 'reseller_requested'])
    const toSeller = await sql<{ kind: string }>(`select kind from email_logs where user_id = $1 and kind like 'reseller_%' order by id`, [seller.userId])
    expect(toSeller.map((m) => m.kind)).toEqual(['reseller_decided', 'reseller_decided', 'reseller_decided', 'reseller_canceled'])
  })

  test('ten requests at once open one approval; the others hear reseller_approval_open', async () => {
    const reseller = await createReseller()
    const seller = await journeySeller()
    const answers = await Promise.all(Array.from({ length: 10 }, () => send('POST', '/cabinet/reseller_approvals', seller.accessToken, { reseller_id: reseller.id })))
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1)
    expect(answers.filter((a) => a.statusCode === 409 && a.json().error.type === 'reseller_approval_open')).toHaveLength(9)
    expect(await sql('select state from reseller_approvals where seller_id = $1', [seller.sellerId])).toEqual([{ state: 'waiting' }])
  })

  test('another reseller or seller naming an approval gets 404; a seller cannot use the reseller area', async () => {
    const reseller = await createReseller()
    const other = await createReseller()
    const seller = await journeySeller()
    const stranger = await journeySeller()
    const asked = await send('POST', '/cabinet/reseller_approvals', seller.accessToken, { reseller_id: reseller.id })
    for (const action of ['approve', 'cancel']) expect((await send('POST', `/reseller/approvals/${asked.json().id}/${action}`, other.token)).statusCode).toBe(404)
    expect((await send('POST', `/reseller/approvals/${asked.json().id}/reject`, other.token, { reason: 'no' })).statusCode).toBe(404)
    expect((await send('POST', `/cabinet/reseller_approvals/${asked.json().id}/cancel`, stranger.accessToken)).statusCode).toBe(404)
    expect((await send('POST', '/reseller/approvals/999999/approve', reseller.token)).statusCode).toBe(404)
    expect((await get('/reseller/home', seller.accessToken)).statusCode).toBe(403)
    expect((await get('/reseller/payouts_balance', seller.accessToken)).statusCode).toBe(403)
    expect((await get('/admin/resellers', seller.accessToken)).statusCode).toBe(403)
    expect((await get('/reseller/home', other.token)).json().approvals).toEqual([])
  })
})

describe('sales through a reseller', () => {
  test('checkout freezes the fee on the order and books it to reseller_balance; a later fee change leaves the order and the approval alone', async () => {
    const reseller = await createReseller(1_000)
    const seller = await journeySeller()
    await sellThrough(seller, reseller)

    const orderId = await paidSale(seller)
    const [row] = await sql<{ reseller_id: number; reseller_fee_bps: number }>('select reseller_id, reseller_fee_bps from orders where id = $1', [orderId])
    expect(row).toEqual({ reseller_id: reseller.id, reseller_fee_bps: 1_000 })
    const fee = percentOf({ amount: await netOf(orderId), currency: 'eur' }, 1_000).amount
    expect(await resellerLedger(orderId, reseller.id)).toBe(-fee)
    for (const total of await orders.ledgerTotals(t.deps.db)) expect(total.total, total.currency).toBe(0)

    const detail = await get(`/cabinet/orders/${orderId}`, seller.accessToken)
    expect(detail.statusCode, detail.body).toBe(200)
    expect(detail.json().reseller).toMatchObject({ id: reseller.id, fee_bps: 1_000 })
    const split = detail.json().payout_split as { participant: string; amount: number }[]
    expect(split.find((s) => s.participant === 'reseller')?.amount).toBe(fee)
    expect(split.find((s) => s.participant === 'payer')?.amount).toBe(0)
    expect(split.find((s) => s.participant === 'seller')?.amount).toBeGreaterThan(0)

    const [invoice] = await sql<{ seller: { name: string; on_behalf_of: string } }>('select seller from invoices where order_id = $1', [orderId])
    expect(invoice?.seller).toMatchObject({ name: expect.stringMatching(/^Resale \d+ GmbH$/), vat_id: 'DE136695976' })
    expect(invoice?.seller.on_behalf_of).toBeTruthy()
    const [issued] = await sql<{ id: number }>('select id from invoices where order_id = $1', [orderId])
    const pdf = await t.request({ method: 'GET', url: `/api/v1/cabinet/invoices/${issued!.id}/pdf`, token: seller.accessToken })
    expect(pdf.statusCode).toBe(200)
    const text = (await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true })).text as string
    expect(text).toContain(`Sold by ${invoice!.seller.name} on behalf of ${invoice!.seller.on_behalf_of}`)
    expect(text).toContain('DE136695976')

    expect((await send('PATCH', `/admin/resellers/${reseller.id}`, manager, { fee_bps: 2_500 })).statusCode).toBe(200)
    const later = await paidSale(seller)
    expect((await sql('select reseller_fee_bps from orders where id = $1', [later]))[0]).toEqual({ reseller_fee_bps: 1_000 })
    expect((await sql('select reseller_fee_bps from orders where id = $1', [orderId]))[0]).toEqual({ reseller_fee_bps: 1_000 })

    const sales = await get('/reseller/sales', reseller.token)
    expect(sales.json()).toMatchObject({ total_count: 2 })
    expect(sales.json().list[1]).toMatchObject({ id: orderId, reseller_fee_bps: 1_000, fee_amount: fee, seller_id: seller.sellerId })

    const balance = await get('/reseller/payouts_balance', reseller.token)
    expect(balance.statusCode, balance.body).toBe(200)
    expect(balance.json().balances).toEqual([expect.objectContaining({ currency: 'eur', pending: 2 * fee, available: 0 })])
  })

  test('a refund takes the reseller\'s fee back in proportion; an order bought before the agreement ended keeps its reseller', async () => {
    const reseller = await createReseller(2_000)
    const seller = await journeySeller()
    const approvalId = await sellThrough(seller, reseller)
    const orderId = await paidSale(seller)
    const fee = -(await resellerLedger(orderId, reseller.id))
    await send('POST', `/cabinet/reseller_approvals/${approvalId}/cancel`, seller.accessToken)
    const refund = await send('POST', `/cabinet/orders/${orderId}/refund`, seller.accessToken, { amount: 5_000 }, { 'idempotency-key': `refund-${orderId}-half` })
    expect(refund.statusCode, refund.body).toBe(200)
    await t.deps.jobs.drain()
    // Half the gross back takes half the fee back (an odd fee leaves the extra cent to one side).
    const left = -(await resellerLedger(orderId, reseller.id))
    expect([Math.floor(fee / 2), Math.ceil(fee / 2)]).toContain(left)
    const split = (await get(`/cabinet/orders/${orderId}`, seller.accessToken)).json().payout_split
    expect(split).toContainEqual(expect.objectContaining({ participant: 'payer', amount: 5_000 }))
    const after = await paidSale(seller)
    expect((await sql('select reseller_id from orders where id = $1', [after]))[0]).toEqual({ reseller_id: null })
  })

  test('a paused seller\'s checkout is refused; resuming sells through the approved reseller again', async () => {
    const reseller = await createReseller()
    const seller = await journeySeller()
    await sellThrough(seller, reseller)
    expect((await send('PUT', '/cabinet/selling_mode', seller.accessToken, { paused: true })).json()).toEqual({ selling_mode: 'selling_none' })
    const { product, res } = await sale(seller)
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().error.type).toBe('selling_not_available')
    expect((await send('PUT', '/cabinet/selling_mode', seller.accessToken, { paused: false })).json()).toEqual({ selling_mode: 'selling_via_reseller' })
    const retry = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(retry.statusCode, retry.body).toBe(201)
    expect((await sql('select reseller_id from orders where id = $1', [retry.json().order.id]))[0]).toEqual({ reseller_id: reseller.id })
    expect((await send('PUT', `/admin/sellers/${seller.sellerId}/selling_mode`, manager, { paused: true })).json()).toEqual({ selling_mode: 'selling_none' })
    const listed = await get(`/admin/sellers?query=${encodeURIComponent(seller.username)}`, manager)
    expect(listed.json().list.find((s: { id: number }) => s.id === seller.sellerId)).toMatchObject({ selling_mode: 'selling_none' })
  })

  test('deactivating a reseller ends its agreements: the seller sells by itself', async () => {
    const reseller = await createReseller()
    const seller = await journeySeller()
    await sellThrough(seller, reseller)
    const off = await send('PATCH', `/admin/resellers/${reseller.id}`, manager, { active: false })
    expect(off.json()).toMatchObject({ active: false })
    const page = (await get('/cabinet/reseller', seller.accessToken)).json()
    expect(page.selling_mode).toBe('selling_by_ownself')
    expect(page.approvals[0]).toMatchObject({ state: 'canceled', canceled_by: 'manager' })
    expect(page.resellers.some((r: { id: number }) => r.id === reseller.id)).toBe(false)
  })
})

describe('money out', () => {
  test('a reseller\'s payout has a self-billing credit memo naming the reseller\'s legal details', async () => {
    const reseller = await createReseller()
    // Fees past the refund window, written straight to the ledger: the balance and payout routes have their own tests.
    await sql(`insert into ledger_entries (transaction_id, kind, account, amount, currency, created_at) values ($1, 'charge', $2, -4000, 'eur', now() - interval '90 days'), ($1, 'charge', 'payer_clearing', 4000, 'eur', now() - interval '90 days')`,
      [crypto.randomUUID(), `reseller_balance:${reseller.id}`])
    await makePayoutReady(t, { kind: 'reseller', id: reseller.id, userId: reseller.userId })
    const made = await send('POST', '/reseller/payouts', reseller.token, { amount: 4_000, currency: 'eur' })
    expect(made.statusCode, made.body).toBe(201)
    const memo = await get(`/reseller/payouts/${made.json().payout.id}/credit_memo`, reseller.token)
    expect(memo.statusCode, memo.body).toBe(200)
    expect(memo.headers['content-type']).toBe('application/pdf')
    expect(memo.headers['content-disposition']).toContain(`GS-P-${made.json().payout.id}.pdf`)
    const text = (await extractText(new Uint8Array(memo.rawPayload), { mergePages: true })).text as string
    expect(text).toMatch(/Issued by Sellfront to Resale \d+ GmbH/)
    expect(text).toContain('VAT id DE136695976')
    expect(text).toContain('reseller fees')
    const other = await createReseller()
    expect((await get(`/reseller/payouts/${made.json().payout.id}/credit_memo`, other.token)).statusCode).toBe(404)
  })
})

describe('VAT under the reseller\'s registration', () => {
  test('an exempt seller selling via a reseller charges VAT: the quote and the order agree, the invoice shows it', async () => {
    const reseller = await createReseller(1_000)
    const seller = await journeySeller()
    const profile = { first_name: 'Sina', last_name: 'Seller', street: 'Marktplatz', street_number: '5', zip: '80331', city: 'München', country_code: 'DE', vat_payer: 'exempt', vat_exempt_reason: 'small_business' }
    await sql('update sellers set profile = $1, country_code = $2 where id = $3', [JSON.stringify(profile), 'DE', seller.sellerId])
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [{ form: 'one_time', currency_id: 'eur', price: 11_900 }] })
    const selection = { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, country_code: 'DE' }
    const bySelf = await send('POST', '/shop/orders/quote', '', selection)
    expect(bySelf.statusCode, bySelf.body).toBe(200)
    expect(bySelf.json()).toMatchObject({ vat_amount: 0, vat: { treatment: 'exempt_seller' } })

    await sellThrough(seller, reseller)
    const quoted = await send('POST', '/shop/orders/quote', '', selection)
    expect(quoted.json()).toMatchObject({ total_amount: 11_900, vat_amount: 1_900, vat: { treatment: 'charged', country: 'DE' } })

    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
    const orderId = res.json().order.id as number
    expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
    await t.deps.jobs.drain()
    expect((await sql('select reseller_id, vat_amount::int as vat_amount from orders where id = $1', [orderId]))[0]).toMatchObject({ reseller_id: reseller.id, vat_amount: 1_900 })
    const [invoice] = await sql<{ id: number; vat_amount: number; vat: { treatment: string } }>('select id, vat_amount::int as vat_amount, vat from invoices where order_id = $1', [orderId])
    expect(invoice).toMatchObject({ vat_amount: 1_900, vat: { treatment: 'charged' } })
    const pdf = await t.request({ method: 'GET', url: `/api/v1/cabinet/invoices/${invoice!.id}/pdf`, token: seller.accessToken })
    const text = (await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true })).text as string
    expect(text).toContain('19,00 EUR')
    expect(text).not.toContain('exempt')
  })
})
