import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { CONSENT_COOKIE } from '../../src/web/features/cookie-consent/consent'
import { extractText } from '../helpers/read-pdf'
import { buyWithSandbox, deliverablesOf } from './buyer'
import { apiSignIn, launchBrowser, startServer, type RunningServer } from './harness'

// Certificates, license keys and downloads in Chromium (docs/decisions/0020-issued-certificates-licenses-downloads.md): a payer buys a certificate product, a license key product and a download product
// with the sandbox provider on the public product pages; then the certificate's verification page says it
// is genuine and valid for the payer, the license key the order delivered verifies through the API, and
// the download is a PDF stamped with the payer's name and email (read back with unpdf). The seller's set-up
// goes through the cabinet API. Needs the built web app and storefront.

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
let server: RunningServer
let browser: Browser
let token = ''

beforeAll(async () => {
  server = await startServer({ env: { SEED_DEMO: 'true', DEMO_PASSWORD: demo.password } })
  browser = await launchBrowser()
  token = (await apiSignIn(server, demo.email, demo.password, 'e2e-cld-seller')).access_token
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  let payload: BodyInit | undefined
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers['content-type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  const res = await fetch(`${server.url}/api/v1${path}`, { method, headers, body: payload })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (res.status === 204 ? null : await res.json()) as T
}

type Product = { id: number; slug: string; name: string }
const slug = (name: string) => `cld-${name}-${Date.now().toString(36)}`
const plan = { form: 'one_time', currency_id: 'eur', price: 1500 }

async function guidePdf(): Promise<Blob> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let i = 1; i <= 2; i++) doc.addPage([400, 500]).drawText(`Guide page ${i}`, { x: 40, y: 440, size: 14, font })
  return new Blob([await doc.save() as Uint8Array<ArrayBuffer>], { type: 'application/pdf' })
}

describe('certificates, license keys and downloads', () => {
  test('buy all three with the sandbox; verify the certificate page, the license key by API, and the stamped download', async () => {
    const certificate = await api<Product>('POST', '/cabinet/products', { form: 'certificate', name: 'Colour theory certificate', slug: slug('cert'), pricing_plans: [plan] })
    await api('PUT', `/cabinet/products/${certificate.id}/certificate_design`, {
      layout: 'landscape', title: 'Certificate of {{product_name}}', body: 'Awarded to {{payer_name}} on {{date}}.',
      colors: { text: '#111111', accent: '#b45309', background: '#ffffff' }, date_source: 'purchase_date', validity_start: 'from_payment', validity_days: 365,
    })
    await api('POST', `/cabinet/products/${certificate.id}/publish`)

    const license = await api<Product>('POST', '/cabinet/products', { form: 'licenseKey', name: 'Pro licence', slug: slug('lic'), pricing_plans: [plan] })
    await api('POST', `/cabinet/products/${license.id}/license_keys`, { keys: [`E2E-${Date.now().toString(36).toUpperCase()}-0001`] })
    await api('PUT', `/cabinet/products/${license.id}/license_settings`, { activation_limit: 2 })
    await api('POST', `/cabinet/products/${license.id}/publish`)

    const download = await api<Product>('POST', '/cabinet/products', { form: 'download', name: 'The guide', slug: slug('dl'), pricing_plans: [plan] })
    const form = new FormData()
    form.append('file', await guidePdf(), 'guide.pdf')
    await api('POST', `/cabinet/products/${download.id}/files`, form)
    await api('PUT', `/cabinet/products/${download.id}/download_settings`, { stamp_pdf: true, download_limit: null })
    await api('POST', `/cabinet/products/${download.id}/publish`)

    const email = `cld-${Date.now().toString(36)}@payer-e2e.test`
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' })
    await context.addCookies([{ name: CONSENT_COOKIE, value: 'all', url: server.url }])
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const problems: string[] = []
    page.on('pageerror', (e) => problems.push(`pageerror: ${String(e)}`))

    // The certificate: its QR code's page says genuine and valid, for Pat Payer, from the demo seller.
    const certOrder = await buyWithSandbox(page, certificate.slug, email)
    const [cert] = (await deliverablesOf(server.url, certOrder)).certificates
    expect(cert.verify_url).toBe(`${server.url}/certificates/${cert.serial}`)
    await page.goto(cert.verify_url)
    expect(await page.getByTestId('certificate-verification').getAttribute('data-status')).toBe('valid')
    expect(await page.getByTestId('certificate-status').textContent()).toContain('Genuine and valid')
    expect(await page.getByTestId('certificate-awarded-to').textContent()).toBe('Pat Payer')
    expect(await page.getByTestId('certificate-for').textContent()).toBe('Colour theory certificate')
    const pdf = await fetch(cert.pdf_url)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect((await extractText(new Uint8Array(await pdf.arrayBuffer()), { mergePages: true })).text).toContain(cert.serial)
    const unknown = await page.goto('/certificates/SF-0000-0000-0000')
    expect(unknown!.status()).toBe(404)
    expect(await page.getByTestId('certificate-verification').getAttribute('data-status')).toBe('unknown')

    // The license key: delivered once, valid through the public API, activated within its limit.
    const licOrder = await buyWithSandbox(page, license.slug, email)
    const [key] = (await deliverablesOf(server.url, licOrder)).license_keys
    const call = async (path: string, body: unknown) => {
      const res = await fetch(`${server.url}/api/v1/common/licenses/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      return { status: res.status, json: await res.json() }
    }
    expect(await call('verify', { license_key: key.key })).toEqual({ status: 200, json: { valid: true, product_id: license.id, uses: 0, activation_limit: 2 } })
    expect((await call('activate', { license_key: key.key, product_id: license.id })).json.uses).toBe(1)
    expect(await call('verify', { license_key: 'E2E-NOT-A-KEY' })).toEqual({ status: 200, json: { valid: false } })

    // The download: a PDF with the payer's name and email on every page.
    const dlOrder = await buyWithSandbox(page, download.slug, email)
    const [file] = (await deliverablesOf(server.url, dlOrder)).downloads
    expect(file.name).toBe('guide.pdf')
    const res = await fetch(file.url)
    expect(res.status).toBe(200)
    const { text, totalPages } = await extractText(new Uint8Array(await res.arrayBuffer()))
    expect(totalPages).toBe(2)
    for (const pageText of text as string[]) expect(pageText).toContain(`Licensed to Pat Payer <${email}>`)
    const forged = await fetch(file.url.replace(/sig=[^&]+/, 'sig=forged'))
    expect(forged.status).toBe(403)

    expect(problems).toEqual([])
    await context.close()
  })
})
