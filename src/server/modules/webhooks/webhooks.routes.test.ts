import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { platformEventTypes, type PlatformEventType } from '../../../shared/webhooks/events'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { setHostResolverForTests } from './webhooks.address-guard'
import { runDueDeliveries } from './webhooks.service'

// Signed webhooks (docs/decisions/0072-signed-webhooks.md) through the real routes and flows, to receivers on
// 127.0.0.1 (WEBHOOKS_ALLOW_LOOPBACK): every event type delivered and verified with the standardwebhooks
// library, in order per order after a receiver was down for an hour (the test clock), 410, a hanging receiver
// cut at the timeout, the SSRF battery with 0 connections made, replay, test send, secret roll, another
// seller's endpoint.

type Received = { headers: http.IncomingHttpHeaders; body: string }
type Receiver = {
  url: string; port: number; received: Received[]; connections: number
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => void
  close(): Promise<void>
}

async function startReceiver(port = 0): Promise<Receiver> {
  const receiver: Receiver = {
    url: '', port: 0, received: [], connections: 0,
    answer: (_req, res) => { res.writeHead(200); res.end('ok') },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }),
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      receiver.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      receiver.answer(req, res)
    })
  })
  server.on('connection', () => { receiver.connections++ })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()))
  receiver.port = (server.address() as AddressInfo).port
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks`
  return receiver
}

/** Verifies a received message with the standardwebhooks library at the time it was signed (the test clock may be ahead). */
function verified(secret: string, message: Received): { type: string; created_at: string; data: Record<string, any> } {
  const signedAt = Number(message.headers['webhook-timestamp']) * 1000
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(signedAt)
  try {
    return new Webhook(secret).verify(message.body, {
      'webhook-id': String(message.headers['webhook-id']), 'webhook-timestamp': String(message.headers['webhook-timestamp']), 'webhook-signature': String(message.headers['webhook-signature']),
    }) as never
  } finally {
    vi.useRealTimers()
  }
}

let t: TestApp
let seller: TestSeller
let other: TestSeller
let receiver: Receiver
beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOKS_TIMEOUT_MS: '1000' })
  seller = await createSeller(t)
  other = await createSeller(t)
  receiver = await startReceiver()
}, 120_000)
afterAll(async () => {
  setHostResolverForTests(null)
  await receiver?.close()
  await t?.close()
})

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) })
const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

async function createEndpoint(token: string, body: object) {
  const res = await call('POST', '/cabinet/webhook_endpoints', token, body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json().webhook_endpoint as { id: number; state: string; secret: string }
}

async function buy(token: string, plan: object = oneTimePlan(2500)) {
  const product = await publishedProduct(t, token, { pricing_plans: [plan] })
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number }>('select id from orders where token = $1', [res.json().order.token])
  return { orderId: order!.id, productId: product.id as number, token: res.json().order.token as string }
}

/** Emits an event as its module would: in a transaction, the listeners write their rows with it. */
async function emit(type: PlatformEventType, sellerId: number, orderId: number | null, data: Record<string, unknown>, productIds: number[] = []) {
  await t.deps.db.transaction(async (tx) => {
    await t.deps.platformEvents.emit(t.deps, tx, { type, sellerId, orderId, productIds, data, occurredAt: t.deps.now() })
  })
}

describe('the contract', () => {
  test('create answers 201 with the whsec_ secret once; read, list and update never show it', async () => {
    const res = await call('POST', '/cabinet/webhook_endpoints', seller.accessToken, { url: 'http://127.0.0.1:9/contract', events: ['order.paid'] })
    expect(res.statusCode, res.body).toBe(201)
    const made = res.json().webhook_endpoint
    expect(made).toMatchObject({ id: expect.any(Number), state: 'active', product_scope: 'all', events: ['order.paid'] })
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(Buffer.from(made.secret.slice(6), 'base64').length).toBe(24)
    const read = await call('GET', `/cabinet/webhook_endpoints/${made.id}`, seller.accessToken)
    expect(read.statusCode).toBe(200)
    expect(read.json().webhook_endpoint.secret).toBeUndefined()
    const list = (await call('GET', '/cabinet/webhook_endpoints?query=contract&state=active', seller.accessToken)).json()
    expect(list).toMatchObject({ total_count: 1, list: [{ id: made.id }] })
    expect(list.total_count_max).toBeGreaterThanOrEqual(1)
    const changed = await call('PATCH', `/cabinet/webhook_endpoints/${made.id}`, seller.accessToken, { state: 'inactive', events: ['order.paid', 'order.refunded'] })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json().webhook_endpoint).toMatchObject({ state: 'inactive', events: ['order.paid', 'order.refunded'] })
    expect((await call('DELETE', `/cabinet/webhook_endpoints/${made.id}`, seller.accessToken)).statusCode).toBe(204)
    expect((await call('GET', `/cabinet/webhook_endpoints/${made.id}`, seller.accessToken)).statusCode).toBe(404)
  })

  test('an unknown event is refused (INVALID_INPUT); another seller\'s endpoint is 404 on every route', async () => {
    const bad = await call('POST', '/cabinet/webhook_endpoints', seller.accessToken, { url: receiver.url, events: ['order.exploded'] })
    expect(bad.statusCode, bad.body).toBe(400)
    expect(bad.json().error.type).toBe('INVALID_INPUT')
    const mine = await createEndpoint(seller.accessToken, { url: 'http://127.0.0.1:9/mine', events: ['order.paid'] })
    for (const [method, url, body] of [
      ['GET', `/cabinet/webhook_endpoints/${mine.id}`], ['PATCH', `/cabinet/webhook_endpoints/${mine.id}`, { description: 'x' }],
      ['DELETE', `/cabinet/webhook_endpoints/${mine.id}`], ['POST', `/cabinet/webhook_endpoints/${mine.id}/roll_secret`],
      ['POST', `/cabinet/webhook_endpoints/${mine.id}/test`], ['GET', `/cabinet/webhook_endpoints/${mine.id}/deliveries`],
      ['POST', `/cabinet/webhook_endpoints/${mine.id}/deliveries/1/replay`],
    ] as const) {
      const res = await call(method, url, other.accessToken, body)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
    }
    await call('DELETE', `/cabinet/webhook_endpoints/${mine.id}`, seller.accessToken)
  })
})

describe('every event type, signed and in order', () => {
  test('real flows (checkout, pay, refund, a subscription canceled) and the rare ones emitted: each verified with standardwebhooks', async () => {
    const endpoint = await createEndpoint(seller.accessToken, { url: receiver.url, events: [...platformEventTypes] })
    const unsold = await publishedProduct(t, seller.accessToken)
    const scoped = await createEndpoint(seller.accessToken, { url: `${receiver.url}/scoped`, events: ['order.paid'], product_ids: [unsold.id] })
    receiver.received.length = 0
    const bought = await buy(seller.accessToken)
    const refunded = await t.request({ method: 'POST', url: `/api/v1/cabinet/orders/${bought.orderId}/refund`, token: seller.accessToken, payload: {}, headers: { 'idempotency-key': `wh-refund-${bought.orderId}` } })
    expect(refunded.statusCode, refunded.body).toBe(200)
    await t.deps.jobs.drain()
    const subscription = await buy(seller.accessToken, { form: 'subscription', currency_id: 'eur', price: 900, interval: '1m' })
    const canceled = await call('POST', `/cabinet/orders/${subscription.orderId}/cancel`, seller.accessToken, {})
    expect(canceled.statusCode, canceled.body).toBe(200)
    await t.deps.jobs.drain()
    // The rare ones, as their modules emit them.
    await emit('order.chargebacked', seller.sellerId, bought.orderId, { order_id: bought.orderId, product_ids: [bought.productId], payer: { email: 'p@example.test', first_name: 'P', last_name: 'Q' } }, [bought.productId])
    await emit('rate.failed', seller.sellerId, subscription.orderId, { order_id: subscription.orderId, failure_reason: 'card_declined' })
    await emit('payment_ticket.used', seller.sellerId, null, { payment_ticket_id: 1 })
    await emit('affiliate_node.changed', seller.sellerId, null, { affiliate_node_id: 1, from: 'requested', to: 'accepted' })
    await emit('payout.changed', seller.sellerId, null, { payout_id: 1, from: 'created', to: 'successful' })
    await t.deps.jobs.drain()

    const messages = receiver.received.filter((m) => !m.body.includes('webhook.test')).map((m) => verified(endpoint.secret, m))
    expect(new Set(messages.map((m) => m.type))).toEqual(new Set(platformEventTypes))
    for (const m of receiver.received) {
      expect(m.headers['user-agent']).toMatch(/^Sellfront-Webhooks/)
      expect(m.headers['content-type']).toBe('application/json')
      expect(m.headers['webhook-id']).toMatch(/^msg_/)
    }
    // In order per order: the one-time order's story as it happened.
    const story = messages.filter((m) => m.data.order_id === bought.orderId).map((m) => m.type)
    expect(story).toEqual(['order.created', 'order.paid', 'access.granted', 'order.refunded', 'access.revoked', 'order.chargebacked'])
    const paid = messages.find((m) => m.type === 'order.paid' && m.data.order_id === bought.orderId)!
    expect(paid.data).toMatchObject({ order_token: bought.token, product_ids: [bought.productId], currency: 'eur', paid_amount: 2500, payer: { email: expect.stringContaining('@'), first_name: 'Pia', last_name: 'Payer' } })
    expect(messages.find((m) => m.type === 'order.canceled')!.data).toMatchObject({ order_id: subscription.orderId, to: 'payment_canceled' })
    expect(messages.find((m) => m.type === 'rate.paid')!.data).toMatchObject({ order_id: subscription.orderId, rate_number: 1, amount: 900 })
    // The endpoint scoped to another product heard nothing.
    expect(receiver.received.filter((m) => m.headers['webhook-id'] && (m as any).url?.includes('scoped'))).toEqual([])
    const scopedLog = (await call('GET', `/cabinet/webhook_endpoints/${scoped.id}/deliveries`, seller.accessToken)).json()
    expect(scopedLog.total_count).toBe(0)
    // The delivery log: each delivery succeeded with its attempt recorded.
    const log = (await call('GET', `/cabinet/webhook_endpoints/${endpoint.id}/deliveries?per=100`, seller.accessToken)).json()
    expect(log.total_count).toBe(receiver.received.length)
    expect(log.list.every((d: any) => d.state === 'succeeded' && d.attempts === 1 && d.attempt_list.length === 1 && d.last_status === 200)).toBe(true)
    expect(log.list[0].attempt_list[0].request_headers['webhook-signature']).toMatch(/^v1,/)
    await call('PATCH', `/cabinet/webhook_endpoints/${endpoint.id}`, seller.accessToken, { state: 'inactive' })
    await call('DELETE', `/cabinet/webhook_endpoints/${scoped.id}`, seller.accessToken)
  }, 60_000)

  test('replay sends the same message again (the same webhook-id); test send; a rolled secret signs from then on', async () => {
    const endpoint = await createEndpoint(seller.accessToken, { url: receiver.url, events: ['payout.changed'] })
    receiver.received.length = 0
    await emit('payout.changed', seller.sellerId, null, { payout_id: 7, from: 'created', to: 'issued' })
    await t.deps.jobs.drain()
    const [first] = receiver.received
    verified(endpoint.secret, first!)
    const [delivery] = (await call('GET', `/cabinet/webhook_endpoints/${endpoint.id}/deliveries`, seller.accessToken)).json().list
    const replayed = await call('POST', `/cabinet/webhook_endpoints/${endpoint.id}/deliveries/${delivery.id}/replay`, seller.accessToken)
    expect(replayed.statusCode, replayed.body).toBe(202)
    await t.deps.jobs.drain()
    expect(receiver.received).toHaveLength(2)
    expect(receiver.received[1]!.headers['webhook-id']).toBe(first!.headers['webhook-id'])
    expect(receiver.received[1]!.body).toBe(first!.body)
    const again = (await call('GET', `/cabinet/webhook_endpoints/${endpoint.id}/deliveries`, seller.accessToken)).json().list[0]
    expect(again).toMatchObject({ id: delivery.id, state: 'succeeded', attempts: 2 })
    expect(again.attempt_list.map((a: any) => a.trigger)).toEqual(['retry', 'replay'])

    const rolled = await call('POST', `/cabinet/webhook_endpoints/${endpoint.id}/roll_secret`, seller.accessToken)
    expect(rolled.statusCode).toBe(200)
    const secret = rolled.json().webhook_endpoint.secret
    expect(secret).toMatch(/^whsec_/)
    expect(secret).not.toBe(endpoint.secret)
    const tested = await call('POST', `/cabinet/webhook_endpoints/${endpoint.id}/test`, seller.accessToken)
    expect(tested.statusCode, tested.body).toBe(202)
    await t.deps.jobs.drain()
    const testMessage = receiver.received[2]!
    expect(verified(secret, testMessage)).toMatchObject({ type: 'webhook.test', data: { webhook_endpoint_id: endpoint.id } })
    expect(() => verified(endpoint.secret, testMessage)).toThrow()
    await call('DELETE', `/cabinet/webhook_endpoints/${endpoint.id}`, seller.accessToken)
  })
})

describe('failures', () => {
  test('410 Gone switches the endpoint off; a long run of failures pauses it and mails the seller', async () => {
    const gone = await startReceiver()
    gone.answer = (_req, res) => { res.writeHead(410); res.end('gone') }
    const endpoint = await createEndpoint(seller.accessToken, { url: gone.url, events: ['payout.changed'] })
    await emit('payout.changed', seller.sellerId, null, { payout_id: 8 })
    await t.deps.jobs.drain()
    expect((await call('GET', `/cabinet/webhook_endpoints/${endpoint.id}`, seller.accessToken)).json().webhook_endpoint.state).toBe('inactive')
    const [delivery] = (await call('GET', `/cabinet/webhook_endpoints/${endpoint.id}/deliveries`, seller.accessToken)).json().list
    expect(delivery).toMatchObject({ state: 'given_up', last_status: 410 })
    expect(delivery.last_error).toContain('410')

    gone.answer = (_req, res) => { res.writeHead(500); res.end('broken') }
    await call('PATCH', `/cabinet/webhook_endpoints/${endpoint.id}`, seller.accessToken, { state: 'active' })
    await sql('update webhook_endpoints set failure_streak = 49 where id = $1', [endpoint.id])
    await emit('payout.changed', seller.sellerId, null, { payout_id: 9 })
    await t.deps.jobs.drain()
    const read = (await call('GET', `/cabinet/webhook_endpoints/${endpoint.id}`, seller.accessToken)).json().webhook_endpoint
    expect(read).toMatchObject({ state: 'paused', failure_streak: 50 })
    const mails = await sql(`select subject from email_logs where kind = 'webhook_endpoint_paused' and "to" = $1`, [seller.email])
    expect(mails).toHaveLength(1)
    await gone.close()
    await call('DELETE', `/cabinet/webhook_endpoints/${endpoint.id}`, seller.accessToken)
  })

  test('an answer of megabytes that never ends is read to 64 KiB, then the socket is closed; 2 KiB are kept', async () => {
    const flooding = await startReceiver()
    let written = 0
    flooding.answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      const chunk = Buffer.alloc(64 * 1024, 'a')
      const pump = () => {
        while (written < 20 * 1024 * 1024 && !res.destroyed) {
          written += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
      }
      pump()
    }
    const endpoint = await createEndpoint(seller.accessToken, { url: flooding.url, events: ['payout.changed'] })
    const started = Date.now()
    await emit('payout.changed', seller.sellerId, null, { payout_id: 13 })
    await t.deps.jobs.drain()
    expect(Date.now() - started).toBeLessThan(5000)
    const [delivery] = (await call('GET', `/cabinet/webhook_endpoints/${endpoint.id}/deliveries`, seller.accessToken)).json().list
    expect(delivery).toMatchObject({ state: 'succeeded', last_status: 200 })
    expect(delivery.last_answer).toHaveLength(2048)
    expect(written).toBeLessThan(20 * 1024 * 1024)
    await flooding.close()
    await call('DELETE', `/cabinet/webhook_endpoints/${endpoint.id}`, seller.accessToken)
  })

  test('a receiver that never answers is cut at the configured timeout; a 3xx is a failure, never followed', async () => {
    const hanging = await startReceiver()
    hanging.answer = () => { /* never answers */ }
    const endpoint = await createEndpoint(seller.accessToken, { url: hanging.url, events: ['payout.changed'] })
    const started = Date.now()
    await emit('payout.changed', seller.sellerId, null, { payout_id: 10 })
    await t.deps.jobs.drain()
    expect(Date.now() - started).toBeLessThan(5000)
    const [delivery] = (await call('GET', `/cabinet/webhook_endpoints/${endpoint.id}/deliveries`, seller.accessToken)).json().list
    expect(delivery).toMatchObject({ state: 'failed', last_status: null })
    expect(delivery.last_error).toContain('No answer within 1000 ms')
    await hanging.close()
    await call('DELETE', `/cabinet/webhook_endpoints/${endpoint.id}`, seller.accessToken)
  })
})

describe('SSRF: no loopback, private, link-local or metadata address, before or after DNS, at create and at send', () => {
  test('refused at create with url_not_allowed; 0 connections made', async () => {
    const listener = await startReceiver()
    t.deps.config.WEBHOOKS_ALLOW_LOOPBACK = false
    setHostResolverForTests(async (host) => host === 'inside.example.test' ? [{ address: '93.184.216.34', family: 4 }, { address: '10.1.2.3', family: 4 }] : [{ address: '93.184.216.34', family: 4 }])
    try {
      for (const url of [
        `http://127.0.0.1:${listener.port}/`, 'http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', `http://[::1]:${listener.port}/`,
        `http://2130706433:${listener.port}/`, `http://[::ffff:127.0.0.1]:${listener.port}/`, 'http://100.64.0.1/', 'http://0.0.0.0/', 'http://inside.example.test/',
        'ftp://example.com/', 'file:///etc/passwd',
      ]) {
        const res = await call('POST', '/cabinet/webhook_endpoints', seller.accessToken, { url, events: ['order.paid'] })
        expect(res.statusCode, url).toBe(400)
        expect(res.json().error.type, url).toBe('url_not_allowed')
        expect(res.json().error.message.length).toBeGreaterThan(10)
      }
      // Public addresses pass.
      const fine = await call('POST', '/cabinet/webhook_endpoints', seller.accessToken, { url: 'https://hooks.example.test/in', events: ['order.paid'] })
      expect(fine.statusCode, fine.body).toBe(201)
      await call('DELETE', `/cabinet/webhook_endpoints/${fine.json().webhook_endpoint.id}`, seller.accessToken)
      const update = await call('POST', '/cabinet/webhook_endpoints', seller.accessToken, { url: 'https://hooks.example.test/in', events: ['order.paid'] })
      const patched = await call('PATCH', `/cabinet/webhook_endpoints/${update.json().webhook_endpoint.id}`, seller.accessToken, { url: 'http://169.254.169.254/' })
      expect(patched.statusCode).toBe(400)
      expect(patched.json().error.type).toBe('url_not_allowed')
      await call('DELETE', `/cabinet/webhook_endpoints/${update.json().webhook_endpoint.id}`, seller.accessToken)
      expect(listener.connections).toBe(0)
    } finally {
      t.deps.config.WEBHOOKS_ALLOW_LOOPBACK = true
      setHostResolverForTests(null)
      await listener.close()
    }
  })

  test('checked again at every send: a URL that became private is not connected to; a redirect to a private address is not followed', async () => {
    const listener = await startReceiver()
    const endpoint = await createEndpoint(seller.accessToken, { url: listener.url, events: ['payout.changed'] })
    t.deps.config.WEBHOOKS_ALLOW_LOOPBACK = false
    try {
      await emit('payout.changed', seller.sellerId, null, { payout_id: 11 })
      await t.deps.jobs.drain()
    } finally {
      t.deps.config.WEBHOOKS_ALLOW_LOOPBACK = true
    }
    expect(listener.connections).toBe(0)
    const [refused] = (await call('GET', `/cabinet/webhook_endpoints/${endpoint.id}/deliveries`, seller.accessToken)).json().list
    expect(refused).toMatchObject({ state: 'failed', last_status: null })
    expect(refused.last_error).toContain('loopback')

    // A redirect to a private address (and to a second local listener): answered 302, never followed.
    const target = await startReceiver()
    const redirecting = await startReceiver()
    redirecting.answer = (_req, res) => { res.writeHead(302, { location: `http://127.0.0.1:${target.port}/private` }); res.end() }
    const redirected = await createEndpoint(seller.accessToken, { url: redirecting.url, events: ['payout.changed'] })
    await emit('payout.changed', seller.sellerId, null, { payout_id: 12 })
    await t.deps.jobs.drain()
    expect(redirecting.received).toHaveLength(1)
    expect(target.connections).toBe(0)
    const [followed] = (await call('GET', `/cabinet/webhook_endpoints/${redirected.id}/deliveries`, seller.accessToken)).json().list
    expect(followed).toMatchObject({ state: 'failed', last_status: 302 })
    expect(followed.last_error).toContain('redirects are not followed')
    for (const r of [listener, target, redirecting]) await r.close()
    for (const id of [endpoint.id, redirected.id]) await call('DELETE', `/cabinet/webhook_endpoints/${id}`, seller.accessToken)
  })
})

// Last: the test clock moves an hour and more ahead (the sellers' access tokens expire).
describe('a receiver down', () => {
  test('a receiver down for an hour (test clock) receives everything afterwards, in order', async () => {
    const down = await startReceiver()
    const port = down.port
    await down.close()
    const endpoint = await createEndpoint(other.accessToken, { url: `http://127.0.0.1:${port}/hooks`, events: ['order.created', 'order.paid', 'access.granted', 'order.chargebacked'] })
    const bought = await buy(other.accessToken)
    for (let n = 1; n <= 3; n++) await emit('order.chargebacked', other.sellerId, bought.orderId, { order_id: bought.orderId, n })
    await t.deps.jobs.drain()
    // An hour goes by with the receiver down: retries fail, the later deliveries wait behind the first.
    for (let minute = 0; minute < 60; minute += 5) {
      t.clock.advance(300)
      await runDueDeliveries(t.deps)
      await t.deps.jobs.drain()
    }
    const [failing] = await sql('select state, attempts from webhook_deliveries where endpoint_id = $1 order by id limit 1', [endpoint.id])
    expect(failing.state).toBe('failed')
    expect(failing.attempts).toBeGreaterThanOrEqual(4)
    const [waiting] = await sql(`select count(*)::int as n from webhook_deliveries where endpoint_id = $1 and attempts = 0`, [endpoint.id])
    expect(waiting.n).toBe(5)
    const up = await startReceiver(port)
    try {
      for (let step = 0; step < 12 && up.received.length < 6; step++) {
        t.clock.advance(600)
        await runDueDeliveries(t.deps)
        await t.deps.jobs.drain()
      }
      const messages = up.received.map((m) => verified(endpoint.secret, m))
      expect(messages.map((m) => m.type)).toEqual(['order.created', 'order.paid', 'access.granted', 'order.chargebacked', 'order.chargebacked', 'order.chargebacked'])
      expect(messages.slice(3).map((m) => m.data.n)).toEqual([1, 2, 3])
      const states = await sql('select distinct state from webhook_deliveries where endpoint_id = $1', [endpoint.id])
      expect(states).toEqual([{ state: 'succeeded' }])
      const [row] = await sql('select state, failure_streak from webhook_endpoints where id = $1', [endpoint.id])
      expect(row).toMatchObject({ state: 'active', failure_streak: 0 })
    } finally {
      await up.close()
      await call('DELETE', `/cabinet/webhook_endpoints/${endpoint.id}`, other.accessToken)
    }
  }, 60_000)
})

describe('whose products an endpoint hears: all, selected or none', () => {
  test('the scope decides the fan-out; the first contract (product_ids alone) keeps its meaning', async () => {
    const owner = await createSeller(t)
    const [p1, p2] = [await publishedProduct(t, owner.accessToken), await publishedProduct(t, owner.accessToken)]
    const events = ['order.paid', 'payout.changed']
    const all = await createEndpoint(owner.accessToken, { url: 'http://127.0.0.1:9/all', events })
    const selected = await createEndpoint(owner.accessToken, { url: 'http://127.0.0.1:9/selected', events, product_ids: [p1.id] })
    const none = await createEndpoint(owner.accessToken, { url: 'http://127.0.0.1:9/none', events, product_scope: 'none' })
    const scopes = async () => Object.fromEntries((await call('GET', '/cabinet/webhook_endpoints', owner.accessToken)).json().list.map((e: { id: number; product_scope: string; product_ids: number[] }) => [e.id, [e.product_scope, e.product_ids]]))
    expect(await scopes()).toEqual({ [all.id]: ['all', []], [selected.id]: ['selected', [p1.id]], [none.id]: ['none', []] })

    // Products belong to the selected scope: with another, they are not kept.
    const mixed = await call('POST', '/cabinet/webhook_endpoints', owner.accessToken, { url: 'http://127.0.0.1:9/x', events, product_scope: 'all', product_ids: [p1.id] })
    expect(mixed.json().webhook_endpoint).toMatchObject({ product_scope: 'all', product_ids: [] })
    await call('DELETE', `/cabinet/webhook_endpoints/${mixed.json().webhook_endpoint.id}`, owner.accessToken)
    const stranger = await createSeller(t)
    const foreign = await call('POST', '/cabinet/webhook_endpoints', owner.accessToken, { url: 'http://127.0.0.1:9/x', events, product_ids: [(await publishedProduct(t, stranger.accessToken)).id] })
    expect(foreign.statusCode).toBe(404)

    await emit('order.paid', owner.sellerId, null, { n: 1 }, [p2.id])
    await emit('order.paid', owner.sellerId, null, { n: 2 }, [p1.id, p2.id])
    await emit('payout.changed', owner.sellerId, null, { n: 3 })
    const heard = await sql<{ endpoint_id: number; n: string }>(`select endpoint_id, body->'data'->>'n' as n from webhook_deliveries where seller_id = $1 order by id`, [owner.sellerId])
    const by = (id: number) => heard.filter((h) => h.endpoint_id === id).map((h) => h.n)
    expect(by(all.id)).toEqual(['1', '2', '3'])
    expect(by(selected.id)).toEqual(['2'])
    expect(by(none.id)).toEqual(['3'])

    // Changing it: the selected scope with products; product_ids alone, empty, is every product again.
    expect((await call('PATCH', `/cabinet/webhook_endpoints/${none.id}`, owner.accessToken, { product_scope: 'selected', product_ids: [p2.id] })).json().webhook_endpoint).toMatchObject({ product_scope: 'selected', product_ids: [p2.id] })
    expect((await call('PATCH', `/cabinet/webhook_endpoints/${none.id}`, owner.accessToken, { product_ids: [] })).json().webhook_endpoint).toMatchObject({ product_scope: 'all', product_ids: [] })
    expect((await call('PATCH', `/cabinet/webhook_endpoints/${none.id}`, owner.accessToken, { product_scope: 'none' })).json().webhook_endpoint).toMatchObject({ product_scope: 'none', product_ids: [] })
  })

  test('from the product\'s side (the wizard): which endpoints send its events, set in one call, two products at once', async () => {
    const owner = await createSeller(t)
    const [p1, p2] = [await publishedProduct(t, owner.accessToken), await publishedProduct(t, owner.accessToken)]
    const events = ['order.paid']
    const all = await createEndpoint(owner.accessToken, { url: 'http://127.0.0.1:9/all', events })
    const selected = await createEndpoint(owner.accessToken, { url: 'http://127.0.0.1:9/selected', events, product_ids: [p1.id] })
    const none = await createEndpoint(owner.accessToken, { url: 'http://127.0.0.1:9/none', events, product_scope: 'none' })
    const sends = (answer: { list: { id: number; sends: boolean }[] }) => Object.fromEntries(answer.list.map((e) => [e.id, e.sends]))

    const read = await call('GET', `/cabinet/products/${p1.id}/webhook_endpoints`, owner.accessToken)
    expect(read.statusCode, read.body).toBe(200)
    expect(sends(read.json())).toEqual({ [all.id]: true, [selected.id]: true, [none.id]: false })

    // p1 now goes to `none` only (and to `all`, which hears everything): `selected` drops it.
    const set = await call('PUT', `/cabinet/products/${p1.id}/webhook_endpoints`, owner.accessToken, { endpoint_ids: [none.id] })
    expect(set.statusCode, set.body).toBe(200)
    expect(sends(set.json())).toEqual({ [all.id]: true, [selected.id]: false, [none.id]: true })
    const endpoint = async (id: number) => (await call('GET', `/cabinet/webhook_endpoints/${id}`, owner.accessToken)).json().webhook_endpoint
    expect(await endpoint(none.id)).toMatchObject({ product_scope: 'selected', product_ids: [p1.id] })
    expect(await endpoint(selected.id)).toMatchObject({ product_scope: 'selected', product_ids: [] })
    expect(await endpoint(all.id)).toMatchObject({ product_scope: 'all', product_ids: [] })

    // Two products saved at once on the same endpoint: both stay (the endpoint row is locked).
    const both = await Promise.all([p1, p2].map((p) => call('PUT', `/cabinet/products/${p.id}/webhook_endpoints`, owner.accessToken, { endpoint_ids: [selected.id] })))
    expect(both.map((r) => r.statusCode)).toEqual([200, 200])
    expect((await endpoint(selected.id)).product_ids.sort((a: number, b: number) => a - b)).toEqual([p1.id, p2.id].sort((a, b) => a - b))

    // Another seller's endpoint or product: 404, nothing changed.
    const stranger = await createSeller(t)
    const foreignEndpoint = await createEndpoint(stranger.accessToken, { url: 'http://127.0.0.1:9/other', events })
    expect((await call('PUT', `/cabinet/products/${p1.id}/webhook_endpoints`, owner.accessToken, { endpoint_ids: [foreignEndpoint.id] })).statusCode).toBe(404)
    expect((await call('GET', `/cabinet/products/${p1.id}/webhook_endpoints`, stranger.accessToken)).statusCode).toBe(404)
    expect((await call('PUT', `/cabinet/products/${p1.id}/webhook_endpoints`, stranger.accessToken, { endpoint_ids: [] })).statusCode).toBe(404)
  })
})
