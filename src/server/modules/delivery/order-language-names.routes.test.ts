import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay } from '../../../../tests/factories/checkout'
import { extractText } from '../../../../tests/helpers/read-pdf'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { certificatesOfOrder } from '../certificates/certificates.service'

// The product's name where the payer reads it after buying, in the order's language (docs/decisions/0095-product-translations.md):
// the certificate's {{product_name}}, the delivered items (the delivery mail's list, the order's deliverables) and
// the payer area's purchases, payments and certificates; a language without a translated name, the base name.

let t: TestApp
let seller: TestSeller
let product: { id: number; slug: string; pricing_plans: { id: number }[] }

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const pdfText = async (pdf: Buffer) => ((await extractText(new Uint8Array(pdf), { mergePages: true })).text as string).replace(/\s+/g, ' ')

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  product = await publishedProduct(t, seller.accessToken, { form: 'certificate', name: 'Colour theory', translations: { de: { name: 'Farbenlehre' } } })
  const saved = await t.request({
    method: 'PUT', url: `/api/v1/cabinet/products/${product.id}/certificate_design`, token: seller.accessToken,
    payload: {
      layout: 'landscape', title: 'Certificate of {{product_name}}', body: 'Awarded to {{payer_name}}.', colors: { text: '#111111', accent: '#b45309', background: '#fffdf5' }, date_source: 'purchase_date', validity_start: 'from_payment' },
  })
  expect(saved.statusCode, saved.body).toBe(200)
})
afterAll(async () => { await t?.close() })

/** Buys with the page's language in Content-Language and pays; the order's id and token and the payer's email. */
async function buyIn(language: string) {
  const payer = fullPayer()
  const res = await t.request({
    method: 'POST', url: '/api/v1/shop/orders', headers: { 'idempotency-key': randomUUID(), 'content-language': language },
    payload: { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer, terms_accepted: true },
  })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number }>('select id from orders where token = $1', [res.json().order.token])
  return { id: order!.id, token: res.json().order.token as string, email: payer.email }
}

async function signInPayer(email: string): Promise<string> {
  expect((await t.request({ method: 'POST', url: '/api/v1/app/user/send_magic_link', payload: { email } })).statusCode).toBe(204)
  const [mail] = await sql<{ html: string }>('select html from email_logs where lower("to") = lower($1) and kind = $2 order by id desc limit 1', [email, 'magic_link'])
  const token = /magic_link_token=([A-Za-z0-9_-]+)/.exec(mail!.html)![1]
  const res = await t.request({ method: 'POST', url: '/api/v1/app/session/magic_link', payload: { token, fingerprint: 'fp-order-language-names' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().access_token
}

describe('the product\'s name in the order\'s language after buying', () => {
  test('a German order: the certificate, the delivered items and the payer area name it in German; a French one in the base name', async () => {
    const german = await buyIn('de')
    const french = await buyIn('fr')
    for (const [order, name] of [[german, 'Farbenlehre'], [french, 'Colour theory']] as const) {
      const [cert] = await certificatesOfOrder(t.deps.db, t.deps, order.id)
      expect(cert, 'a certificate product issues on purchase').toBeDefined()
      const text = await pdfText((await t.request({ method: 'GET', url: cert!.pdf_url.replace('http://localhost:3000', '') })).rawPayload)
      expect(text).toContain(`of ${name}`)
      const publicOrder = (await t.request({ method: 'GET', url: `/api/v1/shop/orders/${order.token}` })).json()
      expect(publicOrder.deliverables.products).toEqual([expect.objectContaining({ product_id: product.id, name })])
      const [mail] = await sql<{ text: string }>(`select text from email_logs where lower("to") = lower($1) and kind = 'order_delivery'`, [order.email])
      expect(mail!.text).toContain(name)
      const token = await signInPayer(order.email)
      const overview = (await t.request({ method: 'GET', url: '/api/v1/payer/purchases', token })).json()
      expect(overview.sellers[0].purchases).toEqual([expect.objectContaining({ product_id: product.id, product_name: name })])
      const page = (await t.request({ method: 'GET', url: `/api/v1/payer/sellers/${seller.sellerId}`, token })).json()
      expect(page.orders).toEqual([expect.objectContaining({ product_name: name })])
      expect(page.certificates).toEqual([expect.objectContaining({ product_id: product.id, product_name: name })])
    }
    // The seller's records keep the base name.
    const list = (await t.request({ method: 'GET', url: '/api/v1/cabinet/orders', token: seller.accessToken })).json()
    expect(list.list.every((o: { product_name?: string }) => o.product_name === undefined || o.product_name === 'Colour theory')).toBe(true)
  })
})
