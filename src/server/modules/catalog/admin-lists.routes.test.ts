import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createProduct, createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'

let t: TestApp
let manager: string
let ready: TestSeller
let power: TestSeller
let unready: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  manager = await signInManager(t)
  ready = await createSeller(t)
  power = await createSeller(t, { powerSeller: true })
  unready = await createSeller(t, { ready: false })
  await t.deps.database.executeSql('update sellers set company = $1 where id = $2', ['Acme Lessons GmbH', ready.sellerId])
})
afterAll(async () => { await t.close() })

const get = (url: string, token = manager) => t.request({ method: 'GET', url, token })
const ids = (res: { json(): any }) => res.json().list.map((item: { id: number }) => item.id) as number[]

describe('GET /admin/sellers', () => {
  test('managers only: a seller gets 403 forbidden, no token 401', async () => {
    const denied = await get('/api/v1/admin/sellers', ready.accessToken)
    expect(denied.statusCode).toBe(403)
    expect(denied.json().error.type).toBe('forbidden')
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/sellers' })).statusCode).toBe(401)
  })

  test('an item carries the seller\'s flags, can-sell and product count', async () => {
    await createProduct(t, ready.accessToken)
    await createProduct(t, ready.accessToken)
    const res = await get(`/api/v1/admin/sellers?query=${ready.username}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().total_count).toBe(1)
    expect(res.json().list[0]).toEqual({
      id: ready.sellerId, username: ready.username, email: ready.email, company: 'Acme Lessons GmbH', power_seller: false, blocked: false,
      payment_account_done: true, profile_finished: true, can_sell: true, products_count: 2, created_at: expect.any(String), selling_mode: 'selling_by_ownself',
    })
    expect(res.json().total_count_max).toBeGreaterThanOrEqual(3)
  })

  test('the query matches username, email or company, in any case', async () => {
    expect(ids(await get(`/api/v1/admin/sellers?query=${encodeURIComponent(power.email.toUpperCase())}`))).toEqual([power.sellerId])
    expect(ids(await get('/api/v1/admin/sellers?query=acme%20lessons'))).toEqual([ready.sellerId])
    expect((await get('/api/v1/admin/sellers?query=no-such-seller-anywhere')).json().total_count).toBe(0)
  })

  test('filters power_seller, blocked and can_sell narrow the list', async () => {
    const powerIds = ids(await get('/api/v1/admin/sellers?power_seller=true&per=500'))
    expect(powerIds).toContain(power.sellerId)
    expect(powerIds).not.toContain(ready.sellerId)
    const cannot = ids(await get('/api/v1/admin/sellers?can_sell=false&per=500'))
    expect(cannot).toContain(unready.sellerId)
    expect(cannot).not.toContain(ready.sellerId)

    const blockedSeller = await createSeller(t)
    await t.request({ method: 'PATCH', url: `/api/v1/admin/sellers/${blockedSeller.sellerId}`, token: manager, payload: { blocked: true } })
    const blocked = await get('/api/v1/admin/sellers?blocked=true&per=500')
    expect(ids(blocked)).toEqual([blockedSeller.sellerId])
    expect(blocked.json().list[0]).toMatchObject({ blocked: true, can_sell: false })
    expect(ids(await get('/api/v1/admin/sellers?can_sell=true&per=500'))).not.toContain(blockedSeller.sellerId)
    // every item's can_sell agrees with the filter
    for (const value of [true, false]) {
      const list = (await get(`/api/v1/admin/sellers?can_sell=${value}&per=500`)).json().list as { can_sell: boolean }[]
      expect(list.every((item) => item.can_sell === value)).toBe(true)
    }
  })

  test('pages, sorting and bad parameters', async () => {
    const first = await get('/api/v1/admin/sellers?per=1&page=1&sort_key=id&sort_dir=asc')
    const second = await get('/api/v1/admin/sellers?per=1&page=2&sort_key=id&sort_dir=asc')
    expect(first.json().list).toHaveLength(1)
    expect(ids(second)[0]).toBeGreaterThan(ids(first)[0]!)
    const byProducts = (await get('/api/v1/admin/sellers?sort_key=products_count&sort_dir=desc&per=1')).json().list[0]
    expect(byProducts.products_count).toBeGreaterThanOrEqual(2)
    expect((await get('/api/v1/admin/sellers?per=501')).statusCode).toBe(400)
    expect((await get('/api/v1/admin/sellers?sort_key=password')).statusCode).toBe(400)
    expect((await get('/api/v1/admin/sellers?blocked=maybe')).statusCode).toBe(400)
  })
})

describe('GET /admin/products', () => {
  test('managers only: a seller gets 403 forbidden, no token 401', async () => {
    const denied = await get('/api/v1/admin/products', ready.accessToken)
    expect(denied.statusCode).toBe(403)
    expect(denied.json().error.type).toBe('forbidden')
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/products' })).statusCode).toBe(401)
  })

  test('every seller\'s products with seller, states and reason; filters narrow the list', async () => {
    const seller = await createSeller(t)
    const course = await createProduct(t, seller.accessToken, { name: 'Filterable course', form: 'course' })
    const service = await createProduct(t, seller.accessToken, { name: 'Filterable service' })
    await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${service.id}/publish`, token: seller.accessToken })
    await t.request({ method: 'POST', url: `/api/v1/admin/products/${service.id}/take_down`, token: manager, payload: { reason: 'Misleading claims' } })
    const reviewed = await createProduct(t, power.accessToken, { name: 'Waiting for review' })
    await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${reviewed.id}/publish`, token: power.accessToken })

    const mine = await get(`/api/v1/admin/products?seller_id=${seller.sellerId}`)
    expect(mine.statusCode).toBe(200)
    expect(mine.json().list).toEqual([
      {
        id: service.id, name: 'Filterable service', form: 'digital', seller_id: seller.sellerId, seller_username: seller.username,
        publish_state: 'admin_unpublished', review_state: 'not_for_review', review_reason: 'Misleading claims', created_at: expect.any(String),
      },
      expect.objectContaining({ id: course.id, form: 'course', publish_state: 'unpublished', review_reason: null }),
    ])
    expect(ids(await get(`/api/v1/admin/products?seller_id=${seller.sellerId}&form=course`))).toEqual([course.id])
    expect(ids(await get(`/api/v1/admin/products?seller_id=${seller.sellerId}&publish_state=admin_unpublished`))).toEqual([service.id])
    expect(ids(await get('/api/v1/admin/products?query=filterable%20COURSE'))).toEqual([course.id])
    const inReview = await get('/api/v1/admin/products?review_state=in_review&per=500')
    expect(ids(inReview)).toContain(reviewed.id)
    expect(inReview.json().list.every((p: { review_state: string }) => p.review_state === 'in_review')).toBe(true)
    expect(inReview.json().total_count_max).toBeGreaterThan(inReview.json().total_count)
  })

  test('sorting by name and bad parameters', async () => {
    const names = (await get('/api/v1/admin/products?sort_key=name&sort_dir=asc&per=500')).json().list.map((p: { name: string }) => p.name) as string[]
    expect(names.length).toBeGreaterThan(1)
    const ordered = (await get('/api/v1/admin/products?sort_key=name&sort_dir=desc&per=500')).json().list.map((p: { name: string }) => p.name)
    expect(ordered[0]).toBe(names[names.length - 1])
    expect((await get('/api/v1/admin/products?publish_state=gone')).statusCode).toBe(400)
    expect((await get('/api/v1/admin/products?seller_id=abc')).statusCode).toBe(400)
    expect((await get('/api/v1/admin/products?form=poster')).statusCode).toBe(400)
  })
})
