import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { multipart, tempDataDir, testImage } from '../../../../tests/factories/media'
import { pdfPageSizes } from '../../../../tests/helpers/pdf-text'
import { extractText } from '../../../../tests/helpers/read-pdf'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { previewValues, ticketPdf } from './ticket-designs.service'
import * as catalog from '../catalog/catalog.service'
import { systemContext } from '../../context'

/**
 * The text of a PDF (pdf.js), its lines joined by spaces: the documents embed Noto fonts, which the standard-font
 * reader of tests/helpers/pdf-text cannot decode, and a long value may wrap.
 */
async function pdfText(pdf: Buffer): Promise<string> {
  return ((await extractText(new Uint8Array(pdf), { mergePages: true })).text as string).replace(/\s+/g, ' ')
}

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

const designUrl = (id: number) => `/api/v1/cabinet/products/${id}/ticket_design`
const design = {
  layout: 'a4_portrait', colors: { accent: '#b45309', text: '#111111' }, show_qr_code: true,
  fields: ['event_name', 'ticket_type', 'date', 'location', 'attendee_name', 'price'], footer_text: 'Doors open at 8:30. No pets.',
}
const event = (name = 'Jazz night 2030') => createProduct(t, seller.accessToken, {
  form: 'eventTickets', name,
  tickets: [
    { name: 'Front row', location: 'Hamburg, Elbphilharmonie', start_date: '2030-09-12T19:00:00.000Z', position: 0, pricing_plans: [oneTimePlan(5900)] },
    { name: 'Balcony', location: 'Hamburg, Elbphilharmonie', start_date: '2030-09-12T19:00:00.000Z', position: 1, pricing_plans: [oneTimePlan(2900)] },
  ],
})
const preview = async (id: number, token = seller.accessToken) => t.request({ method: 'GET', url: `${designUrl(id)}/preview.pdf`, token })

describe('ticket design', () => {
  test('a new event shows the default design (A6 landscape, QR code, every field); a saved design is read back as saved', async () => {
    const product = await event()
    const initial = await t.request({ method: 'GET', url: designUrl(product.id), token: seller.accessToken })
    expect(initial.statusCode).toBe(200)
    expect(initial.json()).toMatchObject({
      product_id: product.id, layout: 'a6_landscape', custom_size: null, logo_key: null, show_qr_code: true, footer_text: '', saved: false,
      fields: ['event_name', 'ticket_type', 'date', 'location', 'attendee_name', 'price', 'order_number'],
    })
    // The size belongs to the custom layout only; fields are kept in printing order.
    const saved = await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, custom_size: { width_mm: 100, height_mm: 60 }, fields: ['price', 'event_name'] } })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ ...design, fields: ['event_name', 'price'], custom_size: null, logo_key: null, saved: true })
    expect((await t.request({ method: 'GET', url: designUrl(product.id), token: seller.accessToken })).json()).toEqual(saved.json())
  })

  test('bad colours, script in the footer, a footer over 500 characters, unknown or repeated fields and a custom layout without size are field errors', async () => {
    const product = await event()
    const cases: [Record<string, unknown>, string][] = [
      [{ colors: { ...design.colors, accent: 'orange' } }, 'colors.accent'],
      [{ colors: { ...design.colors, text: '#12345' } }, 'colors.text'],
      [{ footer_text: 'Welcome <script>alert(1)</script>' }, 'footer_text'],
      [{ footer_text: 'x'.repeat(501) }, 'footer_text'],
      [{ fields: ['event_name', 'seat'] }, 'fields.1'],
      [{ fields: ['price', 'price'] }, 'fields'],
      [{ layout: 'custom' }, 'custom_size'],
      [{ layout: 'a5' }, 'layout'],
      [{ show_qr_code: 'yes' }, 'show_qr_code'],
    ]
    for (const [change, path] of cases) {
      const res = await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, ...change } })
      expect(res.statusCode, JSON.stringify(change)).toBe(400)
      expect(res.json().error.fields.map((f: any) => f.path), JSON.stringify(change)).toContain(path)
    }
    const unknownKey = await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, background: '#fff' } })
    expect(unknownKey.statusCode).toBe(400)
    expect((await t.request({ method: 'GET', url: designUrl(product.id), token: seller.accessToken })).json().saved).toBe(false)
  })

  test('the preview PDF of an A4 portrait design has a portrait page, the event name, the first ticket type, the footer and a QR code', async () => {
    const product = await event('Jazz night 2030')
    await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: design })
    const res = await preview(product.id)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    const pdf = res.rawPayload
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const pages = pdfPageSizes(pdf)
    expect(pages).toHaveLength(1)
    expect(pages[0]!.height).toBeGreaterThan(pages[0]!.width)
    expect([Math.round(pages[0]!.width), Math.round(pages[0]!.height)]).toEqual([595, 842])
    const text = await pdfText(pdf)
    expect(text).toContain('Jazz night 2030')
    expect(text).toContain('Front row')
    expect(text).not.toContain('Balcony')
    expect(text).toContain('Hamburg, Elbphilharmonie')
    expect(text).toContain('59,00 EUR')
    expect(text).toContain('Alex Example')
    expect(text).toContain('September 12, 2030')
    expect(text).toContain('Doors open at 8:30. No pets.')
    expect(text).toContain('SF-TEST-0001') // printed under the QR code
    expect(text).not.toContain('PREVIEW-0001') // order_number was not chosen
    expect(pdf.toString('latin1')).toContain('/Subtype /Image')
  })

  test('the default design previews an A6 landscape page; without the QR code no image is drawn; an event without tickets shows sample values', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'eventTickets', name: 'Open studio day' })
    const res = await preview(product.id)
    const [page] = pdfPageSizes(res.rawPayload)
    expect(page!.width).toBeGreaterThan(page!.height)
    expect([Math.round(page!.width), Math.round(page!.height)]).toEqual([420, 298])
    const text = await pdfText(res.rawPayload)
    expect(text).toContain('Open studio day')
    expect(text).toContain('Standard')
    expect(text).toContain('PREVIEW-0001')
    expect(res.rawPayload.toString('latin1')).toContain('/Subtype /Image')

    await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, layout: 'custom', custom_size: { width_mm: 200, height_mm: 80 }, show_qr_code: false } })
    const custom = (await preview(product.id)).rawPayload
    expect(pdfPageSizes(custom).map((p) => [Math.round(p.width), Math.round(p.height)])).toEqual([[567, 227]])
    expect(custom.toString('latin1')).not.toContain('/Subtype /Image')
    expect(await pdfText(custom)).not.toContain('SF-TEST-0001')
  })

  test('a logo must be the seller own image upload (422 for another seller upload); it is drawn into the preview', async () => {
    const product = await event()
    const upload = async (token: string) => (await t.request({
      method: 'POST', url: '/api/v1/cabinet/uploads', token,
      ...multipart([{ name: 'kind', content: 'image' }, { name: 'file', filename: 'logo.png', content: await testImage(200, 100), contentType: 'image/png' }]),
    })).json().key as string
    const mine = await upload(seller.accessToken)
    const theirs = await upload(other.accessToken)
    const refused = await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, logo_key: theirs } })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error.fields[0].path).toBe('logo_key')
    const ok = await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, logo_key: mine, show_qr_code: false } })
    expect(ok.json().logo_key).toBe(mine)
    const pdf = (await preview(product.id)).rawPayload
    expect(pdf.toString('latin1')).toContain('/Subtype /Image')
  })

  test('only eventTickets products have a ticket design (422 wrong_product_form); another seller answers 404 on every route', async () => {
    for (const form of ['digital', 'certificate']) {
      const product = await createProduct(t, seller.accessToken, { form })
      for (const attempt of [
        { method: 'GET', url: designUrl(product.id) },
        { method: 'PUT', url: designUrl(product.id), payload: design },
        { method: 'GET', url: `${designUrl(product.id)}/preview.pdf` },
      ] as const) {
        const res = await t.request({ ...attempt, token: seller.accessToken } as any)
        expect(res.statusCode, `${form} ${attempt.method} ${attempt.url}`).toBe(422)
        expect(res.json().error.type).toBe('wrong_product_form')
      }
    }
    const product = await event('Secret gala')
    await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, footer_text: 'Secret footer' } })
    for (const attempt of [
      { method: 'GET', url: designUrl(product.id) },
      { method: 'PUT', url: designUrl(product.id), payload: design },
      { method: 'GET', url: `${designUrl(product.id)}/preview.pdf` },
    ] as const) {
      const res = await t.request({ ...attempt, token: other.accessToken } as any)
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(404)
      expect(res.body).not.toContain('Secret')
    }
    expect((await t.request({ method: 'GET', url: designUrl(product.id), token: seller.accessToken })).json().footer_text).toBe('Secret footer')
  })

  test('a duplicated event keeps its ticket design', async () => {
    const product = await event()
    await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: design })
    const copy = (await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/duplicate`, token: seller.accessToken })).json()
    const copied = (await t.request({ method: 'GET', url: designUrl(copy.id), token: seller.accessToken })).json()
    expect(copied).toMatchObject({ ...design, saved: true, product_id: copy.id })
  })
})

describe('the footer in other languages (docs/decisions/0095-product-translations.md "Ticket designs")', () => {
  test('saved per language (empty texts dropped), kept when left out, cleared by {}; a ticket prints its order\'s language, else the footer', async () => {
    const product = await event('Polish night')
    const put = (payload: Record<string, unknown>) => t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, ...payload } })
    const saved = await put({ translations: { pl: { footer_text: 'Wejście od 8:30. Bez zwierząt.' }, de: { footer_text: '  ' } } })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().translations).toEqual({ pl: { footer_text: 'Wejście od 8:30. Bez zwierząt.' } })
    expect((await put({})).json().translations).toEqual({ pl: { footer_text: 'Wejście od 8:30. Bez zwierząt.' } })
    expect((await put({ translations: { xx: { footer_text: 'x' } } })).statusCode).toBe(400)

    const full = await catalog.getProduct({ ...systemContext(t.deps), actor: { userId: seller.userId, sessionId: 's', profileId: null, profileType: 'seller', sellerId: seller.sellerId, permissions: [], confirmed: true } } as never, product.id)
    const values = previewValues(full, 'pl', t.clock.now)
    const polish = await pdfText(await ticketPdf(t.deps.db, t.deps, { id: product.id, sellerId: seller.sellerId }, values, 'pl'))
    expect(polish).toContain('Wejście od 8:30. Bez zwierząt.')
    const french = await pdfText(await ticketPdf(t.deps.db, t.deps, { id: product.id, sellerId: seller.sellerId }, values, 'fr'))
    expect(french).toContain('Doors open at 8:30. No pets.')

    expect((await put({ translations: {} })).json().translations).toEqual({})
  })
})
