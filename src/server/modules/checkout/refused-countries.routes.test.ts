import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { payerCountryCodes, refusedPayerCountries } from '../../../shared/validation/countries'

// docs/reference/readings.md 22: RU has no checkout. The storefront's country list leaves it out; the checkout
// API refuses it by the same list (src/shared/validation/countries.ts), naming the field and why.

let t: TestApp
let seller: TestSeller
let product: { id: number; pricing_plans: { id: number }[] }
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(1500)] })
})
afterAll(async () => { await t.close() })

const order = (country: string) => submitOrder(t, {
  product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: { ...fullPayer(), country_code: country }, terms_accepted: true,
})

describe('payer countries refused at checkout', () => {
  test('one shared list: RU is refused and left out of the payer countries', () => {
    expect(refusedPayerCountries).toEqual(['RU'])
    expect(payerCountryCodes).not.toContain('RU')
    expect(payerCountryCodes).toContain('DE')
  })

  test('an order from RU answers 400 naming payer.country_code and why; nothing is stored', async () => {
    const before = (await t.deps.database.executeSql('select count(*)::int as n from orders')).rows[0]
    const res = await order('RU')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.type).toBe('INVALID_INPUT')
    expect(res.json().error.fields).toEqual([{ path: 'payer.country_code', message: 'Purchases from this country are not possible.' }])
    expect((await t.deps.database.executeSql('select count(*)::int as n from orders')).rows[0]).toEqual(before)
    expect((await order('DE')).statusCode).toBe(201)
  })

  test('a quote for RU is refused the same way; an unknown code still reads as invalid', async () => {
    const quote = (country: string) => t.request({ method: 'POST', url: '/api/v1/shop/orders/quote', payload: { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, country_code: country } })
    const ru = await quote('RU')
    expect([ru.statusCode, ru.json().error.fields]).toEqual([400, [{ path: 'country_code', message: 'Purchases from this country are not possible.' }]])
    expect((await quote('XX')).json().error.fields).toEqual([{ path: 'country_code', message: 'Please choose a valid country.' }])
    expect((await quote('AT')).statusCode).toBe(200)
  })
})
