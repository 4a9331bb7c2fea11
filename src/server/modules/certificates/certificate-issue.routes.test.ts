import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { certificateSerialPattern } from '../../../shared/schemas/certificates'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { extractText } from '../../../../tests/helpers/read-pdf'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import {
  certificateAttachments, certificatesOfOrder, certificatesOfPayer, certificateTriggerOf, issueCertificate, revokeCertificatesOfOrder,
} from './certificates.service'

/**
 * The text of a PDF (pdf.js), its lines joined by spaces: the documents embed Noto fonts, which the standard-font
 * reader of tests/helpers/pdf-text cannot decode, and a long value may wrap.
 */
async function pdfText(pdf: Buffer): Promise<string> {
  return ((await extractText(new Uint8Array(pdf), { mergePages: true })).text as string).replace(/\s+/g, ' ')
}

// Issued certificates (docs/decisions/0020-issued-certificates-licenses-downloads.md): issuing is idempotent per payer and product, the serial is unguessable and
// readable, the PDF carries the serial and a QR code to the public check, which says valid, not yet valid,
// expired, revoked or unknown; the PDF link works only with its signature.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const designUrl = (id: number) => `/api/v1/cabinet/products/${id}/certificate_design`
const design = {
  layout: 'landscape', title: 'Certificate of {{product_name}}', body: 'Awarded to {{payer_name}} on {{date}}.',
  colors: { text: '#111111', accent: '#b45309', background: '#fffdf5' },
  date_source: 'purchase_date', validity_start: 'from_payment', validity_days: 30,
}

async function certificateProduct(changes: Record<string, unknown> = {}) {
  const product = await publishedProduct(t, seller.accessToken, { form: 'certificate', name: 'Colour theory' })
  const saved = await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, ...changes } })
  expect(saved.statusCode, saved.body).toBe(200)
  return product
}

async function buy(product: { id: number; pricing_plans: { id: number }[] }, payer = fullPayer()) {
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer, terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json()
  expect((await sandboxPay(t, body.next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ id: number; payer_user_id: number }>('select id, payer_user_id from orders where token = $1', [body.order.token])
  return { orderId: order!.id, payerUserId: order!.payer_user_id, token: body.order.token as string, payer }
}

async function issue(productId: number, order: { orderId: number; payerUserId: number }) {
  await t.deps.db.transaction((tx) => issueCertificate(tx, t.deps, {
    productId, orderId: order.orderId, sellerId: seller.sellerId, payerUserId: order.payerUserId, recipientName: 'Pia Payer', trigger: 'purchase',
  }))
}

const verify = async (serial: string) => (await t.request({ method: 'GET', url: `/api/v1/common/certificates/${serial}` })).json()

describe('issued certificates', () => {
  test('a certificate product issues on purchase; a course only once it has a design (course completion); other forms never', async () => {
    const product = await certificateProduct()
    expect(await certificateTriggerOf(t.deps.db, product.id)).toBe('purchase')
    const course = await publishedProduct(t, seller.accessToken, { form: 'course' })
    expect(await certificateTriggerOf(t.deps.db, course.id)).toBeNull()
    const saved = await t.request({ method: 'PUT', url: designUrl(course.id), token: seller.accessToken, payload: design })
    expect(saved.json().issue_on).toBe('course_completion')
    expect(await certificateTriggerOf(t.deps.db, course.id)).toBe('course_completion')
    const refused = await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, issue_on: 'course_completion' } })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error.fields[0].path).toBe('issue_on')
    const digital = await publishedProduct(t, seller.accessToken, { form: 'digital' })
    expect(await certificateTriggerOf(t.deps.db, digital.id)).toBeNull()
  })

  test('a course certificate can be removed: no more are issued on completion, those issued stay valid and checkable; a certificate product keeps its design', async () => {
    const course = await publishedProduct(t, seller.accessToken, { form: 'course', name: 'Sketching' })
    expect((await t.request({ method: 'PUT', url: designUrl(course.id), token: seller.accessToken, payload: design })).statusCode).toBe(200)
    const order = await buy(course)
    await t.deps.db.transaction((tx) => issueCertificate(tx, t.deps, {
      productId: course.id, orderId: order.orderId, sellerId: seller.sellerId, payerUserId: order.payerUserId, recipientName: 'Pia Payer', trigger: 'course_completion',
    }))
    const [cert] = await certificatesOfOrder(t.deps.db, t.deps, order.orderId)

    const removed = await t.request({ method: 'DELETE', url: designUrl(course.id), token: seller.accessToken })
    expect(removed.statusCode, removed.body).toBe(204)
    expect(await certificateTriggerOf(t.deps.db, course.id)).toBeNull()
    expect((await t.request({ method: 'GET', url: designUrl(course.id), token: seller.accessToken })).json()).toMatchObject({ saved: false })
    expect(await verify(cert!.serial)).toMatchObject({ status: 'valid' })
    // Removing again answers the same; a certificate product's design is its product and stays.
    expect((await t.request({ method: 'DELETE', url: designUrl(course.id), token: seller.accessToken })).statusCode).toBe(204)
    const product = await certificateProduct()
    const refused = await t.request({ method: 'DELETE', url: designUrl(product.id), token: seller.accessToken })
    expect(refused.statusCode).toBe(422)
    expect(await certificateTriggerOf(t.deps.db, product.id)).toBe('purchase')
  })

  test('issuing twice (and concurrently) gives one certificate with a readable serial; a second order of the same payer adds none', async () => {
    const product = await certificateProduct()
    const order = await buy(product)
    await Promise.all([issue(product.id, order), issue(product.id, order), issue(product.id, order)])
    await issue(product.id, order)
    const rows = await sql('select serial, state, recipient_name from issued_certificates where product_id = $1', [product.id])
    expect(rows).toHaveLength(1)
    expect(rows[0].serial).toMatch(certificateSerialPattern)
    const list = await certificatesOfOrder(t.deps.db, t.deps, order.orderId)
    expect(list).toEqual([expect.objectContaining({ serial: rows[0].serial, product_id: product.id, product_name: 'Colour theory', state: 'valid' })])
    expect(list[0]!.verify_url).toBe(`http://localhost:3000/certificates/${rows[0].serial}`)
    expect(await certificatesOfPayer(t.deps.db, t.deps, order.payerUserId)).toHaveLength(1)
    const second = await buy(product, order.payer)
    await issue(product.id, second)
    expect(await sql('select id from issued_certificates where product_id = $1', [product.id])).toHaveLength(1)
  })

  test('the PDF has the recipient, the serial and a QR image; its link needs the signature; the check says valid with the names', async () => {
    const product = await certificateProduct()
    const order = await buy(product)
    await issue(product.id, order)
    const [cert] = await certificatesOfOrder(t.deps.db, t.deps, order.orderId)
    const pdf = await t.request({ method: 'GET', url: cert!.pdf_url.replace('http://localhost:3000', '') })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const text = await pdfText(pdf.rawPayload)
    expect(text).toContain('Awarded to Pia Payer')
    expect(text).toContain(cert!.serial)
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image')
    const forged = cert!.pdf_url.replace(/t=.{4}/, 't=AAAA').replace('http://localhost:3000', '')
    expect((await t.request({ method: 'GET', url: forged })).statusCode).toBe(404)
    const attachments = await certificateAttachments(t.deps.db, t.deps, order.orderId)
    expect(attachments.map((a) => a.filename)).toEqual([`certificate-${cert!.serial}.pdf`])
    // The PDF speaks its order's language (docs/decisions/0094-storefront-languages.md), whoever opens the link: an order
    // made in German gets the dates and the date line in German; the English PDF keeps them in English.
    const [{ paid_at: paidAt }] = await sql('select paid_at from orders where id = $1', [order.orderId])
    expect(text).toContain(new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(paidAt)))
    const english = await t.request({ method: 'GET', url: cert!.pdf_url.replace('http://localhost:3000', ''), headers: { 'accept-language': 'de-DE,de;q=0.9' } })
    expect(await pdfText(english.rawPayload)).toContain(new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(paidAt)))
    await sql("update orders set locale = 'de' where id = $1", [order.orderId])
    const german = await t.request({ method: 'GET', url: cert!.pdf_url.replace('http://localhost:3000', '') })
    const germanDay = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(paidAt))
    expect(await pdfText(german.rawPayload)).toContain(germanDay)
    await sql("update orders set locale = 'en' where id = $1", [order.orderId])
    expect(await verify(cert!.serial)).toMatchObject({ status: 'valid', recipient_name: 'Pia Payer', product_name: 'Colour theory', seller_username: seller.username })
    // Typed by a person: lower case, O for 0
    expect((await verify(cert!.serial.toLowerCase())).status).toBe('valid')
  })

  test('a Polish order\'s certificate prints the Polish texts of the design copied at issue, each falling back to the base text; a later change of the design leaves it as issued', async () => {
    const product = await certificateProduct({
      date_source: 'custom_text', custom_date_text: 'Midsummer 2030',
      translations: { pl: { title: 'Certyfikat ukończenia {{product_name}}', custom_date_text: 'Przesilenie 2030' }, de: { title: 'Zertifikat' } },
    })
    const order = await buy(product)
    await sql("update orders set locale = 'pl' where id = $1", [order.orderId])
    await issue(product.id, order)
    const [row] = await sql('select design from issued_certificates where order_id = $1', [order.orderId])
    expect(row.design.translations.pl).toEqual({ title: 'Certyfikat ukończenia {{product_name}}', custom_date_text: 'Przesilenie 2030' })
    // The seller rewrites the design and its Polish texts afterwards: the issued certificate stays as issued.
    await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, title: 'New title', translations: { pl: { title: 'Nowy tytuł', body: 'Nowa treść' } } } })

    const [cert] = await certificatesOfOrder(t.deps.db, t.deps, order.orderId)
    const polish = await pdfText((await t.request({ method: 'GET', url: cert!.pdf_url.replace('http://localhost:3000', '') })).rawPayload)
    expect(polish).toContain('Certyfikat ukończenia Colour theory')
    expect(polish).toContain('Przesilenie 2030')
    expect(polish).toContain('Awarded to Pia Payer') // no Polish body: the base text
    expect(polish).not.toContain('Nowy')
    expect(polish).not.toContain('New title')
    // Another language without a translation of these texts: the base ones.
    await sql("update orders set locale = 'fr' where id = $1", [order.orderId])
    const french = await pdfText((await t.request({ method: 'GET', url: cert!.pdf_url.replace('http://localhost:3000', '') })).rawPayload)
    expect(french).toContain('Certificate of Colour theory')
    expect(french).toContain('Midsummer 2030')
    await sql("update orders set locale = 'en' where id = $1", [order.orderId])
  })

  test('the check says expired after the validity, not yet valid before a static start, revoked after a refund, unknown for a made-up serial', async () => {
    const product = await certificateProduct({ validity_days: 1 })
    const order = await buy(product)
    await issue(product.id, order)
    const [cert] = await certificatesOfOrder(t.deps.db, t.deps, order.orderId)

    const later = await certificateProduct({ validity_start: 'from_static_date', static_date: '2999-01-01' })
    const laterOrder = await buy(later)
    await issue(later.id, laterOrder)
    const [future] = await certificatesOfOrder(t.deps.db, t.deps, laterOrder.orderId)
    expect((await verify(future!.serial)).status).toBe('not_yet_valid')

    await t.deps.db.transaction((tx) => revokeCertificatesOfOrder(tx, laterOrder.orderId, 'refund'))
    expect(await verify(future!.serial)).toMatchObject({ status: 'revoked', revoked_at: expect.any(String) })
    expect((await t.request({ method: 'GET', url: future!.pdf_url.replace('http://localhost:3000', '') })).statusCode).toBe(404)
    expect(await certificateAttachments(t.deps.db, t.deps, laterOrder.orderId)).toEqual([])

    // Revoked for good; buying again issues a new certificate with a new serial.
    const again = await buy(later, laterOrder.payer)
    expect(again.payerUserId).toBe(laterOrder.payerUserId)
    await issue(later.id, again)
    const rows = await sql('select serial, state from issued_certificates where product_id = $1 order by id', [later.id])
    expect(rows.map((r) => r.state)).toEqual(['revoked', 'valid'])

    expect(await verify('SF-0000-0000-0000')).toMatchObject({ status: 'unknown', recipient_name: null })
    expect((await verify('not-a-serial')).status).toBe('unknown')

    // Last: moving the clock ends the seller's session too.
    t.clock.advance(2 * 86_400)
    expect((await verify(cert!.serial)).status).toBe('expired')
  })
})
