import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// A checkout asks only what it needs (docs/decisions/0042-minimal-checkout-and-legal-texts.md): names, email and
// country by default; the invoice address with a VAT id or when the seller asks for it; the phone when the
// seller requires it. And the payment details shown are the ones used: no card for PayPal.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const minimalPayer = () => ({ email: `payer-${Math.random().toString(36).slice(2, 10)}@example.test`, first_name: 'Pia', last_name: 'Payer', country_code: 'DE' })
const address = { street: 'Hauptstraße', street_number: '1', zip: '10115', city: 'Berlin' }
const settings = (payload: object, token = seller.accessToken) => t.request({ method: 'POST', url: '/api/v1/cabinet/checkout_settings', token, payload })

describe('minimal buyer information by default', () => {
  test('a 12 EUR download is bought with names, email and country only', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(1200)] })
    const page = await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/${product.slug}/checkout` })
    expect(page.json().settings).toMatchObject({ buyer_information: 'minimal', phone_field: 'hidden' })
    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: minimalPayer(), terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
  })

  test('a business VAT id requires the invoice address', async () => {
    const fresh = await createSeller(t)
    const product = await publishedProduct(t, fresh.accessToken, { pricing_plans: [oneTimePlan(1200)] })
    const payload = (payer: object) => ({ product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer, terms_accepted: true })
    const without = await submitOrder(t, payload({ ...minimalPayer(), country_code: 'AT', company: 'Acme GmbH', vat_id: 'ATU12345678' }))
    expect(without.statusCode).toBe(400)
    expect(without.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['payer.street', 'payer.street_number', 'payer.zip', 'payer.city'])
    const withAddress = await submitOrder(t, payload({ ...minimalPayer(), country_code: 'AT', company: 'Acme GmbH', vat_id: 'ATU12345678', ...address }))
    expect(withAddress.statusCode, withAddress.body).toBe(201)
  })

  test('the seller asking for the invoice address or the phone makes them required', async () => {
    const fresh = await createSeller(t)
    await t.request({ method: 'GET', url: '/api/v1/cabinet/checkout_settings', token: fresh.accessToken }) // the default row
    const list = (await t.request({ method: 'GET', url: '/api/v1/cabinet/checkout_settings', token: fresh.accessToken })).json().list
    await t.request({ method: 'PATCH', url: `/api/v1/cabinet/checkout_settings/${list[0].id}`, token: fresh.accessToken, payload: { phone_field: 'required' } })
    const product = await publishedProduct(t, fresh.accessToken, { pricing_plans: [oneTimePlan(1200)] })
    const payload = (payer: object) => ({ product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer, terms_accepted: true })
    const noPhone = await submitOrder(t, payload(minimalPayer()))
    expect(noPhone.statusCode).toBe(400)
    expect(noPhone.json().error.fields).toEqual([{ path: 'payer.phone', message: expect.any(String) }])
    expect((await submitOrder(t, payload({ ...minimalPayer(), phone: '+4930123456' }))).statusCode).toBe(201)

    const full = (await settings({ name: 'Invoices', buyer_information: 'full' }, fresh.accessToken)).json()
    expect(full.phone_field).toBe('hidden')
    await t.request({ method: 'PUT', url: `/api/v1/cabinet/products/${product.id}/checkout`, token: fresh.accessToken, payload: { checkout_settings_id: full.id } })
    const noAddress = await submitOrder(t, payload(minimalPayer()))
    expect(noAddress.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['payer.street', 'payer.street_number', 'payer.zip', 'payer.city'])
    expect((await submitOrder(t, payload({ ...minimalPayer(), ...address }))).statusCode).toBe(201)
  })
})

describe('the payment details shown are the ones used', () => {
  test('a PayPal order paid through the sandbox shows no card, a card order shows the test card', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(1200)] })
    const buy = async (method: string) => {
      const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: method, payer: minimalPayer(), terms_accepted: true })
      expect(res.statusCode, res.body).toBe(201)
      expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
      return res.json().order
    }
    const paypal = await buy('paypal')
    const shown = (await t.request({ method: 'GET', url: `/api/v1/shop/orders/${paypal.token}` })).json()
    expect(shown).toMatchObject({ payment_state: 'paid', payment_method: 'paypal', provider: 'sandbox', card: null })
    const detail = (await t.request({ method: 'GET', url: `/api/v1/cabinet/orders/${paypal.id}?expand=credit_card`, token: seller.accessToken })).json()
    expect(detail).toMatchObject({ payment_method: 'paypal', provider: 'sandbox' })
    expect(detail.credit_card ?? null).toBeNull()
    expect(detail.plan).toMatchObject({ form: 'one_time', price: 1200 })

    const card = await buy('card')
    expect((await t.request({ method: 'GET', url: `/api/v1/shop/orders/${card.token}` })).json().card).toMatchObject({ brand: 'visa', last4: '4242' })
  })
})
