import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { CONSENT_COOKIE } from '../../src/web/features/cookie-consent/consent'
import { apiSignIn, launchBrowser, latestMailLink, signedInPage, startServer, type RunningServer, mailedSignInLink } from './harness'

// Every money path of the checkout in Chromium, as a payer takes it from the public product page
// /s/{username}/{slug}: a one-time purchase through the sandbox provider (and the seller seeing it in the
// cabinet), a failed payment and its retry, an installment plan, a coupon, an order bump with a one-click
// upsell, a free product, event tickets for two, and the confirmation mail leading to the payer's sign-in.
// The seller's set-up (products, coupons, bumps, upsells) is made through the cabinet API; the payer's
// steps only through what the storefront shows. Needs the built web app and storefront (npm run build:web).

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
const manager = { email: 'manager@checkout-e2e.test', password: 'Manager-pass1!' }
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer({ managers: [manager], env: { SEED_DEMO: 'true', DEMO_PASSWORD: demo.password } })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

// ------------------------------------------------------------------ helpers

type Opened = { context: BrowserContext; page: Page; problems: string[] }

/** Collects uncaught errors and console errors of a page (a 4xx document or fetch the test expects aside). */
function watch(page: Page, expectedStatuses: number[] = []): string[] {
  const problems: string[] = []
  const expected = new RegExp(`status of (${[0, ...expectedStatuses].join('|')}) `)
  page.on('pageerror', (e) => problems.push(`pageerror: ${String(e)}`))
  page.on('console', (m) => {
    if (m.type() === 'error' && !(/^Failed to load resource/.test(m.text()) && expected.test(m.text()))) problems.push(`console.error: ${m.text()}`)
  })
  return problems
}

/** A fresh visitor: own cookies, English, JavaScript on. */
async function open(expectedStatuses: number[] = []): Promise<Opened> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' })
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'all', url: server.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  return { context, page, problems: watch(page, expectedStatuses) }
}

let sellerToken: { value: string; at: number } | null = null

/** The demo seller's cabinet API (the seller's set-up, and reading what the seller sees). */
async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  if (!sellerToken || Date.now() - sellerToken.at > 5 * 60_000) {
    sellerToken = { value: (await apiSignIn(server, demo.email, demo.password, 'e2e-checkout-seller')).access_token, at: Date.now() }
  }
  const headers = { authorization: `Bearer ${sellerToken.value}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }
  const res = await fetch(`${server.url}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (res.status === 204 ? null : await res.json()) as T
}

type Product = { id: number; slug: string; name: string; pricing_plans: { id: number }[] }

let unique = 0
/** A published product of the demo seller, made through the cabinet API. */
async function publishedProduct(input: Record<string, unknown>): Promise<Product> {
  unique++
  const slug = `checkout-e2e-${unique}-${Date.now().toString(36)}`
  const created = await api<Product>('POST', '/cabinet/products', { form: 'digital', slug, ...input })
  return api<Product>('POST', `/cabinet/products/${created.id}/publish`)
}

const oneTime = (price: number) => ({ form: 'one_time', currency_id: 'eur', price })

/** A payer address per test, so mails and orders are told apart. */
const payerEmail = (name: string) => `${name}-${Date.now().toString(36)}@payer-e2e.test`

async function fillPayer(page: Page, email: string) {
  const payer = page.getByTestId('payer-fields')
  await payer.getByLabel('Email address').fill(email)
  await payer.getByLabel('First name').fill('Pat')
  await payer.getByLabel('Last name').fill('Payer')
  // The default checkout asks only email, names and country (docs/decisions/0042-minimal-checkout-and-legal-texts.md);
  // a checkout that asks the invoice address or the phone shows those fields too.
  if (await payer.getByLabel('Street').isVisible()) {
    await payer.getByLabel('Street').fill('Hauptstraße')
    await payer.getByLabel('No.').fill('1')
    await payer.getByLabel('Postcode').fill('10115')
    await payer.getByLabel('City').fill('Berlin')
  }
  if (await payer.getByLabel('Phone').isVisible()) await payer.getByLabel('Phone').fill('+49 30 1234567')
}

/** Waits until the price box shows the server's exact quote for what is chosen now. */
async function exactPrice(page: Page, first: string) {
  await expect.poll(() => page.getByTestId('price-first').textContent()).toBe(first)
  await expect.poll(() => page.getByTestId('price-box').getAttribute('data-exact')).toBe('true')
}

/** Card, terms, Buy: answers once the sandbox provider's test page is open, with the amount it shows. */
async function payByCard(page: Page): Promise<string> {
  await page.getByTestId('method-card').click()
  await page.getByTestId('terms').check()
  await page.getByTestId('buy-button').click()
  await page.waitForURL('**/sandbox/payments/**')
  expect(await page.getByTestId('sandbox-page').textContent()).toContain('TEST MODE')
  return (await page.getByTestId('sandbox-amount').textContent())!
}

/** The sandbox page's answer; back on the success page, waits for `state` and answers the order token. */
async function finishSandbox(page: Page, outcome: 'success' | 'failure', state: string): Promise<string> {
  await page.getByTestId(`sandbox-${outcome}`).click()
  await page.waitForURL('**/s/demo/payment/**')
  await expect.poll(() => page.getByTestId('success-page').getAttribute('data-state'), { timeout: 15_000 }).toBe(state)
  return orderTokenOf(page)
}

function orderTokenOf(page: Page): string {
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!)
}

/** The order as its payer's link shows it (read for the assertions; the payer's steps use the pages). */
async function publicOrder(token: string) {
  const res = await fetch(`${server.url}/api/v1/shop/orders/${encodeURIComponent(token)}`)
  expect(res.status).toBe(200)
  return res.json() as Promise<Record<string, any>>
}

type SellerOrder = { id: number; token: string; product_id: number; product_name: string; upsell_type: string | null; payer_email: string; total_amount: number; paid_amount: number; payment_state: string; payment_method: string; provider: string; coupon_code: string | null }

/** The seller's orders list (GET /api/v1/cabinet/orders), newest first. */
async function sellerOrders(): Promise<SellerOrder[]> {
  return (await api<{ list: SellerOrder[] }>('GET', '/cabinet/orders?per=100')).list
}

async function sellerOrder(token: string): Promise<SellerOrder> {
  const found = (await sellerOrders()).find((o) => o.token === token)
  if (!found) throw new Error(`the seller does not see order ${token}`)
  return found
}

// ------------------------------------------------------------------ the paths

describe('a one-time product through the sandbox provider', () => {
  test('success: payer details, terms, the sandbox page, paid; the seller sees it by API and in the cabinet', async () => {
    const email = payerEmail('one-time')
    const { context, page, problems } = await open()
    await page.goto('/s/demo/strategy-session')
    expect(await page.getByTestId('product-name').textContent()).toBe('Strategy session (60 minutes)')
    await exactPrice(page, '99,00€')
    // The default checkout asks only email, names and country; the terms link the seller's documents.
    expect(await page.getByTestId('payer-fields').getByLabel('Street').isVisible()).toBe(false)
    expect(await page.getByTestId('payer-fields').getByLabel('Phone').count()).toBe(0)
    expect(await page.getByTestId('terms-link').getAttribute('href')).toBe('/s/demo/document/terms')
    expect(await page.getByTestId('privacy-link').getAttribute('href')).toBe('/s/demo/document/privacy')
    await fillPayer(page, email)
    expect(await payByCard(page)).toBe('99,00€')
    const token = await finishSandbox(page, 'success', 'paid')
    expect(await page.getByTestId('order-title').textContent()).toBe('Thank you for your purchase!')
    expect(await page.getByTestId('order-method').textContent()).toContain('visa •••• 4242')
    expect(await page.getByTestId('order-amount').textContent()).toBe('99,00€')
    expect(await page.getByTestId('order-product').textContent()).toBe('Strategy session (60 minutes)')
    expect(problems).toEqual([])
    await context.close()

    expect(await sellerOrder(token)).toMatchObject({
      product_name: 'Strategy session (60 minutes)', payer_email: email, payment_state: 'paid', total_amount: 9900, paid_amount: 9900,
      payment_method: 'card', provider: 'sandbox', upsell_type: null, coupon_code: null,
    })

    const cabinet = await signedInPage(browser, server, demo, '**/cabinet**')
    const cabinetProblems = watch(cabinet.page)
    await cabinet.page.goto('/cabinet/orders')
    const row = cabinet.page.locator(`[data-testid="order-row"][data-order-token="${token}"]`)
    await row.waitFor()
    expect(await row.getAttribute('data-state')).toBe('paid')
    expect(await row.textContent()).toContain('Strategy session (60 minutes)')
    const tableRow = cabinet.page.locator('tr').filter({ has: row })
    expect(await tableRow.textContent()).toContain(email)
    expect(await tableRow.getByTestId('order-total').textContent()).toMatch(/99[.,]00/)
    expect([...cabinet.errors, ...cabinetProblems]).toEqual([])
    await cabinet.context.close()
  })

  test('PayPal: the success page names PayPal and shows no card', async () => {
    const { context, page, problems } = await open()
    await page.goto('/s/demo/colour-theory-certificate')
    await exactPrice(page, '49,00€')
    await fillPayer(page, payerEmail('paypal'))
    await page.getByTestId('method-paypal').click()
    await page.getByTestId('terms').check()
    await page.getByTestId('buy-button').click()
    await page.waitForURL('**/sandbox/payments/**')
    const token = await finishSandbox(page, 'success', 'paid')
    const method = (await page.getByTestId('order-method').textContent())!
    expect(method).toContain('PayPal')
    expect(method).not.toContain('4242')
    expect(await publicOrder(token)).toMatchObject({ payment_method: 'paypal', card: null })
    expect(problems).toEqual([])
    await context.close()
  })

  test('failure: the success page says it was not paid; trying again from the product page succeeds', async () => {
    const email = payerEmail('failure')
    const { context, page, problems } = await open()
    await page.goto('/s/demo/colour-theory-certificate')
    await exactPrice(page, '49,00€')
    await fillPayer(page, email)
    expect(await payByCard(page)).toBe('49,00€')
    const failed = await finishSandbox(page, 'failure', 'payment_not_completed')
    expect(await page.getByTestId('order-title').textContent()).toBe('The payment did not go through')
    expect(await page.getByTestId('order-state-text').textContent()).toBe('Nothing was charged. You can try again.')
    expect(await page.getByTestId('upsell-offer').count()).toBe(0)
    expect(await publicOrder(failed)).toMatchObject({ payment_state: 'payment_not_completed', paid_amount: 0 })

    await page.getByRole('link', { name: 'Try again' }).click()
    await page.waitForURL('**/s/demo/colour-theory-certificate')
    await exactPrice(page, '49,00€')
    await fillPayer(page, email)
    expect(await payByCard(page)).toBe('49,00€')
    const paid = await finishSandbox(page, 'success', 'paid')
    expect(paid).not.toBe(failed)
    expect(await page.getByTestId('order-amount').textContent()).toBe('49,00€')
    expect(problems).toEqual([])
    await context.close()

    expect(await sellerOrder(failed)).toMatchObject({ payment_state: 'payment_not_completed', paid_amount: 0, payer_email: email })
    expect(await sellerOrder(paid)).toMatchObject({ payment_state: 'paid', paid_amount: 4900, payer_email: email })
  })
})

describe('an installment plan', () => {
  test('three rates of 50 €: the first is charged, the order is paying, 150 € over the plan', async () => {
    const product = await publishedProduct({
      name: 'Mentoring in three rates',
      pricing_plans: [{ form: 'installment', currency_id: 'eur', first_amount: 5000, next_amount: 5000, payments_count: 3, interval: '1m', name: 'Three rates' }],
    })
    const { context, page, problems } = await open()
    await page.goto(`/s/demo/${product.slug}`)
    await exactPrice(page, '50,00€')
    expect(await page.getByTestId('price-total').textContent()).toBe('150,00€')
    expect(await page.getByTestId('buy-button').textContent()).toBe('Pay 50,00€')
    await fillPayer(page, payerEmail('installment'))
    expect(await payByCard(page)).toBe('50,00€')
    const token = await finishSandbox(page, 'success', 'paying')
    expect(await page.getByTestId('order-amount').textContent()).toBe('50,00€')
    expect(await page.getByTestId('success-page').textContent()).toContain('150,00€')
    expect(problems).toEqual([])
    await context.close()

    expect(await publicOrder(token)).toMatchObject({ payment_state: 'paying', first_amount: 5000, paid_amount: 5000, total_amount: 15000, unpaid_amount: 10000 })
    expect(await sellerOrder(token)).toMatchObject({ payment_state: 'paying', paid_amount: 5000, total_amount: 15000 })
  })
})

describe('a coupon', () => {
  test('entered on the product page, the price box shows the discount; the order keeps the code and the lower amount', async () => {
    const product = await publishedProduct({ name: 'Portfolio review', pricing_plans: [oneTime(10000)] })
    const code = `SAVE20${Date.now().toString(36).toUpperCase()}`
    await api('POST', '/cabinet/coupons', { code, discount_type: 'percents', value: 20, scope: 'single_product', product_ids: [product.id] })
    const { context, page, problems } = await open()
    await page.goto(`/s/demo/${product.slug}`)
    await exactPrice(page, '100,00€')
    await page.getByLabel('Coupon code').fill(code)
    await page.getByTestId('coupon-apply').click()
    await expect.poll(() => page.getByTestId('coupon-result').textContent()).toBe(`Coupon ${code} applied`)
    await exactPrice(page, '80,00€')
    expect(await page.getByTestId('price-discount').textContent()).toBe(`Discount (${code})−20,00€`)
    expect(await page.getByTestId('buy-button').textContent()).toBe('Pay 80,00€')
    await fillPayer(page, payerEmail('coupon'))
    expect(await payByCard(page)).toBe('80,00€')
    const token = await finishSandbox(page, 'success', 'paid')
    expect(await page.getByTestId('order-amount').textContent()).toBe('80,00€')
    expect(problems).toEqual([])
    await context.close()

    expect(await publicOrder(token)).toMatchObject({ coupon_code: code, first_amount: 8000, discount_amount: 2000, total_amount: 8000, paid_amount: 8000 })
    expect(await sellerOrder(token)).toMatchObject({ coupon_code: code, payment_state: 'paid', paid_amount: 8000 })
  })
})

describe('an order bump and a one-click upsell', () => {
  test('the bump is ticked and charged with the product; after paying, "Add to my order" makes a paid upsell order', async () => {
    const bump = await publishedProduct({ name: 'Checklist add-on', pricing_plans: [oneTime(1500)] })
    const upsell = await publishedProduct({ name: 'Follow-up call', pricing_plans: [oneTime(2500)] })
    const main = await publishedProduct({ name: 'Launch workshop', pricing_plans: [oneTime(4000)] })
    await api('PUT', `/cabinet/products/${main.id}/addons`, { addons: [{ product_id: bump.id, kind: 'bump' }] })
    await api('PUT', `/cabinet/products/${main.id}/checkout`, {
      upsells: [{ kind: 'upsell', product_id: upsell.id, pricing_plan_id: upsell.pricing_plans[0]!.id, headline: 'Book a follow-up' }],
    })

    const { context, page, problems } = await open()
    await page.goto(`/s/demo/${main.slug}`)
    await exactPrice(page, '40,00€')
    const offer = page.getByTestId('order-bump')
    expect(await offer.textContent()).toContain('Yes, add Checklist add-on')
    await offer.getByRole('checkbox').check()
    await exactPrice(page, '55,00€')
    await fillPayer(page, payerEmail('bump'))
    expect(await payByCard(page)).toBe('55,00€')
    const token = await finishSandbox(page, 'success', 'paid')
    expect(await page.getByTestId('order-amount').textContent()).toBe('55,00€')

    const upsellOffer = page.getByTestId('upsell-offer')
    await upsellOffer.waitFor()
    expect(await upsellOffer.textContent()).toContain('Book a follow-up')
    expect(await upsellOffer.textContent()).toContain('25,00€')
    const successUrl = page.url()
    let sandboxVisited = false
    page.on('framenavigated', (f) => { if (f === page.mainFrame() && f.url().includes('/sandbox/')) sandboxVisited = true })
    // The one-click answer shown here is the page script's: wait until it has loaded, so the click is not the no-script form post.
    await page.waitForLoadState('networkidle')
    await upsellOffer.getByRole('button', { name: 'Add to my order' }).click()
    await page.getByTestId('upsell-accepted').waitFor()
    expect(await page.getByTestId('upsell-accepted').textContent()).toContain('Follow-up call was added to your order: Your payment was successful.')
    expect(await page.getByTestId('upsell-offer').count()).toBe(0)
    expect(page.url()).toBe(successUrl)
    expect(sandboxVisited).toBe(false)
    expect(problems).toEqual([])
    await context.close()

    const order = await publicOrder(token)
    expect(order).toMatchObject({ payment_state: 'paid', first_amount: 5500, paid_amount: 5500 })
    expect(order.lines.map((l: { kind: string; product_id: number; gross_amount: number }) => [l.kind, l.product_id, l.gross_amount]))
      .toEqual([['main', main.id, 4000], ['bump', bump.id, 1500]])
    const upsellOrders = (await sellerOrders()).filter((o) => o.product_id === upsell.id)
    expect(upsellOrders).toHaveLength(1)
    expect(upsellOrders[0]).toMatchObject({ upsell_type: 'upsell', payment_state: 'paid', paid_amount: 2500, total_amount: 2500, provider: 'sandbox' })
    expect(upsellOrders[0]!.token).not.toBe(token)
  })
})

describe('a free product', () => {
  test('"Get for free": the order is paid at once, no payment method and no sandbox page', async () => {
    const product = await publishedProduct({ name: 'Free colour chart', free: true, pricing_plans: [oneTime(0)] })
    const { context, page, problems } = await open()
    const visited: string[] = []
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) visited.push(new URL(f.url()).pathname) })
    await page.goto(`/s/demo/${product.slug}`)
    await expect.poll(() => page.getByTestId('price-first').textContent()).toBe('Free')
    expect(await page.getByTestId('payment-methods').count()).toBe(0)
    expect(await page.getByTestId('buy-button').textContent()).toBe('Get for free')
    await fillPayer(page, payerEmail('free'))
    await page.getByTestId('terms').check()
    await page.getByTestId('buy-button').click()
    await page.waitForURL('**/s/demo/payment/**')
    expect(await page.getByTestId('success-page').getAttribute('data-state')).toBe('paid')
    const token = orderTokenOf(page)
    expect(visited.some((p) => p.startsWith('/sandbox/'))).toBe(false)
    expect(problems).toEqual([])
    await context.close()

    expect(await publicOrder(token)).toMatchObject({ payment_state: 'paid', total_amount: 0, first_amount: 0, provider: 'free', payment_method: 'free' })
    expect(await sellerOrder(token)).toMatchObject({ payment_state: 'paid', total_amount: 0 })
  })
})

describe('event tickets', () => {
  test('two tickets with an attendee each: quantity 2, twice the price', async () => {
    const { context, page, problems } = await open()
    await page.goto('/s/demo/summer-workshop')
    await page.getByTestId('ticket-option').filter({ hasText: 'Standard' }).getByTestId('plan-option').click()
    await page.getByLabel('Quantity').fill('2')
    await exactPrice(page, '178,00€')
    const attendees = page.getByTestId('attendee-fields')
    await expect.poll(() => attendees.getByLabel('First name').count()).toBe(2)
    await attendees.getByLabel('First name').nth(0).fill('Ada')
    await attendees.getByLabel('Last name').nth(0).fill('One')
    await attendees.getByLabel('First name').nth(1).fill('Bea')
    await attendees.getByLabel('Last name').nth(1).fill('Two')
    await fillPayer(page, payerEmail('tickets'))
    expect(await payByCard(page)).toBe('178,00€')
    const token = await finishSandbox(page, 'success', 'paid')
    expect(await page.getByTestId('order-product').textContent()).toBe('Summer workshop 2030 × 2')
    expect(await page.getByTestId('order-amount').textContent()).toBe('178,00€')
    expect(problems).toEqual([])
    await context.close()

    const order = await publicOrder(token)
    expect(order).toMatchObject({ quantity: 2, total_amount: 17800, paid_amount: 17800, payment_state: 'paid' })
    expect(order.lines[0]).toMatchObject({ kind: 'main', quantity: 2, name: 'Summer workshop 2030 – Standard' })
    expect(await sellerOrder(token)).toMatchObject({ total_amount: 17800, payment_state: 'paid' })
  })
})

describe('after paying', () => {
  test('the payer gets the confirmation mail and signs in by magic link into the payer area', async () => {
    const email = payerEmail('mail')
    const { context, page, problems } = await open()
    await page.goto('/s/demo/lightroom-presets')
    await exactPrice(page, '19,00€')
    await fillPayer(page, email)
    expect(await payByCard(page)).toBe('19,00€')
    const token = await finishSandbox(page, 'success', 'paid')

    const managerToken = (await apiSignIn(server, manager.email, manager.password, 'e2e-checkout-manager')).access_token
    let confirmation: { token: string; subject: string } | null = null
    await expect.poll(async () => {
      confirmation = await latestMailLink(server, managerToken, email, 'Your order: Lightroom preset pack').catch(() => null)
      return confirmation?.subject
    }, { timeout: 15_000 }).toBe('Your order: Lightroom preset pack')
    await page.goto(`/email_logs/${confirmation!.token}`)
    const mail = page.frameLocator('[data-testid="email-log-frame"]')
    const orderLink = await mail.getByRole('link', { name: 'View your order' }).getAttribute('href')
    expect(orderLink).toBe(`${server.url}/s/demo/payment/${token}`)
    expect(await mail.locator('body').textContent()).toContain('Paid: 19,00€')

    // the success page's way in: the shop's sign-in page mails a link
    await page.goto(orderLink!.replace(server.url, ''))
    await page.getByTestId('sign-in-link').click()
    await page.waitForURL('**/s/demo/sign_in')
    await page.getByLabel('Email address').fill(email)
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click()
    expect(await page.getByTestId('sign-in-sent').textContent()).toContain(email)

    const link = await mailedSignInLink(page, server, managerToken, email)
    expect(link).toContain('/users/sign_in?magic_link_token=')
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''))
    // the shop's sign-in returns to that shop's page of the payer area (docs/decisions/0069-member-pages.md)
    await page.waitForURL('**/payer/s/*', { timeout: 15_000 })
    await page.getByTestId('payer-seller-page').waitFor()
    const me = await page.evaluate(() => (window as any).__sf.api.get('/app/user/me'))
    expect(me.email).toBe(email)
    expect(me.profiles.find((p: { id: number }) => p.id === me.currentProfileId).type).toBe('payer')
    expect(problems).toEqual([])
    await context.close()
  })
})
