import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createProduct, createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'

let t: TestApp
let seller: TestSeller
const ids: Record<string, number> = {}
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  const publish = async (name: string, overrides: Record<string, unknown>) => {
    const product = await createProduct(t, seller.accessToken, { name, ...overrides })
    const res = await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: seller.accessToken })
    if (res.statusCode !== 200) throw new Error(res.body)
    ids[name] = product.id
    return product
  }
  await publish('Listed later', { position: 2, pricing_plans: [oneTimePlan(2500, 'usd')] })
  await publish('Listed first', { position: 1, display_price: 999, display_currency_id: 'eur', display_old_price: 1999 })
  await publish('Hidden', { hidden_in_shop: true })
  await publish('Protected', { access_password: 'letmein', slug: 'protected' })
  await publish('Concert', { form: 'eventTickets', slug: 'concert', tickets: [{ name: 'Floor', limit: 3, pricing_plans: [oneTimePlan(4500)] }, { name: 'Closed', active: false, pricing_plans: [oneTimePlan(1)] }] })
  const archived = await publish('Archived', { slug: 'archived-one' })
  await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${archived.id}/archive`, token: seller.accessToken })
  await createProduct(t, seller.accessToken, { name: 'Draft', slug: 'draft' })
})
afterAll(async () => { await t.close() })

describe('public shop list', () => {
  test('lists published, not archived, not hidden or protected products, by position then newest', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products` })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.list.map((p: any) => p.name)).toEqual(['Concert', 'Listed first', 'Listed later'])
    expect(body.list[1]).toEqual({ id: ids['Listed first'], slug: 'listed-first', name: 'Listed first', form: 'digital', display_price: 999, display_old_price: 1999, currency_id: 'eur', covers: [], event: null })
    expect(body.list[2]).toMatchObject({ display_price: 2500, currency_id: 'usd' })
    expect(body.list[0]).toMatchObject({ display_price: 4500, currency_id: 'eur', event: { start_date: null, location: null } })
    // the shop header's seller: the display name from the profile, else the username (docs/decisions/0044-storefront-presence.md)
    expect(body.seller).toEqual({ username: seller.username, name: expect.any(String), avatar: null, banner: null, bio: null })
    expect(body.total_count).toBe(3)
    expect(JSON.stringify(body)).not.toContain('letmein')
  })

  test('the seller is found by numeric id or by username in any case; an unknown shop is 404', async () => {
    expect((await t.request({ method: 'GET', url: `/api/v1/shop/${seller.sellerId}/products` })).json().total_count).toBe(3)
    expect((await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username.toUpperCase()}/products` })).json().total_count).toBe(3)
    expect((await t.request({ method: 'GET', url: '/api/v1/shop/nobody-here-at-all/products' })).statusCode).toBe(404)
  })
})

describe('public product page', () => {
  test('answers what a product page needs: plans with ids, active tickets with plans, availability, can_sell', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/concert` })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ id: ids.Concert, form: 'eventTickets', pricing_plans: [], can_sell: true, availability: { sold_out: false, remaining: null } })
    expect(body.tickets.map((t: any) => t.name)).toEqual(['Floor'])
    expect(body.tickets[0].pricing_plans[0]).toMatchObject({ price: 4500, checkout_amount: 4500 })
    expect(body.tickets[0].pricing_plans[0].id).toBeGreaterThan(0)
    expect(body).not.toHaveProperty('access_password')
  })

  test('a hidden product is not listed but its page opens by link', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/hidden` })
    expect(res.statusCode).toBe(200)
  })

  test('unpublished and archived products answer 404', async () => {
    expect((await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/draft` })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/archived-one` })).statusCode).toBe(404)
  })

  test('a password-protected product answers 403 password_required unless the password matches', async () => {
    const ask = await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/protected` })
    expect(ask.statusCode).toBe(403)
    expect(ask.json().error.type).toBe('password_required')
    expect(ask.body).not.toContain('letmein')
    expect((await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/protected?password=wrong` })).statusCode).toBe(403)
    const open = await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/protected?password=letmein` })
    expect(open.statusCode).toBe(200)
    expect(open.body).not.toContain('letmein')
  })
})
