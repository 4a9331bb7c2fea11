import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { multipart, tempDataDir } from '../../../../tests/factories/media'
import { extractText } from '../../../../tests/helpers/read-pdf'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { downloadLinksOf } from './media.service'

// Downloads (docs/decisions/0020-issued-certificates-licenses-downloads.md): signed links that expire, refused without data when forged, expired, of another
// order or after a refund; counted per file and order up to the product's limit; PDFs stamped with the
// payer's name and email on every page when the seller asks for it (read back with unpdf).

const temp = tempDataDir()
let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: temp.dir })
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => {
  await t.close()
  temp.remove()
})

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const local = (url: string) => url.replace('http://localhost:3000', '')

async function samplePdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let i = 1; i <= pages; i++) doc.addPage([400, 500]).drawText(`Chapter ${i} of the guide`, { x: 40, y: 440, size: 14, font })
  return Buffer.from(await doc.save())
}

async function downloadProduct(settings: { stamp_pdf: boolean; download_limit: number | null } | null) {
  const product = await createProduct(t, seller.accessToken, { form: 'download', name: 'The guide' })
  const upload = await t.request({
    method: 'POST', url: `/api/v1/cabinet/products/${product.id}/files`, token: seller.accessToken,
    ...multipart([{ name: 'file', filename: 'guide.pdf', content: await samplePdf(3), contentType: 'application/pdf' }]),
  })
  expect(upload.statusCode, upload.body).toBe(201)
  if (settings) {
    const saved = await t.request({ method: 'PUT', url: `/api/v1/cabinet/products/${product.id}/download_settings`, token: seller.accessToken, payload: settings })
    expect(saved.statusCode, saved.body).toBe(200)
  }
  const published = await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: seller.accessToken })
  expect(published.statusCode, published.body).toBe(200)
  return product
}

async function buy(product: { id: number; pricing_plans: { id: number }[] }) {
  const payer = fullPayer()
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer, terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json()
  expect((await sandboxPay(t, body.next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number; payer_user_id: number }>('select id, payer_user_id from orders where token = $1', [body.order.token])
  return { orderId: order!.id, payerUserId: order!.payer_user_id, payer }
}

const linksOf = (productId: number, order: { orderId: number; payerUserId: number }) =>
  downloadLinksOf(t.deps, t.deps.db, { productId, orderId: order.orderId, payerUserId: order.payerUserId })

describe('downloads', () => {
  test('download settings: only download products (422), only the seller (404), bad values 400', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'download' })
    const url = `/api/v1/cabinet/products/${product.id}/download_settings`
    expect((await t.request({ method: 'GET', url, token: seller.accessToken })).json()).toEqual({ product_id: product.id, stamp_pdf: false, download_limit: null, pdf_stamp_available: true })
    expect((await t.request({ method: 'GET', url, token: other.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'PUT', url, token: seller.accessToken, payload: { stamp_pdf: true, download_limit: 0 } })).statusCode).toBe(400)
    const digital = await publishedProduct(t, seller.accessToken, { form: 'digital' })
    expect((await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${digital.id}/download_settings`, token: seller.accessToken })).statusCode).toBe(422)
  })

  test('a stamped PDF says the payer name and email on every page; the unstamped original does not; downloads are counted', async () => {
    const product = await downloadProduct({ stamp_pdf: true, download_limit: null })
    const order = await buy(product)
    const [link] = await linksOf(product.id, order)
    expect(link!.name).toBe('guide.pdf')
    const res = await t.request({ method: 'GET', url: local(link!.url) })
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toContain('guide.pdf')
    const { text, totalPages } = await extractText(new Uint8Array(res.rawPayload))
    expect(totalPages).toBe(3)
    const stamp = `Licensed to Pia Payer <${order.payer.email}>`
    for (const page of text as string[]) expect(page).toContain(stamp)
    expect((text as string[])[1]).toContain('Chapter 2 of the guide')

    const plain = await downloadProduct(null)
    const plainOrder = await buy(plain)
    const [plainLink] = await linksOf(plain.id, plainOrder)
    const original = await t.request({ method: 'GET', url: local(plainLink!.url) })
    expect(original.statusCode).toBe(200)
    expect((await extractText(new Uint8Array(original.rawPayload), { mergePages: true })).text).not.toContain('Licensed to')
    expect(await sql('select count from download_counts where order_id = $1', [order.orderId])).toEqual([{ count: 1 }])
  })

  test('pdf_stamp flag off: the setting says so, turning stamping on is 403 feature_disabled, and a stamped product serves the original', async () => {
    const product = await downloadProduct({ stamp_pdf: true, download_limit: null })
    const order = await buy(product)
    await sql(`update sellers set features = features || '{"pdf_stamp": false}'::jsonb where id = $1`, [seller.sellerId])
    try {
      const url = `/api/v1/cabinet/products/${product.id}/download_settings`
      expect((await t.request({ method: 'GET', url, token: seller.accessToken })).json()).toMatchObject({ stamp_pdf: true, pdf_stamp_available: false })
      const refused = await t.request({ method: 'PUT', url, token: seller.accessToken, payload: { stamp_pdf: true, download_limit: 5 } })
      expect(refused.statusCode).toBe(403)
      expect(refused.json().error.type).toBe('feature_disabled')
      // saving the limit alone keeps the hidden setting as it was
      expect((await t.request({ method: 'PUT', url, token: seller.accessToken, payload: { stamp_pdf: false, download_limit: 5 } })).json())
        .toEqual({ product_id: product.id, stamp_pdf: true, download_limit: 5, pdf_stamp_available: false })
      const [link] = await linksOf(product.id, order)
      const res = await t.request({ method: 'GET', url: local(link!.url) })
      expect(res.statusCode).toBe(200)
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
      expect((await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text).not.toContain('Licensed to')
    } finally {
      await sql(`update sellers set features = features - 'pdf_stamp' where id = $1`, [seller.sellerId])
    }
    const [link] = await linksOf(product.id, order)
    const stamped = await t.request({ method: 'GET', url: local(link!.url) })
    expect((await extractText(new Uint8Array(stamped.rawPayload), { mergePages: true })).text).toContain('Licensed to')
  })

  test('the download limit per file and order holds, also for 6 downloads at once', async () => {
    const product = await downloadProduct({ stamp_pdf: false, download_limit: 2 })
    const order = await buy(product)
    const [link] = await linksOf(product.id, order)
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.request({ method: 'GET', url: local(link!.url) })))
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2)
    const refused = answers.filter((a) => a.statusCode === 403)
    expect(refused).toHaveLength(4)
    expect(refused[0]!.json().error.type).toBe('download_limit_reached')
    // Another order of the same product counts on its own.
    const [fresh] = await linksOf(product.id, await buy(product))
    expect((await t.request({ method: 'GET', url: local(fresh!.url) })).statusCode).toBe(200)
  })

  // Last: it moves the clock past the links' expiry (and the seller's session).
  test('forged links are 403, another order or payer 404 (both without data), a refunded order 404, an expired link 403 link_expired', async () => {
    const product = await downloadProduct(null)
    const order = await buy(product)
    const second = await buy(product)
    const [link] = await linksOf(product.id, order)
    const url = new URL(link!.url)
    const variant = (change: Record<string, string>) => {
      const copy = new URL(url)
      for (const [k, v] of Object.entries(change)) copy.searchParams.set(k, v)
      return `${copy.pathname}${copy.search}`
    }
    for (const change of <Record<string, string>[]>[{ order: String(second.orderId) }, { payer: String(second.payerUserId) }, { expires: String(Number(url.searchParams.get('expires')) + 3600) }, { sig: 'x'.repeat(43) }]) {
      const res = await t.request({ method: 'GET', url: variant(change) })
      expect(res.statusCode, JSON.stringify(change)).toBe(403)
      expect(res.headers['content-type']).toContain('application/json')
      expect(res.body).not.toContain('Chapter')
    }
    // A correctly signed link whose order belongs to another payer (the order changed hands: not possible, but the check holds).
    const [mismatch] = await downloadLinksOf(t.deps, t.deps.db, { productId: product.id, orderId: second.orderId, payerUserId: order.payerUserId })
    expect((await t.request({ method: 'GET', url: local(mismatch!.url) })).statusCode).toBe(404)
    // A file of another product under a link signed for this product.
    const [otherLink] = await downloadLinksOf(t.deps, t.deps.db, { productId: product.id + 100000, orderId: order.orderId, payerUserId: order.payerUserId })
    expect(otherLink).toBeUndefined()

    await sql(`update orders set payment_state = 'payment_refunded' where id = $1`, [order.orderId])
    expect((await t.request({ method: 'GET', url: local(link!.url) })).statusCode).toBe(404)

    const [secondLink] = await linksOf(product.id, second)
    t.clock.advance(73 * 3600)
    const expired = await t.request({ method: 'GET', url: local(secondLink!.url) })
    expect(expired.statusCode).toBe(403)
    expect(expired.json().error.type).toBe('link_expired')
  })

})
