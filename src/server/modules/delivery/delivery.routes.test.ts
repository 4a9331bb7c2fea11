import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { recordOrderReversal } from '../orders/orders.service'
import { accessOf, customersOf, deliverOrder, endAccessOfOrder, extendAccess, syncMembershipGrants } from './delivery.service'

// The delivery engine and the payer area (docs/decisions/0017-delivery.md): a paid order grants once, a rerun issues nothing, a
// refund revokes, memberships and bundles grant what they include, the public order lists what was
// delivered, the delivery mail follows the product's mode, and another payer's ids answer 404.

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

/** Buys a published product with the sandbox, runs the jobs, answers the order and the payer's user id. */
async function buy(productId: number, planId: number, payer = fullPayer()) {
  const res = await submitOrder(t, { product_id: productId, pricing_plan_id: planId, payment_method: 'card', payer, terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json()
  expect((await sandboxPay(t, body.next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number; payer_user_id: number }>('select id, payer_user_id from orders where token = $1', [body.order.token])
  return { token: body.order.token as string, orderId: order!.id, payerUserId: order!.payer_user_id, payer }
}

async function signInPayer(email: string): Promise<string> {
  expect((await t.request({ method: 'POST', url: '/api/v1/app/user/send_magic_link', payload: { email } })).statusCode).toBe(204)
  const [mail] = await sql<{ html: string }>('select html from email_logs where lower("to") = lower($1) and kind = $2 order by id desc limit 1', [email, 'magic_link'])
  const token = /magic_link_token=([A-Za-z0-9_-]+)/.exec(mail!.html)![1]
  const res = await t.request({ method: 'POST', url: '/api/v1/app/session/magic_link', payload: { token, fingerprint: 'fp-payer-delivery-1' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().access_token
}

const publicOrder = async (token: string) => (await t.request({ method: 'GET', url: `/api/v1/shop/orders/${token}` })).json()

describe('delivered in the payment\'s transaction (docs/decisions/0092-delivery-in-the-payment-transaction.md)', () => {
  const payFor = async (productId: number, planId: number) => {
    const res = await submitOrder(t, { product_id: productId, pricing_plan_id: planId, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
    const [order] = await sql<{ id: number; payment_state: string }>('select id, payment_state from orders where token = $1', [res.json().order.token])
    return order!
  }
  const pendingDeliveryJobs = async (orderId: number) =>
    (await sql<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'delivery.order-paid' and state < 'active' and (data->>'orderId')::int = $1`, [orderId]))[0]!.n

  test('the payment\'s answer finds the access granted, with no job run and none left to run', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(1_900)] })
    const order = await payFor(product.id, product.pricing_plans[0].id)
    expect(await sql('select product_id, state from access_grants where order_id = $1', [order.id])).toEqual([{ product_id: product.id, state: 'active' }])
    expect(await sql('select count(*)::int as n from order_deliveries where order_id = $1', [order.id])).toEqual([{ n: 1 }])
    expect(await pendingDeliveryJobs(order.id)).toBe(0)
  })

  test('a delivery that fails leaves the payment recorded and nothing of itself; its job delivers it later', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(2_100)] })
    const emit = t.deps.platformEvents.emit
    // Fails after the grants were written: the savepoint must take them back.
    t.deps.platformEvents.emit = async (deps, tx, event) => {
      if (event.type === 'access.granted') throw new Error('an outside failure while delivering')
      return emit.call(t.deps.platformEvents, deps, tx, event)
    }
    let order: { id: number; payment_state: string }
    try {
      order = await payFor(product.id, product.pricing_plans[0].id)
    } finally {
      t.deps.platformEvents.emit = emit
    }
    expect(order.payment_state).toBe('paid')
    expect(await sql('select count(*)::int as n from access_grants where order_id = $1', [order.id])).toEqual([{ n: 0 }])
    expect(await sql('select count(*)::int as n from order_deliveries where order_id = $1', [order.id])).toEqual([{ n: 0 }])
    expect(await pendingDeliveryJobs(order.id)).toBe(1)
    await t.deps.jobs.drain()
    expect(await sql('select product_id, state from access_grants where order_id = $1', [order.id])).toEqual([{ product_id: product.id, state: 'active' }])
  })
})

describe('the delivery job', () => {
  test('a paid order grants its product once; running the job twice issues nothing twice', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(2_500)] })
    const { orderId, payerUserId, token, payer } = await buy(product.id, product.pricing_plans[0].id)
    const grants = await sql('select product_id, state, via_product_id from access_grants where order_id = $1', [orderId])
    expect(grants).toEqual([{ product_id: product.id, state: 'active', via_product_id: null }])
    expect(await accessOf(t.deps.db, payerUserId, product.id)).toMatchObject({ orderId, expiresAt: null })

    await deliverOrder(t.deps, { orderId })
    await deliverOrder(t.deps, { orderId })
    await t.deps.jobs.drain()
    expect(await sql('select count(*)::int as n from access_grants where order_id = $1', [orderId])).toEqual([{ n: 1 }])
    expect(await sql('select event from delivery_events where order_id = $1 order by id', [orderId]))
      .toEqual([{ event: 'delivered' }, { event: 'granted' }, { event: 'email_queued' }])
    const mails = await sql('select kind, subject from email_logs where "to" = $1 order by id', [payer.email])
    expect(mails).toEqual([{ kind: 'order_confirmation', subject: `Your order: ${product.name}` }, { kind: 'order_delivery', subject: `Your purchase is ready: ${product.name}` }])

    const view = await publicOrder(token)
    expect(view.deliverables).toEqual({
      license_keys: [], payment_tickets: [], downloads: [], certificates: [], access_url: null,
      products: [{ product_id: product.id, name: product.name, form: 'digital', access_url: null }],
    })
  })

  test('an unpaid order delivers nothing and shows no deliverables', async () => {
    const product = await publishedProduct(t, seller.accessToken)
    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    const [order] = await sql<{ id: number }>('select id from orders where token = $1', [res.json().order.token])
    await deliverOrder(t.deps, { orderId: order!.id })
    expect(await sql('select count(*)::int as n from access_grants where order_id = $1', [order!.id])).toEqual([{ n: 0 }])
    expect((await publicOrder(res.json().order.token)).deliverables).toBeNull()
  })

  test('a membership and a bundle grant every included product', async () => {
    const course = await publishedProduct(t, seller.accessToken, { form: 'course' })
    const digital = await publishedProduct(t, seller.accessToken)
    const membership = await publishedProduct(t, seller.accessToken, { form: 'membership', addons: [{ product_id: course.id, kind: 'bundle' }, { product_id: digital.id, kind: 'bundle' }] })
    const bundle = await publishedProduct(t, seller.accessToken, { form: 'bundle', addons: [{ product_id: digital.id, kind: 'bundle' }] })

    const m = await buy(membership.id, membership.pricing_plans[0].id)
    const granted = await sql('select product_id, via_product_id from access_grants where order_id = $1 order by id', [m.orderId])
    expect(granted).toEqual([
      { product_id: membership.id, via_product_id: null }, { product_id: course.id, via_product_id: membership.id }, { product_id: digital.id, via_product_id: membership.id },
    ])
    expect(await accessOf(t.deps.db, m.payerUserId, course.id)).not.toBeNull()
    const view = await publicOrder(m.token)
    expect(view.deliverables.access_url).toBe(`http://localhost:3000/payer/s/${seller.sellerId}`)
    expect(view.deliverables.products.find((p: any) => p.product_id === course.id).access_url)
      .toBe(`http://localhost:3000/s/${seller.username}/courses/${course.slug}`)

    const b = await buy(bundle.id, bundle.pricing_plans[0].id)
    expect(await sql('select product_id from access_grants where order_id = $1 order by id', [b.orderId])).toEqual([{ product_id: bundle.id }, { product_id: digital.id }])
    expect(await accessOf(t.deps.db, b.payerUserId, course.id)).toBeNull()
    expect(await accessOf(t.deps.db, b.payerUserId, digital.id)).not.toBeNull()
  })

  test('a membership follows its current products: one added later is granted to earlier members, one taken out is revoked; a refunded member gets nothing', async () => {
    const course = await publishedProduct(t, seller.accessToken, { form: 'course' })
    const later = await publishedProduct(t, seller.accessToken, { form: 'course' })
    const membership = await publishedProduct(t, seller.accessToken, { form: 'membership', addons: [{ product_id: course.id, kind: 'bundle' }] })
    const member = await buy(membership.id, membership.pricing_plans[0].id)
    const refunded = await buy(membership.id, membership.pricing_plans[0].id)
    await t.deps.db.transaction((tx) => recordOrderReversal(t.deps, tx, refunded.orderId, 'payment_refunded'))
    await t.deps.jobs.drain()
    expect(await accessOf(t.deps.db, member.payerUserId, later.id)).toBeNull()

    const setAddons = async (addons: { product_id: number; kind: 'bundle' }[]) => {
      const res = await t.request({ method: 'PATCH', url: `/api/v1/cabinet/products/${membership.id}`, token: seller.accessToken, payload: { addons } })
      expect(res.statusCode, res.body).toBe(200)
      await t.deps.jobs.drain()
    }
    await setAddons([{ product_id: course.id, kind: 'bundle' }, { product_id: later.id, kind: 'bundle' }])
    expect(await accessOf(t.deps.db, member.payerUserId, later.id)).toMatchObject({ orderId: member.orderId })
    expect(await sql('select via_product_id, state from access_grants where order_id = $1 and product_id = $2', [member.orderId, later.id]))
      .toEqual([{ via_product_id: membership.id, state: 'active' }])
    expect(await accessOf(t.deps.db, refunded.payerUserId, later.id)).toBeNull()

    await setAddons([{ product_id: later.id, kind: 'bundle' }])
    expect(await accessOf(t.deps.db, member.payerUserId, course.id)).toBeNull()
    expect(await accessOf(t.deps.db, member.payerUserId, later.id)).not.toBeNull()
    expect(await sql('select state, reason from access_grants where order_id = $1 and product_id = $2', [member.orderId, course.id]))
      .toEqual([{ state: 'revoked', reason: 'removed_from_membership' }])
    // The job compares grants with the products: a rerun changes nothing.
    expect(await syncMembershipGrants(t.deps, { productId: membership.id })).toEqual({ granted: 0, revoked: 0 })
  })

  test('a refund revokes the access and the deliverables; the revocation runs once', async () => {
    const course = await publishedProduct(t, seller.accessToken, { form: 'course' })
    const membership = await publishedProduct(t, seller.accessToken, { form: 'membership', addons: [{ product_id: course.id, kind: 'bundle' }] })
    const { orderId, payerUserId, token } = await buy(membership.id, membership.pricing_plans[0].id)
    expect(await accessOf(t.deps.db, payerUserId, course.id)).not.toBeNull()

    await t.deps.db.transaction((tx) => recordOrderReversal(t.deps, tx, orderId, 'payment_refunded'))
    await t.deps.jobs.drain()
    expect(await accessOf(t.deps.db, payerUserId, course.id)).toBeNull()
    expect(await accessOf(t.deps.db, payerUserId, membership.id)).toBeNull()
    expect(await sql('select distinct state, reason from access_grants where order_id = $1', [orderId])).toEqual([{ state: 'revoked', reason: 'refund' }])
    expect(await sql(`select count(*)::int as n from delivery_events where order_id = $1 and event = 'revoked'`, [orderId])).toEqual([{ n: 2 }])
    expect((await publicOrder(token)).deliverables).toBeNull()
    // a rerun of the delivery after the refund grants nothing again
    await deliverOrder(t.deps, { orderId })
    expect(await accessOf(t.deps.db, payerUserId, course.id)).toBeNull()
  })

  test('the end of a subscription ends access; the seller extends it again; customers are listed', async () => {
    const course = await publishedProduct(t, seller.accessToken, { form: 'course' })
    const { orderId, payerUserId, payer } = await buy(course.id, course.pricing_plans[0].id)
    const later = new Date(Date.now() + 7 * 86_400_000)
    await t.deps.db.transaction((tx) => endAccessOfOrder(tx, orderId, 'subscription_canceled', later))
    expect(await accessOf(t.deps.db, payerUserId, course.id)).toMatchObject({ expiresAt: later })
    expect(await accessOf(t.deps.db, payerUserId, course.id, new Date(later.getTime() + 1000))).toBeNull()
    await t.deps.db.transaction((tx) => endAccessOfOrder(tx, orderId, 'subscription_ended'))
    expect(await accessOf(t.deps.db, payerUserId, course.id)).toBeNull()

    expect(await customersOf(t.deps.db, seller.sellerId, course.id)).toEqual([
      expect.objectContaining({ payer_user_id: payerUserId, email: payer.email, name: 'Pia Payer' }),
    ])
    expect(await customersOf(t.deps.db, other.sellerId, course.id)).toEqual([])
    expect(await t.deps.db.transaction((tx) => extendAccess(tx, other.sellerId, course.id, [payerUserId], null))).toBe(0)
    expect(await t.deps.db.transaction((tx) => extendAccess(tx, seller.sellerId, course.id, [payerUserId], null))).toBe(1)
    expect(await accessOf(t.deps.db, payerUserId, course.id)).toMatchObject({ orderId, expiresAt: null })
  })
})

describe('delivery email modes', () => {
  test('custom_email fills the placeholders; no_email sends no delivery mail', async () => {
    const custom = await publishedProduct(t, seller.accessToken)
    const bad = await t.request({ method: 'PUT', url: `/api/v1/cabinet/products/${custom.id}/delivery`, token: seller.accessToken, payload: { email_mode: 'custom_email' } })
    expect(bad.statusCode).toBe(400)
    const saved = await t.request({
      method: 'PUT', url: `/api/v1/cabinet/products/${custom.id}/delivery`, token: seller.accessToken,
      payload: { email_mode: 'custom_email', custom_subject: 'Hi {first_name}: {product_name}', custom_body: 'Order {order_number} is yours.\n\nKeep {unknown} as is.' },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ email_mode: 'custom_email', placeholders: expect.arrayContaining(['first_name', 'access_url']) })
    expect((await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${custom.id}/delivery`, token: other.accessToken })).statusCode).toBe(404)

    const bought = await buy(custom.id, custom.pricing_plans[0].id)
    const [mail] = await sql<{ subject: string; text: string }>(`select subject, text from email_logs where "to" = $1 and kind = 'order_delivery'`, [bought.payer.email])
    expect(mail!.subject).toBe(`Hi Pia: ${custom.name}`)
    expect(mail!.text).toContain(`Order ${bought.orderId} is yours.`)
    expect(mail!.text).toContain('Keep {unknown} as is.')

    const silent = await publishedProduct(t, seller.accessToken)
    await t.request({ method: 'PUT', url: `/api/v1/cabinet/products/${silent.id}/delivery`, token: seller.accessToken, payload: { email_mode: 'no_email' } })
    const quiet = await buy(silent.id, silent.pricing_plans[0].id)
    expect(await sql('select kind from email_logs where "to" = $1 order by id', [quiet.payer.email])).toEqual([{ kind: 'order_confirmation' }])
    expect(await accessOf(t.deps.db, quiet.payerUserId, silent.id)).not.toBeNull()
  })

  test('the delivery mail is in the order\'s language (the payer\'s when ordering), not the account\'s', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(1_500)] })
    const payer = fullPayer()
    /** Orders with the payer's language in Content-Language, as the shop page sends it, and pays with the sandbox. */
    const buyIn = async (language: string) => {
      const res = await t.request({
        method: 'POST', url: '/api/v1/shop/orders', headers: { 'idempotency-key': randomUUID(), 'content-language': language },
        payload: { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer, terms_accepted: true },
      })
      expect(res.statusCode, res.body).toBe(201)
      expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
      await t.deps.jobs.drain()
      const [order] = await sql<{ id: number; locale: string }>('select id, locale from orders where token = $1', [res.json().order.token])
      return order!
    }
    const deliveryMails = () => sql<{ kind: string; locale: string; subject: string }>(
      `select kind, locale, subject from email_logs where "to" = $1 and kind = 'order_delivery' order by id`, [payer.email])

    const polish = await buyIn('pl')
    expect(polish.locale).toBe('pl')
    expect(await deliveryMails()).toEqual([{ kind: 'order_delivery', locale: 'pl', subject: `Zakup jest gotowy: ${product.name}` }])
    const [mail] = await sql<{ html: string; text: string }>(`select html, text from email_logs where "to" = $1 and kind = 'order_delivery'`, [payer.email])
    expect(mail!.html).toContain('<html lang="pl">')
    expect(mail!.text).toContain('Dziękujemy za zakup')

    // The payer's account keeps the language of their first order (pl); the next order, made in German, is mailed in German.
    expect(await sql('select locale from users where lower(email) = lower($1)', [payer.email])).toEqual([{ locale: 'pl' }])
    await buyIn('de-AT')
    expect((await deliveryMails())[1]).toEqual({ kind: 'order_delivery', locale: 'de', subject: `Dein Kauf ist bereit: ${product.name}` })
  })

  // The seller's own mail per language (docs/decisions/0095-product-translations.md).
  test('the custom mail\'s translations are saved, kept when left out, replaced when sent and cleared; locale keys and base rules only', async () => {
    const product = await publishedProduct(t, seller.accessToken)
    const put = (payload: object) => t.request({ method: 'PUT', url: `/api/v1/cabinet/products/${product.id}/delivery`, token: seller.accessToken, payload })
    const base = { email_mode: 'custom_email', custom_subject: 'Your {product_name}', custom_body: 'Thank you, {first_name}.' }
    expect((await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${product.id}/delivery`, token: seller.accessToken })).json().translations).toEqual({})
    const saved = await put({
      ...base,
      translations: {
        pl: { custom_subject: ' Twój {product_name} ', custom_body: '<p>Dziękujemy, {first_name}.</p><script>alert(1)</script>' },
        de: { custom_subject: 'Ihr {product_name}', custom_body: '' }, fr: { custom_subject: null },
      },
    })
    expect(saved.statusCode, saved.body).toBe(400) // a script tag is refused, as in the base body
    const ok = await put({
      ...base,
      translations: {
        pl: { custom_subject: ' Twój {product_name} ', custom_body: '<p onclick="x()">Dziękujemy, <b>{first_name}</b>.</p>' },
        de: { custom_subject: 'Ihr {product_name}', custom_body: '' }, fr: { custom_subject: null },
      },
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().translations).toEqual({
      pl: { custom_subject: 'Twój {product_name}', custom_body: '<p>Dziękujemy, <b>{first_name}</b>.</p>' },
      de: { custom_subject: 'Ihr {product_name}', custom_body: null },
    })
    const kept = await put({ ...base, custom_subject: 'Yours: {product_name}' })
    expect(kept.json()).toMatchObject({ custom_subject: 'Yours: {product_name}', translations: ok.json().translations })
    expect((await put({ ...base, translations: { es: { custom_body: 'Gracias.' } } })).json().translations).toEqual({ es: { custom_subject: null, custom_body: 'Gracias.' } })
    expect((await put({ ...base, translations: null })).json().translations).toEqual({})
    await put({ ...base, translations: { de: { custom_subject: 'X' } } })
    expect((await put({ ...base, translations: {} })).json().translations).toEqual({})
    for (const translations of [{ xx: { custom_subject: 'T' } }, { 'pt-br': { custom_subject: 'T' } }, { de: { custom_subject: 'T', extra: 'x' } }, { de: { custom_subject: 'x'.repeat(201) } }]) {
      expect((await put({ ...base, translations })).statusCode, JSON.stringify(translations)).toBe(400)
    }
  })

  test('a Polish order\'s custom mail is the Polish text; a text not translated falls back to the base', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(1_200)] })
    const saved = await t.request({
      method: 'PUT', url: `/api/v1/cabinet/products/${product.id}/delivery`, token: seller.accessToken,
      payload: {
        email_mode: 'custom_email', custom_subject: 'Your {product_name}', custom_body: 'Thank you, {first_name}.',
        translations: { pl: { custom_subject: 'Twój zakup: {product_name}', custom_body: 'Dziękujemy, {first_name}!\n\nZamówienie {order_number}.' }, de: { custom_subject: 'Ihr Kauf: {product_name}' } },
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const buyIn = async (language: string) => {
      const payer = fullPayer()
      const res = await t.request({
        method: 'POST', url: '/api/v1/shop/orders', headers: { 'idempotency-key': randomUUID(), 'content-language': language },
        payload: { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer, terms_accepted: true },
      })
      expect(res.statusCode, res.body).toBe(201)
      expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
      await t.deps.jobs.drain()
      const [order] = await sql<{ id: number }>('select id from orders where token = $1', [res.json().order.token])
      const [mail] = await sql<{ locale: string; subject: string; text: string; html: string }>(
        `select locale, subject, text, html from email_logs where "to" = $1 and kind = 'order_delivery'`, [payer.email])
      return { orderId: order!.id, mail: mail! }
    }
    const polish = await buyIn('pl')
    expect(polish.mail.locale).toBe('pl')
    expect(polish.mail.subject).toBe(`Twój zakup: ${product.name}`)
    expect(polish.mail.text).toContain('Dziękujemy, Pia!')
    expect(polish.mail.text).toContain(`Zamówienie ${polish.orderId}.`)
    expect(polish.mail.html).toContain('<html lang="pl">')
    // German: the subject translated, the body the base text
    const german = await buyIn('de')
    expect(german.mail.subject).toBe(`Ihr Kauf: ${product.name}`)
    expect(german.mail.text).toContain('Thank you, Pia.')
    // Italian: nothing translated, the base texts
    const italian = await buyIn('it')
    expect(italian.mail.subject).toBe(`Your ${product.name}`)
    expect(italian.mail.text).toContain('Thank you, Pia.')
  })
})

describe('the payer area', () => {
  test('lists what the payer bought, grouped by seller; another payer\'s seller page and orders answer 404', async () => {
    const product = await publishedProduct(t, seller.accessToken)
    const theirs = await publishedProduct(t, other.accessToken)
    const mine = await buy(product.id, product.pricing_plans[0].id)
    const stranger = await buy(theirs.id, theirs.pricing_plans[0].id)
    const token = await signInPayer(mine.payer.email)

    expect((await t.request({ method: 'GET', url: '/api/v1/payer/purchases' })).statusCode).toBe(401)
    const overview = await t.request({ method: 'GET', url: '/api/v1/payer/purchases', token })
    expect(overview.statusCode, overview.body).toBe(200)
    expect(overview.json().sellers).toEqual([
      expect.objectContaining({ seller_id: seller.sellerId, username: seller.username, purchases: [expect.objectContaining({ product_id: product.id, state: 'active', order_token: mine.token })] }),
    ])
    const page = await t.request({ method: 'GET', url: `/api/v1/payer/sellers/${seller.sellerId}`, token })
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json().orders).toEqual([expect.objectContaining({ token: mine.token, manage_url: `/s/${seller.username}/payment/${mine.token}/manage` })])

    expect((await t.request({ method: 'GET', url: `/api/v1/payer/sellers/${other.sellerId}`, token })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/api/v1/payer/orders/${stranger.token}`, token })).statusCode).toBe(404)
    expect((await t.request({ method: 'POST', url: `/api/v1/payer/orders/${stranger.token}/cancel`, token, payload: {} })).statusCode).toBe(404)
    const manage = await t.request({ method: 'GET', url: `/api/v1/payer/orders/${mine.token}`, token })
    expect(manage.statusCode, manage.body).toBe(200)
    expect(manage.json()).toMatchObject({ token: mine.token, payment_state: 'paid', can_cancel: false, rates: [] })
  })

  test('a refund (orders.recordOrderReversal; no seller refund route yet) leaves the purchase in /payer as revoked, with no way in', async () => {
    const course = await publishedProduct(t, seller.accessToken, { form: 'course' })
    const membership = await publishedProduct(t, seller.accessToken, { form: 'membership', addons: [{ product_id: course.id, kind: 'bundle' }] })
    const bought = await buy(membership.id, membership.pricing_plans[0].id)
    const token = await signInPayer(bought.payer.email)
    const before = (await t.request({ method: 'GET', url: '/api/v1/payer/purchases', token })).json().sellers[0].purchases
    expect(before.map((p: { state: string; access_url: string | null }) => [p.state, p.access_url !== null])).toEqual([['active', true], ['active', true]])

    await t.deps.db.transaction((tx) => recordOrderReversal(t.deps, tx, bought.orderId, 'payment_refunded'))
    await t.deps.jobs.drain()
    const after = (await t.request({ method: 'GET', url: '/api/v1/payer/purchases', token })).json().sellers[0].purchases
    expect(after.map((p: { product_id: number; state: string; access_url: string | null }) => [p.product_id, p.state, p.access_url]).sort())
      .toEqual([[course.id, 'revoked', null], [membership.id, 'revoked', null]].sort())
    const page = (await t.request({ method: 'GET', url: `/api/v1/payer/sellers/${seller.sellerId}`, token })).json()
    expect(page.orders).toEqual([expect.objectContaining({ token: bought.token, payment_state: 'payment_refunded' })])
  })

  test('a subscription is canceled by its payer when the seller allows it: future rates skipped, access to the paid period', async () => {
    const plan = { form: 'subscription', currency_id: 'eur', price: 900, interval: '1m' }
    const product = await publishedProduct(t, seller.accessToken, { form: 'course', pricing_plans: [plan] })
    const bought = await buy(product.id, product.pricing_plans[0].id)
    const token = await signInPayer(bought.payer.email)
    const before = await t.request({ method: 'GET', url: `/api/v1/payer/orders/${bought.token}`, token })
    expect(before.json()).toMatchObject({ can_cancel: false, rates: expect.arrayContaining([expect.objectContaining({ state: 'future' })]) })
    expect((await t.request({ method: 'POST', url: `/api/v1/payer/orders/${bought.token}/cancel`, token, payload: {} })).statusCode).toBe(403)

    const setting = await t.request({ method: 'PUT', url: '/api/v1/cabinet/settings/payment_management', token: seller.accessToken, payload: { payers_may_cancel: true } })
    expect(setting.statusCode, setting.body).toBe(200)
    const canceled = await t.request({ method: 'POST', url: `/api/v1/payer/orders/${bought.token}/cancel`, token, payload: {} })
    expect(canceled.statusCode, canceled.body).toBe(200)
    const body = canceled.json()
    expect(body).toMatchObject({ can_cancel: false, payment_state: 'payment_canceled' })
    expect(body.rates[0].state).toBe('paid')
    expect(body.rates.slice(1).every((r: { state: string }) => r.state === 'skipped')).toBe(true)
    expect(body.access_until).toBe(body.rates[1].due_date)
    expect(await accessOf(t.deps.db, bought.payerUserId, product.id)).not.toBeNull()
    expect(await accessOf(t.deps.db, bought.payerUserId, product.id, new Date(new Date(body.access_until).getTime() + 1000))).toBeNull()
  })
})
