import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { systemContext } from '../../context'
import { publicEvent } from './live-shopping.service'

// Live shopping (docs/decisions/0086-live-shopping-and-mobile-app.md): the seller's live events (CRUD, the state
// machine, the products that may be shown), the public page before and during the event, the orders its buy
// buttons brought, and the flag.

let t: TestApp
let seller: TestSeller
let other: TestSeller
const url = '/api/v1/cabinet/live_events'
const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const setFlag = (s: TestSeller, value: boolean) =>
  sql(`update sellers set features = features || jsonb_build_object('live_shopping', $2::boolean) where id = $1`, [s.sellerId, value])

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
  await setFlag(seller, true)
  await setFlag(other, true)
})
afterAll(async () => { await t?.close() })

const inHours = (h: number) => new Date(t.clock.now.getTime() + h * 3_600_000).toISOString()
const create = (payload: object, token = seller.accessToken) => t.request({ method: 'POST', url, token, payload })
const setState = (id: number, state: string, token = seller.accessToken) => t.request({ method: 'POST', url: `${url}/${id}/state`, token, payload: { state } })

describe('live events in the cabinet', () => {
  test('schedule, read, change, list and delete an event; the products must be the seller\'s published ones', async () => {
    const a = await publishedProduct(t, seller.accessToken, { name: 'Live guide' })
    const b = await publishedProduct(t, seller.accessToken, { name: 'Live course' })
    const res = await create({
      title: 'Spring live sale', description: 'Two things, live', starts_at: inHours(24), ends_at: inHours(25),
      stream_url: 'https://www.youtube.com/watch?v=abc123XYZ', product_ids: [b.id, a.id],
    })
    expect(res.statusCode, res.body).toBe(201)
    const event = res.json().live_event
    expect(event).toMatchObject({
      title: 'Spring live sale', state: 'scheduled', next_states: ['live', 'cancelled'], product_ids: [b.id, a.id],
      embed_url: 'https://www.youtube-nocookie.com/embed/abc123XYZ', campaign_id: `live-${event.id}`,
    })
    expect(event.url).toMatch(new RegExp(`/live/${seller.username}/${event.id}$`))

    const patched = await t.request({ method: 'PATCH', url: `${url}/${event.id}`, token: seller.accessToken, payload: { title: 'Spring live', stream_url: 'https://live.example.org/stream', product_ids: [a.id] } })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(patched.json().live_event).toMatchObject({ title: 'Spring live', stream_url: 'https://live.example.org/stream', embed_url: null, product_ids: [a.id] })
    const detail = await t.request({ method: 'GET', url: `${url}/${event.id}`, token: seller.accessToken })
    expect(detail.statusCode).toBe(200)
    expect(detail.json()).toMatchObject({ live_event: { id: event.id, title: 'Spring live' }, orders: { campaign_id: `live-${event.id}`, count: 0, paid_count: 0, revenue: [] } })

    const list = await t.request({ method: 'GET', url, token: seller.accessToken, query: { state: 'scheduled', query: 'spring' } })
    expect(list.json().list.map((e: { id: number }) => e.id)).toContain(event.id)
    // Another seller sees nothing of it.
    expect((await t.request({ method: 'GET', url: `${url}/${event.id}`, token: other.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url, token: other.accessToken })).json().list).toEqual([])

    expect((await t.request({ method: 'DELETE', url: `${url}/${event.id}`, token: seller.accessToken })).statusCode).toBe(204)
    expect((await t.request({ method: 'GET', url: `${url}/${event.id}`, token: seller.accessToken })).statusCode).toBe(404)
  })

  test('refuses another seller\'s or an unpublished product, an http stream, an end before the start', async () => {
    const own = await publishedProduct(t, seller.accessToken)
    const foreign = await publishedProduct(t, other.accessToken)
    const base = { title: 'Checks', starts_at: inHours(2), ends_at: inHours(3), product_ids: [own.id] }
    const notMine = await create({ ...base, product_ids: [own.id, foreign.id] })
    expect(notMine.statusCode).toBe(422)
    expect(notMine.json().error.fields).toEqual([{ path: 'product_ids.1', message: expect.any(String) }])
    const http = await create({ ...base, stream_url: 'http://www.youtube.com/watch?v=abc' })
    expect(http.statusCode).toBe(400)
    expect(http.body).toContain('stream_url')
    const backwards = await create({ ...base, ends_at: inHours(1) })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.body).toContain('ends_at')
    const made = (await create(base)).json().live_event
    const patched = await t.request({ method: 'PATCH', url: `${url}/${made.id}`, token: seller.accessToken, payload: { ends_at: inHours(1) } })
    expect(patched.statusCode).toBe(422)
    expect(patched.json().error.fields[0].path).toBe('ends_at')
  })

  test('state machine: scheduled -> live -> ended; cancelled only before; no change, deletion while live or edit after', async () => {
    const p = await publishedProduct(t, seller.accessToken)
    const event = (await create({ title: 'States', starts_at: inHours(1), ends_at: inHours(2), product_ids: [p.id] })).json().live_event
    expect((await setState(event.id, 'ended')).statusCode).toBe(409)
    const live = await setState(event.id, 'live')
    expect(live.statusCode).toBe(200)
    expect(live.json().live_event).toMatchObject({ state: 'live', next_states: ['ended'] })
    expect(live.json().live_event.went_live_at).not.toBeNull()
    expect((await setState(event.id, 'cancelled')).statusCode).toBe(409)
    expect((await t.request({ method: 'DELETE', url: `${url}/${event.id}`, token: seller.accessToken })).statusCode).toBe(409)
    expect((await t.request({ method: 'PATCH', url: `${url}/${event.id}`, token: seller.accessToken, payload: { title: 'Still editable live' } })).statusCode).toBe(200)
    const ended = await setState(event.id, 'ended')
    expect(ended.json().live_event).toMatchObject({ state: 'ended', next_states: [] })
    expect((await setState(event.id, 'live')).statusCode).toBe(409)
    expect((await t.request({ method: 'PATCH', url: `${url}/${event.id}`, token: seller.accessToken, payload: { title: 'Too late' } })).statusCode).toBe(409)

    const other2 = (await create({ title: 'Called off', starts_at: inHours(1), ends_at: inHours(2), product_ids: [p.id] })).json().live_event
    expect((await setState(other2.id, 'cancelled')).json().live_event).toMatchObject({ state: 'cancelled' })
    expect((await setState(other2.id, 'live')).statusCode).toBe(409)
    expect((await setState(other2.id, 'scheduled')).statusCode).toBe(400)
  })
})

describe('the public page and the orders it brought', () => {
  test('before the start a countdown and no stream; while live the stream and buy links with the campaign id; orders counted per currency', async () => {
    const p = await publishedProduct(t, seller.accessToken, { name: 'Live special' })
    const event = (await create({
      title: 'Big live', starts_at: inHours(5), ends_at: inHours(6), stream_url: 'https://vimeo.com/123456', product_ids: [p.id],
    })).json().live_event
    const ctx = systemContext(t.deps)
    const before = await publicEvent(ctx, seller.username, event.id)
    expect(before).toMatchObject({ state: 'scheduled', stream: null, starts_at: event.starts_at })
    expect(before.products.map((x) => x.product.id)).toEqual([p.id])
    await expect(publicEvent(ctx, other.username, event.id)).rejects.toMatchObject({ type: 'not_found' })

    expect((await setState(event.id, 'live')).statusCode).toBe(200)
    const during = await publicEvent(ctx, seller.username, event.id)
    expect(during.stream).toEqual({ url: 'https://vimeo.com/123456', embed_url: 'https://player.vimeo.com/video/123456' })
    const buyUrl = during.products[0]!.buy_url
    expect(buyUrl).toBe(`/s/${seller.username}/${p.slug}/payment?campaign_id=live-${event.id}`)

    // Two orders through the buy link (the checkout keeps ?campaign_id= on the order), one paid; one order elsewhere.
    const order = (campaign?: string) => submitOrder(t, {
      product_id: p.id, pricing_plan_id: p.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true, ...(campaign ? { campaign_id: campaign } : {}),
    })
    const paid = await order(`live-${event.id}`)
    expect(paid.statusCode, paid.body).toBe(201)
    expect((await sandboxPay(t, paid.json().next_action.payment_id)).statusCode).toBe(200)
    expect((await order(`live-${event.id}`)).statusCode).toBe(201)
    expect((await order()).statusCode).toBe(201)
    await t.deps.jobs.drain()

    const detail = (await t.request({ method: 'GET', url: `${url}/${event.id}`, token: seller.accessToken })).json()
    expect(detail.orders).toEqual({
      campaign_id: `live-${event.id}`, count: 2, paid_count: 1, revenue: [{ currency: 'eur', amount: p.pricing_plans[0].price, count: 1 }],
    })
  })

  test('flag off: the cabinet routes answer 403 feature_disabled, the public page 404', async () => {
    const s = await createSeller(t)
    await setFlag(s, true)
    const p = await publishedProduct(t, s.accessToken)
    const event = (await create({ title: 'Flagged', starts_at: inHours(1), ends_at: inHours(2), product_ids: [p.id] }, s.accessToken)).json().live_event
    await setFlag(s, false)
    for (const [method, path] of [['GET', url], ['GET', `${url}/${event.id}`], ['POST', `${url}/${event.id}/state`]] as const) {
      const res = await t.request({ method, url: path, token: s.accessToken, ...(method === 'POST' ? { payload: { state: 'live' } } : {}) })
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toMatchObject({ type: 'feature_disabled', flag: 'live_shopping' })
    }
    await expect(publicEvent(systemContext(t.deps), s.username, event.id)).rejects.toMatchObject({ type: 'not_found' })
    // Off by default: a new seller cannot schedule one.
    const fresh = await createSeller(t)
    expect((await t.request({ method: 'GET', url, token: fresh.accessToken })).statusCode).toBe(403)
  })
})

describe.runIf(existsSync('dist/storefront/server/entry-server.js'))('the page /live/{username}/{id}', () => {
  test('renders the countdown before, the player and the attributed buy button during; 404 for another seller or the flag off', async () => {
    const p = await publishedProduct(t, seller.accessToken, { name: 'Rendered <b>deal</b>' })
    const event = (await create({ title: 'Rendered live', starts_at: inHours(30), ends_at: inHours(31), stream_url: 'https://www.youtube.com/live/liveID42', product_ids: [p.id] })).json().live_event
    const path = `/live/${seller.username}/${event.id}`
    const before = await t.request({ method: 'GET', url: path })
    expect(before.statusCode).toBe(200)
    expect(before.body).toContain('data-testid="live-countdown"')
    expect(before.body).toContain('1 d 06:00:00')
    expect(before.body).not.toContain('live-player')
    expect(before.body).toContain('Rendered &lt;b&gt;deal&lt;/b&gt;')

    expect((await setState(event.id, 'live')).statusCode).toBe(200)
    const during = await t.request({ method: 'GET', url: path })
    expect(during.statusCode).toBe(200)
    expect(during.body).toContain('src="https://www.youtube-nocookie.com/embed/liveID42"')
    expect(during.body).toContain(`href="/s/${seller.username}/${p.slug}/payment?campaign_id=live-${event.id}"`)
    // The player's host is allowed to be framed by the page's CSP.
    expect(String(during.headers['content-security-policy'])).toContain('https://www.youtube-nocookie.com')
    // The checkout the button leads to carries the campaign id into the order form.
    const checkout = await t.request({ method: 'GET', url: `/s/${seller.username}/${p.slug}/payment?campaign_id=live-${event.id}` })
    expect(checkout.statusCode).toBe(200)
    expect(checkout.body).toContain(`live-${event.id}`)

    expect((await t.request({ method: 'GET', url: `/live/${other.username}/${event.id}` })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/live/${seller.username}/999999` })).statusCode).toBe(404)
    await setFlag(seller, false)
    expect((await t.request({ method: 'GET', url: `${path}?flag=off` })).statusCode).toBe(404)
    await setFlag(seller, true)
  })
})
