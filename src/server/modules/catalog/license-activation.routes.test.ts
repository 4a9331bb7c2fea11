import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { licenseKeysOfOrder, licenseKeysOfPayer, revokeLicenseKeysOfOrder } from './license-keys.service'

// The license key activation API (docs/decisions/0020-issued-certificates-licenses-downloads.md): verify answers 200 for every key, valid only for a delivered,
// not revoked one; activate counts uses up to the product's limit, also under concurrent calls; deactivate
// gives one back; the payer's and the order's keys; the seller's limit setting.

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const post = (path: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url: `/api/v1/common/licenses/${path}`, payload })

async function licenseProduct(keys: string[]) {
  const product = await createProduct(t, seller.accessToken, { form: 'licenseKey', pricing_plans: [oneTimePlan(900)] })
  expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/license_keys`, token: seller.accessToken, payload: { keys } })).statusCode).toBe(201)
  expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: seller.accessToken })).statusCode).toBe(200)
  return product
}

async function buy(product: { id: number; pricing_plans: { id: number }[] }) {
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json()
  expect((await sandboxPay(t, body.next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number; payer_user_id: number }>('select id, payer_user_id from orders where token = $1', [body.order.token])
  return { orderId: order!.id, payerUserId: order!.payer_user_id }
}

describe('license key activation', () => {
  test('a sold key is valid with its product and uses; a key still in the pool, an unknown key and a revoked key are valid: false with 200', async () => {
    const product = await licenseProduct(['LIC-AAAA-0001', 'LIC-AAAA-0002'])
    const order = await buy(product)
    const [sold] = await licenseKeysOfOrder(t.deps.db, order.orderId)
    expect(sold!.product_id).toBe(product.id)
    const unsold = sold!.key === 'LIC-AAAA-0001' ? 'LIC-AAAA-0002' : 'LIC-AAAA-0001'
    const valid = await post('verify', { license_key: sold!.key })
    expect(valid.statusCode).toBe(200)
    expect(valid.json()).toEqual({ valid: true, product_id: product.id, uses: 0, activation_limit: null })
    expect((await post('verify', { license_key: sold!.key, product_id: product.id })).json().valid).toBe(true)
    for (const payload of [{ license_key: unsold }, { license_key: 'NOPE-0000' }, { license_key: sold!.key, product_id: product.id + 1000 }]) {
      const res = await post('verify', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(200)
      expect(res.json(), JSON.stringify(payload)).toEqual({ valid: false })
    }
    expect(await licenseKeysOfPayer(t.deps.db, order.payerUserId)).toEqual([{ key: sold!.key, product_id: product.id, product_name: product.name, seller_id: seller.sellerId, uses: 0 }])
    // the payer's list names the product in the order's language (docs/decisions/0095-product-translations.md)
    await sql("update orders set locale = 'de' where id = $1", [order.orderId])
    await sql("update products set translations = '{\"de\": {\"name\": \"Lizenz auf Deutsch\"}}' where id = $1", [product.id])
    expect((await licenseKeysOfPayer(t.deps.db, order.payerUserId))[0]!.product_name).toBe('Lizenz auf Deutsch')
    await sql("update products set translations = '{}' where id = $1", [product.id])

    await t.deps.db.transaction((tx) => revokeLicenseKeysOfOrder(tx, order.orderId, 'refund'))
    expect((await post('verify', { license_key: sold!.key })).json()).toEqual({ valid: false })
    expect((await post('activate', { license_key: sold!.key })).json()).toEqual({ valid: false })
    expect(await licenseKeysOfOrder(t.deps.db, order.orderId)).toEqual([])
    expect(await licenseKeysOfPayer(t.deps.db, order.payerUserId)).toEqual([])
    // A revoked key does not go back into the pool.
    expect((await sql('select state from license_keys where key = $1', [sold!.key]))[0].state).toBe('used')
    // The seller's key list marks it revoked; the key still in the pool has no uses.
    const list = (await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${product.id}/license_keys`, token: seller.accessToken })).json().list
    expect(list.find((k: { key: string }) => k.key === sold!.key)).toMatchObject({ state: 'used', uses: 0, revoked: true })
    expect(list.find((k: { key: string }) => k.key === unsold)).toMatchObject({ state: 'available', uses: 0, revoked: false })
  })

  test('activations count up to the limit, also when 12 arrive at once; deactivate frees one; the count never goes below 0', async () => {
    const product = await licenseProduct(['LIMIT-0001'])
    const limit = await t.request({ method: 'PUT', url: `/api/v1/cabinet/products/${product.id}/license_settings`, token: seller.accessToken, payload: { activation_limit: 3 } })
    expect(limit.json()).toEqual({ product_id: product.id, activation_limit: 3 })
    await buy(product)
    const answers = await Promise.all(Array.from({ length: 12 }, () => post('activate', { license_key: 'LIMIT-0001' })))
    const statuses = answers.map((a) => a.statusCode).sort()
    expect(statuses.filter((s) => s === 200)).toHaveLength(3)
    expect(statuses.filter((s) => s === 409)).toHaveLength(9)
    expect(answers.find((a) => a.statusCode === 409)!.json().error.type).toBe('activation_limit_reached')
    expect((await post('verify', { license_key: 'LIMIT-0001' })).json()).toMatchObject({ valid: true, uses: 3, activation_limit: 3 })
    const listed = (await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${product.id}/license_keys`, token: seller.accessToken })).json()
    expect(listed.list).toEqual([expect.objectContaining({ key: 'LIMIT-0001', state: 'used', uses: 3, revoked: false })])
    expect((await post('deactivate', { license_key: 'LIMIT-0001' })).json()).toMatchObject({ valid: true, uses: 2 })
    expect((await post('activate', { license_key: 'LIMIT-0001' })).json()).toMatchObject({ valid: true, uses: 3 })
    for (let i = 0; i < 5; i++) await post('deactivate', { license_key: 'LIMIT-0001' })
    expect((await post('verify', { license_key: 'LIMIT-0001' })).json()).toMatchObject({ uses: 0 })
  })

  test('bad bodies are 400; the settings belong to the seller (404 for another) and to license key products (422)', async () => {
    expect((await post('verify', { license_key: '' })).statusCode).toBe(400)
    expect((await post('verify', { license_key: 'X', extra: 1 })).statusCode).toBe(400)
    const product = await licenseProduct(['OWN-0001'])
    expect((await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${product.id}/license_settings`, token: other.accessToken })).statusCode).toBe(404)
    const digital = await createProduct(t, seller.accessToken, { form: 'digital' })
    expect((await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${digital.id}/license_settings`, token: seller.accessToken })).statusCode).toBe(422)
    expect((await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${product.id}/license_settings`, token: seller.accessToken })).json()).toEqual({ product_id: product.id, activation_limit: null })
  })
})
