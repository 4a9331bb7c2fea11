import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { multipart, tempDataDir, testImage } from '../../../../tests/factories/media'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// The seller's logo, colours and mail footer on payer pages and mails (docs/decisions/0085-customization.md):
// the settings' checks, the storefront's pages and the payer mails carrying them, nothing of them while the
// flag is off, and another seller's pages and mails untouched.

const temp = tempDataDir()
let t: TestApp
let seller: TestSeller
let other: TestSeller
let manager: string
const url = '/api/v1/cabinet/customization'

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: temp.dir })
  seller = await createSeller(t)
  other = await createSeller(t)
  manager = await signInManager(t)
}, 120_000)
afterAll(async () => {
  await t?.close()
  temp.remove()
})

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const save = (payload: object, who: TestSeller = seller) => t.request({ method: 'PUT', url, token: who.accessToken, payload })
const setFlag = async (on: boolean | null) => {
  const res = await t.request({ method: 'PATCH', url: `/api/v1/admin/sellers/${seller.sellerId}`, token: manager, payload: { features: { customization: on } } })
  expect(res.statusCode, res.body).toBe(200)
}
async function uploadLogo(who: TestSeller): Promise<string> {
  const res = await t.request({
    method: 'POST', url: '/api/v1/cabinet/uploads', token: who.accessToken,
    ...multipart([{ name: 'kind', content: 'image' }, { name: 'file', filename: 'logo.png', contentType: 'image/png', content: await testImage(240, 80) }]),
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().key
}
/** Buys the product and answers the order confirmation mail to the payer. */
async function buy(product: { id: number; pricing_plans: { id: number }[] }, payer = fullPayer()) {
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer, terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [mail] = await sql<{ html: string; text: string }>('select html, text from email_logs where lower("to") = lower($1) and kind = $2 order by id desc limit 1', [payer.email, 'order_confirmation'])
  expect(mail).toBeDefined()
  return mail!
}
async function signInPayer(email: string): Promise<string> {
  expect((await t.request({ method: 'POST', url: '/api/v1/app/user/send_magic_link', payload: { email } })).statusCode).toBe(204)
  const [mail] = await sql<{ html: string }>('select html from email_logs where lower("to") = lower($1) and kind = $2 order by id desc limit 1', [email, 'magic_link'])
  const token = /magic_link_token=([A-Za-z0-9_-]+)/.exec(mail!.html)![1]
  const res = await t.request({ method: 'POST', url: '/api/v1/app/session/magic_link', payload: { token, fingerprint: 'fp-customization-payer' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().access_token
}

describe('customization settings', () => {
  test('start empty; colours are stored long and lower case with the text colour chosen by contrast; left-out fields are kept', async () => {
    const empty = await t.request({ method: 'GET', url, token: seller.accessToken })
    expect(empty.statusCode).toBe(200)
    expect(empty.json()).toEqual({ logo_key: null, logo_url: null, primary_color: null, primary_text_color: null, accent_color: null, mail_footer: null, hide_branding: false, updated_at: null })
    const saved = await save({ primary_color: '#FC0', accent_color: '#0B5394' })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ primary_color: '#ffcc00', primary_text_color: '#000000', accent_color: '#0b5394' })
    const dark = await save({ primary_color: '#123456' })
    expect(dark.json()).toMatchObject({ primary_color: '#123456', primary_text_color: '#ffffff', accent_color: '#0b5394' })
  })

  test('refused: a colour that is no hex colour, an accent too light to read on white (4.5:1), more than 8 footer lines or 500 characters, unknown keys', async () => {
    const notHex = await save({ primary_color: 'red' })
    expect(notHex.statusCode).toBe(400)
    expect(notHex.json().error.fields).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'primary_color' })]))
    const light = await save({ accent_color: '#ffc107' })
    expect(light.statusCode).toBe(422)
    expect(JSON.stringify(light.json().error.fields)).toContain('accent_color')
    expect(light.json().error.fields[0].message).toMatch(/contrast/i)
    expect((await save({ mail_footer: Array.from({ length: 9 }, (_, i) => `line ${i}`).join('\n') })).statusCode).toBe(422)
    expect((await save({ mail_footer: 'x'.repeat(501) })).statusCode).toBe(400)
    expect((await save({ css: 'body{}' })).statusCode).toBe(400)
    expect((await t.request({ method: 'GET', url, token: seller.accessToken })).json()).toMatchObject({ primary_color: '#123456', accent_color: '#0b5394', mail_footer: null })
  })

  test('the mail footer is plain text: control characters and surplus blank lines go, markup is kept as text', async () => {
    const res = await save({ mail_footer: 'Acme <b>GmbH</b>\u0007\r\n\r\n\r\nMain St 1   \n' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().mail_footer).toBe('Acme <b>GmbH</b>\n\nMain St 1')
  })

  test('the logo is the seller\'s own image upload, shown from their shop; another seller\'s upload or a PDF is refused', async () => {
    const otherLogo = await uploadLogo(other)
    const refused = await save({ logo_key: otherLogo })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error.fields).toEqual([expect.objectContaining({ path: 'logo_key' })])
    const pdf = await t.request({
      method: 'POST', url: '/api/v1/cabinet/uploads', token: seller.accessToken,
      ...multipart([{ name: 'kind', content: 'pdf' }, { name: 'file', filename: 'logo.pdf', contentType: 'application/pdf', content: '%PDF-1.7 logo' }]),
    })
    expect(pdf.statusCode).toBe(201)
    expect((await save({ logo_key: pdf.json().key })).statusCode).toBe(422)
    const key = await uploadLogo(seller)
    const res = await save({ logo_key: key })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().logo_url).toBe(`/s/${seller.username}/uploads/${key}`)
    const served = await t.request({ method: 'GET', url: res.json().logo_url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
  })

  test('with the flag off the routes answer 403 feature_disabled; the settings are kept for when it is on again', async () => {
    await setFlag(false)
    const off = await t.request({ method: 'GET', url, token: seller.accessToken })
    expect(off.statusCode).toBe(403)
    expect(off.json().error).toMatchObject({ type: 'feature_disabled', flag: 'customization' })
    await setFlag(null)
    expect((await t.request({ method: 'GET', url, token: seller.accessToken })).json().primary_color).toBe('#123456')
  })

  test('without signing in there is no way in', async () => {
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401)
  })
})

describe('applied to payer pages and mails', () => {
  let product: { id: number; slug: string; pricing_plans: { id: number }[] }
  let otherProduct: { id: number; slug: string; pricing_plans: { id: number }[] }
  beforeAll(async () => {
    product = await publishedProduct(t, seller.accessToken, { name: 'Branded course' })
    otherProduct = await publishedProduct(t, other.accessToken, { name: 'Plain course' })
    const res = await save({ primary_color: '#123456', accent_color: '#0b5394', mail_footer: 'Acme GmbH\nMain St 1, Berlin', hide_branding: true })
    expect(res.statusCode).toBe(200)
  })

  test('the checkout page shows the seller\'s logo and colours and leaves out the Sellfront line (needs npm run build:storefront)', async () => {
    const page = await t.request({ method: 'GET', url: `/s/${seller.username}/${product.slug}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(`/s/${seller.username}/uploads/`)
    expect(page.body).toContain('data-testid="brand-logo"')
    expect(page.body).toMatch(/--sf-brand-primary:\s*#123456/)
    expect(page.body).toMatch(/--sf-brand-on-primary:\s*#ffffff/)
    expect(page.body).toMatch(/--sf-brand-accent:\s*#0b5394/)
    // the page as shown: the props script after it carries the page's texts, that line among them (decision 0094)
    expect(page.body.split('<script type="application/json"')[0]).not.toContain('Sold with Sellfront')
    // the hydrating client gets the same branding, without the mail footer (pages do not show it)
    expect(page.body).toContain('"branding":{')
    expect(page.body).not.toContain('Acme GmbH')
  })

  test('another seller\'s pages keep the platform\'s look', async () => {
    const page = await t.request({ method: 'GET', url: `/s/${other.username}/${otherProduct.slug}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toContain('--sf-brand-')
    expect(page.body).not.toContain('brand-logo')
    expect(page.body.split('<script type="application/json"')[0]).toContain('Sold with Sellfront')
  })

  test('the order confirmation carries the logo, the primary colour and the footer; another seller\'s mail does not', async () => {
    const mail = await buy(product)
    expect(mail.html).toContain('data-branding="header"')
    expect(mail.html).toContain(`http://localhost:3000/s/${seller.username}/uploads/`)
    expect(mail.html).toContain('background:#123456;color:#ffffff')
    expect(mail.html).toContain('Acme GmbH<br>Main St 1, Berlin')
    expect(mail.html).not.toContain('Sellfront · ')
    expect(mail.text).toContain('\n-- \nAcme GmbH\nMain St 1, Berlin')
    const plain = await buy(otherProduct)
    expect(plain.html).not.toContain('data-branding')
    expect(plain.html).toContain('Sellfront · http://localhost:3000')
  })

  test('the payer area\'s page of the seller carries the logo and colours; of another seller, none', async () => {
    const payer = fullPayer()
    await buy(product, payer)
    await buy(otherProduct, payer)
    const token = await signInPayer(payer.email)
    const mine = await t.request({ method: 'GET', url: `/api/v1/payer/sellers/${seller.sellerId}`, token })
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json().branding).toMatchObject({ primary_color: '#123456', primary_text_color: '#ffffff', accent_color: '#0b5394' })
    expect(mine.json().branding.logo_url).toMatch(new RegExp(`^/s/${seller.username}/uploads/`))
    const theirs = await t.request({ method: 'GET', url: `/api/v1/payer/sellers/${other.sellerId}`, token })
    expect(theirs.json().branding).toBeNull()
  })

  test('the footer is escaped: markup a seller types is shown as text', async () => {
    await save({ mail_footer: '<img src=x onerror=alert(1)> & Co' })
    const mail = await buy(product)
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; Co')
    expect(mail.html).not.toContain('<img src=x')
    await save({ mail_footer: 'Acme GmbH\nMain St 1, Berlin' })
  })

  test('with the flag off, pages and new mails show the platform\'s look at once, without changing the settings', async () => {
    await setFlag(false)
    const page = await t.request({ method: 'GET', url: `/s/${seller.username}/${product.slug}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toContain('--sf-brand-')
    expect(page.body.split('<script type="application/json"')[0]).toContain('Sold with Sellfront')
    const mail = await buy(product)
    expect(mail.html).not.toContain('data-branding')
    expect(mail.html).not.toContain('Acme GmbH')
    await setFlag(null)
    const again = await t.request({ method: 'GET', url: `/s/${seller.username}/${product.slug}` })
    expect(again.body).toMatch(/--sf-brand-primary:\s*#123456/)
  })
})
