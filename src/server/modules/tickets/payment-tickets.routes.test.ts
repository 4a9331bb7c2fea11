import { parse } from 'csv-parse/sync'
import jsQR from 'jsqr'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { paymentTicketCsvColumns } from '../../../shared/schemas/payment-tickets'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { extractText } from '../../../../tests/helpers/read-pdf'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import * as paymentTickets from './payment-tickets.service'

/**
 * The text of a PDF (pdf.js), its lines joined by spaces: the documents embed Noto fonts, which the standard-font
 * reader of tests/helpers/pdf-text cannot decode, and a long value may wrap.
 */
async function pdfText(pdf: Buffer): Promise<string> {
  return ((await extractText(new Uint8Array(pdf), { mergePages: true })).text as string).replace(/\s+/g, ' ')
}

/** How the CSV writes a text cell: one a spreadsheet would read as a formula (a code may start with -) gets an apostrophe. */
const cell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value)

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => { await t.close() })

const eventStart = '2031-05-20T18:00:00.000Z'

async function eventProduct(name = `Jazz night ${Math.random().toString(36).slice(2, 6)}`) {
  return publishedProduct(t, seller.accessToken, {
    form: 'eventTickets', name,
    tickets: [
      { name: 'Front row', location: 'Hamburg, Elbphilharmonie', start_date: eventStart, end_date: '2031-05-20T23:00:00.000Z', position: 0, pricing_plans: [oneTimePlan(5900)] },
      { name: 'Balcony', location: 'Hamburg, Elbphilharmonie', start_date: eventStart, position: 1, pricing_plans: [oneTimePlan(2900)] },
    ],
  })
}

async function orderRow(token: string) {
  const { rows } = await t.deps.database.executeSql('select id from orders where token = $1', [token])
  const { findOrder } = await import('../orders/orders.service')
  return (await findOrder(t.deps.db, rows[0].id))!
}

/** Buys `quantity` tickets of the product's first ticket type through the sandbox and issues them. */
async function buyTickets(product: any, quantity = 2, payer = fullPayer()) {
  const ticket = product.tickets[0]
  const res = await submitOrder(t, {
    product_id: product.id, pricing_plan_id: ticket.pricing_plans[0].id, ticket_id: ticket.id, quantity, payment_method: 'card', payer, terms_accepted: true,
    attendees: Array.from({ length: quantity }, (_, i) => ({ first_name: `Guest${i + 1}`, last_name: 'Attendee', email: `guest${i + 1}@example.test` })),
  })
  expect(res.statusCode, res.body).toBe(201)
  await sandboxPay(t, res.json().next_action.payment_id)
  await t.deps.jobs.drain()
  const order = await orderRow(res.json().order.token)
  expect(order.paymentState).toBe('paid')
  await t.deps.db.transaction((tx) => paymentTickets.issuePaymentTickets(tx, t.deps, order))
  return { order, tickets: await paymentTickets.paymentTicketsOfOrder(t.deps.db, t.deps, order.id), payer }
}

const checkIn = (code: string, token = seller.accessToken) => t.request({ method: 'POST', url: '/api/v1/cabinet/payment_tickets/check_in', token, payload: { code } })
const pathOf = (url: string) => new URL(url).pathname

describe('issuing payment tickets', () => {
  test('a paid order of quantity 2 gets two unused tickets with distinct 160-bit codes; issuing again issues nothing', async () => {
    const product = await eventProduct()
    const { order, tickets } = await buyTickets(product, 2)
    expect(tickets).toHaveLength(2)
    for (const ticket of tickets) {
      expect(ticket.state).toBe('unused')
      expect(ticket.code).toMatch(/^[A-Za-z0-9_-]{27}$/)
      expect(Buffer.from(ticket.code, 'base64url')).toHaveLength(20)
      expect(ticket.qr_url).toBe(`http://localhost:3000/api/v1/common/payment_tickets/${ticket.code}/qr.png`)
    }
    expect(new Set(tickets.map((x) => x.code)).size).toBe(2)
    // A rerun, and two at once, change nothing.
    await t.deps.db.transaction((tx) => paymentTickets.issuePaymentTickets(tx, t.deps, order))
    await Promise.all([1, 2].map(() => t.deps.db.transaction((tx) => paymentTickets.issuePaymentTickets(tx, t.deps, order))))
    const again = await paymentTickets.paymentTicketsOfOrder(t.deps.db, t.deps, order.id)
    expect(again.map((x) => x.code)).toEqual(tickets.map((x) => x.code))
    const { rows } = await t.deps.database.executeSql('select position, attendee_first_name, price_amount::int as price_amount from payment_tickets where order_id = $1 order by position', [order.id])
    expect(rows).toEqual([{ position: 1, attendee_first_name: 'Guest1', price_amount: 5900 }, { position: 2, attendee_first_name: 'Guest2', price_amount: 5900 }])
  })

  test('an order without a ticket type issues none; the payer sees the tickets with their event', async () => {
    const { order, payer } = await buyTickets(await eventProduct('Summer gala'), 1)
    const digital = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(900)] })
    const res = await submitOrder(t, { product_id: digital.id, pricing_plan_id: digital.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(payer.email), terms_accepted: true })
    await sandboxPay(t, res.json().next_action.payment_id)
    const digitalOrder = await orderRow(res.json().order.token)
    await t.deps.db.transaction((tx) => paymentTickets.issuePaymentTickets(tx, t.deps, digitalOrder))
    expect(await paymentTickets.paymentTicketsOfOrder(t.deps.db, t.deps, digitalOrder.id)).toEqual([])
    const mine = await paymentTickets.paymentTicketsOfPayer(t.deps.db, t.deps, order.payerUserId!)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ product_name: 'Summer gala', ticket_name: 'Front row', seller_id: seller.sellerId, starts_at: eventStart, state: 'unused' })
    expect(mine[0]!.ics_url).toMatch(/\/event\.ics$/)
  })

  test('a refund moves unused and used tickets to refunded; a chargeback invalidates only unused ones', async () => {
    const { order, tickets } = await buyTickets(await eventProduct(), 2)
    expect((await checkIn(tickets[0]!.code)).statusCode).toBe(200)
    await t.deps.db.transaction((tx) => paymentTickets.revokePaymentTicketsOfOrder(tx, order.id, 'chargeback'))
    expect((await paymentTickets.paymentTicketsOfOrder(t.deps.db, t.deps, order.id)).map((x) => x.state)).toEqual(['used', 'invalidated'])
    await t.deps.db.transaction((tx) => paymentTickets.revokePaymentTicketsOfOrder(tx, order.id, 'refund'))
    expect((await paymentTickets.paymentTicketsOfOrder(t.deps.db, t.deps, order.id)).map((x) => x.state)).toEqual(['refunded', 'invalidated'])
    const refused = await checkIn(tickets[1]!.code)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toMatchObject({ type: 'ticket_not_valid', state: 'invalidated' })
  })
})

describe('check in a ticket (check-in-ticket.service.ts)', () => {
  test('200 used with used_at; a second scan is 409 already_used with the first used_at; unknown and other seller are 404', async () => {
    const { tickets } = await buyTickets(await eventProduct(), 1)
    const code = tickets[0]!.code
    const first = await checkIn(code)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ state: 'used', code, ticket_name: 'Front row', attendee_name: 'Guest1 Attendee' })
    const usedAt = first.json().used_at
    expect(new Date(usedAt).toISOString()).toBe(usedAt)
    t.clock.advance(60)
    const second = await checkIn(code)
    expect(second.statusCode).toBe(409)
    expect(second.json().error).toMatchObject({ type: 'already_used', used_at: usedAt, state: 'used' })
    expect((await checkIn('A'.repeat(27))).statusCode).toBe(404)
    expect((await checkIn('not a code')).statusCode).toBe(404)
    const otherSeller = await checkIn(code, other.accessToken)
    expect(otherSeller.statusCode).toBe(404)
    expect(otherSeller.body).not.toContain('Guest1')
    expect((await t.request({ method: 'POST', url: '/api/v1/cabinet/payment_tickets/check_in', payload: { code } })).statusCode).toBe(401)
    expect((await t.request({ method: 'POST', url: '/api/v1/cabinet/payment_tickets/check_in', token: seller.accessToken, payload: { code, extra: 1 } })).statusCode).toBe(400)
  })

  test('ten scanners at once admit the ticket once; the others answer already_used with the same used_at', async () => {
    const { tickets } = await buyTickets(await eventProduct(), 1)
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkIn(tickets[0]!.code)))
    const admitted = answers.filter((a) => a.statusCode === 200)
    expect(admitted).toHaveLength(1)
    const refused = answers.filter((a) => a.statusCode === 409)
    expect(refused).toHaveLength(9)
    for (const r of refused) expect(r.json().error).toMatchObject({ type: 'already_used', used_at: admitted[0]!.json().used_at })
  })

  test('after the event has ended an unused ticket is expired and refused with its state', async () => {
    const { tickets } = await buyTickets(await eventProduct(), 1)
    // The clock stays (the seller's access token would expire): the event's end moves into the past instead.
    await t.deps.database.executeSql(`update payment_tickets set event_ends_at = now() - interval '1 minute' where code = $1`, [tickets[0]!.code])
    const res = await checkIn(tickets[0]!.code)
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toMatchObject({ type: 'ticket_not_valid', state: 'expired' })
  })
})

describe('the public ticket files', () => {
  test('the QR code decodes to the code; the PDF shows the event, attendee and code; the .ics has the date; an unknown code is 404', async () => {
    const { tickets } = await buyTickets(await eventProduct('Opera night'), 1)
    const ticket = tickets[0]!
    const qr = await t.request({ method: 'GET', url: pathOf(ticket.qr_url) })
    expect(qr.statusCode).toBe(200)
    expect(qr.headers['content-type']).toBe('image/png')
    const { data, info } = await sharp(qr.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(ticket.code)

    const pdf = await t.request({ method: 'GET', url: pathOf(ticket.pdf_url) })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const text = await pdfText(pdf.rawPayload)
    for (const expected of ['Opera night', 'Front row', 'Guest1 Attendee', 'Hamburg, Elbphilharmonie', '59,00 EUR', ticket.code]) expect(text).toContain(expected)

    const ics = await t.request({ method: 'GET', url: pathOf(ticket.pdf_url).replace('ticket.pdf', 'event.ics') })
    expect(ics.statusCode).toBe(200)
    expect(ics.body).toContain('BEGIN:VEVENT')
    expect(ics.body).toContain('DTSTART:20310520T180000Z')
    expect(ics.body).toContain('DTEND:20310520T230000Z')

    for (const file of ['qr.png', 'ticket.pdf', 'event.ics']) {
      expect((await t.request({ method: 'GET', url: `/api/v1/common/payment_tickets/${'B'.repeat(27)}/${file}` })).statusCode).toBe(404)
      expect((await t.request({ method: 'GET', url: `/api/v1/common/payment_tickets/short/${file}` })).statusCode).toBe(404)
    }
  })

  test('the mail attachments are one PDF per ticket and one .ics', async () => {
    const { order } = await buyTickets(await eventProduct(), 2)
    const files = await paymentTickets.paymentTicketAttachments(t.deps.db, t.deps, order.id)
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([
      [`ticket-${order.id}-1.pdf`, 'application/pdf'], [`ticket-${order.id}-2.pdf`, 'application/pdf'], ['event.ics', 'text/calendar; charset=utf-8'],
    ])
    expect(files[0]!.content.subarray(0, 5).toString()).toBe('%PDF-')
  })
})

describe('the seller lists', () => {
  test('overview counts per ticket type; details filter by state, ticket type and search; another seller sees nothing', async () => {
    const product = await eventProduct('Counted event')
    const { tickets } = await buyTickets(product, 3, fullPayer('counted-payer@example.test'))
    await checkIn(tickets[0]!.code)
    const overview = await t.request({ method: 'GET', url: '/api/v1/cabinet/payment_tickets/overview', token: seller.accessToken })
    expect(overview.statusCode).toBe(200)
    const rows = overview.json().list.filter((r: any) => r.product_id === product.id)
    expect(rows).toEqual([
      expect.objectContaining({ ticket_name: 'Front row', sold: 3, used: 1, unused: 2, refunded: 0, event_date: eventStart }),
      expect.objectContaining({ ticket_name: 'Balcony', sold: 0, used: 0, unused: 0 }),
    ])
    const list = async (query: string, token = seller.accessToken) => (await t.request({ method: 'GET', url: `/api/v1/cabinet/payment_tickets?${query}`, token })).json()
    const used = await list(`product_id=${product.id}&state=used&counts=true`)
    expect(used.list.map((x: any) => x.code)).toEqual([tickets[0]!.code])
    expect(used.total_count).toBe(1)
    expect(used.counts).toEqual({ used: 1, unused: 2 })
    expect(used.total_count_max).toBeGreaterThanOrEqual(3)
    expect((await list(`ticket_id=${product.tickets[1].id}`)).total_count).toBe(0)
    expect((await list('query=counted-payer')).total_count).toBe(3)
    expect((await list('query=Guest2')).total_count).toBeGreaterThanOrEqual(1)
    expect((await list(`query=${tickets[2]!.code}`)).list.map((x: any) => x.code)).toEqual([tickets[2]!.code])
    expect((await list('per=2&page=1&sort_key=id&sort_dir=asc')).list).toHaveLength(2)
    expect((await list(`product_id=${product.id}`, other.accessToken)).total_count).toBe(0)
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/payment_tickets?state=lost', token: seller.accessToken })).statusCode).toBe(400)
  })

  test('the CSV has exactly the spec columns, one row per ticket, with the transfer and the payer', async () => {
    const product = await eventProduct('CSV event')
    const { order, tickets } = await buyTickets(product, 2, fullPayer('csv-payer@example.test'))
    const res = await t.request({ method: 'GET', url: `/api/v1/cabinet/payment_tickets/export.csv?product_id=${product.id}`, token: seller.accessToken })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    const [header, ...records] = parse(res.body) as string[][]
    expect(header).toEqual([...paymentTicketCsvColumns])
    expect(header!.slice(0, 11)).toEqual(['id', 'event_date', 'qr_code_url', 'code', 'state', 'date', 'product_name', 'ticket_name', 'location', 'transfer_id', 'price'])
    expect(header!.at(-2)).toBe('payer_vat')
    expect(header!.at(-1)).toBe('order_id')
    expect(records).toHaveLength(2)
    const row = Object.fromEntries(header!.map((h, i) => [h, records[0]![i]]))
    const { rows } = await t.deps.database.executeSql(`select id from payments where order_id = $1 and kind = 'charge'`, [order.id])
    expect(row).toMatchObject({
      code: cell(tickets[0]!.code), state: 'unused', event_date: eventStart, product_name: 'CSV event', ticket_name: 'Front row', location: 'Hamburg, Elbphilharmonie',
      price: '59,00 EUR', phone_number: "'+4930123456" /* a leading + is neutralised like any formula start */, payer_email: 'csv-payer@example.test', payer_city: 'Berlin', attendee_first_name: 'Guest1',
      order_id: String(order.id), transfer_id: String(rows[0].id), qr_code_url: tickets[0]!.qr_url,
    })
    const otherCsv = await t.request({ method: 'GET', url: `/api/v1/cabinet/payment_tickets/export.csv?product_id=${product.id}`, token: other.accessToken })
    expect(parse(otherCsv.body)).toHaveLength(1)
  })
})

describe('the API document', () => {
  test('every payment ticket route is in the OpenAPI document, check-in with its body and answers', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json()
    for (const path of ['/api/v1/cabinet/payment_tickets', '/api/v1/cabinet/payment_tickets/overview', '/api/v1/cabinet/payment_tickets/export.csv',
      '/api/v1/common/payment_tickets/{code}/qr.png', '/api/v1/common/payment_tickets/{code}/ticket.pdf', '/api/v1/common/payment_tickets/{code}/event.ics']) {
      expect(doc.paths[path], path).toBeDefined()
    }
    const checkIn = doc.paths['/api/v1/cabinet/payment_tickets/check_in'].post
    expect(checkIn.requestBody.content['application/json'].schema.properties.code).toBeDefined()
    expect(Object.keys(checkIn.responses)).toEqual(expect.arrayContaining(['200', '404', '409']))
  })
})
