import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => { await t.close() })

const products = '/api/v1/cabinet/products'
const discountUrl = (id: number) => `${products}/${id}/discount`
const setDiscount = (id: number, payload: Record<string, unknown>, token = seller.accessToken) => t.request({ method: 'PUT', url: discountUrl(id), token, payload })
const read = async (id: number) => (await t.request({ method: 'GET', url: `${products}/${id}`, token: seller.accessToken })).json()
const setOrdersCount = (id: number, n: number) => t.deps.database.executeSql('update product_discounts set orders_count = $1 where product_id = $2', [n, id])

describe('a product discount (docs/reference/catalogue-and-selling.md §3 "Discount", docs/decisions/0014-discounts-per-product.md)', () => {
  test('a percent is a whole percent in the API and basis points in storage; the product shows its price with the discount', async () => {
    const product = await createProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(1990)] })
    const res = await setDiscount(product.id, { value_form: 'percents', value: 20 })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ product_id: product.id, active: true, limit: null, value_form: 'percents', value: 20, value_bps: 2000, currency_id: null, orders_count: 0, applies: true })
    const { rows } = await t.deps.database.executeSql('select value, value_form from product_discounts where product_id = $1', [product.id])
    expect([Number((rows[0] as any).value), (rows[0] as any).value_form]).toEqual([2000, 'percents'])

    const view = await read(product.id)
    expect(view.discount).toMatchObject({ value: 20, value_bps: 2000, applies: true })
    expect(view.pricing_plans[0]).toMatchObject({ price: 1990, checkout_amount: 1990, display_price: 1592, display_old_price: 1990 })
    expect(view.shop_price).toEqual({ display_price: 1592, display_old_price: 1990, currency_id: 'eur' })
    expect((await t.request({ method: 'GET', url: discountUrl(product.id), token: seller.accessToken })).json()).toMatchObject({ value: 20, applies: true })
  })

  test('the percent off is rounded half-up to a whole minor unit: 15 % of 9,99 is 1,4985 -> 1,50 off', async () => {
    const product = await createProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(999)] })
    await setDiscount(product.id, { value_form: 'percents', value: 15 })
    expect((await read(product.id)).pricing_plans[0]).toMatchObject({ display_price: 849, display_old_price: 999 })
  })

  test('a currency discount takes minor units off prices in its currency only, never below 0', async () => {
    const product = await createProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(1000, 'eur'), oneTimePlan(2000, 'usd'), oneTimePlan(5000, 'eur')] })
    const res = await setDiscount(product.id, { value_form: 'currency', value: 1500, currency_id: 'eur' })
    expect(res.json()).toMatchObject({ value_form: 'currency', value: 1500, value_bps: null, currency_id: 'eur' })
    const plans = (await read(product.id)).pricing_plans
    expect(plans.map((p: any) => [p.currency_id, p.display_price, p.display_old_price])).toEqual([['eur', 0, 1000], ['usd', 2000, null], ['eur', 3500, 5000]])
  })

  test('a discount applies only while orders_count is below its limit: at the limit the full price shows again', async () => {
    const product = await createProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(2000)] })
    await setDiscount(product.id, { value_form: 'percents', value: 50, limit: 2 })
    await setOrdersCount(product.id, 1)
    let view = await read(product.id)
    expect(view.discount).toMatchObject({ limit: 2, orders_count: 1, applies: true })
    expect(view.shop_price).toMatchObject({ display_price: 1000, display_old_price: 2000 })

    await setOrdersCount(product.id, 2)
    view = await read(product.id)
    expect(view.discount).toMatchObject({ orders_count: 2, applies: false })
    expect(view.pricing_plans[0]).toMatchObject({ display_price: 2000, display_old_price: null })
    expect(view.shop_price).toEqual({ display_price: 2000, display_old_price: null, currency_id: 'eur' })
  })

  test('an inactive discount changes no price', async () => {
    const product = await createProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(2000)] })
    await setDiscount(product.id, { value_form: 'percents', value: 50, active: false })
    const view = await read(product.id)
    expect(view.discount).toMatchObject({ active: false, applies: false })
    expect(view.shop_price.display_price).toBe(2000)
  })

  test('a second PUT replaces the terms and keeps the orders counted so far; DELETE clears it and the full price returns', async () => {
    const product = await createProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(2000)] })
    await setDiscount(product.id, { value_form: 'percents', value: 10, limit: 5 })
    await setOrdersCount(product.id, 3)
    const replaced = await setDiscount(product.id, { value_form: 'currency', value: 500, currency_id: 'eur', limit: 10 })
    expect(replaced.json()).toMatchObject({ value_form: 'currency', value: 500, limit: 10, orders_count: 3, applies: true })

    expect((await t.request({ method: 'DELETE', url: discountUrl(product.id), token: seller.accessToken })).statusCode).toBe(204)
    const view = await read(product.id)
    expect(view.discount).toBeNull()
    expect(view.shop_price).toEqual({ display_price: 2000, display_old_price: null, currency_id: 'eur' })
    const missing = await t.request({ method: 'GET', url: discountUrl(product.id), token: seller.accessToken })
    expect(missing.statusCode).toBe(404)
    expect((await t.request({ method: 'DELETE', url: discountUrl(product.id), token: seller.accessToken })).statusCode).toBe(404)
  })

  test('bad terms are refused with a field error and change nothing', async () => {
    const product = await createProduct(t, seller.accessToken)
    const cases: [Record<string, unknown>, string][] = [
      [{ value_form: 'percents', value: 0 }, 'value'],
      [{ value_form: 'percents', value: 101 }, 'value'],
      [{ value_form: 'percents', value: 12.5 }, 'value'],
      [{ value_form: 'percents', value: 10, currency_id: 'eur' }, 'currency_id'],
      [{ value_form: 'currency', value: 500 }, 'currency_id'],
      [{ value_form: 'currency', value: -5, currency_id: 'eur' }, 'value'],
      [{ value_form: 'currency', value: 5.5, currency_id: 'eur' }, 'value'],
      [{ value_form: 'currency', value: 500, currency_id: 'EURO' }, 'currency_id'],
      [{ value_form: 'percents', value: 10, limit: 0 }, 'limit'],
      [{ value_form: 'fixed', value: 10 }, 'value_form'],
      [{ value: 10 }, 'value_form'],
      [{ value_form: 'percents', value: 10, orders_count: 0 }, 'orders_count'],
    ]
    for (const [payload, path] of cases) {
      const res = await setDiscount(product.id, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().error.fields.map((f: any) => f.path).join(' '), JSON.stringify(payload)).toContain(path)
    }
    expect((await read(product.id)).discount).toBeNull()
  })

  test('another seller\'s product answers 404 to read, set and clear, and its discount is untouched', async () => {
    const product = await createProduct(t, seller.accessToken)
    await setDiscount(product.id, { value_form: 'percents', value: 10 })
    expect((await t.request({ method: 'GET', url: discountUrl(product.id), token: other.accessToken })).statusCode).toBe(404)
    expect((await setDiscount(product.id, { value_form: 'percents', value: 90 }, other.accessToken)).statusCode).toBe(404)
    expect((await t.request({ method: 'DELETE', url: discountUrl(product.id), token: other.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: discountUrl(product.id) })).statusCode).toBe(401)
    expect((await read(product.id)).discount).toMatchObject({ value: 10 })
  })
})

describe('the public shop shows prices with the discount', () => {
  test('list and product page: display_price with the discount and display_old_price before it, per plan and per ticket plan', async () => {
    const shopSeller = await createSeller(t)
    const publish = async (overrides: Record<string, unknown>, discount: Record<string, unknown>) => {
      const product = await createProduct(t, shopSeller.accessToken, overrides)
      expect((await setDiscount(product.id, discount, shopSeller.accessToken)).statusCode).toBe(200)
      expect((await t.request({ method: 'POST', url: `${products}/${product.id}/publish`, token: shopSeller.accessToken })).statusCode).toBe(200)
      return product
    }
    await publish({ slug: 'course-sale', position: 1, pricing_plans: [oneTimePlan(10_000)] }, { value_form: 'percents', value: 25 })
    await publish({ slug: 'gig', position: 2, form: 'eventTickets', tickets: [{ name: 'Floor', pricing_plans: [oneTimePlan(4000)] }] }, { value_form: 'currency', value: 1000, currency_id: 'eur' })
    await publish({ slug: 'sold-through', position: 3, pricing_plans: [oneTimePlan(3000)] }, { value_form: 'percents', value: 50, limit: 1 })
    await t.deps.database.executeSql("update product_discounts set orders_count = 1 where product_id = (select id from products where slug = 'sold-through')")

    const list = (await t.request({ method: 'GET', url: `/api/v1/shop/${shopSeller.username}/products` })).json()
    expect(list.list.map((p: any) => [p.slug, p.display_price, p.display_old_price])).toEqual([['course-sale', 7500, 10_000], ['gig', 3000, 4000], ['sold-through', 3000, null]])

    const page = (await t.request({ method: 'GET', url: `/api/v1/shop/${shopSeller.username}/products/course-sale` })).json()
    expect(page).toMatchObject({ display_price: 7500, display_old_price: 10_000, currency_id: 'eur' })
    expect(page.pricing_plans[0]).toMatchObject({ checkout_amount: 10_000, display_price: 7500, display_old_price: 10_000 })
    expect(page).not.toHaveProperty('discount')
    const gig = (await t.request({ method: 'GET', url: `/api/v1/shop/${shopSeller.username}/products/gig` })).json()
    expect(gig.tickets[0].pricing_plans[0]).toMatchObject({ checkout_amount: 4000, display_price: 3000, display_old_price: 4000 })
  })
})
