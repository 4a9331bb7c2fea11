import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { CONSENT_COOKIE } from '../../src/web/features/cookie-consent/consent'
import { startMangopayStandIn, type MangopayStandIn } from '../stand-ins/mangopay-stand-in'
import { fillPayerDetails, watchProblems } from './buyer'
import { apiSignIn, launchBrowser, startServer, type RunningServer } from './harness'

// A card payment into the seller's e-money wallet in Chromium (docs/decisions/0052-emoney-pay-ins.md): the
// demo seller submits its identity (the e-money sync opens its wallet at the provider's stand-in), chooses
// the e-money provider for cards, and a payer buys on the product page, pays on the provider's hosted card
// page and comes back to a paid order; the money is in the seller's wallet less the platform's fee.

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e221bc330000000049454e44ae426082', 'hex')

let stand: MangopayStandIn
let server: RunningServer
let browser: Browser
let token = ''

beforeAll(async () => {
  stand = await startMangopayStandIn()
  server = await startServer({
    env: { SEED_DEMO: 'true', DEMO_PASSWORD: demo.password, MANGOPAY_CLIENT_ID: stand.clientId, MANGOPAY_API_KEY: stand.apiKey, MANGOPAY_API_BASE: stand.url },
  })
  browser = await launchBrowser()
  token = (await apiSignIn(server, demo.email, demo.password, 'e2e-emoney-seller')).access_token
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await stand?.close()
})

async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const headers = { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }
  const res = await fetch(`${server.url}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (res.status === 204 ? null : await res.json()) as T
}

async function upload(kind: string) {
  const form = new FormData()
  form.append('kind', kind)
  form.append('file', new Blob([png], { type: 'image/png' }), `${kind}.png`)
  const res = await fetch(`${server.url}/api/v1/cabinet/legitimation/documents`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
  if (!res.ok) throw new Error(`upload ${kind}: ${res.status} ${await res.text()}`)
}

describe('card pay-ins into the seller\'s e-money wallet', () => {
  test('the seller opens its wallet and takes cards through it; a payer pays on the provider\'s card page', async () => {
    // The seller's identity, submitted: the e-money sync (a job) makes its user and wallet at the provider.
    await api('PUT', '/cabinet/legitimation', {
      business_type: 'natural', step: 'documents',
      legal_representative: { first_name: 'Dana', last_name: 'Demo', street: 'Hauptstr. 1', zip: '10115', city: 'Berlin', country_code: 'DE' },
    })
    for (const kind of ['id_from_front', 'id_from_back', 'proof_doc']) await upload(kind)
    await api('POST', '/cabinet/legitimation/submit')
    await expect.poll(async () => {
      const settings = await api<{ methods: { method: string; allowed_providers: string[] }[] }>('GET', '/cabinet/payment_settings')
      return settings.methods.find((m) => m.method === 'card')!.allowed_providers.includes('emoney')
    }, { timeout: 30_000, interval: 500 }).toBe(true)
    await api('PUT', '/cabinet/payment_settings', { methods: [{ method: 'card', provider: 'emoney', active: true }] })
    const created = await api<{ id: number }>('POST', '/cabinet/products', { form: 'digital', slug: `emoney-e2e-${Date.now().toString(36)}`, name: 'Wallet course', pricing_plans: [{ form: 'one_time', currency_id: 'eur', price: 4_000 }] })
    const product = await api<{ slug: string }>('POST', `/cabinet/products/${created.id}/publish`)

    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' })
    await context.addCookies([{ name: CONSENT_COOKIE, value: 'all', url: server.url }])
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const problems = watchProblems(page)
    await page.goto(`/s/demo/${product.slug}`)
    await expect.poll(() => page.getByTestId('price-box').getAttribute('data-exact')).toBe('true')
    await fillPayerDetails(page, `wallet-${Date.now().toString(36)}@payer-e2e.test`)
    await page.getByTestId('method-card').click()
    await page.getByTestId('terms').check()
    await page.getByTestId('buy-button').click()

    // The provider's hosted card page (the stand-in's), then back to the platform's order page, paid.
    await page.waitForURL(`${stand.url}/hosted/payins/**`)
    expect(await page.textContent('h1')).toContain('40.00 EUR')
    await page.getByText('Pay', { exact: true }).click()
    await page.waitForURL('**/s/demo/payment/**')
    await expect.poll(() => page.getByTestId('success-page').getAttribute('data-state'), { timeout: 20_000 }).toBe('paid')
    const orderToken = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!)

    const order = (await api<{ list: { token: string; provider: string; paid_amount: number; payment_state: string }[] }>('GET', '/cabinet/orders?per=100')).list.find((o) => o.token === orderToken)
    expect(order).toMatchObject({ provider: 'emoney', paid_amount: 4_000, payment_state: 'paid' })
    const payIn = [...stand.payIns.values()].find((p) => p.Status === 'SUCCEEDED')!
    expect(payIn).toMatchObject({ DebitedFunds: { Currency: 'EUR', Amount: 4_000 }, Fees: { Amount: 200 } })
    expect(stand.wallets.get(payIn.CreditedWalletId)!.Balance.Amount).toBe(3_800)
    expect(problems).toEqual([])
    await context.close()
  })
})
