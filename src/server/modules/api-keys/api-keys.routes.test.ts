import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// Sellers' API keys (docs/decisions/0073-seller-api-keys.md) through the real routes: made (token once, only
// its hash stored), listed without tokens, scopes enforced per area and per read/write, a revoked key 401 at
// once, another seller's products and orders unreachable, the last use recorded at most once a minute, and a
// key refused outside /cabinet (the user's /app routes, the payer's, the admin's) and on the key routes.

let t: TestApp
let seller: TestSeller
let other: TestSeller
let product: any
let otherProduct: any
let orderId: number
let otherOrderId: number

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, ...(token ? { token } : {}), ...(payload ? { payload } : {}) })
const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

async function makeKey(scopes: string[], owner: TestSeller = seller, name = 'Key') {
  const res = await call('POST', '/cabinet/api_keys', owner.accessToken, { name, scopes })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().api_key as { id: number; token: string }
}

async function paidOrder(owner: TestSeller, item: any): Promise<number> {
  const res = await submitOrder(t, { product_id: item.id, pricing_plan_id: item.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json()
  expect((await sandboxPay(t, body.next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [row] = await sql<{ id: number }>('select id from orders where token = $1', [body.order.token])
  void owner
  return row!.id
}

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
  product = await publishedProduct(t, seller.accessToken, { name: 'Keyed ebook' })
  otherProduct = await publishedProduct(t, other.accessToken, { name: 'Other ebook' })
  orderId = await paidOrder(seller, product)
  otherOrderId = await paidOrder(other, otherProduct)
}, 120_000)
afterAll(async () => {
  await t?.close()
})

describe('making and listing keys', () => {
  test('made: 201 with the sfk_ token once; only its SHA-256 hash is stored; listed without the token', async () => {
    const res = await call('POST', '/cabinet/api_keys', seller.accessToken, { name: 'Shop sync', scopes: ['products:read', 'orders:write', 'products:read'] })
    expect(res.statusCode, res.body).toBe(201)
    const key = res.json().api_key
    expect(key.token).toMatch(/^sfk_[A-Za-z0-9_-]{43}$/)
    expect(key).toMatchObject({ name: 'Shop sync', scopes: ['orders:write', 'products:read'], token_prefix: key.token.slice(0, 10), last_used_at: null, revoked_at: null })
    const [row] = await sql('select token_hash, token_prefix from api_keys where id = $1', [key.id])
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(key.token)
    const list = await call('GET', '/cabinet/api_keys', seller.accessToken)
    expect(list.statusCode).toBe(200)
    expect(list.body).not.toContain(key.token)
    expect(list.json().list.map((k: any) => k.id)).toContain(key.id)
    // Another seller's list does not show it.
    expect((await call('GET', '/cabinet/api_keys', other.accessToken)).json().list.map((k: any) => k.id)).not.toContain(key.id)
  })

  test('an unknown scope, no scopes or a blank name are refused (400)', async () => {
    for (const body of [{ name: 'x', scopes: ['team:write'] }, { name: 'x', scopes: [] }, { name: ' ', scopes: ['products:read'] }, { name: 'x', scopes: ['products:read'], extra: 1 }]) {
      expect((await call('POST', '/cabinet/api_keys', seller.accessToken, body)).statusCode).toBe(400)
    }
  })

  test('renamed; another seller\'s key is 404 to rename and revoke', async () => {
    const key = await makeKey(['products:read'])
    const renamed = await call('PATCH', `/cabinet/api_keys/${key.id}`, seller.accessToken, { name: 'Renamed' })
    expect(renamed.json().api_key.name).toBe('Renamed')
    expect((await call('PATCH', `/cabinet/api_keys/${key.id}`, other.accessToken, { name: 'Mine' })).statusCode).toBe(404)
    expect((await call('POST', `/cabinet/api_keys/${key.id}/revoke`, other.accessToken)).statusCode).toBe(404)
    expect((await call('GET', '/cabinet/products', key.token)).statusCode).toBe(200)
  })
})

describe('using a key', () => {
  test('a read key reads its area but cannot write it, and reaches no other area', async () => {
    const key = await makeKey(['products:read'])
    const list = await call('GET', '/cabinet/products', key.token)
    expect(list.statusCode, list.body).toBe(200)
    expect(list.json().list.map((p: any) => p.id)).toContain(product.id)
    expect(list.json().list.map((p: any) => p.id)).not.toContain(otherProduct.id)
    expect((await call('GET', `/cabinet/products/${product.id}`, key.token)).statusCode).toBe(200)
    const write = await call('POST', '/cabinet/products', key.token, { form: 'digital', name: 'By key', pricing_plans: [{ form: 'one_time', currency_id: 'eur', price: 100 }] })
    expect(write.statusCode).toBe(403)
    expect(write.json().error.type).toBe('forbidden')
    expect((await call('GET', '/cabinet/orders', key.token)).statusCode).toBe(403)
    expect((await call('GET', `/cabinet/orders/${orderId}`, key.token)).statusCode).toBe(403)
  })

  test('a write key writes its area (as the seller) and reads it too', async () => {
    const key = await makeKey(['products:write'])
    const made = await call('POST', '/cabinet/products', key.token, { form: 'digital', name: 'Made by key', pricing_plans: [{ form: 'one_time', currency_id: 'eur', price: 500 }] })
    expect(made.statusCode, made.body).toBe(201)
    const [row] = await sql('select seller_id from products where id = $1', [made.json().id])
    expect(row.seller_id).toBe(seller.sellerId)
    expect((await call('GET', '/cabinet/products', key.token)).statusCode).toBe(200)
  })

  test('another seller\'s product and order are unreachable with a key', async () => {
    const key = await makeKey(['products:write', 'orders:write'])
    expect((await call('GET', `/cabinet/orders/${orderId}`, key.token)).statusCode).toBe(200)
    expect((await call('GET', `/cabinet/products/${otherProduct.id}`, key.token)).statusCode).toBe(404)
    expect((await call('PATCH', `/cabinet/products/${otherProduct.id}`, key.token, { name: 'Taken' })).statusCode).toBe(404)
    expect((await call('GET', `/cabinet/orders/${otherOrderId}`, key.token)).statusCode).toBe(404)
    const orders = await call('GET', '/cabinet/orders', key.token)
    expect(orders.statusCode).toBe(200)
    expect(orders.json().list.map((o: any) => o.id)).not.toContain(otherOrderId)
    // X-Seller-Id does not move a key to another seller.
    const named = await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${otherProduct.id}`, token: key.token, headers: { 'x-seller-id': String(other.sellerId) } })
    expect(named.statusCode).toBe(404)
  })

  test('revoked: the next request answers 401, revoking again changes nothing', async () => {
    const key = await makeKey(['products:read'])
    expect((await call('GET', '/cabinet/products', key.token)).statusCode).toBe(200)
    const revoked = await call('POST', `/cabinet/api_keys/${key.id}/revoke`, seller.accessToken)
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json().api_key.revoked_at).not.toBeNull()
    const after = await call('GET', '/cabinet/products', key.token)
    expect(after.statusCode).toBe(401)
    expect(after.json().error.type).toBe('invalid_access_token')
    expect((await call('POST', `/cabinet/api_keys/${key.id}/revoke`, seller.accessToken)).json().api_key.revoked_at).toBe(revoked.json().api_key.revoked_at)
  })

  test('an unknown or malformed sfk_ token answers 401', async () => {
    expect((await call('GET', '/cabinet/products', 'sfk_nothing')).statusCode).toBe(401)
  })

  test('the last use is recorded with the address, at most once a minute', async () => {
    const key = await makeKey(['products:read'])
    await call('GET', '/cabinet/products', key.token)
    const [first] = await sql('select last_used_at, last_used_ip from api_keys where id = $1', [key.id])
    expect(first.last_used_at).not.toBeNull()
    expect(first.last_used_ip).toBe('127.0.0.1')
    await call('GET', '/cabinet/products', key.token)
    const [second] = await sql('select last_used_at from api_keys where id = $1', [key.id])
    expect(new Date(second.last_used_at).getTime()).toBe(new Date(first.last_used_at).getTime())
    const listed = (await call('GET', '/cabinet/api_keys', seller.accessToken)).json().list.find((k: any) => k.id === key.id)
    expect(listed.last_used_at).not.toBeNull()
  })

  test('a key with every scope is refused outside /cabinet, on the team and on the key routes', async () => {
    const all = ['dashboard', 'products', 'pages', 'orders', 'deals', 'payers', 'courses', 'tickets', 'affiliates', 'settings', 'payouts'].map((a) => `${a}:write`)
    const key = await makeKey(all)
    expect((await call('GET', '/app/user/me', key.token)).statusCode).toBe(401)
    expect((await call('GET', '/payer/invoices', key.token)).statusCode).toBe(401)
    expect((await call('GET', '/admin/sellers', key.token)).statusCode).toBe(401)
    expect((await call('GET', '/cabinet/team_members', key.token)).statusCode).toBe(403)
    expect((await call('GET', '/cabinet/api_keys', key.token)).statusCode).toBe(403)
    expect((await call('POST', '/cabinet/api_keys', key.token, { name: 'escalate', scopes: ['products:write'] })).statusCode).toBe(403)
    expect((await call('POST', `/cabinet/api_keys/${key.id}/revoke`, key.token)).statusCode).toBe(403)
  })

  test('a manager cannot make keys (no seller)', async () => {
    const manager = await signInManager(t)
    expect((await call('POST', '/cabinet/api_keys', manager, { name: 'x', scopes: ['products:read'] })).statusCode).toBe(403)
  })
})
