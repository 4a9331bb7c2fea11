import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { startMailServicesStandIn, type MailServicesStandIn } from '../../../../tests/stand-ins/mail-services-stand-in'
import type { PlatformEvent } from '../../ports/platform-events'
import { ensureDemoIntegrations } from './integrations.service'
import { serviceClient } from './integrations.clients'

// Integrations (docs/decisions/0075-integrations.md) through the real routes, with each service answered by a
// local stand-in on 127.0.0.1 that checks its auth: connect with good and bad credentials, the service's
// lists, a paid order's event adding the buyer to the product's list (Mailchimp, ActiveCampaign, GetResponse,
// HubSpot, KlickTipp), a refund removing them, a failing service recorded and retried, another seller's
// connection 404, and no answer ever holding a credential.

let t: TestApp
let s: MailServicesStandIn
let seller: TestSeller
let other: TestSeller
let product: { id: number; pricing_plans: { id: number }[] }
const answers: string[] = []

beforeAll(async () => {
  s = await startMailServicesStandIn()
  t = await createTestApp(s.bases)
  seller = await createSeller(t)
  other = await createSeller(t)
  product = await publishedProduct(t, seller.accessToken, { name: 'Course with a newsletter' })
}, 120_000)
afterAll(async () => {
  await t?.close()
  await s?.close()
})

async function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) {
  const res = await t.request({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) })
  answers.push(res.body)
  return res
}
const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

/** The event the orders module emits in its transaction (ports/platform-events.ts), emitted here as it would. */
async function emit(type: PlatformEvent['type'], orderId: number, productIds: number[], sellerId = seller.sellerId) {
  await t.deps.db.transaction((tx) => t.deps.platformEvents.emit(t.deps, tx, {
    type, sellerId, orderId, productIds, occurredAt: new Date(),
    data: { order_id: orderId, product_ids: productIds, payer: { email: 'not-from-data@example.test', first_name: 'Data', last_name: 'Payer' } },
  }))
}

async function paidOrder(productId: number, planId: number, email: string): Promise<number> {
  const res = await submitOrder(t, { product_id: productId, pricing_plan_id: planId, payment_method: 'card', payer: { ...fullPayer(email), first_name: 'Pia', last_name: 'Payer' }, terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number }>('select id from orders where token = $1', [res.json().order.token])
  return order!.id
}

const ids: Record<string, number> = {}

describe('connecting', () => {
  test('bad credentials are refused by the service: 422 and nothing stored', async () => {
    const bad = await call('POST', '/cabinet/integrations', seller.accessToken, { kind: 'mail_chimp', credentials: { api_key: 'ffffffffffffffffffffffffffffffff-us21' } })
    expect(bad.statusCode, bad.body).toBe(422)
    expect(bad.json().error.type).toBe('integration_credentials_refused')
    const badHubspot = await call('POST', '/cabinet/integrations', seller.accessToken, { kind: 'hubspot', credentials: { access_token: 'pat-eu1-wrong-token' } })
    expect(badHubspot.json().error.type).toBe('integration_credentials_refused')
    const badKlickTipp = await call('POST', '/cabinet/integrations', seller.accessToken, { kind: 'klick_tipp', credentials: { username: 'seller-kt', password: 'wrong' } })
    expect(badKlickTipp.json().error.type).toBe('integration_credentials_refused')
    const badMailingwork = await call('POST', '/cabinet/integrations', seller.accessToken, { kind: 'mailing_work', credentials: { username: 'seller-mw', password: 'wrong' } })
    expect(badMailingwork.statusCode, badMailingwork.body).toBe(422)
    expect(badMailingwork.json().error.type).toBe('integration_credentials_refused')
    expect(s.refused.length).toBe(4)
    expect(await sql('select id from integration_connections where seller_id = $1', [seller.sellerId])).toHaveLength(0)
  })

  test('a service that cannot be reached: 424 integration_unreachable, nothing stored', async () => {
    s.failNext(503, { title: 'Service Unavailable', detail: 'Down for maintenance' })
    const down = await call('POST', '/cabinet/integrations', seller.accessToken, { kind: 'get_response', credentials: { api_key: s.keys.getResponse } })
    expect(down.statusCode, down.body).toBe(424)
    expect(down.json().error).toMatchObject({ type: 'integration_unreachable', message: 'GetResponse answered 503: Down for maintenance' })
    expect(await sql('select id from integration_connections where seller_id = $1', [seller.sellerId])).toHaveLength(0)
  })

  test('a malformed key is a validation error before any call', async () => {
    const before = s.requests.length
    const res = await call('POST', '/cabinet/integrations', seller.accessToken, { kind: 'mail_chimp', credentials: { api_key: 'no datacenter' } })
    expect(res.statusCode).toBe(400)
    expect(s.requests.length).toBe(before)
  })

  test('good credentials connect each mail service; answers show a hint, the database holds them sealed', async () => {
    const connect = async (kind: string, credentials: object) => {
      const res = await call('POST', '/cabinet/integrations', seller.accessToken, { kind, credentials })
      expect(res.statusCode, res.body).toBe(201)
      expect(res.json().integration).toMatchObject({ kind, state: 'connected', last_sync_at: null, last_error: null })
      ids[kind] = res.json().integration.id
      return res.json().integration
    }
    const mailchimp = await connect('mail_chimp', { api_key: s.keys.mailchimp })
    expect(mailchimp).toMatchObject({ name: 'Mailchimp', public_info: { api_key_hint: 'us21'.padStart(4), account: 'Seller Co' } })
    const ac = await connect('active_campaign', { account: 'sellerco', api_key: s.keys.activeCampaign })
    expect(ac.public_info).toMatchObject({ account: 'sellerco', user: 'seller-ac' })
    await connect('get_response', { api_key: s.keys.getResponse })
    const hs = await connect('hubspot', { access_token: s.keys.hubspot })
    expect(hs.public_info.portal).toBe('4711')
    await connect('klick_tipp', s.keys.klickTipp)
    expect((await connect('mailing_work', s.keys.mailingwork)).public_info).toMatchObject({ user: 'seller-mw' })
    const [row] = await sql<{ credentials_encrypted: string }>('select credentials_encrypted from integration_connections where id = $1', [ids.mail_chimp])
    expect(row!.credentials_encrypted).toMatch(/^v1:/)
    expect(row!.credentials_encrypted).not.toContain(s.keys.mailchimp)
  })

  test('zapier, api, chat and tracify are stored without a call; vimeo is checked', async () => {
    const before = s.requests.length
    for (const [kind, credentials] of [['zapier', undefined], ['api', {}], ['chat', { widget_id: 'crisp-1234' }], ['tracify', { account_id: 'csid-42' }]] as const) {
      const res = await call('POST', '/cabinet/integrations', seller.accessToken, { kind, ...(credentials ? { credentials } : {}) })
      expect(res.statusCode, res.body).toBe(201)
      expect(res.json().integration.state).toBe('connected')
    }
    expect(s.requests.length).toBe(before)
    const badVimeo = await call('POST', '/cabinet/integrations', seller.accessToken, { kind: 'vimeo_videos', credentials: { access_token: 'vimeo-wrong-token' } })
    expect(badVimeo.json().error.type).toBe('integration_credentials_refused')
    const vimeo = await call('POST', '/cabinet/integrations', seller.accessToken, { kind: 'vimeo_videos', name: 'Course videos', credentials: { access_token: s.keys.vimeo } })
    expect(vimeo.json().integration).toMatchObject({ name: 'Course videos', public_info: { account: 'Seller Videos' } })
  })

  test('the list answers with filters', async () => {
    const all = await call('GET', '/cabinet/integrations?per=50', seller.accessToken)
    expect(all.json().total_count).toBe(11)
    const mail = await call('GET', '/cabinet/integrations?kind=hubspot', seller.accessToken)
    expect(mail.json().list.map((i: { id: number }) => i.id)).toEqual([ids.hubspot])
  })

  test('the service\'s lists to choose from', async () => {
    const lists = await call('GET', `/cabinet/integrations/${ids.mail_chimp}/lists`, seller.accessToken)
    expect(lists.statusCode, lists.body).toBe(200)
    expect(lists.json().list).toEqual([{ id: 'list-buyers', name: 'Buyers', setting: 'buyer_list_id' }, { id: 'list-news', name: 'Newsletter', setting: 'buyer_list_id' }])
    expect((await call('GET', `/cabinet/integrations/${ids.get_response}/lists`, seller.accessToken)).json().list).toEqual([{ id: 'cmpA', name: 'Buyers A', setting: 'buyer_campaign_id' }])
    expect((await call('GET', `/cabinet/integrations/${ids.hubspot}/lists`, seller.accessToken)).json().list[0]).toMatchObject({ id: '17', name: 'Buyers' })
    expect((await call('GET', `/cabinet/integrations/${ids.klick_tipp}/lists`, seller.accessToken)).json().list).toEqual([
      { id: '11', name: 'Double opt-in', setting: 'buyer_list_id' }, { id: '42', name: 'Bought course', setting: 'buyer_campaign_id' },
    ])
    expect((await call('GET', `/cabinet/integrations/${ids.mailing_work}/lists`, seller.accessToken)).json().list).toEqual([
      { id: '7', name: 'Buyers', setting: 'buyer_list_id' }, { id: '8', name: 'Newsletter', setting: 'buyer_list_id' },
    ])
    const zapier = (await call('GET', '/cabinet/integrations?kind=zapier', seller.accessToken)).json().list[0]
    expect((await call('GET', `/cabinet/integrations/${zapier.id}/lists`, seller.accessToken)).statusCode).toBe(409)
  })
})

describe('purchases and refunds', () => {
  const email = 'buyer.one@example.test'
  let orderId: number

  test('each product is given its list or campaign per connection', async () => {
    const set = async (kind: string, body: object) => {
      const res = await call('PUT', `/cabinet/integrations/${ids[kind]}/product_settings/${product.id}`, seller.accessToken, body)
      expect(res.statusCode, res.body).toBe(200)
    }
    await set('mail_chimp', { buyer_list_id: 'list-buyers', buyer_campaign_id: 'course-buyer' })
    await set('active_campaign', { buyer_list_id: '3' })
    await set('get_response', { buyer_campaign_id: 'cmpA' })
    await set('hubspot', { buyer_list_id: '17' })
    await set('klick_tipp', { buyer_list_id: '11', buyer_campaign_id: '42' })
    await set('mailing_work', { buyer_list_id: '7' })
    const missing = await call('PUT', `/cabinet/integrations/${ids.get_response}/product_settings/${product.id}`, seller.accessToken, { buyer_list_id: 'x' })
    expect(missing.statusCode).toBe(422)
    const settings = await call('GET', `/cabinet/integrations/product_settings?product_id=${product.id}`, seller.accessToken)
    expect(settings.json().list).toHaveLength(6)
    expect(settings.json().list.find((x: { integration_id: number }) => x.integration_id === ids.mail_chimp)).toMatchObject({ buyer_list_id: 'list-buyers', buyer_campaign_id: 'course-buyer' })
  })

  test('a paid order\'s event adds the buyer, as the order names them, to every list', async () => {
    orderId = await paidOrder(product.id, product.pricing_plans[0]!.id, email)
    await emit('order.paid', orderId, [product.id])
    await t.deps.jobs.drain()
    const hash = createHash('md5').update(email).digest('hex')
    expect(s.mailchimpMembers.get('list-buyers')!.get(hash)).toMatchObject({ email_address: email, status: 'subscribed', merge_fields: { FNAME: 'Pia', LNAME: 'Payer' }, tags: ['course-buyer'] })
    const acContact = s.acContacts.get(email)!
    expect(acContact).toMatchObject({ firstName: 'Pia', lastName: 'Payer' })
    expect(s.acContactLists.get(`3:${acContact.id}`)).toBe(1)
    expect([...s.grContacts.values()]).toEqual([{ email, name: 'Pia Payer', campaignId: 'cmpA' }])
    const hsContact = s.hsContacts.get(email)!
    expect(hsContact.properties).toMatchObject({ firstname: 'Pia', lastname: 'Payer' })
    expect(s.hsMemberships.get('17')!.has(hsContact.id)).toBe(true)
    expect(s.ktSubscribers.get(email)).toMatchObject({ listid: '11', unsubscribed: false, fields: { fieldFirstName: 'Pia', fieldLastName: 'Payer' } })
    expect([...s.ktSubscribers.get(email)!.tags]).toEqual(['42'])
    expect([...s.mwRecipients.values()]).toEqual([{ fields: { 1: email, 3: 'Pia', 4: 'Payer' }, lists: new Set(['7']) }])
    // The payer comes from the order, not from the event's data.
    expect(s.requests.some((r) => r.rawBody.includes('not-from-data'))).toBe(false)

    const log = await call('GET', `/cabinet/integrations/${ids.mail_chimp}/sync_events`, seller.accessToken)
    expect(log.json().list).toEqual([expect.objectContaining({ event_type: 'order.paid', action: 'add', order_id: orderId, product_id: product.id, state: 'succeeded', attempts: 1, error: null })])
    const connection = (await call('GET', `/cabinet/integrations/${ids.hubspot}`, seller.accessToken)).json().integration
    expect(connection).toMatchObject({ state: 'connected', last_sync_at: expect.any(String), last_error: null, product_count: 1 })
  })

  test('the same event again syncs nothing more', async () => {
    const before = s.requests.length
    await emit('order.paid', orderId, [product.id])
    await t.deps.jobs.drain()
    expect(s.requests.length).toBe(before)
    expect(await sql('select id from integration_sync_events where order_id = $1', [orderId])).toHaveLength(6)
  })

  test('a refund removes the buyer again (ActiveCampaign unsubscribes, KlickTipp untags)', async () => {
    await emit('order.refunded', orderId, [product.id])
    await t.deps.jobs.drain()
    expect(s.mailchimpMembers.get('list-buyers')!.size).toBe(0)
    expect(s.acContactLists.get(`3:${s.acContacts.get(email)!.id}`)).toBe(2)
    expect(s.grContacts.size).toBe(0)
    expect(s.hsMemberships.get('17')!.size).toBe(0)
    expect(s.ktSubscribers.get(email)!.tags.size).toBe(0)
    expect(s.mwRecipients.size).toBe(0)
    const rows = await sql<{ state: string; action: string }>(`select state, action from integration_sync_events where order_id = $1 and event_type = 'order.refunded'`, [orderId])
    expect(rows).toHaveLength(6)
    expect(rows.every((r) => r.state === 'succeeded' && r.action === 'remove')).toBe(true)
  })

  test('mailingwork removes a recipient as a whole, so one also on another of the seller\'s lists is kept', async () => {
    const client = serviceClient(t.deps.config, 'mailing_work', s.keys.mailingwork)!
    const buyer = { email: 'on.two.lists@example.test', first_name: 'Two', last_name: 'Lists' }
    await client.add!(buyer, { listId: '7', campaignId: null })
    await client.add!(buyer, { listId: '7', campaignId: null }) // again: updated, not doubled
    const [id, recipient] = [...s.mwRecipients].find(([, r]) => r.fields['1'] === buyer.email)!
    expect(s.mwRecipients.size).toBe(1)
    recipient!.lists.add('8')
    await client.remove!(buyer, { listId: '7', campaignId: null })
    expect(s.mwRecipients.has(id!)).toBe(true)
    recipient!.lists.delete('8')
    await client.remove!(buyer, { listId: '7', campaignId: null })
    await client.remove!(buyer, { listId: '7', campaignId: null }) // again: nothing to remove
    expect(s.mwRecipients.has(id!)).toBe(false)
  })

  test('a failing service is recorded on the sync and the connection, retried with back-off, and recovers', async () => {
    const second = await publishedProduct(t, seller.accessToken, { name: 'Only Mailchimp' })
    expect((await call('PUT', `/cabinet/integrations/${ids.mail_chimp}/product_settings/${second.id}`, seller.accessToken, { buyer_list_id: 'list-news' })).statusCode).toBe(200)
    // The payment itself emits order.paid (the orders module), and its sync meets the failure.
    s.failNext(503, { title: 'Service Unavailable', detail: 'Try again later' })
    const order = await paidOrder(second.id, second.pricing_plans[0]!.id, 'buyer.two@example.test')
    const failed = (await call('GET', `/cabinet/integrations/${ids.mail_chimp}/sync_events?state=failed`, seller.accessToken)).json().list
    expect(failed).toEqual([expect.objectContaining({ order_id: order, state: 'failed', attempts: 1, error: 'Mailchimp answered 503: Try again later' })])
    const failing = (await call('GET', `/cabinet/integrations/${ids.mail_chimp}`, seller.accessToken)).json().integration
    expect(failing).toMatchObject({ state: 'failing', last_error: 'Mailchimp answered 503: Try again later', last_error_at: expect.any(String) })
    // The queue holds the retry for later (back-off): nothing runs now.
    const [job] = await sql<{ state: string; later: boolean }>(`select state, start_after > now() + interval '30 seconds' as later from pgboss.job where name = 'integrations.sync' and state = 'retry'`)
    expect(job).toEqual({ state: 'retry', later: true })
    expect(await t.deps.jobs.drain()).toBe(0)
    // Its time comes.
    await sql(`update pgboss.job set start_after = now() where name = 'integrations.sync' and state = 'retry'`)
    await t.deps.jobs.drain()
    expect(s.mailchimpMembers.get('list-news')!.get(createHash('md5').update('buyer.two@example.test').digest('hex'))).toBeDefined()
    const recovered = (await call('GET', `/cabinet/integrations/${ids.mail_chimp}`, seller.accessToken)).json().integration
    expect(recovered).toMatchObject({ state: 'connected', last_error: null })
    const sync = (await call('GET', `/cabinet/integrations/${ids.mail_chimp}/sync_events`, seller.accessToken)).json().list.find((e: { order_id: number }) => e.order_id === order)
    expect(sync).toMatchObject({ state: 'succeeded', attempts: 2, error: null })
  })

  test('another seller\'s event never reaches this seller\'s connections', async () => {
    const before = s.requests.length
    await emit('order.paid', orderId, [product.id], other.sellerId)
    await t.deps.jobs.drain()
    expect(s.requests.length).toBe(before)
  })
})

describe('another seller', () => {
  test('sees none of the connections: 404 on each route', async () => {
    const id = ids.mail_chimp
    expect((await call('GET', `/cabinet/integrations/${id}`, other.accessToken)).statusCode).toBe(404)
    expect((await call('PATCH', `/cabinet/integrations/${id}`, other.accessToken, { name: 'Mine' })).statusCode).toBe(404)
    expect((await call('POST', `/cabinet/integrations/${id}/disconnect`, other.accessToken)).statusCode).toBe(404)
    expect((await call('GET', `/cabinet/integrations/${id}/lists`, other.accessToken)).statusCode).toBe(404)
    expect((await call('GET', `/cabinet/integrations/${id}/sync_events`, other.accessToken)).statusCode).toBe(404)
    expect((await call('PUT', `/cabinet/integrations/${id}/product_settings/${product.id}`, other.accessToken, { buyer_list_id: 'x' })).statusCode).toBe(404)
    expect((await call('DELETE', `/cabinet/integrations/${id}/product_settings/${product.id}`, other.accessToken)).statusCode).toBe(404)
    expect((await call('DELETE', `/cabinet/integrations/${id}`, other.accessToken)).statusCode).toBe(404)
    expect((await call('GET', '/cabinet/integrations', other.accessToken)).json()).toMatchObject({ list: [], total_count: 0 })
    expect((await call('GET', `/cabinet/integrations/product_settings?product_id=${product.id}`, other.accessToken)).json().list).toEqual([])
  })

  test('cannot attach a product of this seller to their own connection', async () => {
    const own = await call('POST', '/cabinet/integrations', other.accessToken, { kind: 'mail_chimp', credentials: { api_key: s.keys.mailchimp } })
    const res = await call('PUT', `/cabinet/integrations/${own.json().integration.id}/product_settings/${product.id}`, other.accessToken, { buyer_list_id: 'list-buyers' })
    expect(res.statusCode).toBe(404)
  })
})

describe('changing and ending a connection', () => {
  test('new credentials are checked: refused ones change nothing', async () => {
    const bad = await call('PATCH', `/cabinet/integrations/${ids.get_response}`, seller.accessToken, { credentials: { api_key: 'gr-key-wrong-one' } })
    expect(bad.json().error.type).toBe('integration_credentials_refused')
    const renamed = await call('PATCH', `/cabinet/integrations/${ids.get_response}`, seller.accessToken, { name: 'GR main', credentials: { api_key: s.keys.getResponse } })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json().integration).toMatchObject({ name: 'GR main', state: 'connected' })
  })

  test('disconnected: the credentials are wiped and events sync nothing; reconnecting with credentials works', async () => {
    const res = await call('POST', `/cabinet/integrations/${ids.hubspot}/disconnect`, seller.accessToken)
    expect(res.json().integration).toMatchObject({ state: 'disconnected', public_info: {} })
    const [row] = await sql<{ credentials_encrypted: string | null }>('select credentials_encrypted from integration_connections where id = $1', [ids.hubspot])
    expect(row!.credentials_encrypted).toBeNull()
    const order = await paidOrder(product.id, product.pricing_plans[0]!.id, 'buyer.three@example.test')
    await emit('order.paid', order, [product.id])
    await t.deps.jobs.drain()
    expect(s.hsContacts.has('buyer.three@example.test')).toBe(false)
    expect(await sql('select id from integration_sync_events where connection_id = $1 and order_id = $2', [ids.hubspot, order])).toHaveLength(0)
    expect((await call('GET', `/cabinet/integrations/${ids.hubspot}/lists`, seller.accessToken)).statusCode).toBe(409)
    const again = await call('PATCH', `/cabinet/integrations/${ids.hubspot}`, seller.accessToken, { credentials: { access_token: s.keys.hubspot } })
    expect(again.json().integration.state).toBe('connected')
  })

  test('deleted: gone with its settings', async () => {
    expect((await call('DELETE', `/cabinet/integrations/${ids.klick_tipp}`, seller.accessToken)).statusCode).toBe(204)
    expect((await call('GET', `/cabinet/integrations/${ids.klick_tipp}`, seller.accessToken)).statusCode).toBe(404)
    expect(await sql('select id from integration_product_settings where connection_id = $1', [ids.klick_tipp])).toHaveLength(0)
  })
})

test('the demo\'s connection is made once and calls no service', async () => {
  const before = s.requests.length
  const demoSeller = await createSeller(t)
  await ensureDemoIntegrations(t.deps, demoSeller.sellerId)
  await ensureDemoIntegrations(t.deps, demoSeller.sellerId)
  const list = (await call('GET', '/cabinet/integrations', demoSeller.accessToken)).json().list
  expect(list).toEqual([expect.objectContaining({ kind: 'zapier', state: 'connected', public_info: {} })])
  expect(s.requests.length).toBe(before)
})

test('no answer ever held a credential', () => {
  const secrets = [s.keys.mailchimp, s.keys.activeCampaign, s.keys.getResponse, s.keys.hubspot, s.keys.klickTipp.password, s.keys.mailingwork.password, s.keys.vimeo]
  expect(answers.length).toBeGreaterThan(40)
  for (const body of answers) for (const secret of secrets) expect(body).not.toContain(secret)
})
