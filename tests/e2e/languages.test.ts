import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import ar from '../../src/storefront/i18n/locales/ar'
import pl from '../../src/storefront/i18n/locales/pl'
import type { StorefrontTexts } from '../../src/storefront/i18n/en'
import { ar as arPdf } from '../../src/server/pdf/pdf-texts/ar'
import { extractText } from '../helpers/read-pdf'
import { watchProblems } from './buyer'
import { apiSignIn, latestMailLink, newPage, startDemoPlatform, stopPlatform, type RunningServer } from './harness'

// Buying in the payer's language (docs/decisions/0094-storefront-languages.md): a payer whose browser asks for
// Polish and who picks zloty (docs/decisions/0097-payer-currencies.md) reads the shop, the checkout, the sandbox's
// page and the success page in Polish, pays the converted price and gets the order's mail in Polish; a payer who picks Arabic with the switcher reads the page right-to-left, keeps Arabic on the next
// page, and gets the mail right-to-left in Arabic, and an Arabic invoice.

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
let server: RunningServer
let browser: Browser

beforeAll(async () => { ({ server, browser } = await startDemoPlatform(demo.password)) })
afterAll(() => stopPlatform(server, browser))

/** The payer's details by field name (the labels are in the page's language), card, terms, buy, the sandbox's success. */
async function buy(page: Page, email: string, texts: StorefrontTexts) {
  await expect.poll(() => page.getByTestId('price-box').getAttribute('data-exact')).toBe('true')
  await page.locator('[name="payer.email"]').fill(email)
  await page.locator('[name="payer.first_name"]').fill('Łucja')
  await page.locator('[name="payer.last_name"]').fill('Żółć')
  await page.getByTestId('method-card').click()
  await page.getByTestId('terms').check()
  expect(await page.getByTestId('buy-button').textContent()).toContain(texts.common.buyButton.pay.split('{amount}')[0]!.trim())
  await page.getByTestId('buy-button').click()
  await page.waitForURL('**/sandbox/payments/**')
  await page.getByTestId('sandbox-success').click()
  await page.waitForURL('**/s/demo/payment/**')
  await expect.poll(() => page.getByTestId('success-page').getAttribute('data-state'), { timeout: 20_000 }).toBe('paid')
  expect(await page.getByTestId('order-title').textContent()).toBe(texts.common.paymentStates.paid.title)
}

/** The stored mail to the payer with this subject (the order's confirmation; its delivery mail comes beside it). */
async function mailTo(email: string, subject: string): Promise<{ subject: string; html: string }> {
  const manager = await apiSignIn(server, 'manager@sellfront.test', demo.password, `e2e-languages-${email}`)
  let mail: { token: string; subject: string } | null = null
  await expect.poll(async () => {
    mail = await latestMailLink(server, manager.access_token, email, subject).catch(() => null)
    return mail !== null
  }, { timeout: 15_000 }).toBe(true)
  return (await fetch(`${server.url}/api/v1/common/email_logs/${mail!.token}`)).json() as Promise<{ subject: string; html: string }>
}

describe('the payer\'s language', () => {
  test('a browser asking for Polish, paying in zloty: the shop, the checkout, the sandbox, the success page and the mail in Polish, the price converted', async () => {
    // The demo seller takes zloty too (docs/decisions/0097-payer-currencies.md); the demo's rates file has 4.2931 zł per euro.
    const seller = await apiSignIn(server, demo.email, demo.password, 'e2e-languages-seller')
    const profile = await (await fetch(`${server.url}/api/v1/cabinet/profile`, { headers: { authorization: `Bearer ${seller.access_token}` } })).json() as { profile: Record<string, unknown> }
    const saved = await fetch(`${server.url}/api/v1/cabinet/profile`, {
      method: 'PUT', headers: { authorization: `Bearer ${seller.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...profile.profile, payer_currencies: ['usd', 'chf', 'pln'] }),
    })
    expect(saved.status).toBe(200)

    // the browser's language is Polish: it sends Accept-Language: pl-PL
    const context = await browser.newContext({ baseURL: server.url, locale: 'pl-PL' })
    const page = await context.newPage()
    const problems = watchProblems(page)
    await page.goto('/s/demo')
    expect(await page.locator('html').getAttribute('lang')).toBe('pl')
    await page.goto('/s/demo/lightroom-presets')
    expect(await page.locator('html').getAttribute('lang')).toBe('pl')
    expect(await page.getByTestId('payer-fields').textContent()).toContain(pl.checkout.payer.labels.email)
    // the switcher names the shop's languages, each in its own name
    expect(await page.getByTestId('language-switcher').getByRole('link', { name: 'العربية' }).count()).toBe(1)
    // the seller's price is in euro until the payer picks zloty; 19,00 € × 4.2931 = 81,5689 → 81,57 zł
    expect(await page.getByTestId('currency-choice').textContent()).toContain('PLN')
    await page.getByTestId('currency-pln').click()
    await page.waitForURL('**/lightroom-presets?currency=pln')
    expect(await page.getByTestId('currency-converted').textContent()).toContain('1 EUR = 4.2931 PLN')
    await expect.poll(() => page.getByTestId('price-box').getAttribute('data-exact')).toBe('true')
    expect(await page.getByTestId('price-box').textContent()).toContain('81,57 zł')
    const email = `polski-${Date.now()}@example.test`
    await buy(page, email, pl)
    const mail = await mailTo(email, 'Zamówienie: Lightroom preset pack')
    expect(mail.html).toContain('lang="pl"')
    expect(mail.html).toContain('81,57 zł')
    expect(problems).toEqual([])
    await context.close()
  })

  test('Arabic from the switcher: right-to-left, kept on the next page, the mail right-to-left in Arabic, the invoice in Arabic', async () => {
    const { context, page } = await newPage(browser, server.url)
    const problems = watchProblems(page)
    await page.goto('/s/demo/lightroom-presets')
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    await page.getByTestId('language-switcher').getByRole('link', { name: 'العربية' }).click()
    await page.waitForURL('**/lightroom-presets?lang=ar')
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl')
    // the price box sits on the left of the card in a right-to-left layout: the form's start is on the right
    const form = (await page.getByTestId('payer-fields').boundingBox())!
    const label = (await page.getByTestId('payer-fields').locator('label', { hasText: ar.checkout.payer.labels.email }).first().boundingBox())!
    expect(label.x + label.width).toBeGreaterThan(form.x + form.width / 2)
    // the choice is kept: the shop page without ?lang= stays Arabic
    await page.goto('/s/demo')
    expect(await page.locator('html').getAttribute('lang')).toBe('ar')
    await page.goto('/s/demo/lightroom-presets')
    const email = `arabi-${Date.now()}@example.test`
    await buy(page, email, ar)
    const mail = await mailTo(email, 'طلبك: Lightroom preset pack')
    expect(mail.html).toContain('dir="rtl"')
    // The invoice is in Arabic too (docs/decisions/0096-pdfs-in-every-locale.md): its title and labels.
    const token = /\/payment\/([^/?#]+)/.exec(page.url())![1]!
    const order = await (await fetch(`${server.url}/api/v1/shop/orders/${token}`)).json() as { id: number }
    const seller = await apiSignIn(server, demo.email, demo.password, 'e2e-languages-invoice')
    const auth = { authorization: `Bearer ${seller.access_token}` }
    let invoices: { id: number }[] = []
    await expect.poll(async () => {
      invoices = ((await (await fetch(`${server.url}/api/v1/cabinet/invoices?order_id=${order.id}`, { headers: auth })).json()) as { list: { id: number }[] }).list
      return invoices.length
    }, { timeout: 15_000 }).toBe(1)
    const pdf = new Uint8Array(await (await fetch(`${server.url}/api/v1/cabinet/invoices/${invoices[0]!.id}/pdf`, { headers: auth })).arrayBuffer())
    const text = (await extractText(pdf, { mergePages: true })).text as string
    expect(text).toContain(arPdf.invoice.titles.invoice)
    expect(text).toContain(arPdf.invoice.billTo)
    expect(problems).toEqual([])
    await context.close()
  })
})
