import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { multipart, tempDataDir } from '../../../../tests/factories/media'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// The course player and the seller's course tabs (docs/decisions/0019-course-player.md, docs/reference/readings.md 14): a payer without a grant or
// another payer gets 404, drip keeps lessons pending, progress counts finished lessons, quizzes are graded
// on the server with an attempts limit and open answers waiting for review, comments follow the course
// setting and the seller's moderation, and the access extension changes the customers' end of access.

const temp = tempDataDir()
let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: temp.dir })
})
// Fresh sellers per test: tests move the clock past the access tokens' lifetime.
beforeEach(async () => {
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => {
  await t.close()
  temp.remove()
})

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const cabinet = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
  t.request({ method, url: `/api/v1${url}`, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) })

const quiz = {
  pass_percent: 100,
  questions: [
    { kind: 'single_choice', text: 'Primary colour?', options: [{ text: 'Red', correct: true }, { text: 'Green', correct: false }] },
    { kind: 'multiple_choice', text: 'Warm colours?', options: [{ text: 'Red', correct: true }, { text: 'Orange', correct: true }, { text: 'Blue', correct: false }] },
    { kind: 'open_answer', text: 'Name a brush', accepted_answers: ['round'] },
  ],
}

/** A published course: module "Basics" with an intro lesson, a PDF lesson and a quiz lesson; drip lessons on demand. */
async function courseWith(owner: TestSeller, extra: Record<string, unknown>[] = []) {
  const product = await publishedProduct(t, owner.accessToken, { form: 'course', pricing_plans: [oneTimePlan(4_900)] })
  const base = `/cabinet/products/${product.id}/course`
  const module = (await cabinet(owner.accessToken, 'POST', `${base}/modules`, { title: 'Basics' })).json()
  const upload = await t.request({
    method: 'POST', url: '/api/v1/cabinet/uploads', token: owner.accessToken,
    ...multipart([{ name: 'kind', content: 'pdf' }, { name: 'file', filename: 'sheet.pdf', content: '%PDF-1.7 course sheet', contentType: 'application/pdf' }]),
  })
  expect(upload.statusCode, upload.body).toBe(201)
  const lessons: any[] = []
  for (const payload of [
    { title: 'Intro', blocks: [{ kind: 'text', html: '<p>Welcome</p>' }, { kind: 'video', source: 'external', url: 'https://www.youtube.com/watch?v=abc123' }] },
    { title: 'Sheet', blocks: [{ kind: 'pdf', key: upload.json().key, title: 'Sheet' }] },
    { title: 'Check', quiz },
    ...extra,
  ]) {
    const res = await cabinet(owner.accessToken, 'POST', `${base}/modules/${module.id}/lessons`, payload)
    expect(res.statusCode, res.body).toBe(201)
    lessons.push(res.json())
  }
  return { product, lessons, url: `/api/v1/payer/courses/${owner.username}/${product.slug}` }
}

async function buy(product: any, payer = fullPayer()) {
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer, terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ payer_user_id: number }>('select payer_user_id from orders where token = $1', [res.json().order.token])
  return { email: payer.email, userId: order!.payer_user_id, token: await signInPayer(payer.email) }
}

async function signInPayer(email: string): Promise<string> {
  expect((await t.request({ method: 'POST', url: '/api/v1/app/user/send_magic_link', payload: { email } })).statusCode).toBe(204)
  const [mail] = await sql<{ html: string }>('select html from email_logs where lower("to") = lower($1) and kind = $2 order by id desc limit 1', [email, 'magic_link'])
  const token = /magic_link_token=([A-Za-z0-9_-]+)/.exec(mail!.html)![1]
  const res = await t.request({ method: 'POST', url: '/api/v1/app/session/magic_link', payload: { token, fingerprint: 'fp-course-player-1' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().access_token
}

const get = (token: string, url: string) => t.request({ method: 'GET', url, token })
const post = (token: string, url: string, payload: Record<string, unknown> = {}) => t.request({ method: 'POST', url, token, payload })

/** The right answers to `quiz` for the lesson's stored questions. */
function rightAnswers(lesson: any) {
  return lesson.quiz.questions.map((q: any) => (q.kind === 'open_answer'
    ? { question_id: q.id, text: '  Round ' }
    : { question_id: q.id, option_ids: q.options.filter((o: any) => o.correct).map((o: any) => o.id) }))
}

describe('access to a course', () => {
  test('the buyer opens the course; a payer without a grant, another seller and anonymous callers get 404 or 401', async () => {
    const course = await courseWith(seller)
    const buyer = await buy(course.product)
    const outline = await get(buyer.token, course.url)
    expect(outline.statusCode, outline.body).toBe(200)
    expect(outline.json()).toMatchObject({
      product: { id: course.product.id, seller_username: seller.username }, progress: { finished: 0, total: 3, percent: 0 }, completed_at: null,
      modules: [{ title: 'Basics', lessons: [{ title: 'Intro', status: 'published' }, { title: 'Sheet', status: 'published' }, { title: 'Check', has_quiz: true }] }],
    })

    const stranger = await buy(await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(100)] }))
    expect((await get(stranger.token, course.url)).statusCode).toBe(404)
    expect((await get(stranger.token, `${course.url}/lessons/${course.lessons[0].id}`)).statusCode).toBe(404)
    expect((await post(stranger.token, `${course.url}/lessons/${course.lessons[0].id}/progress`, { finished: true })).statusCode).toBe(404)
    expect((await get(seller.accessToken, course.url)).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: course.url })).statusCode).toBe(401)
    expect((await get(buyer.token, `/api/v1/payer/courses/${other.username}/${course.product.slug}`)).statusCode).toBe(404)

    // a lesson of another course is not found through this one
    const second = await courseWith(seller)
    expect((await get(buyer.token, `${course.url}/lessons/${second.lessons[0].id}`)).statusCode).toBe(404)
  })

  test('paid, but its delivery left to the job (the one in the payment failed): 409 access_pending, then the course once delivered', async () => {
    const course = await courseWith(seller)
    const payer = fullPayer()
    const res = await submitOrder(t, { product_id: course.product.id, pricing_plan_id: course.product.pricing_plans[0].id, payment_method: 'card', payer, terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
    // docs/decisions/0092-delivery-in-the-payment-transaction.md: the payment delivers at once unless that fails.
    const inPayment = vi.spyOn(t.deps.orderDelivery, 'deliverInPayment').mockResolvedValueOnce(false)
    try {
      expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
    } finally {
      inPayment.mockRestore()
    }
    const token = await signInPayer(payer.email)
    const pending = await get(token, course.url)
    expect(pending.statusCode, pending.body).toBe(409)
    expect(pending.json().error.type).toBe('access_pending')
    await t.deps.jobs.drain()
    expect((await get(token, course.url)).statusCode).toBe(200)
  })

  test('a large lesson file streams from storage: whole with its length, 206 ranges anywhere in it, 416 past its end', async () => {
    const size = 12 * 1024 * 1024 + 7
    const big = Buffer.alloc(size)
    for (let i = 0; i < size; i += 4096) big.writeUInt32BE((i / 4096) >>> 0, i)
    big.write('%PDF-1.7', 0)
    const upload = await t.request({
      method: 'POST', url: '/api/v1/cabinet/uploads', token: seller.accessToken,
      ...multipart([{ name: 'kind', content: 'pdf' }, { name: 'file', filename: 'big.pdf', content: big, contentType: 'application/pdf' }]),
    })
    expect(upload.statusCode, upload.body).toBe(201)
    const course = await courseWith(seller, [{ title: 'Big', blocks: [{ kind: 'pdf', key: upload.json().key, title: 'Big' }] }])
    const buyer = await buy(course.product)
    const link = (await get(buyer.token, `${course.url}/lessons/${course.lessons[3].id}`)).json().blocks[0].url as string
    const whole = vi.spyOn(t.deps.storage, 'get')
    try {
      const all = await t.request({ method: 'GET', url: link })
      expect(all.statusCode).toBe(200)
      expect(all.headers['content-length']).toBe(String(size))
      expect(all.headers['accept-ranges']).toBe('bytes')
      expect(all.rawPayload.equals(big)).toBe(true)
      for (const [header, start, end] of [['bytes=8388608-8392703', 8_388_608, 8_392_703], [`bytes=${size - 10}-`, size - 10, size - 1], ['bytes=-100', size - 100, size - 1], ['bytes=0-0', 0, 0]] as const) {
        const part = await t.request({ method: 'GET', url: link, headers: { range: header } })
        expect(part.statusCode, header).toBe(206)
        expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`)
        expect(part.headers['content-length']).toBe(String(end - start + 1))
        expect(part.rawPayload.equals(big.subarray(start, end + 1)), header).toBe(true)
      }
      // a range running past the end is cut at the end; one starting past it is unsatisfiable
      expect((await t.request({ method: 'GET', url: link, headers: { range: `bytes=${size - 2}-${size + 100}` } })).headers['content-range']).toBe(`bytes ${size - 2}-${size - 1}/${size}`)
      const beyond = await t.request({ method: 'GET', url: link, headers: { range: `bytes=${size}-` } })
      expect(beyond.statusCode).toBe(416)
      expect(beyond.headers['content-range']).toBe(`bytes */${size}`)
      expect(whole).not.toHaveBeenCalled()
    } finally {
      whole.mockRestore()
    }
  })

  test('lesson blocks: text as saved, external video as an embed, uploads as signed links only their lesson and payer open', async () => {
    const course = await courseWith(seller)
    const buyer = await buy(course.product)
    const intro = (await get(buyer.token, `${course.url}/lessons/${course.lessons[0].id}`)).json()
    expect(intro.blocks).toEqual([
      { kind: 'text', html: '<p>Welcome</p>' },
      { kind: 'video', source: 'external', url: 'https://www.youtube-nocookie.com/embed/abc123', title: null },
    ])
    expect(intro).toMatchObject({ previous_lesson_id: null, next_lesson_id: course.lessons[1].id, quiz: null })
    const sheet = (await get(buyer.token, `${course.url}/lessons/${course.lessons[1].id}`)).json()
    const link = sheet.blocks[0].url as string
    expect(link).toMatch(/^\/api\/v1\/payer\/course_media\//)
    const file = await t.request({ method: 'GET', url: link })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.body).toBe('%PDF-1.7 course sheet')
    const part = await t.request({ method: 'GET', url: link, headers: { range: 'bytes=5-7' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe('bytes 5-7/21')
    expect(part.body).toBe('1.7')
    expect((await t.request({ method: 'GET', url: link, headers: { range: 'bytes=50-' } })).statusCode).toBe(416)
    const forged = link.slice(0, -3) + (link.endsWith('AAA') ? 'BBB' : 'AAA')
    expect((await t.request({ method: 'GET', url: forged })).statusCode).toBe(404)
    const otherPayer = link.replace(/u=\d+/, `u=${buyer.userId + 1}`)
    expect((await t.request({ method: 'GET', url: otherPayer })).statusCode).toBe(404)
    t.clock.advance(7 * 3600)
    expect((await t.request({ method: 'GET', url: link })).statusCode).toBe(404)
  })
})

describe('the course sign-in', () => {
  test('the seller course sign-in mails a link back to the course player; other return paths become the shop\'s page of the payer area', async () => {
    const payer = fullPayer()
    await buy(await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(100)] }), payer)
    const back = `/s/${seller.username}/courses/watercolour`
    const signIn = (returnTo: string) => t.request({
      method: 'POST', url: `/s/${seller.username}/sign_in`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: payer.email, return_to: returnTo }).toString(),
    })
    const lastLink = async () => (await sql<{ html: string }>('select html from email_logs where "to" = $1 and kind = $2 order by id desc limit 1', [payer.email, 'magic_link']))[0]!.html
    expect((await signIn(back)).statusCode).toBe(200)
    expect(await lastLink()).toContain(`return_to=${encodeURIComponent(back)}`)
    // Any other return path is dropped: a sign-in through the shop comes back to the shop's page of the payer
    // area (docs/decisions/0069-member-pages.md).
    for (const foreign of [`/s/${other.username}/courses/watercolour`, '/cabinet', 'https://evil.example/s/x/courses/y', `/payer/s/${other.sellerId}`]) {
      expect((await signIn(foreign)).statusCode).toBe(200)
      expect(await lastLink()).toContain(`return_to=${encodeURIComponent(`/payer/s/${seller.sellerId}`)}`)
    }
    const page = await t.request({ method: 'GET', url: `/s/${seller.username}/sign_in?return_to=${encodeURIComponent(back)}` })
    expect(page.body).toContain(`name="return_to" value="${back}"`)
  })
})

describe('the API document', () => {
  test('the player and the course tabs are documented in the OpenAPI document', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const paths = Object.keys(res.json().paths)
    for (const path of [
      '/api/v1/payer/courses/{seller}/{slug}', '/api/v1/payer/courses/{seller}/{slug}/lessons/{lesson_id}/quiz_attempts', '/api/v1/cabinet/courses/overview',
      '/api/v1/cabinet/courses/sessions', '/api/v1/cabinet/courses/lesson_statuses', '/api/v1/cabinet/courses/quiz_attempts', '/api/v1/cabinet/products/{id}/course/extend_access',
    ]) expect(paths).toContain(path)
  })
})

describe('progress and drip', () => {
  test('viewing and finishing lessons moves the status and the percent; a quiz lesson finishes by passing its quiz; completing issues the certificate once', async () => {
    const course = await courseWith(seller)
    const design = await cabinet(seller.accessToken, 'PUT', `/cabinet/products/${course.product.id}/certificate_design`, {
      layout: 'landscape', title: 'Certificate of {{product_name}}', body: 'Awarded to {{payer_name}} on {{date}}.',
      colors: { text: '#111111', accent: '#b45309', background: '#fffdf5' }, date_source: 'purchase_date', validity_start: 'from_payment', issue_on: 'course_completion',
    })
    expect(design.statusCode, design.body).toBe(200)
    const buyer = await buy(course.product)
    const certificates = async () => sql('select state from issued_certificates where product_id = $1 and payer_user_id = $2', [course.product.id, buyer.userId])
    expect(await certificates()).toEqual([])
    const lessonUrl = (i: number) => `${course.url}/lessons/${course.lessons[i].id}`
    const viewed = await post(buyer.token, `${lessonUrl(0)}/progress`, { position_seconds: 42 })
    expect(viewed.json()).toMatchObject({ status: 'viewed', progress: { finished: 0, total: 3, percent: 0 } })
    expect((await get(buyer.token, lessonUrl(0))).json()).toMatchObject({ status: 'viewed', position_seconds: 42 })
    const done = await post(buyer.token, `${lessonUrl(0)}/progress`, { finished: true })
    expect(done.json()).toMatchObject({ status: 'finished', progress: { finished: 1, total: 3, percent: 33 } })
    // finishing again changes nothing
    expect((await post(buyer.token, `${lessonUrl(0)}/progress`, { finished: true })).json().progress.finished).toBe(1)

    const notPassed = await post(buyer.token, `${lessonUrl(2)}/progress`, { finished: true })
    expect(notPassed.statusCode).toBe(409)
    expect(notPassed.json().error.type).toBe('quiz_not_passed')

    await post(buyer.token, `${lessonUrl(1)}/progress`, { finished: true })
    const lesson = (await cabinet(seller.accessToken, 'GET', `/cabinet/products/${course.product.id}/course/lessons/${course.lessons[2].id}`)).json()
    const player = (await get(buyer.token, lessonUrl(2))).json()
    expect(JSON.stringify(player.quiz)).not.toMatch(/correct|accepted|round/i)
    const wrong = await post(buyer.token, `${lessonUrl(2)}/quiz_attempts`, { answers: [{ question_id: lesson.quiz.questions[0].id, option_ids: [lesson.quiz.questions[0].options[1].id] }] })
    expect(wrong.statusCode, wrong.body).toBe(201)
    expect(wrong.json()).toMatchObject({ attempt: { attempt_number: 1, result: 'failed', passed: false, score: 0, max_score: 3 }, lesson_status: 'viewed' })
    const right = await post(buyer.token, `${lessonUrl(2)}/quiz_attempts`, { answers: rightAnswers(lesson) })
    expect(right.json()).toMatchObject({
      attempt: { attempt_number: 2, result: 'passed', passed: true, score: 3, percent: 100 }, lesson_status: 'finished',
      progress: { finished: 3, total: 3, percent: 100 },
    })
    expect(right.json().completed_at).not.toBeNull()
    expect(await sql('select count(*)::int as n from course_completions where product_id = $1', [course.product.id])).toEqual([{ n: 1 }])
    expect(await certificates()).toEqual([{ state: 'valid' }])
    // a later finish (the lesson again) completes nothing twice
    await post(buyer.token, `${lessonUrl(0)}/progress`, { finished: true })
    expect(await certificates()).toHaveLength(1)
  })

  test('a lesson dripped by days stays pending (403 lesson_locked) until its day; a kept-back lesson is not there at all', async () => {
    const course = await courseWith(seller, [
      { title: 'Week two', access_mode: 'duration', access_after_days: 7 },
      { title: 'Draft', publish_state: 'not_for_publish' },
    ])
    const buyer = await buy(course.product)
    const outline = (await get(buyer.token, course.url)).json()
    const titles = outline.modules[0].lessons.map((l: any) => [l.title, l.status])
    expect(titles).toEqual([['Intro', 'published'], ['Sheet', 'published'], ['Check', 'published'], ['Week two', 'pending']])
    expect(outline.progress.total).toBe(4)
    const locked = await get(buyer.token, `${course.url}/lessons/${course.lessons[3].id}`)
    expect(locked.statusCode).toBe(403)
    expect(locked.json().error.type).toBe('lesson_locked')
    expect((await get(buyer.token, `${course.url}/lessons/${course.lessons[4].id}`)).statusCode).toBe(404)
    t.clock.advance(7 * 86_400 + 60)
    expect((await get(await signInPayer(buyer.email), `${course.url}/lessons/${course.lessons[3].id}`)).statusCode).toBe(200)
  })
})

describe('quiz attempts', () => {
  test('an attempts limit refuses the next attempt; an open answer without accepted answers waits for the seller, who accepts it', async () => {
    const course = await courseWith(seller, [{ title: 'Essay', quiz: { pass_percent: 50, questions: [{ kind: 'open_answer', text: 'Describe your painting' }] } }])
    expect((await cabinet(seller.accessToken, 'PUT', `/cabinet/products/${course.product.id}/course/settings`, { quiz_attempts_limit: 1 })).json())
      .toEqual({ comments_enabled: false, open_answers: 'review', quiz_attempts_limit: 1 })
    const buyer = await buy(course.product)
    const essay = (await get(buyer.token, `${course.url}/lessons/${course.lessons[3].id}`)).json()
    expect(essay.quiz).toMatchObject({ attempts_limit: 1, attempts_left: 1 })
    const first = await post(buyer.token, `${course.url}/lessons/${essay.id}/quiz_attempts`, { answers: [{ question_id: essay.quiz.questions[0].id, text: 'Blue sky' }] })
    expect(first.json()).toMatchObject({ attempt: { result: 'pending_review', passed: false }, attempts_left: 0, lesson_status: 'viewed' })
    const second = await post(buyer.token, `${course.url}/lessons/${essay.id}/quiz_attempts`, { answers: [] })
    expect(second.statusCode).toBe(409)
    expect(second.json().error.type).toBe('quiz_attempts_exhausted')

    const list = await cabinet(seller.accessToken, 'GET', `/cabinet/courses/quiz_attempts?product_id=${course.product.id}&result=pending_review`)
    expect(list.json()).toMatchObject({ total_count: 1, list: [{ lesson_title: 'Essay', payer_email: buyer.email, result: 'pending_review' }] })
    const attemptId = list.json().list[0].id
    expect((await cabinet(other.accessToken, 'POST', `/cabinet/courses/quiz_attempts/${attemptId}/review`, { accept: true })).statusCode).toBe(404)
    const reviewed = await cabinet(seller.accessToken, 'POST', `/cabinet/courses/quiz_attempts/${attemptId}/review`, { accept: true })
    expect(reviewed.json()).toMatchObject({ result: 'passed', passed: true, score: 1 })
    expect((await cabinet(seller.accessToken, 'POST', `/cabinet/courses/quiz_attempts/${attemptId}/review`, { accept: false })).statusCode).toBe(409)
    expect((await get(buyer.token, `${course.url}/lessons/${essay.id}`)).json().status).toBe('finished')
    expect((await cabinet(other.accessToken, 'GET', '/cabinet/courses/quiz_attempts')).json().total_count).toBe(0)
  })
})

describe('comments', () => {
  test('comments need the course setting; the seller hides one and payers no longer see it; a payer without access gets 404', async () => {
    const course = await courseWith(seller)
    const buyer = await buy(course.product)
    const url = `${course.url}/lessons/${course.lessons[0].id}/comments`
    expect((await get(buyer.token, url)).json()).toEqual({ enabled: false, list: [] })
    const refused = await post(buyer.token, url, { body: 'Hello' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.type).toBe('comments_disabled')
    await cabinet(seller.accessToken, 'PUT', `/cabinet/products/${course.product.id}/course/settings`, { comments_enabled: true })
    const made = await post(buyer.token, url, { body: '<b>Great</b> lesson' })
    expect(made.statusCode, made.body).toBe(201)
    expect((await get(buyer.token, url)).json().list).toMatchObject([{ body: '<b>Great</b> lesson', mine: true, author_name: 'Pia Payer' }])

    const stranger = await buy(await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(100)] }))
    expect((await get(stranger.token, url)).statusCode).toBe(404)
    expect((await post(stranger.token, url, { body: 'Me too' })).statusCode).toBe(404)

    const listed = (await cabinet(seller.accessToken, 'GET', `/cabinet/courses/comments?product_id=${course.product.id}`)).json()
    expect(listed.list).toMatchObject([{ lesson_title: 'Intro', hidden: false }])
    expect((await cabinet(other.accessToken, 'PATCH', `/cabinet/courses/comments/${listed.list[0].id}`, { hidden: true })).statusCode).toBe(404)
    expect((await cabinet(seller.accessToken, 'PATCH', `/cabinet/courses/comments/${listed.list[0].id}`, { hidden: true })).json()).toEqual({ id: listed.list[0].id, hidden: true })
    expect((await get(buyer.token, url)).json().list).toEqual([])
  })
})

describe('the seller tabs and the access extension', () => {
  test('overview, sessions and lesson statuses count the seller own courses; the extension sets the end of access of the chosen customers', async () => {
    const course = await courseWith(seller)
    const one = await buy(course.product)
    const two = await buy(course.product)
    await post(one.token, `${course.url}/lessons/${course.lessons[0].id}/progress`, { finished: true })
    expect((await post(one.token, `${course.url}/sessions/heartbeat`)).json().duration_seconds).toBe(0)
    t.clock.advance(120)
    expect((await post(one.token, `${course.url}/sessions/heartbeat`)).json().duration_seconds).toBe(120)

    const overview = (await cabinet(seller.accessToken, 'GET', `/cabinet/courses/overview?product_id=${course.product.id}`)).json()
    expect(overview.list).toEqual([{
      product_id: course.product.id, name: course.product.name, slug: course.product.slug, lessons_count: 3, customers: 2, average_percent: 16, completions: 0,
      access_url: `/s/${seller.username}/courses/${course.product.slug}`,
    }])
    const sessions = (await cabinet(seller.accessToken, 'GET', `/cabinet/courses/sessions?product_id=${course.product.id}`)).json()
    expect(sessions.list.map((s: any) => [s.payer_email, s.duration_seconds])).toEqual([[one.email, 120]])
    const statuses = (await cabinet(seller.accessToken, 'GET', `/cabinet/courses/lesson_statuses?product_id=${course.product.id}&status=finished`)).json()
    expect(statuses).toMatchObject({ total_count: 1, list: [{ lesson_title: 'Intro', payer_email: one.email, status: 'finished' }] })
    for (const tab of ['overview', 'sessions', 'lesson_statuses']) {
      expect((await cabinet(other.accessToken, 'GET', `/cabinet/courses/${tab}?product_id=${course.product.id}`)).json().total_count).toBe(0)
    }

    const customers = (await cabinet(seller.accessToken, 'GET', `/cabinet/products/${course.product.id}/course/customers`)).json()
    expect(customers.list.map((c: any) => [c.email, c.percent, c.expires_at]).sort()).toEqual([[one.email, 33, null], [two.email, 0, null]].sort())
    expect((await cabinet(other.accessToken, 'GET', `/cabinet/products/${course.product.id}/course/customers`)).statusCode).toBe(404)
    const until = new Date(t.clock.now.getTime() + 30 * 86_400_000).toISOString()
    expect((await cabinet(other.accessToken, 'POST', `/cabinet/products/${course.product.id}/course/extend_access`, { until, customers: 'all' })).statusCode).toBe(404)
    const extended = await cabinet(seller.accessToken, 'POST', `/cabinet/products/${course.product.id}/course/extend_access`, { until, customers: 'selected', payer_user_ids: [two.userId, 999_999] })
    expect(extended.statusCode, extended.body).toBe(200)
    expect(extended.json()).toEqual({ changed: 1 })
    const after = (await cabinet(seller.accessToken, 'GET', `/cabinet/products/${course.product.id}/course/customers`)).json()
    expect(after.list.find((c: any) => c.payer_user_id === two.userId).expires_at).toBe(until)
    expect(after.list.find((c: any) => c.payer_user_id === one.userId).expires_at).toBeNull()
    expect((await get(two.token, course.url)).json().expires_at).toBe(until)

    // a heartbeat after a gap of more than 30 minutes starts a new session
    t.clock.advance(45 * 60)
    expect((await post(await signInPayer(one.email), `${course.url}/sessions/heartbeat`)).json().duration_seconds).toBe(0)
    const [row] = await sql<{ n: number }>('select count(*)::int as n from course_sessions where product_id = $1', [course.product.id])
    expect(row!.n).toBe(2)
  })
})

describe('course texts in the payer\'s language (docs/decisions/0095-product-translations.md)', () => {
  test('a payer whose order is in Polish reads the Polish module and lesson texts, each untranslated text falling back to the base', async () => {
    const course = await courseWith(seller)
    const base = `/cabinet/products/${course.product.id}/course`
    const tree = (await cabinet(seller.accessToken, 'GET', base)).json()
    const module = tree.modules[0]
    expect((await cabinet(seller.accessToken, 'PATCH', `${base}/modules/${module.id}`, { description: 'First steps', translations: { pl: { title: 'Podstawy' }, de: { title: 'Grundlagen', description: 'Erste Schritte' } } })).statusCode).toBe(200)
    const intro = await cabinet(seller.accessToken, 'PATCH', `${base}/lessons/${course.lessons[0].id}`, { translations: { pl: { text_blocks: { 0: '<p>Witamy</p>' } } } })
    expect(intro.statusCode, intro.body).toBe(200)
    expect((await cabinet(seller.accessToken, 'PATCH', `${base}/lessons/${course.lessons[1].id}`, { translations: { pl: { title: 'Arkusz' } } })).statusCode).toBe(200)

    const buyer = await buy(course.product)
    const [grant] = await sql<{ order_id: number }>('select order_id from access_grants where payer_user_id = $1 and product_id = $2', [buyer.userId, course.product.id])
    await sql('update orders set locale = $1 where id = $2', ['pl', grant!.order_id])

    const outline = (await get(buyer.token, course.url)).json()
    expect(outline.modules.map((m: any) => [m.title, m.description, m.lessons.map((l: any) => l.title)])).toEqual([
      ['Podstawy', 'First steps', ['Intro', 'Arkusz', 'Check']],
    ])
    const lesson = (await get(buyer.token, `${course.url}/lessons/${course.lessons[0].id}`)).json()
    expect(lesson.title).toBe('Intro')
    expect(lesson.blocks[0]).toEqual({ kind: 'text', html: '<p>Witamy</p>' })
    expect(lesson.blocks[1]).toMatchObject({ kind: 'video', source: 'external' })
    expect((await get(buyer.token, `${course.url}/lessons/${course.lessons[1].id}`)).json().title).toBe('Arkusz')

    // the order in a language with no translation: the base texts
    await sql('update orders set locale = $1 where id = $2', ['fr', grant!.order_id])
    const french = (await get(buyer.token, course.url)).json()
    expect(french.modules[0].title).toBe('Basics')
    expect((await get(buyer.token, `${course.url}/lessons/${course.lessons[0].id}`)).json().blocks[0].html).toBe('<p>Welcome</p>')
  })
})
