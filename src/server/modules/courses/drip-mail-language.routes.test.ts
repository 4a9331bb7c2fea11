import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { publishDueLessons } from './course-publishing.service'

// A dripped lesson's mail in the order's language (docs/decisions/0095-product-translations.md): the mail's words
// in the language the payer ordered in (orders.locale), the course's name and the lesson's title translated when
// the seller gave them, each falling back to the base text; an order without a language keeps the account's.

let t: TestApp
let seller: TestSeller
let course: { id: number; slug: string; pricing_plans: { id: number }[] }
const day = 86_400

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const cabinet = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) => t.request({ method, url: `/api/v1${url}`, token: seller.accessToken, payload })

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  course = await publishedProduct(t, seller.accessToken, {
    form: 'course', name: 'Watercolour course', translations: { de: { name: 'Aquarellkurs' } }, pricing_plans: [oneTimePlan(2_900)],
  })
  const base = `/cabinet/products/${course.id}/course`
  const module = (await cabinet('POST', `${base}/modules`, { title: 'Weeks' })).json()
  for (const payload of [
    { title: 'Intro', blocks: [{ kind: 'text', html: '<p>Hi</p>' }] },
    { title: 'Week two', access_mode: 'duration', access_after_days: 7, translations: { de: { title: 'Woche zwei' } } },
    { title: 'Week three', access_mode: 'duration', access_after_days: 14 },
  ]) {
    const res = await cabinet('POST', `${base}/modules/${module.id}/lessons`, payload)
    expect(res.statusCode, res.body).toBe(201)
  }
})
afterAll(async () => { await t?.close() })

/** Buys the course with the page's language in Content-Language (none: no language on the order) and pays. */
async function buyIn(language: string | null): Promise<string> {
  const payer = fullPayer()
  const res = await t.request({
    method: 'POST', url: '/api/v1/shop/orders', headers: { 'idempotency-key': randomUUID(), ...(language ? { 'content-language': language } : {}) },
    payload: { product_id: course.id, pricing_plan_id: course.pricing_plans[0]!.id, payment_method: 'card', payer, terms_accepted: true },
  })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  return payer.email
}

const lessonMails = (email: string) => sql<{ subject: string; text: string; locale: string }>(
  `select subject, text, locale from email_logs where lower("to") = lower($1) and kind = 'lesson_available' order by id`, [email])

describe('the lesson mails of a drip', () => {
  test('a German order: German words, the German course name and lesson title, and the base title where none is given', async () => {
    const german = await buyIn('de')
    const english = await buyIn(null)
    await publishDueLessons(t.deps)
    t.clock.advance(7 * day + 60)
    await publishDueLessons(t.deps)
    const [week2] = await lessonMails(german)
    expect(week2).toMatchObject({ subject: 'Neue Lektion verfügbar: Woche zwei', locale: 'de' })
    expect(week2!.text).toContain('Aquarellkurs')
    expect(week2!.text).not.toContain('Watercolour course')
    const [base] = await lessonMails(english)
    expect(base!.subject).toBe('New lesson available: Week two')
    expect(base!.text).toContain('Watercolour course')

    t.clock.advance(7 * day + 60)
    await publishDueLessons(t.deps)
    // No German title for week three: the base title, in a German mail.
    expect((await lessonMails(german)).map((m) => m.subject)).toEqual(['Neue Lektion verfügbar: Woche zwei', 'Neue Lektion verfügbar: Week three'])
  })
})
