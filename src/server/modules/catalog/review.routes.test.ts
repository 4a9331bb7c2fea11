import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createProduct, createSeller, oneTimePlan, signInManager } from '../../../../tests/factories/catalog'

let t: TestApp
let manager: string
beforeAll(async () => {
  t = await createTestApp()
  manager = await signInManager(t)
})
afterAll(async () => { await t.close() })

const products = '/api/v1/cabinet/products'

describe('review of power sellers\' products (docs/reference/readings.md 23)', () => {
  test('a power seller\'s product goes to review and a manager approves it', async () => {
    const power = await createSeller(t, { powerSeller: true })
    const product = await createProduct(t, power.accessToken, { name: 'Reviewed course', form: 'course' })
    expect(product.statuses).toContain('not_reviewed')
    const submitted = await t.request({ method: 'POST', url: `${products}/${product.id}/publish`, token: power.accessToken })
    expect(submitted.statusCode).toBe(200)
    expect(submitted.json()).toMatchObject({ publish_state: 'publish_pending', review_state: 'in_review', can_sell: false })
    expect(submitted.json().statuses).toEqual(expect.arrayContaining(['on_review', 'not_active']))

    const queue = await t.request({ method: 'GET', url: '/api/v1/admin/product_reviews', token: manager })
    expect(queue.statusCode).toBe(200)
    expect(queue.json().list).toContainEqual(expect.objectContaining({ id: product.id, seller_username: power.username, publish_state: 'publish_pending' }))

    const approved = await t.request({ method: 'POST', url: `/api/v1/admin/products/${product.id}/approve`, token: manager })
    expect(approved.statusCode).toBe(200)
    expect(approved.json()).toMatchObject({ publish_state: 'published', review_state: 'reviewed' })
    const seen = await t.request({ method: 'GET', url: `${products}/${product.id}`, token: power.accessToken })
    expect(seen.json()).toMatchObject({ publish_state: 'published', statuses: [], can_sell: true })
    const after = await t.request({ method: 'GET', url: '/api/v1/admin/product_reviews', token: manager })
    expect(after.json().list.map((p: any) => p.id)).not.toContain(product.id)
  })

  test('a rejected product carries the reason; the seller resubmits it; a manager can revoke an approval', async () => {
    const power = await createSeller(t, { powerSeller: true })
    const product = await createProduct(t, power.accessToken)
    await t.request({ method: 'POST', url: `${products}/${product.id}/publish`, token: power.accessToken })
    const rejected = await t.request({ method: 'POST', url: `/api/v1/admin/products/${product.id}/reject`, token: manager, payload: { reason: 'Describe the service' } })
    expect(rejected.json()).toMatchObject({ publish_state: 'rejected', review_state: 'rejected', review_reason: 'Describe the service' })
    const seen = await t.request({ method: 'GET', url: `${products}/${product.id}`, token: power.accessToken })
    expect(seen.json().statuses).toContain('rejected')
    const again = await t.request({ method: 'POST', url: `${products}/${product.id}/publish`, token: power.accessToken })
    expect(again.json()).toMatchObject({ publish_state: 'publish_pending', review_state: 'in_review', review_reason: null })
    await t.request({ method: 'POST', url: `/api/v1/admin/products/${product.id}/approve`, token: manager })
    const revoked = await t.request({ method: 'POST', url: `/api/v1/admin/products/${product.id}/revoke`, token: manager })
    expect(revoked.json()).toMatchObject({ publish_state: 'revoked', review_state: 'rejected' })
  })

  test('a decision the transition table does not allow answers 409', async () => {
    const seller = await createSeller(t)
    const product = await createProduct(t, seller.accessToken)
    const res = await t.request({ method: 'POST', url: `/api/v1/admin/products/${product.id}/approve`, token: manager })
    expect(res.statusCode).toBe(409)
    expect(res.json().error.type).toBe('conflict')
  })

  test('a power seller\'s free product publishes without review', async () => {
    const power = await createSeller(t, { powerSeller: true })
    const product = await createProduct(t, power.accessToken, { free: true, pricing_plans: [oneTimePlan(0)] })
    const res = await t.request({ method: 'POST', url: `${products}/${product.id}/publish`, token: power.accessToken })
    expect(res.json()).toMatchObject({ publish_state: 'published', review_state: 'free_without_fee' })
  })

  test('review routes are for managers only; a rejection needs a reason', async () => {
    const seller = await createSeller(t)
    const product = await createProduct(t, seller.accessToken)
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/product_reviews', token: seller.accessToken })).statusCode).toBe(403)
    expect((await t.request({ method: 'POST', url: `/api/v1/admin/products/${product.id}/approve`, token: seller.accessToken })).statusCode).toBe(403)
    expect((await t.request({ method: 'PATCH', url: `/api/v1/admin/sellers/${seller.sellerId}`, token: seller.accessToken, payload: { power_seller: true } })).statusCode).toBe(403)
    expect((await t.request({ method: 'POST', url: `/api/v1/admin/products/${product.id}/reject`, token: manager, payload: {} })).statusCode).toBe(400)
    expect((await t.request({ method: 'POST', url: '/api/v1/admin/products/999999/approve', token: manager })).statusCode).toBe(404)
  })
})

describe('seller flags set by managers', () => {
  test('a manager makes a seller a power seller; their next paid product goes to review', async () => {
    const seller = await createSeller(t)
    const res = await t.request({ method: 'PATCH', url: `/api/v1/admin/sellers/${seller.sellerId}`, token: manager, payload: { power_seller: true } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: seller.sellerId, power_seller: true, blocked: false, payment_account_done: true })
    const product = await createProduct(t, seller.accessToken)
    const published = await t.request({ method: 'POST', url: `${products}/${product.id}/publish`, token: seller.accessToken })
    expect(published.json().publish_state).toBe('publish_pending')
  })

  test('a blocked seller loses the cabinet and their shop', async () => {
    const seller = await createSeller(t)
    const product = await createProduct(t, seller.accessToken)
    await t.request({ method: 'POST', url: `${products}/${product.id}/publish`, token: seller.accessToken })
    expect((await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products` })).json().total_count).toBe(1)
    const res = await t.request({ method: 'PATCH', url: `/api/v1/admin/sellers/${seller.sellerId}`, token: manager, payload: { blocked: true } })
    expect(res.json().blocked).toBe(true)
    expect((await t.request({ method: 'GET', url: products, token: seller.accessToken })).statusCode).toBe(403)
    expect((await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products` })).statusCode).toBe(404)
  })

  test('an unknown seller answers 404', async () => {
    expect((await t.request({ method: 'PATCH', url: '/api/v1/admin/sellers/999999', token: manager, payload: { blocked: true } })).statusCode).toBe(404)
  })
})

describe('managers take a product down (publish state admin_unpublished)', () => {
  const takeDown = (id: number, token: string, reason: unknown = 'Misleading claims') =>
    t.request({ method: 'POST', url: `/api/v1/admin/products/${id}/take_down`, token, payload: { reason } })
  const restore = (id: number, token: string) => t.request({ method: 'POST', url: `/api/v1/admin/products/${id}/restore`, token })

  test('a taken-down product leaves the shop; the seller sees admin_unpublished with the reason and cannot publish it again', async () => {
    const seller = await createSeller(t)
    const product = await createProduct(t, seller.accessToken, { slug: 'taken-down' })
    await t.request({ method: 'POST', url: `${products}/${product.id}/publish`, token: seller.accessToken })
    expect((await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/taken-down` })).statusCode).toBe(200)

    const res = await takeDown(product.id, manager)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: product.id, publish_state: 'admin_unpublished', review_reason: 'Misleading claims' })
    const seen = (await t.request({ method: 'GET', url: `${products}/${product.id}`, token: seller.accessToken })).json()
    expect(seen).toMatchObject({ publish_state: 'admin_unpublished', review_reason: 'Misleading claims', published: false, can_sell: false })
    expect(seen.statuses).toContain('not_active')
    expect((await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/taken-down` })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products` })).json().total_count).toBe(0)

    for (const action of ['publish', 'unpublish']) {
      const refused = await t.request({ method: 'POST', url: `${products}/${product.id}/${action}`, token: seller.accessToken })
      expect(refused.statusCode, action).toBe(409)
      expect(refused.json().error.type).toBe('conflict')
    }
    expect((await t.request({ method: 'GET', url: `${products}/${product.id}`, token: seller.accessToken })).json().publish_state).toBe('admin_unpublished')
  })

  test('a power seller\'s taken-down product cannot be sent to review either', async () => {
    const power = await createSeller(t, { powerSeller: true })
    const product = await createProduct(t, power.accessToken)
    await t.request({ method: 'POST', url: `${products}/${product.id}/publish`, token: power.accessToken })
    await t.request({ method: 'POST', url: `/api/v1/admin/products/${product.id}/approve`, token: manager })
    expect((await takeDown(product.id, manager)).json().publish_state).toBe('admin_unpublished')
    expect((await t.request({ method: 'POST', url: `${products}/${product.id}/publish`, token: power.accessToken })).statusCode).toBe(409)
  })

  test('restore lifts the take-down to unpublished with the reason cleared; the seller publishes again', async () => {
    const seller = await createSeller(t)
    const product = await createProduct(t, seller.accessToken)
    await t.request({ method: 'POST', url: `${products}/${product.id}/publish`, token: seller.accessToken })
    await takeDown(product.id, manager)
    const restored = await restore(product.id, manager)
    expect(restored.statusCode).toBe(200)
    expect(restored.json()).toMatchObject({ publish_state: 'unpublished', review_reason: null })
    const published = await t.request({ method: 'POST', url: `${products}/${product.id}/publish`, token: seller.accessToken })
    expect(published.statusCode).toBe(200)
    expect(published.json().publish_state).toBe('published')
  })

  test('moves the transition table does not allow answer 409: taking down an unpublished product, restoring one not taken down', async () => {
    const seller = await createSeller(t)
    const product = await createProduct(t, seller.accessToken)
    expect((await takeDown(product.id, manager)).statusCode).toBe(409)
    expect((await restore(product.id, manager)).statusCode).toBe(409)
    await t.request({ method: 'POST', url: `${products}/${product.id}/publish`, token: seller.accessToken })
    expect((await restore(product.id, manager)).statusCode).toBe(409)
    expect((await t.request({ method: 'GET', url: `${products}/${product.id}`, token: seller.accessToken })).json().publish_state).toBe('published')
  })

  test('only managers take down and restore (403 for sellers, even their own product); a reason is required; unknown ids 404', async () => {
    const seller = await createSeller(t)
    const product = await createProduct(t, seller.accessToken)
    await t.request({ method: 'POST', url: `${products}/${product.id}/publish`, token: seller.accessToken })
    expect((await takeDown(product.id, seller.accessToken)).statusCode).toBe(403)
    expect((await restore(product.id, seller.accessToken)).statusCode).toBe(403)
    expect((await t.request({ method: 'POST', url: `/api/v1/admin/products/${product.id}/take_down`, payload: { reason: 'x' } })).statusCode).toBe(401)
    expect((await takeDown(product.id, manager, '')).statusCode).toBe(400)
    expect((await t.request({ method: 'POST', url: `/api/v1/admin/products/${product.id}/take_down`, token: manager, payload: {} })).statusCode).toBe(400)
    expect((await takeDown(999_999, manager)).statusCode).toBe(404)
    expect((await restore(999_999, manager)).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `${products}/${product.id}`, token: seller.accessToken })).json().publish_state).toBe('published')
  })
})
