import { createHash, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { localeCodes } from '../../../shared/i18n/locales'
import { startMailServicesStandIn, type MailServicesStandIn } from '../../../../tests/stand-ins/mail-services-stand-in'
import type { PlatformEvent } from '../../ports/platform-events'
import { confirmationMail } from './double-opt-in.service'

// Double opt-in (docs/decisions/0084-custom-smtp-and-double-opt-in.md) through the routes, with Mailchimp
// answered by the local stand-in: with the setting on, a purchase's payer gets a confirmation mail and is held
// from the integration; a changed link is refused; confirming stores the proof and only then syncs; a confirmed
// payer's next purchase syncs at once; a refund before the confirmation drops the held sync; with the flag off
// the integration syncs at once, as before.

let t: TestApp
let s: MailServicesStandIn
let seller: TestSeller
let manager: string
let product: { id: number; pricing_plans: { id: number }[] }

beforeAll(async () => {
  s = await startMailServicesStandIn()
  t = await createTestApp(s.bases)
  seller = await createSeller(t)
  manager = await signInManager(t)
  product = await publishedProduct(t, seller.accessToken, { name: 'Newsletter course' })
  const connected = await call('POST', '/cabinet/integrations', { kind: 'mail_chimp', credentials: { api_key: s.keys.mailchimp } })
  expect(connected.statusCode, connected.body).toBe(201)
  const setting = await call('PUT', `/cabinet/integrations/${connected.json().integration.id}/product_settings/${product.id}`, { buyer_list_id: 'list-buyers' })
  expect(setting.statusCode, setting.body).toBe(200)
}, 120_000)
afterAll(async () => {
  await t?.close()
  await s?.close()
})

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, options: { token?: string | null; headers?: Record<string, string> } = {}) {
  const token = options.token === null ? undefined : options.token ?? seller.accessToken
  return t.request({ method, url: `/api/v1${url}`, ...(token ? { token } : {}), ...(payload ? { payload } : {}), ...(options.headers ? { headers: options.headers } : {}) })
}
const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const member = (email: string) => s.mailchimpMembers.get('list-buyers')!.get(createHash('md5').update(email).digest('hex'))

async function emit(type: PlatformEvent['type'], orderId: number) {
  await t.deps.db.transaction((tx) => t.deps.platformEvents.emit(t.deps, tx, {
    type, sellerId: seller.sellerId, orderId, productIds: [product.id], occurredAt: new Date(), data: { order_id: orderId, product_ids: [product.id] },
  }))
  await t.deps.jobs.drain()
}

/** Orders and pays; `language` is sent as Content-Language, the payer's language as the shop page sends it. */
async function paidOrder(email: string, language?: string): Promise<number> {
  const payload = { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: { ...fullPayer(email), first_name: 'Pia' }, terms_accepted: true }
  const res = language
    ? await t.request({ method: 'POST', url: '/api/v1/shop/orders', headers: { 'idempotency-key': randomUUID(), 'content-language': language }, payload })
    : await submitOrder(t, payload)
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number }>('select id from orders where token = $1', [res.json().order.token])
  await emit('order.paid', order!.id)
  return order!.id
}

const confirmationMails = (email: string) => sql<{ subject: string; text: string; html: string; locale: string; seller_id: number }>(
  'select subject, text, html, locale, seller_id from email_logs where "to" = $1 and kind = \'opt_in_confirmation\'', [email])
const tokenOf = (text: string) => /\/opt_in\/([0-9]+\.[A-Za-z0-9_-]+)/.exec(text)![1]!

describe('double opt-in', () => {
  test('the seller turns it on', async () => {
    expect((await call('GET', '/cabinet/double_opt_in')).json()).toEqual({ required: false, pending_count: 0, confirmed_count: 0 })
    const res = await call('PUT', '/cabinet/double_opt_in', { required: true })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().required).toBe(true)
  })

  const email = 'pia.optin@example.test'
  let token = ''

  test('a purchase holds the payer from the integration and sends one confirmation mail', async () => {
    const orderId = await paidOrder(email)
    expect(member(email)).toBeUndefined()
    const held = await sql<{ state: string }>('select state from integration_sync_events where order_id = $1', [orderId])
    expect(held.map((r) => r.state)).toEqual(['awaiting_opt_in'])
    const mails = await confirmationMails(email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.seller_id).toBe(seller.sellerId)
    expect(mails[0]!.subject).toContain('Please confirm your email address')
    token = tokenOf(mails[0]!.text)
    expect((await call('GET', '/cabinet/double_opt_in')).json()).toMatchObject({ pending_count: 1, confirmed_count: 0 })
  })

  test('a changed link is refused and confirms nothing', async () => {
    const [id, sig] = token.split('.') as [string, string]
    const flipped = `${id}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`
    for (const bad of [flipped, `${Number(id) + 1}.${sig}`, 'not-a-token-at-all']) {
      expect((await call('GET', `/common/opt_ins/${bad}`, undefined, { token: null })).statusCode).toBe(404)
      expect((await call('POST', `/common/opt_ins/${bad}/confirm`, undefined, { token: null })).statusCode).toBe(404)
    }
    await t.deps.jobs.drain()
    expect(member(email)).toBeUndefined()
    expect((await sql('select state from payer_opt_ins where email = $1', [email]))[0]).toEqual({ state: 'pending' })
  })

  test('the link shows the seller and address; confirming stores the proof and only then syncs the payer', async () => {
    const page = await call('GET', `/common/opt_ins/${token}`, undefined, { token: null })
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toMatchObject({ email, state: 'pending', confirmed_at: null, seller_name: expect.any(String) })
    const confirmed = await call('POST', `/common/opt_ins/${token}/confirm`, undefined, { token: null, headers: { 'user-agent': 'Payer Browser/1.0' } })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json()).toMatchObject({ state: 'confirmed', confirmed_at: expect.any(String) })
    await t.deps.jobs.drain()
    expect(member(email)).toMatchObject({ email_address: email, status: 'subscribed' })
    const [proof] = await sql<{ confirmed_at: Date | null; confirmed_ip: string | null; confirmed_user_agent: string | null }>(
      'select confirmed_at, confirmed_ip, confirmed_user_agent from payer_opt_ins where email = $1', [email])
    expect(proof).toMatchObject({ confirmed_ip: expect.any(String), confirmed_user_agent: 'Payer Browser/1.0' })
    expect(proof!.confirmed_at).not.toBeNull()
    const list = await call('GET', '/cabinet/double_opt_in/confirmations?state=confirmed')
    expect(list.json().list).toEqual([expect.objectContaining({ email, state: 'confirmed', confirmed_user_agent: 'Payer Browser/1.0' })])
    // Confirming again changes nothing: the first proof stays.
    const again = await call('POST', `/common/opt_ins/${token}/confirm`, undefined, { token: null, headers: { 'user-agent': 'Other/2.0' } })
    expect(again.json().confirmed_at).toBe(confirmed.json().confirmed_at)
  })

  test('a confirmed payer\'s next purchase syncs at once, without another mail', async () => {
    s.mailchimpMembers.get('list-buyers')!.clear()
    const orderId = await paidOrder(email)
    expect(member(email)).toBeDefined()
    expect((await sql<{ state: string }>('select state from integration_sync_events where order_id = $1', [orderId]))[0]!.state).toBe('succeeded')
    expect(await confirmationMails(email)).toHaveLength(1)
  })

  test('a refund before the confirmation drops the held sync: confirming later sends nothing', async () => {
    const late = 'lou.refund@example.test'
    const orderId = await paidOrder(late)
    await emit('order.refunded', orderId)
    const rows = await sql<{ action: string; state: string }>('select action, state from integration_sync_events where order_id = $1 order by id', [orderId])
    expect(rows).toEqual([{ action: 'add', state: 'skipped' }, { action: 'remove', state: 'skipped' }])
    const lateToken = tokenOf((await confirmationMails(late))[0]!.text)
    expect((await call('POST', `/common/opt_ins/${lateToken}/confirm`, undefined, { token: null })).statusCode).toBe(200)
    await t.deps.jobs.drain()
    expect(member(late)).toBeUndefined()
  })

  test('a purchase made in Polish gets its confirmation mail in Polish', async () => {
    const polish = 'piotr.optin@example.test'
    await paidOrder(polish, 'pl')
    const [mail] = await confirmationMails(polish)
    expect(mail).toMatchObject({ locale: 'pl', subject: expect.stringContaining('Potwierdzenie adresu e-mail dla') })
    expect(mail!.html).toContain('<html lang="pl">')
    expect(mail!.text).toContain('Potwierdź adres e-mail: http')
  })

  test('with the flag off: the cabinet routes answer 403 and a purchase syncs at once, as before', async () => {
    const off = await t.request({ method: 'PATCH', url: `/api/v1/admin/sellers/${seller.sellerId}`, token: manager, payload: { features: { double_opt_in: false } } })
    expect(off.statusCode, off.body).toBe(200)
    const res = await call('GET', '/cabinet/double_opt_in')
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toMatchObject({ type: 'feature_disabled' })
    const direct = 'dana.direct@example.test'
    await paidOrder(direct)
    expect(member(direct)).toBeDefined()
    expect(await confirmationMails(direct)).toHaveLength(0)
  })
})

describe('the confirmation mail in every locale', () => {
  const p = { firstName: 'Pia', sellerName: 'Demo Shop', link: 'https://x.test/opt_in/1.abc', appUrl: 'https://x.test' }
  const english = confirmationMail('en', p)

  test.each([...localeCodes])('%s: every text is written, with no placeholder left and nothing undefined', (locale) => {
    const mail = confirmationMail(locale, p)
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/\{[a-z_]+\}/)
      expect(part).not.toContain('undefined')
    }
    expect(mail.subject).toContain('Demo Shop')
    expect(mail.text).toContain('Pia')
    expect(mail.text).toContain('https://x.test/opt_in/1.abc')
    expect(mail.html.match(/<p>/g)!.length).toBeGreaterThanOrEqual(3)
    if (locale !== 'en') {
      expect(mail.subject).not.toBe(english.subject)
      expect(mail.text).not.toContain('Confirm email address')
    }
  })

  test('the html carries the language; Arabic is right to left; an unknown or browser-style tag is read', () => {
    expect(confirmationMail('ar', p).html).toContain('<html lang="ar" dir="rtl"><body dir="rtl" lang="ar"')
    expect(confirmationMail('pt_br', p).html).toContain('<html lang="pt-BR">')
    expect(confirmationMail('pt-BR', p).subject).toBe(confirmationMail('pt_br', p).subject)
    expect(confirmationMail('xx', p).subject).toBe(english.subject)
  })
})
