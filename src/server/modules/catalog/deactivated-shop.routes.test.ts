import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// A seller who deactivates the account closes the shop (docs/reference/accounts-and-orders.md §4 "Account"):
// its shop and product pages, their checkout, quotes and new orders answer 404 like a blocked seller's, and
// signing in again reopens it. Tried as a new user would, they stayed public.

let t: TestApp
let seller: TestSeller
let product: { id: number; slug: string; pricing_plans: { id: number }[] }
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(1500)] })
})
afterAll(async () => { await t.close() })

const publicAnswers = async () => {
  const get = async (url: string) => (await t.request({ method: 'GET', url })).statusCode
  const post = async (url: string, payload: Record<string, unknown>) => (await t.request({ method: 'POST', url, payload })).statusCode
  return {
    shop: await get(`/api/v1/shop/${seller.username}/products`),
    byId: await get(`/api/v1/shop/${seller.sellerId}/products`),
    product: await get(`/api/v1/shop/${seller.username}/products/${product.slug}`),
    checkout: await get(`/api/v1/shop/${seller.username}/products/${product.slug}/checkout`),
    quote: await post('/api/v1/shop/orders/quote', { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id }),
    order: (await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })).statusCode,
  }
}

describe('a deactivated seller has no public shop', () => {
  test('open before; 404 everywhere once the account is deactivated; open again after signing in', async () => {
    expect(await publicAnswers()).toEqual({ shop: 200, byId: 200, product: 200, checkout: 200, quote: 200, order: 201 })

    const off = await t.request({ method: 'POST', url: '/api/v1/app/user/deactivate', token: seller.accessToken, payload: { password: seller.password, reason: 'not_using' } })
    expect(off.statusCode, off.body).toBe(204)
    expect(await publicAnswers()).toEqual({ shop: 404, byId: 404, product: 404, checkout: 404, quote: 404, order: 404 })
    const page = await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/${product.slug}` })
    expect(page.json().error).toEqual({ message: 'This shop does not exist', type: 'not_found' })

    const back = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: seller.email, password: seller.password, fingerprint: seller.fingerprint } })
    expect(back.statusCode, back.body).toBe(200)
    expect(await publicAnswers()).toEqual({ shop: 200, byId: 200, product: 200, checkout: 200, quote: 200, order: 201 })
  })
})
