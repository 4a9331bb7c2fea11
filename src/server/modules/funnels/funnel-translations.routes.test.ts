import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { systemContext } from '../../context'
import { funnelStepByToken } from '../checkout/funnel-page.service'

// A funnel offer's headline per language (docs/decisions/0095-product-translations.md): written with the funnel's
// nodes, read on the offer (the funnel page, the success page's offers) in the language of the order the payer
// just placed, falling back to the base headline.

let t: TestApp
let seller: TestSeller
type Product = { id: number; slug: string; pricing_plans: { id: number }[] }
let main: Product
let upsell: Product

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.request({ method, url: `/api/v1${url}`, token: seller.accessToken, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) })
const offer = (extra: Record<string, unknown> = {}) => ({ kind: 'upsell', product_id: upsell.id, pricing_plan_id: upsell.pricing_plans[0]!.id, headline: 'One more?', ...extra })

/** A paid order of `main` placed in `language` (the order's locale is the checkout request's). */
async function buy(language: string) {
  const res = await t.request({
    method: 'POST', url: '/api/v1/shop/orders', headers: { 'idempotency-key': randomUUID(), 'accept-language': language },
    payload: { product_id: main.id, pricing_plan_id: main.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true },
  })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  return res.json().order.token as string
}

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  main = await publishedProduct(t, seller.accessToken, { name: 'Main course', pricing_plans: [oneTimePlan(5_000)] })
  upsell = await publishedProduct(t, seller.accessToken, { name: 'Coaching call', pricing_plans: [oneTimePlan(3_000)] })
})
afterAll(async () => { await t?.close() })

describe('funnel offer headlines per language', () => {
  test('saved with the nodes, kept when left out, replaced when sent, cleared by null or {}; locale keys and base rules only', async () => {
    const created = await api('POST', '/cabinet/funnels', { name: 'Draft', nodes: [offer({ translations: { de: { headline: ' Noch eins? ' }, pl: { headline: '' }, fr: { headline: null } } }), { kind: 'thank_you' }] })
    expect(created.statusCode, created.body).toBe(201)
    const funnel = created.json()
    expect(funnel.nodes.map((n: { translations: unknown }) => n.translations)).toEqual([{ de: { headline: 'Noch eins?' } }, {}])
    expect((await api('GET', `/cabinet/funnels/${funnel.id}`)).json().nodes[0].translations).toEqual({ de: { headline: 'Noch eins?' } })
    const save = (node: Record<string, unknown>) => api('PUT', `/cabinet/funnels/${funnel.id}/nodes`, { nodes: [offer({ id: funnel.nodes[0].id, ...node })] })
    // a kept node saved without them keeps them
    expect((await save({ headline: 'Another one?' })).json().nodes[0]).toMatchObject({ headline: 'Another one?', translations: { de: { headline: 'Noch eins?' } } })
    expect((await save({ translations: { es: { headline: '¿Uno más?' } } })).json().nodes[0].translations).toEqual({ es: { headline: '¿Uno más?' } })
    expect((await save({ translations: null })).json().nodes[0].translations).toEqual({})
    await save({ translations: { de: { headline: 'X' } } })
    expect((await save({ translations: {} })).json().nodes[0].translations).toEqual({})

    for (const translations of [{ xx: { headline: 'T' } }, { 'pt-br': { headline: 'T' } }, { de: { title: 'T' } }, { de: { headline: 'x'.repeat(201) } }, { de: { headline: '<script>alert(1)</script>' } }]) {
      expect((await save({ translations })).statusCode, JSON.stringify(translations).slice(0, 60)).toBe(400)
    }
  })

  test('the offer shows the headline in the order\'s language, else the base headline', async () => {
    const created = await api('POST', '/cabinet/funnels', {
      name: 'After the course', product_ids: [main.id], nodes: [offer({ translations: { de: { headline: 'Noch ein Gespräch?' } } })],
    })
    expect(created.statusCode, created.body).toBe(201)
    const headlines = async (token: string) => ({
      // the order's page (the API asked in another language: the order's still wins)
      api: (await t.request({ method: 'GET', url: `/api/v1/shop/orders/${token}`, headers: { 'accept-language': 'en' } })).json().upsell_offers.map((o: { headline: string }) => o.headline),
      // the funnel page's offer
      page: (await funnelStepByToken(systemContext(t.deps, { locale: 'en' }), token)).step?.offer?.headline,
    })
    expect(await headlines(await buy('de-DE,de;q=0.9'))).toEqual({ api: ['Noch ein Gespräch?'], page: 'Noch ein Gespräch?' })
    // a language without a translation: the base headline
    expect(await headlines(await buy('fr'))).toEqual({ api: ['One more?'], page: 'One more?' })
  })
})
