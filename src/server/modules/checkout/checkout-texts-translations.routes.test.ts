import { existsSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// The checkout's own texts per language (docs/decisions/0095-product-translations.md): the checkout theme's free
// texts (`checkout_settings.translations`) and the custom questions' labels and options (inside each question of
// `product_checkouts.questions`), written through their cabinet bodies and read by the checkout page in its
// language, text by text falling back to the base. The payer's answers keep naming the base options (their ids).

let t: TestApp
let seller: TestSeller
let product: { id: number; slug: string; pricing_plans: { id: number }[] }

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://shop.example/' })
  seller = await createSeller(t)
  product = await publishedProduct(t, seller.accessToken, { name: 'Pottery class', pricing_plans: [oneTimePlan(3_900)] })
})

afterAll(async () => {
  await t?.close()
})

const settingsUrl = '/api/v1/cabinet/checkout_settings'
const checkoutUrl = () => `/api/v1/cabinet/products/${product.id}/checkout`
const shopCheckout = (headers: Record<string, string> = {}) => t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/${product.slug}/checkout`, headers })
const sql = async <R>(text: string, params: unknown[]) => (await t.deps.database.executeSql(text, params)).rows as R[]

const theme = { buy_button_text: 'Buy the class', get_for_free_text: 'Take it', countdown_enabled: true, countdown_text: 'The offer ends in' }
const german = { buy_button_text: 'Kurs kaufen', countdown_text: 'Das Angebot endet in' }

describe('the checkout theme\'s texts per language', () => {
  let settingsId: number
  const patch = (payload: object) => t.request({ method: 'PATCH', url: `${settingsUrl}/${settingsId}`, token: seller.accessToken, payload })
  const read = async () => (await t.request({ method: 'GET', url: `${settingsUrl}/${settingsId}`, token: seller.accessToken })).json()

  test('create with translations; the answer and a read give every text of each language, null when not given', async () => {
    const res = await t.request({
      method: 'POST', url: settingsUrl, token: seller.accessToken,
      payload: { name: 'Languages', theme, translations: { de: { ...german, get_for_free_text: '  ' }, fr: { get_for_free_text: ' Prenez-le ' } } },
    })
    expect(res.statusCode, res.body).toBe(201)
    settingsId = res.json().id
    const expected = {
      de: { buy_button_text: 'Kurs kaufen', get_for_free_text: null, countdown_text: 'Das Angebot endet in' },
      fr: { buy_button_text: null, get_for_free_text: 'Prenez-le', countdown_text: null },
    }
    expect(res.json().translations).toEqual(expected)
    expect((await read()).translations).toEqual(expected)
    // stored without the empty texts
    const [row] = await sql<{ translations: unknown }>('select translations from checkout_settings where id = $1', [settingsId])
    expect(row!.translations).toEqual({ de: german, fr: { get_for_free_text: 'Prenez-le' } })
    const saved = await t.request({ method: 'PUT', url: checkoutUrl(), token: seller.accessToken, payload: { checkout_settings_id: settingsId } })
    expect(saved.statusCode, saved.body).toBe(200)
  })

  test('a body without translations keeps them; sent, they replace the set; null and {} clear it', async () => {
    expect((await patch({ name: 'Languages 2', theme: { countdown_minutes: 20 } })).json().translations).toHaveProperty('de.buy_button_text', 'Kurs kaufen')
    const replaced = await patch({ translations: { de: german, pl: { buy_button_text: 'Kup kurs' } } })
    expect(replaced.statusCode, replaced.body).toBe(200)
    expect(Object.keys(replaced.json().translations)).toEqual(['de', 'pl'])
    expect((await patch({ translations: null })).json().translations).toEqual({})
    expect((await patch({ translations: { de: german } })).json().translations).toHaveProperty('de.countdown_text', 'Das Angebot endet in')
    expect((await patch({ translations: {} })).json().translations).toEqual({})
    expect((await read()).translations).toEqual({})
    expect((await patch({ translations: { de: german } })).statusCode).toBe(200)
  })

  test('an unknown locale, an unknown text, a text too long or with a script tag is a 400, and nothing changes', async () => {
    for (const translations of [
      { xx: { buy_button_text: 'x' } }, { 'pt-br': { buy_button_text: 'x' } }, { PL: { buy_button_text: 'x' } },
      { de: { name: 'x' } }, { de: { buy_button_text: 'x'.repeat(61) } }, { de: { countdown_text: 'x'.repeat(201) } },
      { de: { countdown_text: '<script>alert(1)</script>' } },
    ]) {
      const res = await patch({ translations })
      expect(res.statusCode, JSON.stringify(translations)).toBe(400)
    }
    expect((await patch({ translations: { de: { countdown_text: 'x'.repeat(200), buy_button_text: 'y'.repeat(60) } } })).statusCode).toBe(200)
    expect((await patch({ translations: { de: german } })).json().translations.de).toMatchObject(german)
  })

  test('the checkout page in German: its translations, the base texts for the one not given; no language or another: the base texts', async () => {
    const de = await shopCheckout({ 'content-language': 'de' })
    expect(de.statusCode, de.body).toBe(200)
    expect(de.json().settings.theme).toMatchObject({ buy_button_text: 'Kurs kaufen', get_for_free_text: 'Take it', countdown_text: 'Das Angebot endet in' })
    expect(de.json().settings).not.toHaveProperty('translations')
    expect((await shopCheckout({ 'accept-language': 'de-AT,de;q=0.9' })).json().settings.theme.buy_button_text).toBe('Kurs kaufen')
    for (const headers of [{}, { 'accept-language': 'it' }] as Record<string, string>[]) {
      expect((await shopCheckout(headers)).json().settings.theme).toMatchObject({ buy_button_text: 'Buy the class', get_for_free_text: 'Take it', countdown_text: 'The offer ends in' })
    }
  })
})

describe('the checkout questions\' labels and options per language', () => {
  const options = [{ id: 'clay', label: 'Clay' }, { id: 'porcelain', label: 'Porcelain' }, { id: 'stoneware', label: 'Stoneware' }]
  const questions = [
    {
      id: 'material', type: 'select_box', label: 'Which material?', required: true, select_style: 'list', options,
      translations: { de: { label: 'Welches Material?', options: ['Ton', null, ' Steinzeug '] }, fr: { options: ['Argile', '', ''] } },
    },
    { id: 'note', type: 'open_question', label: 'Anything else?', translations: { de: { label: 'Sonst noch etwas?' } } },
  ]
  const put = (payload: object) => t.request({ method: 'PUT', url: checkoutUrl(), token: seller.accessToken, payload })
  const read = async () => (await t.request({ method: 'GET', url: checkoutUrl(), token: seller.accessToken })).json()

  test('saved inside the questions; the answer gives every language\'s label and options by position, null when not given', async () => {
    const res = await put({ questions })
    expect(res.statusCode, res.body).toBe(200)
    const expected = [
      { de: { label: 'Welches Material?', options: ['Ton', null, 'Steinzeug'] }, fr: { label: null, options: ['Argile', null, null] } },
      { de: { label: 'Sonst noch etwas?', options: [] } },
    ]
    expect(res.json().questions.map((q: { translations: unknown }) => q.translations)).toEqual(expected)
    expect((await read()).questions.map((q: { translations: unknown }) => q.translations)).toEqual(expected)
    const [row] = await sql<{ questions: { translations: unknown }[] }>('select questions from product_checkouts where product_id = $1', [product.id])
    expect(row!.questions.map((q) => q.translations)).toEqual([
      { de: { label: 'Welches Material?', options: ['Ton', null, 'Steinzeug'] }, fr: { options: ['Argile', null, null] } },
      { de: { label: 'Sonst noch etwas?' } },
    ])
  })

  test('questions sent without translations keep them (by question id); sent, they replace; null and {} clear', async () => {
    const bare = questions.map(({ translations: _translations, ...q }) => q)
    expect((await put({ questions: bare })).json().questions[0].translations.de.label).toBe('Welches Material?')
    expect((await put({ terms_required: true })).json().questions[1].translations).toEqual({ de: { label: 'Sonst noch etwas?', options: [] } })
    // one option fewer: the kept options' texts no longer say which option they are, the label stays
    const fewer = (await put({ questions: [{ ...bare[0], options: options.slice(0, 2) }, bare[1]] })).json().questions[0].translations
    expect(fewer).toEqual({ de: { label: 'Welches Material?', options: [null, null] } })
    const replaced = await put({ questions: [{ ...bare[0], translations: { pl: { label: 'Jaki materiał?' } } }, { ...bare[1], translations: null }] })
    expect(replaced.json().questions.map((q: { translations: unknown }) => q.translations)).toEqual([{ pl: { label: 'Jaki materiał?', options: [null, null, null] } }, {}])
    expect((await put({ questions: [{ ...bare[0], translations: {} }, bare[1]] })).json().questions[0].translations).toEqual({})
    expect((await put({ questions })).statusCode).toBe(200)
  })

  test('an unknown locale or text, too long or a script tag: 400', async () => {
    const withTranslations = (translations: unknown, index = 0) => ({ questions: questions.map((q, i) => (i === index ? { ...q, translations } : q)) })
    for (const [payload, path] of [
      [withTranslations({ xx: { label: 'x' } }), 'questions.0.translations'],
      [withTranslations({ pt_BR: { label: 'x' } }), 'questions.0.translations'],
      [withTranslations({ de: { label: 'x'.repeat(501) } }), 'questions.0.translations.de.label'],
      [withTranslations({ de: { options: ['x'.repeat(201), null, null] } }), 'questions.0.translations.de.options.0'],
      [withTranslations({ de: { label: '<script>alert(1)</script>' } }), 'questions.0.translations.de.label'],
      [withTranslations({ de: { group: 'x' } }), 'questions.0.translations.de'],
    ] as const) {
      const res = await put(payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().error.fields.map((f: { path: string }) => f.path).join(' '), JSON.stringify(payload)).toContain(path)
    }
    expect((await read()).questions[0].translations.de.label).toBe('Welches Material?')
  })

  test('translated options follow the question\'s by position: a longer list is cut, a shorter one leaves the rest to the base', async () => {
    const withTranslations = (translations: unknown, index = 0) => ({ questions: questions.map((q, i) => (i === index ? { ...q, translations } : q)) })
    const saved = async (payload: object, index = 0) => {
      const res = await put(payload)
      expect(res.statusCode).toBe(200)
      return res.json().questions[index].translations
    }
    expect(await saved(withTranslations({ de: { options: ['Ton', 'Porzellan', 'Steinzeug', 'Glas'] } }))).toEqual({ de: { label: null, options: ['Ton', 'Porzellan', 'Steinzeug'] } })
    expect(await saved(withTranslations({ de: { options: ['Ton'] } }))).toEqual({ de: { label: null, options: ['Ton', null, null] } })
    expect(await saved(withTranslations({ de: { label: 'Noch etwas?', options: ['Ton'] } }, 1), 1)).toEqual({ de: { label: 'Noch etwas?', options: [] } })
    expect((await put({ questions })).statusCode).toBe(200)
  })

  test('the checkout page shows the labels and options in its language, each falling back to the base; the ids stay', async () => {
    const de = (await shopCheckout({ 'content-language': 'de' })).json().questions
    expect(de[0]).toMatchObject({ id: 'material', label: 'Welches Material?', options: [{ id: 'clay', label: 'Ton' }, { id: 'porcelain', label: 'Porcelain' }, { id: 'stoneware', label: 'Steinzeug' }] })
    expect(de[1]).toMatchObject({ id: 'note', label: 'Sonst noch etwas?' })
    expect(de[0]).not.toHaveProperty('translations')
    const fr = (await shopCheckout({ 'accept-language': 'fr' })).json().questions
    expect(fr[0]).toMatchObject({ label: 'Which material?', options: [{ label: 'Argile' }, { label: 'Porcelain' }, { label: 'Stoneware' }] })
    expect(fr[1].label).toBe('Anything else?')
    const base = (await shopCheckout()).json().questions
    expect(base.map((q: { label: string }) => q.label)).toEqual(['Which material?', 'Anything else?'])
    expect(base[0].options.map((o: { label: string }) => o.label)).toEqual(['Clay', 'Porcelain', 'Stoneware'])
  })

  test('an order placed in German stores the base option (its id); a translated label as the answer is refused', async () => {
    const order = (value: unknown) => t.request({
      method: 'POST', url: '/api/v1/shop/orders', headers: { 'idempotency-key': randomUUID(), 'content-language': 'de' },
      payload: {
        product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true,
        answers: [{ question_id: 'material', value }, { question_id: 'note', value: 'Bitte mittags' }],
      },
    })
    const refused = await order(['Ton'])
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json().error.fields).toContainEqual(expect.objectContaining({ path: 'answers.material' }))
    const placed = await order(['clay'])
    expect(placed.statusCode, placed.body).toBe(201)
    const [row] = await sql<{ answers: unknown; locale: string | null }>('select answers, locale from orders where token = $1', [placed.json().order.token])
    expect(row!.answers).toEqual([{ question_id: 'material', value: ['clay'] }, { question_id: 'note', value: 'Bitte mittags' }])
  })
})

// The storefront's checkout (its HTML) in the page's language: needs the storefront's server build.
describe.runIf(existsSync('dist/storefront/server/entry-server.js'))('the storefront checkout in the page\'s language', () => {
  const page = (lang: string) => t.request({ method: 'GET', url: `/s/${seller.username}/${product.slug}?lang=${lang}` })
  const buyButtonOf = (html: string) => /data-testid="buy-button"[^>]*>([^<]*)</.exec(html)?.[1]

  test('German: the buy button, the countdown and the questions in German, the untranslated option in the base', async () => {
    const res = await page('de')
    expect(res.statusCode).toBe(200)
    expect(buyButtonOf(res.body)).toBe('Kurs kaufen')
    expect(res.body).toContain('Das Angebot endet in')
    expect(res.body).toContain('Welches Material?')
    expect(res.body).toMatch(/value="clay"[^>]*\/?> ?(<!-- -->)?Ton</)
    expect(res.body).toContain('Porcelain')
    expect(res.body).not.toContain('Which material?')
  })

  test('English (no translation): the base texts; the cached page data is per language', async () => {
    const res = await page('en')
    expect(buyButtonOf(res.body)).toBe('Buy the class')
    expect(res.body).toContain('The offer ends in')
    expect(res.body).toContain('Which material?')
    expect(buyButtonOf((await page('de')).body)).toBe('Kurs kaufen')
  })
})
