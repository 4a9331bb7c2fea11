import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { deliverOrder } from '../delivery/delivery.service'
import { expireReservation, findOrder } from '../orders/orders.service'
import { upgradePaymentTicket } from '../tickets/payment-tickets.service'

// Ticket upgrades (docs/reference/readings.md 8, behind the ticket_upgrade flag): the payer of an unused ticket pays the
// difference to a better ticket type as an order of type ticket_upgrade; paid, the old ticket is invalidated
// and a ticket of the better type is issued once; the new type's unit is held while the payer pays and given
// back when the reservation runs out; one ticket has at most one open upgrade; another payer's ticket is 404.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

const eventStart = '2031-06-12T18:00:00.000Z'

async function eventProduct(frontRowLimit: number | null = 5) {
  return publishedProduct(t, seller.accessToken, {
    form: 'eventTickets', name: `Open air ${Math.random().toString(36).slice(2, 6)}`,
    tickets: [
      { name: 'Balcony', location: 'Berlin', start_date: eventStart, position: 0, pricing_plans: [oneTimePlan(2900)] },
      { name: 'Standard', location: 'Berlin', start_date: eventStart, position: 1, limit: 100, pricing_plans: [oneTimePlan(5900)] },
      { name: 'Front row', location: 'Berlin', start_date: eventStart, position: 2, limit: frontRowLimit, pricing_plans: [oneTimePlan(9900)] },
      { name: 'Closed lounge', location: 'Berlin', start_date: eventStart, position: 3, active: false, pricing_plans: [oneTimePlan(19900)] },
    ],
  })
}

const typeOf = (product: any, name: string) => product.tickets.find((x: any) => x.name === name)

async function signInPayer(email: string): Promise<string> {
  expect((await t.request({ method: 'POST', url: '/api/v1/app/user/send_magic_link', payload: { email } })).statusCode).toBe(204)
  const [mail] = await sql<{ html: string }>('select html from email_logs where lower("to") = lower($1) and kind = $2 order by id desc limit 1', [email, 'magic_link'])
  const token = /magic_link_token=([A-Za-z0-9_-]+)/.exec(mail!.html)![1]
  const res = await t.request({ method: 'POST', url: '/api/v1/app/session/magic_link', payload: { token, fingerprint: `fp-upgrade-${randomUUID().slice(0, 8)}` } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().access_token
}

/** Buys one Standard ticket with the sandbox and delivers it; answers the order token, the ticket and the payer's access token. */
async function buyStandard(product: any) {
  const type = typeOf(product, 'Standard')
  const payer = fullPayer()
  const res = await submitOrder(t, {
    product_id: product.id, pricing_plan_id: type.pricing_plans[0].id, ticket_id: type.id, quantity: 1, payment_method: 'card', payer, terms_accepted: true,
    attendees: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' }],
  })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [ticket] = await sql<{ id: number; code: string; state: string }>('select pt.id, pt.code, pt.state from payment_tickets pt join orders o on o.id = pt.order_id where o.token = $1', [res.json().order.token])
  expect(ticket?.state).toBe('unused')
  return { orderToken: res.json().order.token as string, ticket: ticket!, payer, accessToken: await signInPayer(payer.email) }
}

const options = (ticketId: number, token: string) => t.request({ method: 'GET', url: `/api/v1/payer/payment_tickets/${ticketId}/upgrades`, token })
const upgrade = (ticketId: number, token: string, payload: Record<string, unknown>, key = randomUUID()) =>
  t.request({ method: 'POST', url: `/api/v1/payer/payment_tickets/${ticketId}/upgrades`, token, headers: { 'idempotency-key': key }, payload })
const counts = async (ticketTypeId: number) => (await sql<{ sold: number; reserved: number }>('select sold_count as sold, reserved_count as reserved from event_tickets where id = $1', [ticketTypeId]))[0]

describe('ticket upgrade options', () => {
  test('only better, active, available types are offered; the difference is the new price minus what was paid, with VAT as a checkout computes it', async () => {
    const product = await eventProduct()
    const { ticket, accessToken } = await buyStandard(product)
    const res = await options(ticket.id, accessToken)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ payment_ticket_id: ticket.id, ticket_id: typeOf(product, 'Standard').id, ticket_name: 'Standard', paid_amount: 5900, currency: 'eur' })
    expect(body.options.map((o: any) => o.name)).toEqual(['Front row'])
    const [option] = body.options
    expect(option).toMatchObject({ ticket_id: typeOf(product, 'Front row').id, price_amount: 9900, difference_amount: 4000, available: 5 })
    expect(option.net_amount + option.vat_amount).toBe(4000)
    // The same VAT rate a checkout of the Front row ticket charges this payer.
    const quote = await t.request({
      method: 'POST', url: '/api/v1/shop/orders/quote',
      payload: { product_id: product.id, pricing_plan_id: typeOf(product, 'Front row').pricing_plans[0].id, ticket_id: typeOf(product, 'Front row').id, quantity: 1, country_code: 'DE' },
    })
    expect(quote.statusCode, quote.body).toBe(200)
    expect(option.vat_rate_bps).toBe(quote.json().lines[0].vat_rate_bps)
    expect(body.payment_methods).toContain('card')

    // The order token of the ticket's order sees the same.
    const byToken = await t.request({ method: 'GET', url: `/api/v1/shop/orders/${(await sql('select token from orders o join payment_tickets pt on pt.order_id = o.id where pt.id = $1', [ticket.id]))[0].token}/payment_tickets/${ticket.id}/upgrades` })
    expect(byToken.statusCode).toBe(200)
    expect(byToken.json().options).toEqual(body.options)
  })

  test('a sold-out better type is not offered and refused as sold out', async () => {
    const product = await eventProduct(1)
    const first = await buyStandard(product)
    const second = await buyStandard(product)
    const made = await upgrade(first.ticket.id, first.accessToken, { ticket_id: typeOf(product, 'Front row').id })
    expect(made.statusCode, made.body).toBe(201)
    expect((await options(second.ticket.id, second.accessToken)).json().options).toEqual([])
    const refused = await upgrade(second.ticket.id, second.accessToken, { ticket_id: typeOf(product, 'Front row').id })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.type).toBe('sold_out')
    // Neither a cheaper nor an inactive type is an upgrade.
    for (const name of ['Balcony', 'Closed lounge']) {
      const bad = await upgrade(second.ticket.id, second.accessToken, { ticket_id: typeOf(product, name).id })
      expect(bad.statusCode).toBe(422)
    }
  })
})

describe('refusals', () => {
  test('with the seller\'s ticket_upgrade flag off the server refuses with 403 feature_disabled', async () => {
    const flagged = await createSeller(t)
    const product = await publishedProduct(t, flagged.accessToken, {
      form: 'eventTickets', name: 'Flagged gala',
      tickets: [
        { name: 'Standard', start_date: eventStart, position: 0, pricing_plans: [oneTimePlan(5900)] },
        { name: 'Front row', start_date: eventStart, position: 1, pricing_plans: [oneTimePlan(9900)] },
      ],
    })
    const { ticket, accessToken } = await buyStandard(product)
    await sql(`update sellers set features = '{"ticket_upgrade": false}'::jsonb where id = $1`, [flagged.sellerId])
    const listed = await options(ticket.id, accessToken)
    expect(listed.statusCode).toBe(403)
    expect(listed.json().error.type).toBe('feature_disabled')
    const made = await upgrade(ticket.id, accessToken, { ticket_id: typeOf(product, 'Front row').id })
    expect(made.statusCode).toBe(403)
    expect(await sql(`select count(*)::int as n from orders where order_type = 'ticket_upgrade' and product_id = $1`, [product.id])).toEqual([{ n: 0 }])
  })

  test('another payer\'s ticket, or another order\'s token, answers 404 and says nothing', async () => {
    const product = await eventProduct()
    const mine = await buyStandard(product)
    const theirs = await buyStandard(product)
    const peek = await options(theirs.ticket.id, mine.accessToken)
    expect(peek.statusCode).toBe(404)
    expect(peek.body).not.toContain('Standard')
    expect((await upgrade(theirs.ticket.id, mine.accessToken, { ticket_id: typeOf(product, 'Front row').id })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/api/v1/shop/orders/${mine.orderToken}/payment_tickets/${theirs.ticket.id}/upgrades` })).statusCode).toBe(404)
    expect((await options(999_999, mine.accessToken)).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/api/v1/payer/payment_tickets/${mine.ticket.id}/upgrades` })).statusCode).toBe(401)
    expect((await upgrade(mine.ticket.id, mine.accessToken, { ticket_id: typeOf(product, 'Front row').id, price: 1 })).statusCode).toBe(400)
  })
})

describe('the upgrade order', () => {
  test('holds one unit of the better type, pays the difference with the sandbox, and the delivery swaps the ticket exactly once', async () => {
    const product = await eventProduct()
    const standard = typeOf(product, 'Standard')
    const front = typeOf(product, 'Front row')
    const { ticket, accessToken, orderToken } = await buyStandard(product)
    const [parent] = await sql<{ id: number }>('select id from orders where token = $1', [orderToken])
    const before = { standard: await counts(standard.id), product: (await sql('select sold_count::int as sold from products where id = $1', [product.id]))[0] }
    expect(before.standard).toEqual({ sold: 1, reserved: 0 })

    const res = await upgrade(ticket.id, accessToken, { ticket_id: front.id })
    expect(res.statusCode, res.body).toBe(201)
    const { order, next_action } = res.json()
    expect(order).toMatchObject({ order_type: 'ticket_upgrade', first_amount: 4000, total_amount: 4000, payment_state: 'payment_waiting', provider: 'sandbox' })
    expect(next_action.type).toBe('redirect')
    const [row] = await sql('select id, parent_order_id, upgrade_payment_ticket_id, ticket_id, quantity, reservation_state from orders where token = $1', [order.token])
    expect(row).toMatchObject({ parent_order_id: parent!.id, upgrade_payment_ticket_id: ticket.id, ticket_id: front.id, quantity: 1, reservation_state: 'held' })
    expect(await counts(front.id)).toEqual({ sold: 0, reserved: 1 })
    const [line] = await sql('select gross_amount::int as gross, net_amount::int as net, vat_amount::int as vat, ticket_id from order_items where order_id = $1', [row.id])
    expect(line).toMatchObject({ gross: 4000, ticket_id: front.id })
    expect(line.net + line.vat).toBe(4000)

    expect((await sandboxPay(t, next_action.payment_id)).statusCode).toBe(200)
    await t.deps.jobs.drain()
    const tickets = await sql('select id, state, ticket_id, upgraded_from_id, order_id, attendee_first_name, price_amount::int as price from payment_tickets where id = $1 or upgraded_from_id = $1 order by id', [ticket.id])
    expect(tickets).toEqual([
      { id: ticket.id, state: 'invalidated', ticket_id: standard.id, upgraded_from_id: null, order_id: parent!.id, attendee_first_name: 'Ada', price: 5900 },
      { id: expect.any(Number), state: 'unused', ticket_id: front.id, upgraded_from_id: ticket.id, order_id: row.id, attendee_first_name: 'Ada', price: 9900 },
    ])
    expect(await counts(front.id)).toEqual({ sold: 1, reserved: 0 })
    expect(await counts(standard.id)).toEqual({ sold: 0, reserved: 0 })
    // An upgrade sells no further admission to the event.
    expect((await sql('select sold_count::int as sold from products where id = $1', [product.id]))[0]).toEqual(before.product)

    // The delivery and the swap run again: nothing changes.
    await deliverOrder(t.deps, { orderId: row.id })
    const paidOrder = (await findOrder(t.deps.db, row.id))!
    await t.deps.db.transaction((tx) => upgradePaymentTicket(tx, t.deps, paidOrder))
    await Promise.all([1, 2].map(() => t.deps.db.transaction((tx) => upgradePaymentTicket(tx, t.deps, paidOrder))))
    expect(await sql('select count(*)::int as n from payment_tickets where upgraded_from_id = $1', [ticket.id])).toEqual([{ n: 1 }])
    expect(await counts(standard.id)).toEqual({ sold: 0, reserved: 0 })

    // The public order shows the new ticket; the old ticket offers nothing any more and cannot be upgraded again.
    const view = (await t.request({ method: 'GET', url: `/api/v1/shop/orders/${order.token}` })).json()
    expect(view.deliverables.payment_tickets).toEqual([expect.objectContaining({ id: tickets[1].id, state: 'unused' })])
    expect((await options(ticket.id, accessToken)).json().options).toEqual([])
    const again = await upgrade(ticket.id, accessToken, { ticket_id: front.id })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.type).toBe('ticket_not_valid')
    // The payer area lists both, the new one unused.
    const area = (await t.request({ method: 'GET', url: `/api/v1/payer/sellers/${seller.sellerId}`, token: accessToken })).json()
    expect(area.payment_tickets.map((x: any) => [x.ticket_name, x.state]).sort()).toEqual([['Front row', 'unused'], ['Standard', 'invalidated']])
  })

  test('an unpaid upgrade gives its unit back when the reservation runs out, and the ticket can be upgraded again', async () => {
    const product = await eventProduct()
    const front = typeOf(product, 'Front row')
    const { ticket, accessToken } = await buyStandard(product)
    const res = await upgrade(ticket.id, accessToken, { ticket_id: front.id })
    expect(res.statusCode, res.body).toBe(201)
    expect(await counts(front.id)).toEqual({ sold: 0, reserved: 1 })
    const [row] = await sql<{ id: number }>('select id from orders where token = $1', [res.json().order.token])
    await sql('update orders set reserved_until = $2 where id = $1', [row!.id, new Date(t.deps.now().getTime() - 60_000)])
    await expireReservation(t.deps, { orderId: row!.id })
    expect(await counts(front.id)).toEqual({ sold: 0, reserved: 0 })
    expect((await sql('select payment_state, reservation_state from orders where id = $1', [row!.id]))[0]).toEqual({ payment_state: 'payment_not_completed', reservation_state: 'released' })
    expect((await sql('select state from payment_tickets where id = $1', [ticket.id]))[0].state).toBe('unused')
    const retry = await upgrade(ticket.id, accessToken, { ticket_id: front.id })
    expect(retry.statusCode, retry.body).toBe(201)
  })

  test('without a limit on the better type nothing is held, yet an abandoned upgrade still ends and frees the ticket', async () => {
    const product = await eventProduct(null)
    const front = typeOf(product, 'Front row')
    const { ticket, accessToken } = await buyStandard(product)
    const res = await upgrade(ticket.id, accessToken, { ticket_id: front.id })
    expect(res.statusCode, res.body).toBe(201)
    const [row] = await sql<{ id: number; reservation_state: string }>('select id, reservation_state from orders where token = $1', [res.json().order.token])
    expect(row!.reservation_state).toBe('held')
    expect(await counts(front.id)).toEqual({ sold: 0, reserved: 0 })
    expect((await upgrade(ticket.id, accessToken, { ticket_id: front.id })).statusCode).toBe(409)
    await sql('update orders set reserved_until = $2 where id = $1', [row!.id, new Date(t.deps.now().getTime() - 60_000)])
    await expireReservation(t.deps, { orderId: row!.id })
    expect((await sql('select payment_state from orders where id = $1', [row!.id]))[0].payment_state).toBe('payment_not_completed')
    expect((await upgrade(ticket.id, accessToken, { ticket_id: front.id })).statusCode).toBe(201)
  })

  test('six upgrades of one ticket at once make one order; the same Idempotency-Key answers the same order', async () => {
    const product = await eventProduct()
    const front = typeOf(product, 'Front row')
    const { ticket, accessToken, orderToken } = await buyStandard(product)
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => i % 2 === 0
      ? upgrade(ticket.id, accessToken, { ticket_id: front.id })
      : t.request({ method: 'POST', url: `/api/v1/shop/orders/${orderToken}/payment_tickets/${ticket.id}/upgrades`, payload: { ticket_id: front.id, idempotency_key: randomUUID() } })))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409])
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json().error.type).toBe('conflict')
    expect(await sql(`select count(*)::int as n from orders where upgrade_payment_ticket_id = $1`, [ticket.id])).toEqual([{ n: 1 }])
    expect(await counts(front.id)).toEqual({ sold: 0, reserved: 1 })

    const key = randomUUID()
    const other = await buyStandard(product)
    const [a, b] = [await upgrade(other.ticket.id, other.accessToken, { ticket_id: front.id }, key), await upgrade(other.ticket.id, other.accessToken, { ticket_id: front.id }, key)]
    expect(a.statusCode).toBe(201)
    expect(b.statusCode).toBe(201)
    expect(b.json().order.token).toBe(a.json().order.token)
  })
})

describe('the API document', () => {
  test('the upgrade routes are in the OpenAPI document with their body and answers', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json()
    for (const base of ['/api/v1/payer/payment_tickets/{id}/upgrades', '/api/v1/shop/orders/{token}/payment_tickets/{id}/upgrades']) {
      expect(Object.keys(doc.paths[base].get.responses), base).toEqual(expect.arrayContaining(['200', '403', '404']))
      const post = doc.paths[base].post
      expect(Object.keys(post.requestBody.content['application/json'].schema.properties)).toEqual(['ticket_id', 'payment_method', 'idempotency_key'])
      expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '403', '404', '409']))
    }
  })
})
