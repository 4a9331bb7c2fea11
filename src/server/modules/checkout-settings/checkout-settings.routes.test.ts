import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createProduct, createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { signUpUser } from '../../../../tests/factories/users'
import { checkoutConfigFor } from './checkout-settings.service'

// Checkout settings (docs/reference/catalogue-and-selling.md §3 "Checkout settings", section 9 defaults) and a product's checkout
// (checkout step and market-upsell step of the wizard).

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => { await t.close() })

const url = '/api/v1/cabinet/checkout_settings'
const create = (payload: object, token = seller.accessToken) => t.request({ method: 'POST', url, token, payload })

async function published(token: string, overrides: Record<string, unknown> = {}) {
  const product = await createProduct(t, token, overrides)
  const res = await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token })
  if (res.statusCode !== 200) throw new Error(`publish failed: ${res.body}`)
  return res.json()
}

describe('checkout settings', () => {
  test('a new seller gets a default one when listing, with the spec\'s buy button defaults and minimal payer details', async () => {
    const fresh = await createSeller(t)
    const res = await t.request({ method: 'GET', url, token: fresh.accessToken })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ total_count: 1 })
    expect(res.json().list[0]).toMatchObject({
      name: 'Default', is_default: true, layout: 'default', buyer_information: 'minimal', phone_field: 'hidden', buy_button_text: 'dynamic_cta',
      theme: { buy_button_color: '#ffc107', buy_button_radius: 22, font_family: 'Montserrat', buy_button_text: null, countdown_enabled: false },
      trust_seals: { card_brands: true, ssl_secure: true, provider_badge: true },
    })
    expect((await t.request({ method: 'GET', url, token: fresh.accessToken })).json().total_count).toBe(1)
  })

  test('create, read, update (theme keys merge, null resets), with every theme default filled in', async () => {
    const res = await create({
      name: 'Dark', layout: 'two_steps', buyer_information: 'minimal', buy_button_text: 'buy_now',
      theme: { buy_button_color: '#000', background_color: '#111111', countdown_enabled: true, countdown_minutes: 10, buy_button_text: 'Jetzt kaufen' },
      trust_seals: { ssl_secure: false },
    })
    expect(res.statusCode).toBe(201)
    const created = res.json()
    expect(created).toMatchObject({
      name: 'Dark', layout: 'two_steps', buyer_information: 'minimal', buy_button_text: 'buy_now', products_count: 0,
      theme: { buy_button_color: '#000', background_color: '#111111', buy_button_radius: 22, countdown_minutes: 10, buy_button_text: 'Jetzt kaufen' },
      trust_seals: { card_brands: true, ssl_secure: false, provider_badge: true },
    })
    const updated = await t.request({ method: 'PATCH', url: `${url}/${created.id}`, token: seller.accessToken, payload: { theme: { buy_button_color: null, page_color: '#fafafa', buy_button_text: '' } } })
    expect(updated.statusCode).toBe(200)
    expect(updated.json().theme).toMatchObject({ buy_button_color: '#ffc107', background_color: '#111111', page_color: '#fafafa', buy_button_text: null })
    expect((await t.request({ method: 'GET', url: `${url}/${created.id}`, token: seller.accessToken })).json()).toEqual(updated.json())
  })

  test('colours, enums and unknown keys are checked (400)', async () => {
    const bad = await create({ name: 'Bad', theme: { buy_button_color: 'yellow' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toContainEqual({ path: 'theme.buy_button_color', message: expect.stringContaining('#') })
    expect((await create({ name: 'Bad', theme: { buy_button_color: '#ffc10' } })).statusCode).toBe(400)
    expect((await create({ name: 'Bad', theme: { shadow: '#fff' } })).statusCode).toBe(400)
    expect((await create({ name: 'Bad', unknown: 1 })).statusCode).toBe(400)
    expect((await create({ name: 'Bad', layout: 'three_steps' })).statusCode).toBe(400)
    expect((await create({ name: 'Bad', theme: { font_family: 'Comic Sans' } })).statusCode).toBe(400)
    expect((await create({ name: 'Bad', theme: { buy_button_radius: 101 } })).statusCode).toBe(400)
    expect((await create({ name: 'Bad', theme: { countdown_text: '<script>alert(1)</script>' } })).statusCode).toBe(400)
    expect((await create({ name: '' })).statusCode).toBe(400)
  })

  test('the default cannot be deleted; another one can be made the default, then the old one deleted', async () => {
    const list = (await t.request({ method: 'GET', url, token: seller.accessToken })).json().list
    const first = list.find((s: any) => s.is_default)
    const second = (await create({ name: 'Second' })).json()
    expect((await t.request({ method: 'DELETE', url: `${url}/${first.id}`, token: seller.accessToken })).statusCode).toBe(409)
    const made = await t.request({ method: 'POST', url: `${url}/${second.id}/default`, token: seller.accessToken })
    expect(made.statusCode).toBe(200)
    expect(made.json().is_default).toBe(true)
    const after = (await t.request({ method: 'GET', url, token: seller.accessToken })).json().list
    expect(after.filter((s: any) => s.is_default).map((s: any) => s.id)).toEqual([second.id])
    expect((await t.request({ method: 'DELETE', url: `${url}/${first.id}`, token: seller.accessToken })).statusCode).toBe(204)
    expect((await t.request({ method: 'GET', url: `${url}/${first.id}`, token: seller.accessToken })).statusCode).toBe(404)
  })

  test('a seller\'s first created settings become the default', async () => {
    const fresh = await createSeller(t)
    const res = await create({ name: 'Mine' }, fresh.accessToken)
    expect(res.json().is_default).toBe(true)
    expect((await create({ name: 'Second' }, fresh.accessToken)).json().is_default).toBe(false)
  })

  test('another seller\'s settings answer 404 everywhere and never appear in their list', async () => {
    const mine = (await create({ name: 'Private settings' })).json()
    for (const [method, path, payload] of [['GET', '', undefined], ['PATCH', '', { name: 'x' }], ['DELETE', '', undefined], ['POST', '/default', undefined]] as const) {
      const res = await t.request({ method, url: `${url}/${mine.id}${path}`, token: other.accessToken, ...(payload ? { payload } : {}) })
      expect(res.statusCode, `${method} ${path}`).toBe(404)
    }
    expect((await t.request({ method: 'GET', url, token: other.accessToken })).body).not.toContain('Private settings')
  })

  test('no token 401; a payer 403', async () => {
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401)
    const payer = await signUpUser(t, { profile_type: 'payer' })
    expect((await t.request({ method: 'GET', url, token: payer.accessToken })).statusCode).toBe(403)
  })
})

describe('a product\'s checkout', () => {
  const checkout = (id: number) => `/api/v1/cabinet/products/${id}/checkout`
  const save = (id: number, payload: object, token = seller.accessToken) => t.request({ method: 'PUT', url: checkout(id), token, payload })

  test('a product without a saved checkout answers the defaults', async () => {
    const product = await createProduct(t, seller.accessToken)
    const res = await t.request({ method: 'GET', url: checkout(product.id), token: seller.accessToken })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      product_id: product.id, checkout_settings_id: null, payment_methods: null, upsells: [], questions: [], terms_required: true,
      success_page_url: null, updated_at: null,
      bump: { position: 'belowPaymentMethods', placement: 'below_payment_options', layout: 'one_column', border_animation: 'none', price_animation: 'none', headline: null, text: null },
    })
  })

  test('each step saves its own part; questions come back in their answer shape', async () => {
    const product = await createProduct(t, seller.accessToken)
    const settings = (await create({ name: 'For the product' })).json()
    const first = await save(product.id, {
      checkout_settings_id: settings.id, payment_methods: ['paypal', 'card'], terms_required: false, success_page_url: 'https://example.com/thanks',
      questions: [
        { id: 'size', type: 'select_box', label: 'Your size', required: true, options: [{ id: 's', label: 'S' }, { id: 'm', label: 'M', group: 'Regular' }] },
        { id: 'note', type: 'open_question', label: 'Anything else?' },
        { id: 'extras', type: 'service', label: 'Extras', option_group: 'checkboxes', options: [{ id: 'gift', label: 'Gift wrap' }] },
      ],
    })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ checkout_settings_id: settings.id, payment_methods: ['paypal', 'card'], terms_required: false, success_page_url: 'https://example.com/thanks' })
    expect(first.json().questions).toEqual([
      { id: 'size', type: 'select_box', label: 'Your size', required: true, select_style: 'drop_down', option_group: 'radios', options: [{ id: 's', label: 'S', group: null }, { id: 'm', label: 'M', group: 'Regular' }], translations: {} },
      { id: 'note', type: 'open_question', label: 'Anything else?', required: false, select_style: null, option_group: null, options: [], translations: {} },
      { id: 'extras', type: 'service', label: 'Extras', required: false, select_style: null, option_group: 'checkboxes', options: [{ id: 'gift', label: 'Gift wrap', group: null }], translations: {} },
    ])
    const second = await save(product.id, { bump: { position: 'belowPayerDetails', border_animation: 'pulse', headline: 'Wait!' }, upsells: [] })
    expect(second.json()).toMatchObject({
      checkout_settings_id: settings.id, payment_methods: ['paypal', 'card'], terms_required: false,
      bump: { position: 'belowPayerDetails', placement: 'below_payment_options', border_animation: 'pulse', headline: 'Wait!', text: null },
    })
    expect(second.json().questions).toHaveLength(3)
    expect((await t.request({ method: 'GET', url, token: seller.accessToken })).json().list.find((s: any) => s.id === settings.id).products_count).toBe(1)
    const cleared = await save(product.id, { payment_methods: null, checkout_settings_id: null, success_page_url: null })
    expect(cleared.json()).toMatchObject({ payment_methods: null, checkout_settings_id: null, success_page_url: null })
  })

  test('the input is checked: methods, questions, url, bump values, unknown keys', async () => {
    const product = await createProduct(t, seller.accessToken)
    const bad = async (payload: object) => (await save(product.id, payload)).statusCode
    expect(await bad({ payment_methods: ['card', 'sofort'] })).toBe(400)
    expect(await bad({ payment_methods: ['card', 'card'] })).toBe(400)
    expect(await bad({ payment_methods: [] })).toBe(400)
    expect(await bad({ success_page_url: 'javascript:alert(1)' })).toBe(400)
    expect(await bad({ bump: { layout: 'three_columns' } })).toBe(400)
    expect(await bad({ bump: { position: 'belowFooter' } })).toBe(400)
    expect(await bad({ questions: [{ id: 'a', type: 'select_box', label: 'A', options: [] }] })).toBe(400)
    expect(await bad({ questions: [{ id: 'a', type: 'checkbox', label: 'A', options: [{ id: 'x', label: 'X' }] }] })).toBe(400)
    expect(await bad({ questions: [{ id: 'a', type: 'checkbox', label: 'A' }, { id: 'a', type: 'checkbox', label: 'B' }] })).toBe(400)
    expect(await bad({ questions: [{ id: 'a b', type: 'checkbox', label: 'A' }] })).toBe(400)
    expect(await bad({ questions: [{ id: 'a', type: 'checkbox', label: '<script>x</script>' }] })).toBe(400)
    expect(await bad({ questions: Array.from({ length: 21 }, (_, i) => ({ id: `q${i}`, type: 'checkbox', label: 'Q' })) })).toBe(400)
    expect(await bad({ terms_required: true, extra: 1 })).toBe(400)
  })

  test('upsells: the seller\'s own published products with one of their plans, at most 5', async () => {
    const product = await createProduct(t, seller.accessToken)
    const offer = await published(seller.accessToken, { name: 'Upsell offer' })
    const draft = await createProduct(t, seller.accessToken)
    const foreign = await published(other.accessToken)
    const plan = offer.pricing_plans[0].id
    const ok = await save(product.id, { upsells: [{ product_id: offer.id, pricing_plan_id: plan, headline: 'One more?' }, { kind: 'downsell', product_id: offer.id, pricing_plan_id: plan }] })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().upsells).toEqual([
      { kind: 'upsell', product_id: offer.id, pricing_plan_id: plan, headline: 'One more?' },
      { kind: 'downsell', product_id: offer.id, pricing_plan_id: plan, headline: null },
    ])
    expect((await save(product.id, { upsells: [{ product_id: foreign.id, pricing_plan_id: foreign.pricing_plans[0].id }] })).statusCode).toBe(404)
    const unpublished = await save(product.id, { upsells: [{ product_id: draft.id, pricing_plan_id: draft.pricing_plans[0].id }] })
    expect(unpublished.statusCode).toBe(422)
    expect(unpublished.json().error.fields).toEqual([{ path: 'upsells.0.product_id', message: expect.any(String) }])
    const wrongPlan = await save(product.id, { upsells: [{ product_id: offer.id, pricing_plan_id: draft.pricing_plans[0].id }] })
    expect(wrongPlan.json().error.fields).toEqual([{ path: 'upsells.0.pricing_plan_id', message: expect.any(String) }])
    const self = await published(seller.accessToken)
    expect((await save(self.id, { upsells: [{ product_id: self.id, pricing_plan_id: self.pricing_plans[0].id }] })).statusCode).toBe(422)
    expect((await save(product.id, { upsells: Array.from({ length: 6 }, () => ({ product_id: offer.id, pricing_plan_id: plan })) })).statusCode).toBe(400)
  })

  test('another seller\'s product or checkout settings answer 404', async () => {
    const product = await createProduct(t, seller.accessToken)
    expect((await t.request({ method: 'GET', url: checkout(product.id), token: other.accessToken })).statusCode).toBe(404)
    expect((await save(product.id, { terms_required: false }, other.accessToken)).statusCode).toBe(404)
    const foreignSettings = (await create({ name: 'Theirs' }, other.accessToken)).json()
    expect((await save(product.id, { checkout_settings_id: foreignSettings.id })).statusCode).toBe(404)
  })

  test('checkoutConfigFor: the chosen settings, else the default, with defaults applied; live upsells only', async () => {
    const fresh = await createSeller(t)
    const product = await createProduct(t, fresh.accessToken)
    const none = await checkoutConfigFor(t.deps.db, fresh.sellerId, product.id)
    expect(none.settings).toMatchObject({ id: null, layout: 'default', buyer_information: 'minimal', phone_field: 'hidden', buy_button_text: 'dynamic_cta', theme: { buy_button_color: '#ffc107', buy_button_radius: 22 } })
    expect(none.product).toMatchObject({ payment_methods: null, upsells: [], questions: [], terms_required: true, success_page_url: null, bump: { layout: 'one_column' } })

    const base = (await create({ name: 'Base', theme: { page_color: '#eeeeee' } }, fresh.accessToken)).json()
    const special = (await create({ name: 'Special', layout: 'simplified', buyer_information: 'full', phone_field: 'required' }, fresh.accessToken)).json()
    expect((await checkoutConfigFor(t.deps.db, fresh.sellerId, product.id)).settings).toMatchObject({ id: base.id, theme: { page_color: '#eeeeee' } })
    const offer = await published(fresh.accessToken)
    await save(product.id, { checkout_settings_id: special.id, payment_methods: ['card'], upsells: [{ product_id: offer.id, pricing_plan_id: offer.pricing_plans[0].id }] }, fresh.accessToken)
    const config = await checkoutConfigFor(t.deps.db, fresh.sellerId, product.id)
    expect(config.settings).toMatchObject({ id: special.id, name: 'Special', layout: 'simplified', buyer_information: 'full', phone_field: 'required', theme: { buy_button_color: '#ffc107' } })
    expect(config.product).toMatchObject({ payment_methods: ['card'], upsells: [{ kind: 'upsell', product_id: offer.id }] })
    await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${offer.id}/unpublish`, token: fresh.accessToken })
    expect((await checkoutConfigFor(t.deps.db, fresh.sellerId, product.id)).product.upsells).toEqual([])
    await t.request({ method: 'DELETE', url: `${url}/${special.id}`, token: fresh.accessToken })
    expect((await checkoutConfigFor(t.deps.db, fresh.sellerId, product.id)).settings.id).toBe(base.id)
    await expect(checkoutConfigFor(t.deps.db, other.sellerId, product.id)).rejects.toMatchObject({ type: 'not_found' })
  })
})

describe('documentation', () => {
  test('the routes are in the OpenAPI document', async () => {
    const paths = Object.keys((await t.request({ method: 'GET', url: '/api/docs/json' })).json().paths)
    for (const path of ['/api/v1/cabinet/checkout_settings', '/api/v1/cabinet/checkout_settings/{id}/default', '/api/v1/cabinet/products/{id}/checkout', '/api/v1/cabinet/cancellation_terms', '/api/v1/shop/{username}/cancellation_terms', '/api/v1/cabinet/legal_texts', '/api/v1/cabinet/legal_texts/{kind}', '/api/v1/cabinet/legal_texts/review']) {
      expect(paths).toContain(path)
    }
  })
})
