import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// A pricing plan given a term its form does not take says which terms the form takes (src/shared/pricing/plan-input.ts),
// where it used to answer a bare "This value is not valid." (tried as a new user would).

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const create = (plan: Record<string, unknown>, locale = 'en') => t.request({
  method: 'POST', url: '/api/v1/cabinet/products', token: seller.accessToken, headers: { 'accept-language': locale },
  payload: { name: 'Course', form: 'digital', pricing_plans: [plan] },
})

describe('refused plan terms say what the form takes', () => {
  test('an installment plan given a price names first_amount, next_amount and payments_count', async () => {
    const res = await create({ form: 'installment', currency_id: 'eur', price: 12_500, first_amount: 5000, next_amount: 2500, payments_count: 4, interval: '1m' })
    expect(res.statusCode).toBe(400)
    const field = res.json().error.fields.find((f: { path: string }) => f.path === 'pricing_plans.0.price')
    expect(field.message).toBe('An installment plan takes first_amount, next_amount, payments_count and interval (or custom_intervals), not a price or trial_days.')
    expect(res.json().error.message).toContain('first_amount, next_amount, payments_count')
    const de = await create({ form: 'installment', currency_id: 'eur', price: 12_500, first_amount: 5000, next_amount: 2500, payments_count: 4, interval: '1m' }, 'de')
    expect(de.json().error.fields[0].message).toContain('Ratenplan')
  })

  test('a one-time plan given recurring terms, and a subscription given price and amounts, say why', async () => {
    const once = await create({ form: 'one_time', currency_id: 'eur', price: 1000, interval: '1m' })
    expect(once.json().error.fields).toEqual([{ path: 'pricing_plans.0.interval', message: expect.stringContaining('A one-time plan takes a price only') }])
    const both = await create({ form: 'subscription', currency_id: 'eur', price: 1000, first_amount: 500, next_amount: 1000, interval: '1m' })
    expect(both.json().error.fields.map((f: { message: string }) => f.message)).toEqual(Array(2).fill('Send either a price or first_amount and next_amount, not both.'))
  })
})
