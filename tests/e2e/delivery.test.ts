import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { CONSENT_COOKIE } from '../../src/web/features/cookie-consent/consent'
import { apiSignIn, launchBrowser, signedInPage, startServer, type RunningServer } from './harness'
import { buyWithSandbox, deliverablesOf, watchProblems } from './buyer'

// Delivery and the payer area in Chromium (docs/decisions/0017-delivery.md): a payer buys a digital product, a membership (with a
// course and another product inside), a bundle and a subscription on the demo seller's product pages with the
// sandbox provider; the delivery mails (standard_email) in the stored outbox list what was delivered; the
// payer signs in by the shop's mail link and finds everything in /payer and /payer/s/{id}, opens the
// membership's course through its access link; a product switched to custom_email sends the seller's text
// with the placeholders filled; the payer changes the subscription's payment method on the manage page
// (sandbox setup page) and, once the seller allows it on the payment settings page, cancels it.
// Refunds have no seller route yet: that access leaves /payer after a refund is held by the integration
// test src/server/modules/delivery/delivery.routes.test.ts. Needs the built web app (npm run build:web).

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
const manager = { email: 'manager@delivery-e2e.test', password: 'Manager-pass1!' }
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

async function open(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' })
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'all', url: server.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { context, page, problems: watchProblems(page) }
}

const tokens: Record<string, { value: string; at: number }> = {}
async function tokenOf(who: { email: string; password: string }): Promise<string> {
  const cached = tokens[who.email]
  if (cached && Date.now() - cached.at < 5 * 60_000) return cached.value
  const value = (await apiSignIn(server, who.email, who.password, `e2e-delivery-${who.email}`)).access_token
  tokens[who.email] = { value, at: Date.now() }
  return value
}

/** The demo seller's cabinet API (set-up), or the manager's (the outbox). */
async function api<T = any>(method: string, path: string, body?: unknown, who = demo): Promise<T> {
  const headers = { authorization: `Bearer ${await tokenOf(who)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }
  const res = await fetch(`${server.url}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (res.status === 204 ? null : await res.json()) as T
}

type Product = { id: number; slug: string; name: string }
let unique = 0
async function publishedProduct(input: Record<string, unknown>): Promise<Product> {
  unique++
  const slug = `delivery-e2e-${unique}-${Date.now().toString(36)}`
  const created = await api<Product>('POST', '/cabinet/products', { form: 'digital', slug, pricing_plans: [{ form: 'one_time', currency_id: 'eur', price: 1900 }], ...input })
  return api<Product>('POST', `/cabinet/products/${created.id}/publish`)
}

/** Buys `product` on its product page with the sandbox provider; answers the order token. */
type Mail = { token: string; subject: string; kind: string }
/** The stored mail to `to` whose subject matches, once the jobs wrote it (the managers' outbox). */
async function mailTo(to: string, subject: string | RegExp): Promise<Mail & { text: string; html: string }> {
  let found: Mail | undefined
  await expect.poll(async () => {
    const list = (await api<{ list: Mail[] }>('GET', `/admin/email_logs?query=${encodeURIComponent(to)}&per=50`, undefined, manager)).list
    found = list.find((m) => (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)))
    return found?.subject ?? null
  }, { timeout: 30_000, interval: 500 }).not.toBeNull()
  const res = await fetch(`${server.url}/api/v1/common/email_logs/${found!.token}`)
  return { ...found!, ...(await res.json() as { text: string; html: string }) }
}

/**
 * Signs the payer in the way the shop offers: /s/demo/sign_in mails a link; the link opens the shop's page of the
 * payer area (docs/decisions/0069-member-pages.md), whose "All purchases" link leads to /payer.
 */
async function payerSignIn(page: Page, email: string) {
  await page.goto('/s/demo/sign_in')
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click()
  expect(await page.getByTestId('sign-in-sent').textContent()).toContain(email)
  const magic = await mailTo(email, 'Your sign-in link')
  await page.goto(`/email_logs/${magic.token}`)
  const link = await page.frameLocator('[data-testid="email-log-frame"]').getByRole('link', { name: 'Sign in' }).getAttribute('href')
  await page.goto(link!.replace(/^https?:\/\/[^/]+/, ''))
  await page.waitForURL('**/payer/s/*', { timeout: 20_000 })
  await page.getByTestId('payer-seller-page').getByRole('link', { name: 'All purchases' }).click()
  await page.getByTestId('payer-home').waitFor()
}

// ------------------------------------------------------------------ the test

describe('delivery and the payer area', () => {
  test('bought products arrive by mail and in /payer; custom mail text; the payment method of later rates changes; the payer cancels', async () => {
    const subscription = { form: 'subscription', currency_id: 'eur', price: 900, interval: '1m' }
    const digital = await publishedProduct({ name: 'Delivery e2e coaching call' })
    const guide = await publishedProduct({ name: 'Delivery e2e members guide' })
    const course = await publishedProduct({ form: 'course', name: 'Delivery e2e course' })
    const membership = await publishedProduct({
      form: 'membership', name: 'Delivery e2e membership', addons: [{ product_id: course.id, kind: 'bundle' }, { product_id: guide.id, kind: 'bundle' }],
    })
    const extra = await publishedProduct({ name: 'Delivery e2e bundle extra' })
    const bundle = await publishedProduct({ form: 'bundle', name: 'Delivery e2e bundle', addons: [{ product_id: extra.id, kind: 'bundle' }] })
    const plan = await publishedProduct({ name: 'Delivery e2e subscription', pricing_plans: [subscription] })
    const custom = await publishedProduct({ name: 'Delivery e2e custom mail' })
    await api('PUT', `/cabinet/products/${custom.id}/delivery`, {
      email_mode: 'custom_email', custom_subject: 'Welcome {first_name}: {product_name}', custom_body: 'Hi {first_name} {last_name}, order {order_number} from {seller_name} is yours.\n\nSee {payer_area_url}',
    })

    const email = `delivery-${Date.now().toString(36)}@payer-e2e.test`
    const { context, page, problems } = await open()
    const orders: Record<string, string> = {}
    for (const product of [digital, membership, bundle, plan]) orders[product.name] = await buyWithSandbox(page, product.slug, email)
    // The delivery jobs run in the background: every order is delivered before the payer looks.
    for (const token of Object.values(orders)) await deliverablesOf(server.url, token)

    // The success page leads into what was bought: the membership's page, the bundle's included product.
    await page.goto(`/s/demo/payment/${orders[membership.name]}`)
    expect(await page.getByTestId('access-open').textContent()).toBe('Open your membership')
    expect(await page.getByTestId('access-open').getAttribute('href')).toMatch(/\/payer\/s\/\d+$/)
    expect(await page.getByTestId('access-product').filter({ hasText: course.name }).getAttribute('href')).toContain(`/s/demo/courses/${course.slug}`)

    // The delivery mails (standard_email) list what was delivered.
    const membershipMail = await mailTo(email, `Your purchase is ready: ${membership.name}`)
    expect(membershipMail.kind).toBe('order_delivery')
    expect(membershipMail.text).toContain(course.name)
    expect(membershipMail.text).toContain(`/s/demo/courses/${course.slug}`)
    expect(membershipMail.text).toContain(guide.name)
    const bundleMail = await mailTo(email, `Your purchase is ready: ${bundle.name}`)
    expect(bundleMail.text).toContain('/payer/s/')
    await mailTo(email, `Your purchase is ready: ${digital.name}`)
    await page.goto(`/email_logs/${membershipMail.token}`)
    const frame = page.frameLocator('[data-testid="email-log-frame"]')
    expect(await frame.getByRole('link', { name: course.name }).getAttribute('href')).toBe(`${server.url}/s/demo/courses/${course.slug}`)

    // The payer signs in and finds everything, grouped by the seller.
    await payerSignIn(page, email)
    const seller = page.getByTestId('payer-seller')
    await expect.poll(() => seller.getByTestId('payer-purchase').count()).toBe(7)
    // the seller is named by their display name (the demo's company), not the username
    expect(await seller.getByRole('heading', { level: 3 }).textContent()).toBe('Demo Studio')
    for (const p of [digital, membership, course, guide, bundle, extra, plan]) {
      expect(await seller.locator(`[data-testid="payer-purchase"][data-product-id="${p.id}"]`).getAttribute('data-state')).toBe('active')
    }
    await seller.getByTestId('payer-seller-link').click()
    await page.waitForURL('**/payer/s/*')
    await page.getByTestId('payer-seller-page').waitFor()
    expect(await page.getByTestId('payer-purchases').textContent()).toContain(`with ${membership.name}`)
    await expect.poll(() => page.getByTestId('payer-payments').getByRole('link', { name: 'Manage' }).count()).toBe(4)

    // The access links open what was bought: the membership's page and its course's player.
    const membershipRow = page.getByTestId('payer-purchases').locator(`[data-testid="payer-purchase"][data-product-id="${membership.id}"]`)
    expect(await membershipRow.getByTestId('payer-open').getAttribute('href')).toMatch(/\/payer\/s\/\d+$/)
    await page.getByTestId('payer-purchases').locator(`[data-testid="payer-purchase"][data-product-id="${course.id}"]`).getByTestId('payer-open').click()
    await page.waitForURL(`**/s/demo/courses/${course.slug}**`)
    await page.getByTestId('course-outline').waitFor()

    // The seller's own mail text, placeholders filled.
    orders[custom.name] = await buyWithSandbox(page, custom.slug, email)
    const customMail = await mailTo(email, `Welcome Pat: ${custom.name}`)
    expect(customMail.text).toMatch(/^Hi Pat Payer, order \d+ from Demo Studio is yours\./)
    expect(customMail.text).toMatch(/See http:\/\/127\.0\.0\.1:\d+\/payer\/s\/\d+/)

    // Changing the payment method of the subscription's later rates (the sandbox's setup page).
    await page.goto(`/s/demo/payment/${orders[plan.name]}/manage`)
    await page.getByTestId('manage-rates').waitFor()
    expect(await page.getByTestId('manage-rates').locator('[data-state="future"]').count()).toBeGreaterThan(0)
    expect(await page.getByTestId('cancel-subscription').count()).toBe(0)
    await page.getByTestId('change-method').click()
    await page.waitForURL('**/sandbox/setups/**')
    await page.getByTestId('sandbox-setup-success').waitFor()
    expect(await page.getByTestId('sandbox-setup').textContent()).toContain('Test mode')
    await page.getByTestId('sandbox-setup-success').click()
    await page.waitForURL((url) => url.pathname === `/s/demo/payment/${orders[plan.name]}/manage` && url.search === '?method=changed')
    expect(await page.getByTestId('method-result').textContent()).toContain('Your new payment method is saved')
    expect(await page.getByTestId('manage-card').textContent()).toContain('4242')

    // The seller lets payers cancel (payment settings page); the payer cancels to the end of the paid period.
    const sellerPage = await signedInPage(browser, server, demo, '**/cabinet**')
    const sellerProblems = watchProblems(sellerPage.page)
    await sellerPage.page.goto('/cabinet/settings/payment_settings')
    const toggle = sellerPage.page.getByTestId('payers-may-cancel')
    await expect.poll(() => toggle.isEnabled()).toBe(true)
    expect(await toggle.isChecked()).toBe(false)
    // The switch is controlled (it shows what the server saved), so check() cannot see it change at once; a
    // forced click can also land while the page still shifts: click until the setting is saved.
    await expect.poll(async () => {
      const saved = (await api<{ payers_may_cancel: boolean }>('GET', '/cabinet/settings/payment_management')).payers_may_cancel
      if (!saved && !(await toggle.isChecked())) await toggle.click({ force: true })
      return saved
    }, { timeout: 15_000, interval: 1_000 }).toBe(true)
    expect(sellerPage.errors).toEqual([])
    expect(sellerProblems).toEqual([])
    await sellerPage.context.close()

    await page.reload()
    await page.getByTestId('cancel-subscription').click()
    await page.getByTestId('access-until').waitFor()
    await expect.poll(() => page.getByTestId('cancel-subscription').count()).toBe(0)
    expect(await page.getByTestId('manage-rates').locator('[data-state="skipped"]').count()).toBeGreaterThan(0)
    await page.goto('/payer')
    await expect.poll(() => page.locator(`[data-testid="payer-purchase"][data-product-id="${plan.id}"]`).getAttribute('data-state')).toBe('active')

    expect(problems).toEqual([])
    await context.close()
  })
})
