import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { extractText } from '../../../../tests/helpers/read-pdf'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import type { Executor } from '../../db/client'
import { invoiceSettings } from '../../db/schema'
import { bookChargeback, bookChargebackWon } from '../refunds/refunds.service'
import * as installments from '../billing/charge-next-installment.service'
import * as orders from '../orders/orders.service'
import { issueInvoice, issueReversalIn } from './invoices.service'

// Every money movement the seller books has its document (docs/decisions/0029-invoices-and-transfers.md): a chargeback's
// cancellation invoice, a won dispute's re-issued invoice, a free order's and a trial's start's invoice of 0,
// a later rate split over the order's lines each at its own VAT rate; one gapless sequence per seller over
// all kinds; the numbering row locked once per issuing transaction.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  const profile = { business_type: 'entity', company: 'Acme Courses GmbH', vat_payer: 'liable', vat_id: 'DE136695976', street: 'Marktplatz', street_number: '5', zip: '80331', city: 'München', country_code: 'DE' }
  await sql('update sellers set profile = $1, country_code = $2 where id = $3', [JSON.stringify(profile), 'DE', seller.sellerId])
})
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

type Bought = { orderId: number; paymentId: number; token: string; payerEmail: string }

/** Buys `plan` of a new product of the seller (the sandbox pays, or the free path for a free product) and runs the jobs. */
async function buy(plan: Record<string, unknown>, product: Record<string, unknown> = {}, method = 'card'): Promise<Bought> {
  const made = await publishedProduct(t, seller.accessToken, { pricing_plans: [plan], ...product })
  const payer = fullPayer()
  const res = await submitOrder(t, { product_id: made.id, pricing_plan_id: made.pricing_plans[0].id, payment_method: method, payer, terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json()
  if (body.next_action.type !== 'none') expect((await sandboxPay(t, body.next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [row] = await sql<{ order_id: number; id: number }>(`select p.order_id, p.id from payments p join orders o on o.id = p.order_id where o.token = $1 and p.kind = 'charge' and p.state = 'successful'`, [body.order.token])
  return { orderId: row!.order_id, paymentId: row!.id, token: body.order.token, payerEmail: payer.email }
}

type Doc = { id: number; kind: string; number: string; sequence: number; payment_id: number; reversed_invoice_id: number | null; net: number; vat: number; gross: number; lines: any[]; note: string | null }
const docsOf = (orderId: number) => sql<Doc>(
  `select id, kind, number, sequence, payment_id, reversed_invoice_id, net_amount::int as net, vat_amount::int as vat, gross_amount::int as gross, lines, note
   from invoices where order_id = $1 order by sequence`, [orderId])

async function pdfText(id: number): Promise<string> {
  const res = await t.request({ method: 'GET', url: `/api/v1/cabinet/invoices/${id}/pdf`, token: seller.accessToken })
  expect(res.statusCode, res.body).toBe(200)
  return (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text as string
}

const chargeback = (b: Bought, ref: string, amount: number) =>
  t.deps.db.transaction((tx) => bookChargeback(t.deps, tx, b.orderId, b.paymentId, { ref, amount: { amount, currency: 'eur' } }))
const disputeWon = (b: Bought, ref: string) => t.deps.db.transaction((tx) => bookChargebackWon(t.deps, tx, b.orderId, b.paymentId, ref))

describe('chargebacks and won disputes', () => {
  test('a booked chargeback gets a cancellation invoice of the chargebacked amount, once', async () => {
    const b = await buy(oneTimePlan(11_900))
    await chargeback(b, `dp_${b.orderId}`, 11_900)
    await t.deps.jobs.drain()
    await chargeback(b, `dp_${b.orderId}`, 11_900) // the same dispute again books nothing
    await t.deps.jobs.drain()
    const [invoice, cancellation, ...rest] = await docsOf(b.orderId)
    expect(rest).toEqual([])
    expect(invoice).toMatchObject({ kind: 'invoice', gross: 11_900 })
    const [cb] = await sql<{ id: number }>(`select id from payments where order_id = $1 and kind = 'chargeback'`, [b.orderId])
    expect(cancellation).toMatchObject({
      kind: 'reversal', payment_id: cb!.id, reversed_invoice_id: invoice!.id, sequence: invoice!.sequence + 1, net: -10_000, vat: -1_900, gross: -11_900,
    })
    expect(cancellation!.note).toContain('Chargeback')
    const text = await pdfText(cancellation!.id)
    for (const expected of ['Cancellation invoice', cancellation!.number, `Reversal of invoice ${invoice!.number}`, 'Chargeback', '-119,00 EUR']) expect(text).toContain(expected)
  })

  test('a partial refund, then a chargeback of the rest, then the dispute won: cancellations and the re-issue add up to what the seller keeps', async () => {
    const b = await buy(oneTimePlan(11_900))
    const refund = await payment(b, { kind: 'refund', amount: 1_900, parent: b.paymentId })
    await t.deps.db.transaction((tx) => issueReversalIn(t.deps, tx, refund))
    await chargeback(b, `dp_${b.orderId}`, 20_000) // more than is left: the rest, 100,00, is taken
    expect(await disputeWon(b, `dp_${b.orderId}`)).toBe(true)
    await t.deps.jobs.drain()
    const docs = await docsOf(b.orderId)
    expect(docs.map((d) => [d.kind, d.gross])).toEqual([['invoice', 11_900], ['reversal', -1_900], ['reversal', -10_000], ['reissue', 10_000]])
    const [invoice, , cancellation, reissue] = docs
    expect(reissue).toMatchObject({ reversed_invoice_id: invoice!.id, net: -cancellation!.net, vat: -cancellation!.vat })
    expect(reissue!.lines).toEqual(cancellation!.lines.map((l: any) => ({ ...l, net_amount: -l.net_amount, vat_amount: -l.vat_amount, gross_amount: -l.gross_amount })))
    expect(reissue!.note).toContain(`cancellation invoice ${cancellation!.number}`)
    const sums = docs.reduce((s, d) => ({ net: s.net + d.net, vat: s.vat + d.vat, gross: s.gross + d.gross }), { net: 0, vat: 0, gross: 0 })
    expect(sums).toEqual({ net: 8_403, vat: 1_597, gross: 10_000 }) // 119,00 less the 19,00 refunded
    const text = await pdfText(reissue!.id)
    for (const expected of ['Re-issued invoice', reissue!.number, `Re-issue of invoice ${invoice!.number}`, 'Dispute won', '100,00 EUR']) expect(text).toContain(expected)

    // The payer's list and the seller's list (counts per kind) show every kind.
    const token = await signInPayer(b.payerEmail)
    const mine = (await t.request({ method: 'GET', url: `/api/v1/payer/invoices?seller_id=${seller.sellerId}`, token })).json().list
    expect(mine.map((i: any) => [i.kind, i.gross_amount, i.reversed_invoice_number])).toEqual([
      ['reissue', 10_000, invoice!.number], ['reversal', -10_000, invoice!.number], ['reversal', -1_900, invoice!.number], ['invoice', 11_900, null],
    ])
    const listed = (await t.request({ method: 'GET', url: `/api/v1/cabinet/invoices?order_id=${b.orderId}&counts=true`, token: seller.accessToken })).json()
    expect(listed.counts).toEqual({ invoice: 1, reversal: 2, reissue: 1 })
    expect(listed.list[0]).toMatchObject({ kind: 'reissue', note: reissue!.note, reversed_invoice_number: invoice!.number })

    // A later refund of what is left reverses only that: the won-back amount counts as invoiced again.
    const refund2 = await payment(b, { kind: 'refund', amount: 10_000, parent: b.paymentId })
    const last = await t.deps.db.transaction((tx) => issueReversalIn(t.deps, tx, refund2))
    expect(last).toMatchObject({ kind: 'reversal', grossAmount: -10_000, netAmount: cancellation!.net, vatAmount: cancellation!.vat })
  })
})

describe('documents of 0', () => {
  test('a free order gets an invoice of 0 with its lines, listed for the seller', async () => {
    const b = await buy(oneTimePlan(0), { free: true }, 'free')
    const [doc, ...rest] = await docsOf(b.orderId)
    expect(rest).toEqual([])
    expect(doc).toMatchObject({ kind: 'invoice', payment_id: b.paymentId, net: 0, vat: 0, gross: 0 })
    expect(doc!.lines).toHaveLength(1)
    expect(doc!.lines[0]).toMatchObject({ quantity: 1, gross_amount: 0 })
    expect(await pdfText(doc!.id)).toContain('0,00 EUR')
    const list = await t.request({ method: 'GET', url: `/api/v1/cabinet/invoices?order_id=${b.orderId}`, token: seller.accessToken })
    expect(list.json().list).toMatchObject([{ kind: 'invoice', gross_amount: 0, number: doc!.number }])
  })

  test('a trial\'s start gets an invoice of 0 that names the trial and when and what the first charge is', async () => {
    const b = await buy({ form: 'subscription', currency_id: 'eur', price: 1_190, interval: '1m', trial_days: 14, name: 'Club' })
    const [doc, ...rest] = await docsOf(b.orderId)
    expect(rest).toEqual([])
    const [order] = await sql<{ trial_ends_at: Date }>('select trial_ends_at from orders where id = $1', [b.orderId])
    const due = new Date(order!.trial_ends_at)
    const day = `${String(due.getUTCDate()).padStart(2, '0')}.${String(due.getUTCMonth() + 1).padStart(2, '0')}.${due.getUTCFullYear()}`
    expect(doc).toMatchObject({ kind: 'invoice', payment_id: b.paymentId, gross: 0, note: `Free trial: nothing is charged now. The first charge of 11,90 EUR falls due on ${day}.` })
    expect(doc!.lines).toMatchObject([{ gross_amount: 0, vat_rate_bps: 1900 }])
    expect(doc!.lines[0].name).toContain(`free trial until ${day}`)
    const text = await pdfText(doc!.id)
    for (const expected of ['Invoice', 'Free trial', `falls due on ${day}`, '11,90 EUR']) expect(text).toContain(expected)
  })
})

describe('a later rate', () => {
  test('each line keeps its own VAT rate; the rate is split over the lines in proportion and adds up exactly', async () => {
    const b = await buy({ form: 'installment', currency_id: 'eur', first_amount: 11_900, next_amount: 11_900, payments_count: 3, interval: '1m' })
    // A bump bought with it at 7 % on a plan with rates (as frozen on order_items at purchase).
    const [main] = await sql<{ product_id: number; pricing_plan_version_id: number; product: string }>(
      `select i.product_id, i.pricing_plan_version_id, p.name as product from order_items i join products p on p.id = i.product_id where i.order_id = $1 and i.kind = 'main'`, [b.orderId])
    await sql(`insert into order_items (order_id, product_id, kind, pricing_plan_version_id, quantity, name, list_amount, net_amount, vat_amount, gross_amount, vat_rate_bps)
      values ($1, $2, 'bump', $3, 1, 'Workbook', 1070, 1000, 70, 1070, 700)`, [b.orderId, main!.product_id, main!.pricing_plan_version_id])
    const rate2 = await payment(b, { kind: 'charge', amount: 12_970, rate: 2 })
    await issueInvoice(t.deps, { paymentId: rate2 })
    const doc = (await docsOf(b.orderId)).find((d) => d.payment_id === rate2)!
    expect(doc.lines.map((l: any) => [l.name, l.net_amount, l.vat_amount, l.gross_amount, l.vat_rate_bps])).toEqual([
      [`${main!.product}, rate 2 of 3`, 10_000, 1_900, 11_900, 1900],
      ['Workbook, rate 2 of 3', 1_000, 70, 1_070, 700],
    ])
    expect(doc).toMatchObject({ net: 11_000, vat: 1_970, gross: 12_970 })
  })

  test('the ledger books the VAT the rate\'s invoice prints: each share at its own line\'s rate', async () => {
    const b = await buy({ form: 'installment', currency_id: 'eur', first_amount: 11_900, next_amount: 12_970, payments_count: 3, interval: '1m' })
    const [main] = await sql<{ product_id: number; pricing_plan_version_id: number }>(
      `select i.product_id, i.pricing_plan_version_id from order_items i where i.order_id = $1 and i.kind = 'main'`, [b.orderId])
    await sql(`insert into order_items (order_id, product_id, kind, pricing_plan_version_id, quantity, name, list_amount, net_amount, vat_amount, gross_amount, vat_rate_bps)
      values ($1, $2, 'bump', $3, 1, 'Workbook', 1070, 1000, 70, 1070, 700)`, [b.orderId, main!.product_id, main!.pricing_plan_version_id])
    const rate = (await orders.ratesOf(t.deps.db, b.orderId)).find((r) => r.number === 2)!
    const before = t.clock.now
    t.clock.now = new Date(rate.dueDate.getTime() + 60_000)
    try {
      await installments.chargeRate(t.deps, rate.id, { reason: 'manual' })
    } finally {
      t.clock.now = before // the seller's access token keeps working for the tests after this one
    }
    await t.deps.jobs.drain()
    const [charge] = await sql<{ id: number }>(`select id from payments where order_id = $1 and kind = 'charge' and rate_number = 2 and state = 'successful'`, [b.orderId])
    const doc = (await docsOf(b.orderId)).find((d) => d.payment_id === charge!.id)!
    expect(doc).toMatchObject({ vat: 1_970, gross: 12_970 })
    const [ledger] = await sql<{ vat: number }>(`select coalesce(sum(amount), 0)::int as vat from ledger_entries where payment_id = $1 and account = 'vat_payable'`, [charge!.id])
    expect(-ledger!.vat).toBe(doc.vat)
  })
})

describe('numbering', () => {
  test('one gapless sequence over every kind after a mix of documents', async () => {
    const rows = await sql<{ sequence: number; kind: string }>('select sequence, kind from invoices where seller_id = $1 order by sequence', [seller.sellerId])
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['invoice', 'reversal', 'reissue']))
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1))
    expect(await sql('select next_number from invoice_settings where seller_id = $1', [seller.sellerId])).toEqual([{ next_number: rows.length + 1 }])
    const csv = await t.request({ method: 'GET', url: '/api/v1/cabinet/invoices/export.csv?kind=reissue', token: seller.accessToken })
    const [header, row] = csv.body.trim().split('\n')
    expect(header!.endsWith(',vat_note,note')).toBe(true)
    expect(row).toContain(',reissue,')
  })

  test('a reversal that issues its original in the same transaction takes the numbering lock once', async () => {
    const b = await buy(oneTimePlan(5_000))
    await sql(`delete from invoices where payment_id = $1`, [b.paymentId]) // as if the charge's own job had not run yet
    await sql('update invoice_settings set next_number = next_number - 1 where seller_id = $1', [seller.sellerId])
    const refund = await payment(b, { kind: 'refund', amount: 5_000, parent: b.paymentId })
    let locks = 0
    const made = await t.deps.db.transaction((tx) => issueReversalIn(t.deps, counting(tx, () => { locks++ }), refund))
    expect(made).toMatchObject({ kind: 'reversal', grossAmount: -5_000 })
    expect(locks).toBe(1)
    const rows = await sql<{ sequence: number }>('select sequence from invoices where seller_id = $1 order by sequence', [seller.sellerId])
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1))
  })
})

/** The executor with every statement that takes the numbering row's lock (its insert-or-keep, then select for update) counted. */
function counting(tx: Executor, onLock: () => void): Executor {
  return new Proxy(tx, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver)
      if (prop === 'insert') return (table: unknown) => { if (table === invoiceSettings) onLock(); return (value as (t: unknown) => unknown).call(target, table) }
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

async function signInPayer(emailAddress: string): Promise<string> {
  expect((await t.request({ method: 'POST', url: '/api/v1/app/user/send_magic_link', payload: { email: emailAddress } })).statusCode).toBe(204)
  const [mail] = await sql<{ html: string }>('select html from email_logs where lower("to") = lower($1) and kind = $2 order by id desc limit 1', [emailAddress, 'magic_link'])
  const token = /magic_link_token=([A-Za-z0-9_-]+)/.exec(mail!.html)![1]!
  const res = await t.request({ method: 'POST', url: '/api/v1/app/session/magic_link', payload: { token, fingerprint: `fp-payer-documents-${token.slice(0, 6)}` } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().access_token
}

/** A further successful payment row of the order, written directly. */
async function payment(b: Bought, values: { kind: 'charge' | 'refund'; amount: number; parent?: number; rate?: number }): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into payments (token, order_id, seller_id, kind, provider, method, state, amount, currency, parent_payment_id, rate_number, completed_at)
     values ($1, $2, $3, $4, 'sandbox', 'card', 'successful', $5, 'eur', $6, $7, now()) returning id`,
    [randomBytes(12).toString('base64url'), b.orderId, seller.sellerId, values.kind, values.amount, values.parent ?? null, values.rate ?? null],
  )
  return row!.id
}
