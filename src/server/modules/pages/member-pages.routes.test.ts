import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// Member pages (docs/decisions/0069-member-pages.md): a course's active `course` page and a membership's
// `membership` page, served at /s/{username}/courses/{slug}/page to the signed-in payer with access only; a
// page of another seller or a product's page that is not the payer's is never shown; a page that fails to
// render answers 204 (logged) so the course player keeps its own view. Also: course and membership pages may
// name their product, and the payer area opens a membership with a page there.

let t: TestApp
let seller: TestSeller
let other: TestSeller
let course: { id: number; slug: string; pricing_plans: { id: number }[] }
let lessonId: number
let extra: { id: number; slug: string; pricing_plans: { id: number }[] }
let digital: { id: number; slug: string }
let membership: { id: number; slug: string; pricing_plans: { id: number }[] }
let member: { token: string }
let courseBuyer: { token: string }
let stranger: { token: string }

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) })

/** A page built, published and made active through the API; its id. */
async function activePage(owner: TestSeller, pageType: string, blocks: object[], productId?: number): Promise<number> {
  const made = await call(owner.accessToken, 'POST', '/cabinet/pages', { page_type: pageType, name: `My ${pageType}`, ...(productId ? { product_id: productId } : {}) })
  expect(made.statusCode, made.body).toBe(201)
  const id = made.json().id as number
  const saved = await call(owner.accessToken, 'PUT', `/cabinet/pages/${id}/draft`, { page_type: pageType, document: { blocks } })
  expect(saved.statusCode, saved.body).toBe(200)
  expect((await call(owner.accessToken, 'POST', `/cabinet/pages/${id}/publish`)).statusCode).toBe(200)
  expect((await call(owner.accessToken, 'POST', `/cabinet/pages/${id}/activate`)).statusCode).toBe(200)
  return id
}

async function signInPayer(email: string): Promise<string> {
  expect((await t.request({ method: 'POST', url: '/api/v1/app/user/send_magic_link', payload: { email } })).statusCode).toBe(204)
  const [mail] = await sql<{ html: string }>('select html from email_logs where lower("to") = lower($1) and kind = $2 order by id desc limit 1', [email, 'magic_link'])
  const token = /magic_link_token=([A-Za-z0-9_-]+)/.exec(mail!.html)![1]
  const res = await t.request({ method: 'POST', url: '/api/v1/app/session/magic_link', payload: { token, fingerprint: 'fp-member-pages-1' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().access_token
}

async function buy(product: { id: number; pricing_plans: { id: number }[] }, payer = fullPayer()) {
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer, terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  return { token: await signInPayer(payer.email) }
}

const memberPage = (token: string | null, username: string, slug: string) =>
  t.request({ method: 'GET', url: `/s/${username}/courses/${slug}/page`, headers: { accept: 'text/html' }, ...(token ? { token } : {}) })

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
  course = await publishedProduct(t, seller.accessToken, { form: 'course', name: 'Watercolour course', pricing_plans: [oneTimePlan(4900)] })
  const module = (await call(seller.accessToken, 'POST', `/cabinet/products/${course.id}/course/modules`, { title: 'Basics' })).json()
  const lesson = await call(seller.accessToken, 'POST', `/cabinet/products/${course.id}/course/modules/${module.id}/lessons`, { title: 'Intro', blocks: [{ kind: 'text', html: '<p>Hi</p>' }] })
  expect(lesson.statusCode, lesson.body).toBe(201)
  lessonId = lesson.json().id
  extra = await publishedProduct(t, seller.accessToken, { form: 'course', name: 'Ink course', pricing_plans: [oneTimePlan(2900)] })
  digital = await publishedProduct(t, seller.accessToken, { name: 'Brush set guide' })
  membership = await publishedProduct(t, seller.accessToken, {
    form: 'membership', name: 'Studio club', pricing_plans: [oneTimePlan(9900)],
    addons: [{ product_id: extra.id, kind: 'bundle' }, { product_id: digital.id, kind: 'bundle' }],
  })
  member = await buy(membership)
  courseBuyer = await buy(course)
  stranger = await buy(extra)
})

afterAll(async () => {
  await t?.close()
})

describe('course and membership pages name their product', () => {
  test('a course page may name one of the seller\'s courses, or none; not another form, not another seller\'s product', async () => {
    const of = (token: string, body: object) => call(token, 'POST', '/cabinet/pages', { name: 'P', ...body })
    expect((await of(seller.accessToken, { page_type: 'course', product_id: course.id })).statusCode).toBe(201)
    expect((await of(seller.accessToken, { page_type: 'course' })).statusCode).toBe(201)
    expect((await of(seller.accessToken, { page_type: 'membership', product_id: membership.id })).statusCode).toBe(201)
    const wrongForm = await of(seller.accessToken, { page_type: 'course', product_id: membership.id })
    expect(wrongForm.statusCode, wrongForm.body).toBe(422)
    expect(wrongForm.body).toContain('product_id')
    expect((await of(other.accessToken, { page_type: 'course', product_id: course.id })).statusCode).toBe(404)
    // The shop still takes no product (the request's shape: 400).
    expect((await of(seller.accessToken, { page_type: 'shop', product_id: course.id })).statusCode).toBe(400)
  })
})

describe.runIf(existsSync('dist/storefront/server/entry-server.js'))('member pages with the storefront built', () => {
  test('a course\'s active course page: shown to its payer (no header or footer), its lesson link leads to the lesson', async () => {
    await activePage(seller, 'course', [
      { id: 'hello', kind: 'text', settings: { html: '<p>Welcome to watercolours</p>' } },
      { id: 'go', kind: 'button', settings: { button: { type: 'lessonLink', text: 'Start the first lesson', product_id: course.id, lesson_id: lessonId } } },
    ], course.id)
    const res = await memberPage(courseBuyer.token, seller.username, course.slug)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['x-page-type']).toBe('course')
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.body).toContain('Welcome to watercolours')
    expect(res.body).toContain(`href="/s/${seller.username}/courses/${course.slug}?lesson=${lessonId}"`)
    expect(res.body).toContain('<base target="_top">')
    expect(res.body).toContain('noindex')
    expect(res.body).not.toContain('sf-built-header')
  })

  test('nobody else sees it: signed out 401, another payer and the member of something else nothing (204)', async () => {
    expect((await memberPage(null, seller.username, course.slug)).statusCode).toBe(401)
    expect((await memberPage(stranger.token, seller.username, course.slug)).statusCode).toBe(204)
    expect((await memberPage(member.token, seller.username, course.slug)).statusCode).toBe(204)
    // Another seller's username with this slug names no course of theirs.
    expect((await memberPage(courseBuyer.token, other.username, course.slug)).statusCode).toBe(204)
  })

  test('another seller\'s page is never shown; the seller\'s page for all courses serves a course without its own', async () => {
    const otherCourse = await publishedProduct(t, other.accessToken, { form: 'course', name: 'Other course', pricing_plans: [oneTimePlan(1000)] })
    await activePage(other, 'course', [{ id: 'x', kind: 'text', settings: { html: '<p>Not this seller</p>' } }])
    expect(otherCourse.id).toBeGreaterThan(0)
    // The stranger owns `extra` (a course of `seller`): no page yet, then the seller's page for every course.
    expect((await memberPage(stranger.token, seller.username, extra.slug)).statusCode).toBe(204)
    await activePage(seller, 'course', [{ id: 'all', kind: 'text', settings: { html: '<p>Every course starts here</p>' } }])
    const res = await memberPage(stranger.token, seller.username, extra.slug)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.body).toContain('Every course starts here')
    expect(res.body).not.toContain('Not this seller')
    // The course with its own page keeps it.
    expect((await memberPage(courseBuyer.token, seller.username, course.slug)).body).toContain('Welcome to watercolours')
  })

  test('a membership\'s page: members see it with their products linked to their access; non-members do not', async () => {
    expect((await memberPage(member.token, seller.username, membership.slug)).statusCode).toBe(204) // no page yet
    await activePage(seller, 'membership', [
      { id: 'head', kind: 'header', settings: { title: 'Studio club' } },
      { id: 'mine', kind: 'products', settings: { source: 'membership_products', view: 'list' } },
    ], membership.id)
    const res = await memberPage(member.token, seller.username, membership.slug)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['x-page-type']).toBe('membership')
    expect(res.body).toContain('Ink course')
    expect(res.body).toContain('Brush set guide')
    expect(res.body).toContain(`href="/s/${seller.username}/courses/${extra.slug}"`)
    expect(res.body).toContain(`href="/payer/s/${seller.sellerId}"`)
    expect(res.body).not.toContain(`/${extra.slug}/payment`)
    expect((await memberPage(courseBuyer.token, seller.username, membership.slug)).statusCode).toBe(204)
    expect((await memberPage(null, seller.username, membership.slug)).statusCode).toBe(401)
  })

  test('paid, but its delivery left to the job (the one in the payment failed): 409, then the member page once delivered', async () => {
    const payer = fullPayer()
    const res = await submitOrder(t, { product_id: membership.id, pricing_plan_id: membership.pricing_plans[0]!.id, payment_method: 'card', payer, terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
    // docs/decisions/0092-delivery-in-the-payment-transaction.md: the payment delivers at once unless that fails.
    const inPayment = vi.spyOn(t.deps.orderDelivery, 'deliverInPayment').mockResolvedValueOnce(false)
    try {
      expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
    } finally {
      inPayment.mockRestore()
    }
    const token = await signInPayer(payer.email)
    expect((await memberPage(token, seller.username, membership.slug)).statusCode).toBe(409)
    await t.deps.jobs.drain()
    expect((await memberPage(token, seller.username, membership.slug)).statusCode).toBe(200)
  })

  test('the payer area opens a membership with a page at its member area', async () => {
    const overview = await t.request({ method: 'GET', url: '/api/v1/payer/purchases', token: member.token })
    expect(overview.statusCode, overview.body).toBe(200)
    const purchases = overview.json().sellers.flatMap((s: any) => s.purchases)
    const club = purchases.find((p: any) => p.product_id === membership.id)
    expect(club.access_url).toBe(`${t.deps.config.appUrl}/s/${seller.username}/courses/${membership.slug}`)
  })

  test('a membership with a page: the order\'s deliverables and its delivery mail open the member area', async () => {
    const payer = fullPayer()
    const res = await submitOrder(t, { product_id: membership.id, pricing_plan_id: membership.pricing_plans[0]!.id, payment_method: 'card', payer, terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
    expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
    await t.deps.jobs.drain()
    const area = `${t.deps.config.appUrl}/s/${seller.username}/courses/${membership.slug}`
    const order = (await t.request({ method: 'GET', url: `/api/v1/shop/orders/${res.json().order.token}` })).json()
    expect(order.deliverables.access_url).toBe(area)
    expect(order.deliverables.products.find((p: any) => p.product_id === membership.id).access_url).toBe(area)
    // the included course opens in its player; the included download has no address of its own
    expect(order.deliverables.products.find((p: any) => p.product_id === extra.id).access_url).toBe(`${t.deps.config.appUrl}/s/${seller.username}/courses/${extra.slug}`)
    const [mail] = await sql<{ html: string }>('select html from email_logs where lower("to") = lower($1) and kind = $2', [payer.email, 'order_delivery'])
    expect(mail!.html).toContain(area)
  })

  test('a member page that fails to render answers nothing (204, logged), never a 500', async () => {
    const broken = await activePage(seller, 'course', [{ id: 'ok', kind: 'text', settings: { html: '<p>Fine</p>' } }], course.id)
    await t.deps.database.executeSql(`update page_versions set document = jsonb_set(document, '{blocks,0,settings}', 'null'::jsonb) where page_id = $1`, [broken])
    const res = await memberPage(courseBuyer.token, seller.username, course.slug)
    expect(res.statusCode).toBe(204)
    // The course player itself still answers.
    expect((await t.request({ method: 'GET', url: `/api/v1/payer/courses/${seller.username}/${course.slug}`, token: courseBuyer.token })).statusCode).toBe(200)
  })
})
