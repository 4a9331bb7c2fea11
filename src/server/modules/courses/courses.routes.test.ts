import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { multipart, tempDataDir } from '../../../../tests/factories/media'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

const temp = tempDataDir()
let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: temp.dir })
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => {
  await t.close()
  temp.remove()
})

const courseUrl = (id: number) => `/api/v1/cabinet/products/${id}/course`

async function upload(token: string, kind: string, filename: string, content: Buffer | string, contentType = 'application/octet-stream') {
  const res = await t.request({ method: 'POST', url: '/api/v1/cabinet/uploads', token, ...multipart([{ name: 'kind', content: kind }, { name: 'file', filename, content, contentType }]) })
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`)
  return res.json().key as string
}

const mp4Head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(32)])
const mp3Head = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(32)])

describe('course content', () => {
  test('modules and lessons are kept in position order; new ones go last; reorder and move change the order', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'course' })
    const m1 = (await t.request({ method: 'POST', url: `${courseUrl(product.id)}/modules`, token: seller.accessToken, payload: { title: 'Basics' } })).json()
    const m2 = (await t.request({ method: 'POST', url: `${courseUrl(product.id)}/modules`, token: seller.accessToken, payload: { title: 'Advanced', description: 'More' } })).json()
    expect([m1.position, m2.position]).toEqual([0, 1])
    const lessons: number[] = []
    for (const title of ['L1', 'L2', 'L3']) {
      const res = await t.request({ method: 'POST', url: `${courseUrl(product.id)}/modules/${m1.id}/lessons`, token: seller.accessToken, payload: { title } })
      expect(res.statusCode).toBe(201)
      lessons.push(res.json().id)
    }
    const reordered = await t.request({ method: 'POST', url: `${courseUrl(product.id)}/modules/reorder`, token: seller.accessToken, payload: { ids: [m2.id, m1.id] } })
    expect(reordered.json().modules.map((m: any) => m.title)).toEqual(['Advanced', 'Basics'])

    const lessonOrder = await t.request({ method: 'POST', url: `${courseUrl(product.id)}/modules/${m1.id}/lessons/reorder`, token: seller.accessToken, payload: { ids: [lessons[2], lessons[0], lessons[1]] } })
    expect(lessonOrder.json().lessons.map((l: any) => l.title)).toEqual(['L3', 'L1', 'L2'])
    const bad = await t.request({ method: 'POST', url: `${courseUrl(product.id)}/modules/${m1.id}/lessons/reorder`, token: seller.accessToken, payload: { ids: [lessons[0]] } })
    expect(bad.statusCode).toBe(422)

    const moved = await t.request({ method: 'POST', url: `${courseUrl(product.id)}/lessons/${lessons[0]}/move`, token: seller.accessToken, payload: { module_id: m2.id, position: 0 } })
    expect(moved.statusCode).toBe(200)
    const tree = moved.json()
    expect(tree.lessons_count).toBe(3)
    expect(tree.modules.map((m: any) => [m.title, m.lessons.map((l: any) => [l.title, l.position])])).toEqual([
      ['Advanced', [['L1', 0]]],
      ['Basics', [['L3', 0], ['L2', 1]]],
    ])

    expect((await t.request({ method: 'DELETE', url: `${courseUrl(product.id)}/modules/${m1.id}`, token: seller.accessToken })).statusCode).toBe(204)
    const after = await t.request({ method: 'GET', url: courseUrl(product.id), token: seller.accessToken })
    expect(after.json()).toMatchObject({ lessons_count: 1, modules: [{ title: 'Advanced' }] })
  })

  test('text blocks are sanitised on save: <script> and onerror= never reach the stored lesson', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'course' })
    const m = (await t.request({ method: 'POST', url: `${courseUrl(product.id)}/modules`, token: seller.accessToken, payload: { title: 'M' } })).json()
    const res = await t.request({
      method: 'POST', url: `${courseUrl(product.id)}/modules/${m.id}/lessons`, token: seller.accessToken,
      payload: { title: 'Intro', blocks: [{ kind: 'text', html: '<p>Welcome <b>painter</b></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>' }] },
    })
    expect(res.statusCode).toBe(201)
    const html = res.json().blocks[0].html
    expect(html).toBe('<p>Welcome <b>painter</b></p><a>x</a>')
    const stored = await t.request({ method: 'GET', url: `${courseUrl(product.id)}/lessons/${res.json().id}`, token: seller.accessToken })
    expect(JSON.stringify(stored.json())).not.toMatch(/script|onerror|javascript/i)
  })

  test('video, audio, file and pdf blocks take the seller own uploads of the right kind or an allowed video host', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'course' })
    const m = (await t.request({ method: 'POST', url: `${courseUrl(product.id)}/modules`, token: seller.accessToken, payload: { title: 'M' } })).json()
    const video = await upload(seller.accessToken, 'video', 'intro.mp4', mp4Head, 'video/mp4')
    const audio = await upload(seller.accessToken, 'audio', 'talk.mp3', mp3Head, 'audio/mpeg')
    const pdf = await upload(seller.accessToken, 'pdf', 'sheet.pdf', '%PDF-1.7 x', 'application/pdf')
    const blocks = [
      { kind: 'video', source: 'upload', key: video },
      { kind: 'video', source: 'external', url: 'https://www.youtube.com/watch?v=abc' },
      { kind: 'audio', key: audio, title: 'Talk' },
      { kind: 'file', key: pdf },
      { kind: 'pdf', key: pdf },
    ]
    const ok = await t.request({ method: 'POST', url: `${courseUrl(product.id)}/modules/${m.id}/lessons`, token: seller.accessToken, payload: { title: 'Media', blocks } })
    expect(ok.statusCode).toBe(201)
    expect(ok.json().blocks).toEqual(blocks)

    const lessonUrl = `${courseUrl(product.id)}/lessons/${ok.json().id}`
    const host = await t.request({ method: 'PATCH', url: lessonUrl, token: seller.accessToken, payload: { blocks: [{ kind: 'video', source: 'external', url: 'https://evil.example/v.mp4' }] } })
    expect(host.statusCode).toBe(400)
    expect(host.json().error.fields[0].path).toContain('url')
    const wrongKind = await t.request({ method: 'PATCH', url: lessonUrl, token: seller.accessToken, payload: { blocks: [{ kind: 'pdf', key: audio }] } })
    expect(wrongKind.statusCode).toBe(422)
    expect(wrongKind.json().error.fields[0].path).toBe('blocks.0.key')
    const foreignKey = await upload(other.accessToken, 'pdf', 'theirs.pdf', '%PDF-1.7 y', 'application/pdf')
    const foreign = await t.request({ method: 'PATCH', url: lessonUrl, token: seller.accessToken, payload: { blocks: [{ kind: 'pdf', key: foreignKey }] } })
    expect(foreign.statusCode).toBe(422)
    const unchanged = await t.request({ method: 'GET', url: lessonUrl, token: seller.accessToken })
    expect(unchanged.json().blocks).toEqual(blocks)
  })

  test('a lesson quiz holds single_choice, multiple_choice and open_answer questions with options, correct answers and points', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'course' })
    const m = (await t.request({ method: 'POST', url: `${courseUrl(product.id)}/modules`, token: seller.accessToken, payload: { title: 'M' } })).json()
    const keptId = randomUUID()
    const quiz = {
      pass_percent: 60,
      questions: [
        { id: keptId, kind: 'single_choice', text: 'Primary colour?', points: 2, options: [{ text: 'Red', correct: true }, { text: 'Green', correct: false }] },
        { kind: 'multiple_choice', text: 'Warm colours?', points: 3, options: [{ text: 'Red', correct: true }, { text: 'Orange', correct: true }, { text: 'Blue', correct: false }] },
        { kind: 'open_answer', text: 'Name a brush', accepted_answers: ['round', 'flat'] },
      ],
    }
    const res = await t.request({ method: 'POST', url: `${courseUrl(product.id)}/modules/${m.id}/lessons`, token: seller.accessToken, payload: { title: 'Quiz', quiz } })
    expect(res.statusCode).toBe(201)
    const saved = res.json().quiz
    expect(saved).toMatchObject({ pass_percent: 60, total_points: 6 })
    expect(saved.questions.map((q: any) => [q.kind, q.points, q.options.length])).toEqual([['single_choice', 2, 2], ['multiple_choice', 3, 3], ['open_answer', 1, 0]])
    expect(saved.questions[0].id).toBe(keptId)
    for (const q of saved.questions) for (const o of q.options) expect(o.id).toMatch(/^[0-9a-f-]{36}$/)

    const lessonUrl = `${courseUrl(product.id)}/lessons/${res.json().id}`
    const twoCorrect = await t.request({ method: 'PATCH', url: lessonUrl, token: seller.accessToken, payload: { quiz: { questions: [{ kind: 'single_choice', text: 'x', options: [{ text: 'a', correct: true }, { text: 'b', correct: true }] }] } } })
    expect(twoCorrect.statusCode).toBe(400)
    expect(twoCorrect.json().error.fields[0].path).toBe('quiz.questions.0.options')
    const noneCorrect = await t.request({ method: 'PATCH', url: lessonUrl, token: seller.accessToken, payload: { quiz: { questions: [{ kind: 'multiple_choice', text: 'x', options: [{ text: 'a', correct: false }, { text: 'b', correct: false }] }] } } })
    expect(noneCorrect.statusCode).toBe(400)
    const openWithOptions = await t.request({ method: 'PATCH', url: lessonUrl, token: seller.accessToken, payload: { quiz: { questions: [{ kind: 'open_answer', text: 'x', options: [{ text: 'a', correct: true }] }] } } })
    expect(openWithOptions.statusCode).toBe(400)
    const removed = await t.request({ method: 'PATCH', url: lessonUrl, token: seller.accessToken, payload: { quiz: null } })
    expect(removed.json().quiz).toBeNull()
  })

  test('only course products have content: another form answers 422 wrong_product_form', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'download' })
    const res = await t.request({ method: 'GET', url: courseUrl(product.id), token: seller.accessToken })
    expect(res.statusCode).toBe(422)
    expect(res.json().error.type).toBe('wrong_product_form')
    expect((await t.request({ method: 'POST', url: `${courseUrl(product.id)}/modules`, token: seller.accessToken, payload: { title: 'x' } })).statusCode).toBe(422)
  })

  test("another seller's course, module and lesson answer 404 on every route and change nothing", async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'course' })
    const m = (await t.request({ method: 'POST', url: `${courseUrl(product.id)}/modules`, token: seller.accessToken, payload: { title: 'Secret module' } })).json()
    const l = (await t.request({ method: 'POST', url: `${courseUrl(product.id)}/modules/${m.id}/lessons`, token: seller.accessToken, payload: { title: 'Secret lesson' } })).json()
    const base = courseUrl(product.id)
    const attempts = [
      { method: 'GET', url: base },
      { method: 'POST', url: `${base}/modules`, payload: { title: 'x' } },
      { method: 'POST', url: `${base}/modules/reorder`, payload: { ids: [m.id] } },
      { method: 'PATCH', url: `${base}/modules/${m.id}`, payload: { title: 'x' } },
      { method: 'DELETE', url: `${base}/modules/${m.id}` },
      { method: 'POST', url: `${base}/modules/${m.id}/lessons`, payload: { title: 'x' } },
      { method: 'POST', url: `${base}/modules/${m.id}/lessons/reorder`, payload: { ids: [l.id] } },
      { method: 'GET', url: `${base}/lessons/${l.id}` },
      { method: 'PATCH', url: `${base}/lessons/${l.id}`, payload: { title: 'x' } },
      { method: 'POST', url: `${base}/lessons/${l.id}/move`, payload: { module_id: m.id } },
      { method: 'DELETE', url: `${base}/lessons/${l.id}` },
    ] as const
    for (const attempt of attempts) {
      const res = await t.request({ ...attempt, token: other.accessToken } as any)
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(404)
      expect(res.body).not.toContain('Secret')
    }
    // The other seller's own course cannot reach this module or lesson either.
    const theirs = await createProduct(t, other.accessToken, { form: 'course' })
    expect((await t.request({ method: 'GET', url: `${courseUrl(theirs.id)}/lessons/${l.id}`, token: other.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'PATCH', url: `${courseUrl(theirs.id)}/modules/${m.id}`, token: other.accessToken, payload: { title: 'x' } })).statusCode).toBe(404)
    const mine = await t.request({ method: 'GET', url: base, token: seller.accessToken })
    expect(mine.json().modules).toMatchObject([{ title: 'Secret module', lessons: [{ title: 'Secret lesson' }] }])
  })
})

describe('course texts per language (docs/decisions/0095-product-translations.md)', () => {
  test('module and lesson translations are saved (text blocks sanitised), kept when left out, replaced when sent and cleared by null or {}', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'course' })
    const created = await t.request({
      method: 'POST', url: `${courseUrl(product.id)}/modules`, token: seller.accessToken,
      payload: { title: 'Basics', description: 'First steps', translations: { pl: { title: ' Podstawy ', description: '' }, de: { title: '' } } },
    })
    expect(created.statusCode, created.body).toBe(201)
    const module = created.json()
    expect(module.translations).toEqual({ pl: { title: 'Podstawy', description: null } })

    const lessonRes = await t.request({
      method: 'POST', url: `${courseUrl(product.id)}/modules/${module.id}/lessons`, token: seller.accessToken,
      payload: {
        title: 'Intro', blocks: [{ kind: 'text', html: '<p>Welcome</p>' }, { kind: 'video', source: 'external', url: 'https://www.youtube.com/watch?v=abc' }],
        translations: { pl: { title: 'Wstęp', text_blocks: { 0: '<p>Witamy<script>alert(1)</script></p>' } } },
      },
    })
    expect(lessonRes.statusCode, lessonRes.body).toBe(201)
    const lesson = lessonRes.json()
    expect(lesson.translations).toEqual({ pl: { title: 'Wstęp', text_blocks: { 0: '<p>Witamy</p>' } } })

    // left out: kept
    const renamed = await t.request({ method: 'PATCH', url: `${courseUrl(product.id)}/lessons/${lesson.id}`, token: seller.accessToken, payload: { title: 'Welcome' } })
    expect(renamed.json().translations.pl.title).toBe('Wstęp')
    const moduleKept = await t.request({ method: 'PATCH', url: `${courseUrl(product.id)}/modules/${module.id}`, token: seller.accessToken, payload: { description: 'Start here' } })
    expect(moduleKept.json().translations).toEqual({ pl: { title: 'Podstawy', description: null } })

    // an index that is not a text block of the lesson: 422
    const notText = await t.request({ method: 'PATCH', url: `${courseUrl(product.id)}/lessons/${lesson.id}`, token: seller.accessToken, payload: { translations: { pl: { text_blocks: { 1: '<p>x</p>' } } } } })
    expect(notText.statusCode).toBe(422)
    expect(notText.json().error.type).toBe('validation_failed')
    expect(notText.body).toContain('translations.pl.text_blocks.1')
    // unknown locale keys are refused by the schema
    const unknownLocale = await t.request({ method: 'PATCH', url: `${courseUrl(product.id)}/modules/${module.id}`, token: seller.accessToken, payload: { translations: { xx: { title: 'X' } } } })
    expect(unknownLocale.statusCode).toBe(400)

    // sent: replaces the set (pl removed, de added)
    const replaced = await t.request({ method: 'PATCH', url: `${courseUrl(product.id)}/lessons/${lesson.id}`, token: seller.accessToken, payload: { translations: { de: { title: 'Einführung' } } } })
    expect(replaced.statusCode, replaced.body).toBe(200)
    expect(replaced.json().translations).toEqual({ de: { title: 'Einführung', text_blocks: {} } })
    const tree = (await t.request({ method: 'GET', url: courseUrl(product.id), token: seller.accessToken })).json()
    expect(tree.modules[0].translations.pl.title).toBe('Podstawy')
    expect(tree.modules[0].lessons[0].translations).toEqual({ de: { title: 'Einführung', text_blocks: {} } })

    // null and {} clear
    const clearedLesson = await t.request({ method: 'PATCH', url: `${courseUrl(product.id)}/lessons/${lesson.id}`, token: seller.accessToken, payload: { translations: null } })
    expect(clearedLesson.json().translations).toEqual({})
    const clearedModule = await t.request({ method: 'PATCH', url: `${courseUrl(product.id)}/modules/${module.id}`, token: seller.accessToken, payload: { translations: {} } })
    expect(clearedModule.json().translations).toEqual({})
  })
})
