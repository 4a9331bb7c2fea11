import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import type { ProviderEvent } from '../../payments/providers/types'
import { receiveProviderEvents } from '../refunds/provider-events.service'
import { restoreOrderAccess } from './delivery.service'

// A won dispute gives back what its chargeback took, each form through its own module
// (docs/decisions/0038-money-edges.md): payment tickets unused again (the same codes; expired when the event
// ended meanwhile), certificates valid again (the same serial), license keys valid again (the same keys).
// What a refund revoked stays revoked.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
}, 60_000)
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
let events = 0
let keys = 0

type Bought = { orderId: number; payerUserId: number; chargeToken: string; amount: number; payer: ReturnType<typeof fullPayer> }

/** Buys through the sandbox and runs the jobs (payment, delivery). */
async function buy(payload: Record<string, unknown>, payer = fullPayer()): Promise<Bought> {
  const res = await submitOrder(t, { payment_method: 'card', payer, terms_accepted: true, ...payload })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql('select id, payer_user_id, payment_state from orders where token = $1', [res.json().order.token])
  expect(order.payment_state).toBe('paid')
  const [charge] = await sql(`select token, amount::int as amount from payments where order_id = $1 and kind = 'charge' and state = 'successful'`, [order.id])
  return { orderId: order.id, payerUserId: order.payer_user_id, chargeToken: charge.token, amount: charge.amount, payer }
}

/** The provider reports a dispute of the whole charge; the order is charged back and its delivery revoked. */
async function chargeBack(order: Bought): Promise<string> {
  const ref = `dp_restore_${++events}`
  const event: ProviderEvent = {
    eventId: `evt_restore_dispute_${events}`, type: 'test.dispute.created', kind: 'chargeback', paymentToken: order.chargeToken, providerRef: '', ref,
    amount: { amount: order.amount, currency: 'eur' },
  }
  await receiveProviderEvents(t.deps, 'sandbox', null, [event])
  await t.deps.jobs.drain()
  expect((await sql('select payment_state from orders where id = $1', [order.orderId]))[0].payment_state).toBe('payment_chargebacked')
  return ref
}

/** The provider reports the dispute won; the restore job runs. */
async function disputeWon(order: Bought, ref: string) {
  await receiveProviderEvents(t.deps, 'sandbox', null, [{
    eventId: `evt_restore_won_${++events}`, type: 'test.dispute.closed', kind: 'chargeback_reversal', paymentToken: order.chargeToken, providerRef: '', ref,
    amount: { amount: 0, currency: 'eur' },
  }])
  await t.deps.jobs.drain()
  expect((await sql('select payment_state from orders where id = $1', [order.orderId]))[0].payment_state).toBe('paid')
}

async function refund(orderId: number) {
  const res = await t.request({
    method: 'POST', url: `/api/v1/cabinet/orders/${orderId}/refund`, token: seller.accessToken, payload: { reason: 'asked by the payer' },
    headers: { 'idempotency-key': `restore-refund-${++keys}` },
  })
  expect(res.statusCode, res.body).toBe(200)
  await t.deps.jobs.drain()
  expect((await sql('select payment_state from orders where id = $1', [orderId]))[0].payment_state).toBe('payment_refunded')
}

const ticketsOf = async (orderId: number) => sql<{ code: string; state: string }>('select code, state from payment_tickets where order_id = $1 order by position', [orderId])
const checkIn = (code: string) => t.request({ method: 'POST', url: '/api/v1/cabinet/payment_tickets/check_in', token: seller.accessToken, payload: { code } })
const verifyCertificate = async (serial: string) => (await t.request({ method: 'GET', url: `/api/v1/common/certificates/${serial}` })).json()
const certificatesOf = async (orderId: number) => sql<{ serial: string; state: string }>('select serial, state from issued_certificates where order_id = $1 order by id', [orderId])
const verifyKey = async (key: string) => (await t.request({ method: 'POST', url: '/api/v1/common/licenses/verify', payload: { license_key: key } })).json()
const keysOf = async (orderId: number) => (await sql<{ key: string }>('select key from license_keys where order_id = $1 order by id', [orderId])).map((k) => k.key)

async function eventProduct(start: Date, end: Date) {
  return publishedProduct(t, seller.accessToken, {
    form: 'eventTickets', name: `Jazz night ${++keys}`,
    tickets: [{ name: 'Front row', location: 'Hamburg', start_date: start.toISOString(), end_date: end.toISOString(), position: 0, pricing_plans: [oneTimePlan(5900)] }],
  })
}

async function buyTickets(product: any, quantity: number): Promise<Bought> {
  const ticket = product.tickets[0]
  return buy({
    product_id: product.id, pricing_plan_id: ticket.pricing_plans[0].id, ticket_id: ticket.id, quantity,
    attendees: Array.from({ length: quantity }, (_, i) => ({ first_name: `Guest${i + 1}`, last_name: 'Attendee', email: `guest${i + 1}@example.test` })),
  })
}

async function certificateProduct() {
  const product = await publishedProduct(t, seller.accessToken, { form: 'certificate', name: `Colour theory ${++keys}` })
  const saved = await t.request({
    method: 'PUT', url: `/api/v1/cabinet/products/${product.id}/certificate_design`, token: seller.accessToken, payload: {
      layout: 'landscape', title: 'Certificate of {{product_name}}', body: 'Awarded to {{payer_name}} on {{date}}.',
      colors: { text: '#111111', accent: '#b45309', background: '#fffdf5' }, date_source: 'purchase_date', validity_start: 'from_payment',
    },
  })
  expect(saved.statusCode, saved.body).toBe(200)
  return product
}

async function licenseProduct(pool: string[]) {
  const product = await createProduct(t, seller.accessToken, { form: 'licenseKey', pricing_plans: [oneTimePlan(900)] })
  expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/license_keys`, token: seller.accessToken, payload: { keys: pool } })).statusCode).toBe(201)
  expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: seller.accessToken })).statusCode).toBe(200)
  return product
}

const plain = (product: { id: number; pricing_plans: { id: number }[] }) => ({ product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id })

describe('a won dispute gives back what its chargeback revoked', () => {
  test('payment tickets: the invalidated ones are unused again with their codes and check in; one checked in before stays used', async () => {
    const now = t.deps.now().getTime()
    const order = await buyTickets(await eventProduct(new Date(now + 30 * 86_400_000), new Date(now + 31 * 86_400_000)), 2)
    const issued = await ticketsOf(order.orderId)
    expect(issued.map((x) => x.state)).toEqual(['unused', 'unused'])
    expect((await checkIn(issued[0]!.code)).statusCode).toBe(200)

    const ref = await chargeBack(order)
    expect(await ticketsOf(order.orderId)).toEqual([
      { code: issued[0]!.code, state: 'used' }, { code: issued[1]!.code, state: 'invalidated' },
    ])
    expect((await checkIn(issued[1]!.code)).json().error).toMatchObject({ type: 'ticket_not_valid', state: 'invalidated' })

    await disputeWon(order, ref)
    expect(await ticketsOf(order.orderId)).toEqual([
      { code: issued[0]!.code, state: 'used' }, { code: issued[1]!.code, state: 'unused' },
    ])
    expect((await checkIn(issued[1]!.code)).statusCode).toBe(200)
    // A rerun of the job gives nothing back twice.
    await restoreOrderAccess(t.deps, { orderId: order.orderId })
    expect((await ticketsOf(order.orderId)).map((x) => x.state)).toEqual(['used', 'used'])
  })

  test('certificates: the same serial verifies as valid again', async () => {
    const order = await buy(plain(await certificateProduct()))
    const [cert] = await certificatesOf(order.orderId)
    expect((await verifyCertificate(cert!.serial)).status).toBe('valid')
    const ref = await chargeBack(order)
    expect((await verifyCertificate(cert!.serial)).status).toBe('revoked')
    await disputeWon(order, ref)
    expect(await certificatesOf(order.orderId)).toEqual([{ serial: cert!.serial, state: 'valid' }])
    expect(await verifyCertificate(cert!.serial)).toMatchObject({ status: 'valid', revoked_at: null })
  })

  test('license keys: the same key verifies as valid again, with its uses; no key leaves the pool for it', async () => {
    const product = await licenseProduct(['RST-0001', 'RST-0002'])
    const order = await buy(plain(product))
    const [key] = await keysOf(order.orderId)
    expect((await t.request({ method: 'POST', url: '/api/v1/common/licenses/activate', payload: { license_key: key } })).statusCode).toBe(200)
    const ref = await chargeBack(order)
    expect(await verifyKey(key!)).toEqual({ valid: false })
    await disputeWon(order, ref)
    expect(await verifyKey(key!)).toEqual({ valid: true, product_id: product.id, uses: 1, activation_limit: null })
    expect(await keysOf(order.orderId)).toEqual([key])
    expect(await sql('select state, count(*)::int as n from license_keys where product_id = $1 group by state order by state', [product.id]))
      .toEqual([{ state: 'available', n: 1 }, { state: 'used', n: 1 }])
  })

  test('what a refund revoked stays revoked: a refunded order of the same payer keeps its certificate and key revoked', async () => {
    const certificate = await certificateProduct()
    const license = await licenseProduct(['RFD-0001', 'RFD-0002'])
    const payer = fullPayer()
    const refundedCert = await buy(plain(certificate), payer)
    const refundedKey = await buy(plain(license), payer)
    await refund(refundedCert.orderId)
    await refund(refundedKey.orderId)
    const [oldCert] = await certificatesOf(refundedCert.orderId)
    const [oldKey] = await keysOf(refundedKey.orderId)
    expect((await sql('select revoked_reason from issued_certificates where serial = $1', [oldCert!.serial]))[0].revoked_reason).toBe('refund')

    // The payer buys both again; those orders are charged back and the seller wins.
    const certOrder = await buy(plain(certificate), payer)
    const keyOrder = await buy(plain(license), payer)
    const [newCert] = await certificatesOf(certOrder.orderId)
    const [newKey] = await keysOf(keyOrder.orderId)
    await disputeWon(certOrder, await chargeBack(certOrder))
    await disputeWon(keyOrder, await chargeBack(keyOrder))
    expect((await verifyCertificate(newCert!.serial)).status).toBe('valid')
    expect((await verifyKey(newKey!)).valid).toBe(true)
    // A stray restore of the refunded orders changes nothing either.
    await restoreOrderAccess(t.deps, { orderId: refundedCert.orderId })
    await restoreOrderAccess(t.deps, { orderId: refundedKey.orderId })
    expect((await verifyCertificate(oldCert!.serial)).status).toBe('revoked')
    expect(await verifyKey(oldKey!)).toEqual({ valid: false })
  })

  test('a certificate the payer replaced while the order stood charged back stays revoked (one valid per payer and product)', async () => {
    const certificate = await certificateProduct()
    const payer = fullPayer()
    const first = await buy(plain(certificate), payer)
    const [old] = await certificatesOf(first.orderId)
    const ref = await chargeBack(first)
    const second = await buy(plain(certificate), payer)
    const [replacement] = await certificatesOf(second.orderId)
    await disputeWon(first, ref)
    expect((await verifyCertificate(old!.serial)).status).toBe('revoked')
    expect((await verifyCertificate(replacement!.serial)).status).toBe('valid')
  })

  // Last: moving the clock ends the seller's session too.
  test('payment tickets of an event that ended while the order stood charged back come back expired', async () => {
    const now = t.deps.now().getTime()
    const order = await buyTickets(await eventProduct(new Date(now + 3_600_000), new Date(now + 3 * 3_600_000)), 1)
    const ref = await chargeBack(order)
    expect((await ticketsOf(order.orderId)).map((x) => x.state)).toEqual(['invalidated'])
    t.clock.advance(6 * 3_600)
    await disputeWon(order, ref)
    expect((await ticketsOf(order.orderId)).map((x) => x.state)).toEqual(['expired'])
  })
})
