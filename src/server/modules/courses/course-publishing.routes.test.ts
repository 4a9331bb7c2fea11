import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { publishDueLessons } from './course-publishing.service'

// Publishing dripped lessons (decision 0024, docs/reference/accounts-and-orders.md §4 course access publish and notify states): the job
// makes one publication per customer and dripped lesson, opens it at its time with exactly one lesson mail
// (run twice or twice at once), a paused drip holds lessons, access that ended cancels as outdate, and the
// seller's preview shows every lesson and writes nothing.

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp()
})
beforeEach(async () => {
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => {
  await t.close()
})

const day = 86_400
const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const request = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url: `/api/v1${url}`, token, ...(payload === undefined ? {} : { payload }) })

/** Signs the seller in again (tests move the clock past the access tokens' lifetime). */
async function sellerToken(owner: TestSeller): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: owner.email, password: owner.password, fingerprint: owner.fingerprint } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().access_token
}

async function signInPayer(email: string): Promise<string> {
  expect((await t.request({ method: 'POST', url: '/api/v1/app/user/send_magic_link', payload: { email } })).statusCode).toBe(204)
  const [mail] = await sql<{ html: string }>('select html from email_logs where lower("to") = lower($1) and kind = $2 order by id desc limit 1', [email, 'magic_link'])
  const token = /magic_link_token=([A-Za-z0-9_-]+)/.exec(mail!.html)![1]
  const res = await t.request({ method: 'POST', url: '/api/v1/app/session/magic_link', payload: { token, fingerprint: 'fp-course-publishing-1' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().access_token
}

/** A course: an open intro, a lesson a week after purchase, one on a past date, and a hidden draft. */
async function dripCourse(owner: TestSeller) {
  const product = await publishedProduct(t, owner.accessToken, { form: 'course', pricing_plans: [oneTimePlan(2_900)] })
  const base = `/cabinet/products/${product.id}/course`
  const module = (await request(owner.accessToken, 'POST', `${base}/modules`, { title: 'Weeks' })).json()
  const lessons: any[] = []
  for (const payload of [
    { title: 'Intro', blocks: [{ kind: 'text', html: '<p>Hi</p>' }] },
    { title: 'Week two', access_mode: 'duration', access_after_days: 7, blocks: [{ kind: 'text', html: '<p>Week two</p>' }] },
    { title: 'Archive', access_mode: 'endDate', access_from: new Date(t.clock.now.getTime() - day * 1000).toISOString() },
    { title: 'Draft', publish_state: 'not_for_publish', access_mode: 'duration', access_after_days: 3 },
  ]) {
    const res = await request(owner.accessToken, 'POST', `${base}/modules/${module.id}/lessons`, payload)
    expect(res.statusCode, res.body).toBe(201)
    lessons.push(res.json())
  }
  return { product, lessons, url: `/api/v1/payer/courses/${owner.username}/${product.slug}` }
}

async function buy(product: any) {
  const payer = fullPayer()
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer, terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ payer_user_id: number }>('select payer_user_id from orders where token = $1', [res.json().order.token])
  return { email: payer.email, userId: order!.payer_user_id }
}

const publicationsOf = (productId: number) =>
  sql<{ title: string; payer_user_id: number; state: string; notify_state: string }>(
    'select l.title, p.payer_user_id, p.state, p.notify_state from lesson_publications p join course_lessons l on l.id = p.lesson_id where p.product_id = $1 order by p.payer_user_id, l.id', [productId])
const lessonMails = async (email: string) => (await sql<{ n: number }>(`select count(*)::int as n from email_logs where lower("to") = lower($1) and kind = 'lesson_available'`, [email]))[0]!.n

describe('publishing dripped lessons', () => {
  test('a purchase gets a pending publication per dripped lesson (one open at purchase needs no mail); at its time the job opens it and writes one mail, run twice or twice at once', async () => {
    const course = await dripCourse(seller)
    const first = await buy(course.product)
    const second = await buy(course.product)
    expect(await publishDueLessons(t.deps)).toMatchObject({ created: 4, published: 0 })
    expect(await publicationsOf(course.product.id)).toEqual([
      { title: 'Week two', payer_user_id: first.userId, state: 'publish_pending', notify_state: 'waiting' },
      { title: 'Archive', payer_user_id: first.userId, state: 'published', notify_state: 'no_need_email' },
      { title: 'Week two', payer_user_id: second.userId, state: 'publish_pending', notify_state: 'waiting' },
      { title: 'Archive', payer_user_id: second.userId, state: 'published', notify_state: 'no_need_email' },
    ])
    // the seller's list shows the states; another seller sees none of them
    const list = await request(seller.accessToken, 'GET', `/cabinet/courses/lesson_publications?product_id=${course.product.id}&state=publish_pending`)
    expect(list.json()).toMatchObject({ total_count: 2, list: [{ lesson_title: 'Week two', state: 'publish_pending', notify_state: 'waiting' }, {}] })
    expect((await request(other.accessToken, 'GET', `/cabinet/courses/lesson_publications?product_id=${course.product.id}`)).json().total_count).toBe(0)

    t.clock.advance(7 * day + 60)
    const runs = await Promise.all([publishDueLessons(t.deps), publishDueLessons(t.deps)])
    expect(runs[0].published + runs[1].published).toBe(2)
    expect(await publishDueLessons(t.deps)).toMatchObject({ created: 0, published: 0, canceled: 0 })
    expect((await publicationsOf(course.product.id)).filter((p) => p.title === 'Week two').map((p) => [p.state, p.notify_state]))
      .toEqual([['published', 'notified'], ['published', 'notified']])
    expect(await lessonMails(first.email)).toBe(1)
    expect(await lessonMails(second.email)).toBe(1)
    const [mail] = await sql<{ subject: string; html: string }>(`select subject, html from email_logs where lower("to") = lower($1) and kind = 'lesson_available'`, [first.email])
    expect(mail!.subject).toBe('New lesson available: Week two')
    expect(mail!.html).toContain(`/s/${seller.username}/courses/${course.product.slug}`)
  })

  test('lesson mails off: the lesson opens without a mail (no_need_email)', async () => {
    const course = await dripCourse(seller)
    const buyer = await buy(course.product)
    const saved = await request(seller.accessToken, 'PUT', `/cabinet/products/${course.product.id}/course/drip`, { lesson_mails: false })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ paused: false, lesson_mails: false, drip_enabled: true })
    expect((await request(other.accessToken, 'PUT', `/cabinet/products/${course.product.id}/course/drip`, { lesson_mails: true })).statusCode).toBe(404)
    await publishDueLessons(t.deps)
    t.clock.advance(7 * day + 60)
    await publishDueLessons(t.deps)
    expect((await publicationsOf(course.product.id)).find((p) => p.title === 'Week two')).toMatchObject({ state: 'published', notify_state: 'no_need_email' })
    expect(await lessonMails(buyer.email)).toBe(0)
  })

  test('a paused drip holds the lesson closed past its date (publish_paused, player pending); resumed, it opens with its mail', async () => {
    const course = await dripCourse(seller)
    const buyer = await buy(course.product)
    const paused = await request(seller.accessToken, 'PUT', `/cabinet/products/${course.product.id}/course/drip`, { paused: true })
    expect(paused.json()).toMatchObject({ paused: true, counts: { publish_paused: 1, published: 1 } })
    t.clock.advance(7 * day + 60)
    expect(await publishDueLessons(t.deps)).toMatchObject({ published: 0 })
    expect((await publicationsOf(course.product.id)).find((p) => p.title === 'Week two')).toMatchObject({ state: 'publish_paused', notify_state: 'waiting' })
    const token = await signInPayer(buyer.email)
    const outline = (await t.request({ method: 'GET', url: course.url, token })).json()
    expect(outline.modules[0].lessons.map((l: any) => [l.title, l.status])).toEqual([['Intro', 'published'], ['Week two', 'pending'], ['Archive', 'published']])
    expect((await t.request({ method: 'GET', url: `${course.url}/lessons/${course.lessons[1].id}`, token })).statusCode).toBe(403)

    const resumed = await request(await sellerToken(seller), 'PUT', `/cabinet/products/${course.product.id}/course/drip`, { paused: false })
    expect(resumed.json()).toMatchObject({ paused: false, counts: { publish_pending: 1 } })
    expect((await t.request({ method: 'GET', url: `${course.url}/lessons/${course.lessons[1].id}`, token })).statusCode).toBe(200)
    expect(await publishDueLessons(t.deps)).toMatchObject({ published: 1 })
    expect(await lessonMails(buyer.email)).toBe(1)
  })

  test('access that ended before the lesson opened cancels it as outdate, without a mail', async () => {
    const course = await dripCourse(seller)
    const buyer = await buy(course.product)
    const until = new Date(t.clock.now.getTime() + 2 * day * 1000).toISOString()
    const ext = await request(seller.accessToken, 'POST', `/cabinet/products/${course.product.id}/course/extend_access`, { customers: 'selected', payer_user_ids: [buyer.userId], until })
    expect(ext.statusCode, ext.body).toBe(200)
    await publishDueLessons(t.deps)
    t.clock.advance(7 * day + 60)
    expect(await publishDueLessons(t.deps)).toMatchObject({ published: 0, canceled: 1 })
    expect((await publicationsOf(course.product.id)).find((p) => p.title === 'Week two')).toMatchObject({ state: 'publish_canceled', notify_state: 'outdate' })
    expect(await lessonMails(buyer.email)).toBe(0)
  })

  test('access that comes back reschedules what its end canceled: its date passed, so it opens at once with its mail; a later lesson keeps its date', async () => {
    const course = await dripCourse(seller)
    const weekThree = (await request(seller.accessToken, 'POST', `/cabinet/products/${course.product.id}/course/modules/${course.lessons[0].module_id}/lessons`, {
      title: 'Week three', access_mode: 'duration', access_after_days: 14,
    })).json()
    expect(weekThree.id).toBeGreaterThan(0)
    const buyer = await buy(course.product)
    const extend = async (until: string | null) => {
      const token = await sellerToken(seller)
      const res = await request(token, 'POST', `/cabinet/products/${course.product.id}/course/extend_access`, { customers: 'selected', payer_user_ids: [buyer.userId], until })
      expect(res.statusCode, res.body).toBe(200)
    }
    await extend(new Date(t.clock.now.getTime() + 2 * day * 1000).toISOString())
    await publishDueLessons(t.deps)
    t.clock.advance(8 * day)
    expect(await publishDueLessons(t.deps)).toMatchObject({ published: 0, canceled: 1 })
    expect(await lessonMails(buyer.email)).toBe(0)
    // Access returns (here the seller extends it; a resumed plan or a restored order returns it the same way).
    await extend(null)
    expect(await publishDueLessons(t.deps)).toMatchObject({ published: 1, canceled: 0 })
    const rows = await publicationsOf(course.product.id)
    expect(rows.find((p) => p.title === 'Week two')).toMatchObject({ state: 'published', notify_state: 'notified' })
    expect(rows.find((p) => p.title === 'Week three')).toMatchObject({ state: 'publish_pending', notify_state: 'waiting' })
    expect(await lessonMails(buyer.email)).toBe(1)
    t.clock.advance(6 * day)
    expect(await publishDueLessons(t.deps)).toMatchObject({ published: 1 })
    expect(await lessonMails(buyer.email)).toBe(2)
  })

  test('the seller previews the player: every lesson the payers may see is open, content included; nothing is written; another seller gets 404', async () => {
    const course = await dripCourse(seller)
    const outline = await request(seller.accessToken, 'GET', `/cabinet/products/${course.product.id}/course/preview`)
    expect(outline.statusCode, outline.body).toBe(200)
    expect(outline.json().modules[0].lessons.map((l: any) => [l.title, l.status])).toEqual([['Intro', 'published'], ['Week two', 'published'], ['Archive', 'published']])
    const lesson = await request(seller.accessToken, 'GET', `/cabinet/products/${course.product.id}/course/preview/lessons/${course.lessons[1].id}`)
    expect(lesson.json()).toMatchObject({ title: 'Week two', status: 'published', blocks: [{ kind: 'text', html: '<p>Week two</p>' }], previous_lesson_id: course.lessons[0].id })
    expect((await request(seller.accessToken, 'GET', `/cabinet/products/${course.product.id}/course/preview/lessons/${course.lessons[3].id}`)).statusCode).toBe(404)
    expect((await request(other.accessToken, 'GET', `/cabinet/products/${course.product.id}/course/preview`)).statusCode).toBe(404)
    const [written] = await sql<{ n: number }>(`select (select count(*) from lesson_progress where product_id = $1) + (select count(*) from course_sessions where product_id = $1)
      + (select count(*) from lesson_publications where product_id = $1) as n`, [course.product.id])
    expect(Number(written!.n)).toBe(0)
  })
})
