import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { multipart, tempDataDir, testImage } from '../../../../tests/factories/media'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { pdfPageSizes } from '../../../../tests/helpers/pdf-text'
import { extractText } from '../../../../tests/helpers/read-pdf'

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

const designUrl = (id: number) => `/api/v1/cabinet/products/${id}/certificate_design`
const design = {
  layout: 'landscape', title: 'Certificate of {{product_name}}', body: 'Awarded to {{payer_name}} on {{date}}, valid until {{valid_until}}.',
  colors: { text: '#111111', accent: '#b45309', background: '#fffdf5' },
  date_source: 'custom_text', custom_date_text: 'Midsummer 2030',
  validity_start: 'from_static_date', static_date: '2030-01-01', validity_days: 365,
}

describe('certificate design', () => {
  test('a new certificate product shows the default design; a saved design is read back as saved', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'certificate', name: 'Colour theory' })
    const initial = await t.request({ method: 'GET', url: designUrl(product.id), token: seller.accessToken })
    expect(initial.statusCode).toBe(200)
    expect(initial.json()).toMatchObject({ product_id: product.id, layout: 'landscape', date_source: 'purchase_date', validity_start: 'from_payment', saved: false })
    const saved = await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, relative_days: 5 } })
    expect(saved.statusCode).toBe(200)
    // relative_days belongs to relative_date only, so it is not kept with custom_text.
    expect(saved.json()).toMatchObject({ ...design, relative_days: null, custom_size: null, background_key: null, saved: true })
    expect((await t.request({ method: 'GET', url: designUrl(product.id), token: seller.accessToken })).json()).toEqual(saved.json())
  })

  test('the rules of layouts, date sources and validity start are field errors: custom needs a size, relative_date its days, custom_text its text, from_static_date its date', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'certificate' })
    const cases: [Record<string, unknown>, string][] = [
      [{ layout: 'custom' }, 'custom_size'],
      [{ date_source: 'relative_date', custom_date_text: null }, 'relative_days'],
      [{ custom_date_text: null }, 'custom_date_text'],
      [{ static_date: null }, 'static_date'],
      [{ static_date: '2030-02-30' }, 'static_date'],
      [{ colors: { ...design.colors, accent: 'orange' } }, 'colors.accent'],
      [{ body: 'Hello {{payer_email}}' }, 'body'],
      [{ layout: 'diagonal' }, 'layout'],
    ]
    for (const [change, path] of cases) {
      const res = await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, ...change } })
      expect(res.statusCode, JSON.stringify(change)).toBe(400)
      expect(res.json().error.fields.map((f: any) => f.path), JSON.stringify(change)).toContain(path)
    }
    const relative = await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, date_source: 'relative_date', relative_days: 14, layout: 'custom', custom_size: { width_mm: 200, height_mm: 100 } } })
    expect(relative.json()).toMatchObject({ date_source: 'relative_date', relative_days: 14, custom_date_text: null, custom_size: { width_mm: 200, height_mm: 100 } })
  })

  test('the preview PDF has a landscape page (width > height), the title and the placeholders filled for Alex Example', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'certificate', name: 'Colour theory' })
    await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: design })
    const res = await t.request({ method: 'GET', url: `${designUrl(product.id)}/preview.pdf`, token: seller.accessToken })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    const pdf = res.rawPayload
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const [page] = pdfPageSizes(pdf)
    expect(page!.width).toBeGreaterThan(page!.height)
    expect(Math.round(page!.width)).toBe(842)
    const text = await pdfText(pdf)
    expect(text).toContain('Certificate of Colour theory')
    expect(text).toContain('Alex Example')
    expect(text).toContain('Midsummer 2030')
    expect(text).toContain('January 1, 2031') // static start 2030-01-01 + 365 days
    expect(text).not.toContain('{{')
  })

  test('translations (docs/decisions/0095-product-translations.md): saved per locale with empty texts dropped, kept when left out, replaced when sent, cleared by null or {}; bad keys and texts are field errors; the preview prints a language asked for', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'certificate', name: 'Colour theory' })
    const polish = { title: 'Certyfikat {{product_name}}', body: '  Przyznany {{payer_name}}.  ', custom_date_text: '' }
    const saved = await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, translations: { pl: polish, de: { title: null, body: '' } } } })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().translations).toEqual({ pl: { title: 'Certyfikat {{product_name}}', body: 'Przyznany {{payer_name}}.', custom_date_text: null } })
    const [{ design: stored }] = (await t.deps.database.executeSql('select design from certificate_designs where product_id = $1', [product.id])).rows as any[]
    expect(stored.translations).toEqual({ pl: { title: 'Certyfikat {{product_name}}', body: 'Przyznany {{payer_name}}.' } })

    // Left out (the "keys details" step saves without them): kept.
    const kept = await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, validity_days: 10 } })
    expect(kept.json()).toMatchObject({ validity_days: 10, translations: { pl: { title: 'Certyfikat {{product_name}}' } } })
    const replaced = await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, translations: { de: { custom_date_text: 'Mittsommer 2030' } } } })
    expect(replaced.json().translations).toEqual({ de: { title: null, body: null, custom_date_text: 'Mittsommer 2030' } })

    const preview = await t.request({ method: 'GET', url: `${designUrl(product.id)}/preview.pdf?locale=de`, token: seller.accessToken })
    expect(preview.statusCode).toBe(200)
    const text = await pdfText(preview.rawPayload)
    expect(text).toContain('Certificate of Colour theory') // no German title: the base one
    expect(text).toContain('Mittsommer 2030')
    expect(text).toContain('1. Januar 2031')
    expect(await pdfText((await t.request({ method: 'GET', url: `${designUrl(product.id)}/preview.pdf`, token: seller.accessToken })).rawPayload)).toContain('Midsummer 2030')
    expect((await t.request({ method: 'GET', url: `${designUrl(product.id)}/preview.pdf?locale=xx`, token: seller.accessToken })).statusCode).toBe(400)

    for (const clear of [null, {}]) {
      await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, translations: { pl: polish } } })
      const cleared = await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, translations: clear } })
      expect(cleared.json().translations, JSON.stringify(clear)).toEqual({})
    }

    const cases: [unknown, string][] = [
      [{ xx: { title: 'X' } }, 'translations'],
      [{ 'pt-br': { title: 'X' } }, 'translations'],
      [{ pl: { headline: 'X' } }, 'translations.pl'],
      [{ pl: { body: 'Hello {{payer_email}}' } }, 'translations.pl.body'],
      [{ pl: { title: 'x'.repeat(201) } }, 'translations.pl.title'],
      [{ pl: { body: '<script>alert(1)</script>' } }, 'translations.pl.body'],
    ]
    for (const [translations, path] of cases) {
      const res = await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, translations } })
      expect(res.statusCode, JSON.stringify(translations)).toBe(400)
      expect(res.json().error.fields.map((f: any) => f.path).join(' '), JSON.stringify(translations)).toContain(path)
    }
  })

  test('a portrait design renders a portrait page; a custom one its size in millimetres', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'certificate' })
    await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, layout: 'portrait' } })
    const portrait = pdfPageSizes((await t.request({ method: 'GET', url: `${designUrl(product.id)}/preview.pdf`, token: seller.accessToken })).rawPayload)[0]!
    expect(portrait.height).toBeGreaterThan(portrait.width)
    await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, layout: 'custom', custom_size: { width_mm: 254, height_mm: 127 } } })
    const custom = pdfPageSizes((await t.request({ method: 'GET', url: `${designUrl(product.id)}/preview.pdf`, token: seller.accessToken })).rawPayload)[0]!
    expect([Math.round(custom.width), Math.round(custom.height)]).toEqual([720, 360])
  })

  test('a background must be the seller own image upload; it is drawn into the preview', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'certificate' })
    const upload = async (token: string) => (await t.request({
      method: 'POST', url: '/api/v1/cabinet/uploads', token,
      ...multipart([{ name: 'kind', content: 'image' }, { name: 'file', filename: 'bg.png', content: await testImage(300, 200), contentType: 'image/png' }]),
    })).json().key as string
    const mine = await upload(seller.accessToken)
    const theirs = await upload(other.accessToken)
    const refused = await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, background_key: theirs } })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error.fields[0].path).toBe('background_key')
    const ok = await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, background_key: mine } })
    expect(ok.json().background_key).toBe(mine)
    const pdf = (await t.request({ method: 'GET', url: `${designUrl(product.id)}/preview.pdf`, token: seller.accessToken })).rawPayload
    expect(pdf.toString('latin1')).toContain('/Subtype /Image')
  })

  test('only certificate products have a design (422); another seller answers 404 on every route', async () => {
    const digital = await createProduct(t, seller.accessToken, { form: 'digital' })
    expect((await t.request({ method: 'GET', url: designUrl(digital.id), token: seller.accessToken })).json().error.type).toBe('wrong_product_form')
    const product = await createProduct(t, seller.accessToken, { form: 'certificate' })
    await t.request({ method: 'PUT', url: designUrl(product.id), token: seller.accessToken, payload: { ...design, title: 'Secret title' } })
    for (const attempt of [
      { method: 'GET', url: designUrl(product.id) },
      { method: 'PUT', url: designUrl(product.id), payload: design },
      { method: 'GET', url: `${designUrl(product.id)}/preview.pdf` },
    ] as const) {
      const res = await t.request({ ...attempt, token: other.accessToken } as any)
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(404)
      expect(res.body).not.toContain('Secret')
    }
    expect((await t.request({ method: 'GET', url: designUrl(product.id), token: seller.accessToken })).json().title).toBe('Secret title')
  })
})
