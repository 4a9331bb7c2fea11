import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { CONSENT_COOKIE } from '../../src/web/features/cookie-consent/consent'
import { deliverablesOf, payWithSandbox, watchProblems } from './buyer'
import { createProductInWizard, launchBrowser, newPage, startServer, type RunningServer } from './harness'

// A new seller's first sale on a fresh install with no mail server (docs/decisions/0041-first-ten-minutes.md):
// sign up through the form, open the stored mail from the "view the mail" link, confirm, fill the seller
// profile from the start-selling checklist, create and publish a service with a one-time price, open the
// shop from the dashboard, buy as a payer with the sandbox, and see the order paid and delivered.

const password = 'Secret-pass1!'
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  // development without SMTP_URL: the mail preview mode of a fresh `npm start`
  server = await startServer({ env: { NODE_ENV: 'development' } })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** The payer's details: whatever the product's checkout asks for (fields it does not show are skipped). */
async function fillPayer(page: Page, email: string) {
  const payer = page.getByTestId('payer-fields')
  const values: [string, string][] = [
    ['Email address', email], ['First name', 'Pat'], ['Last name', 'Payer'], ['Street', 'Hauptstraße'], ['No.', '1'],
    ['Postcode', '10115'], ['City', 'Berlin'], ['Phone', '+49 30 1234567'],
  ]
  for (const [label, value] of values) {
    const field = payer.getByLabel(label).first()
    if (await field.count() === 1 && await field.isVisible()) await field.fill(value)
  }
}

describe('the first ten minutes', () => {
  test('sign up, confirm from the stored mail, profile, publish, open the shop, buy with the sandbox, delivered', async () => {
    const started = Date.now()
    const email = `first-sale-${Date.now()}@e2e.test`
    const name = 'Portfolio review'
    const { context, page, errors } = await newPage(browser, server.url)
    page.setDefaultTimeout(10_000)
    await context.addCookies([{ name: CONSENT_COOKIE, value: 'all', url: server.url }])

    // sign up as a seller: the next page links to the stored confirmation mail
    await page.goto('/users/sign_up')
    await page.getByLabel('First name').fill('Nora')
    await page.getByLabel('Last name').fill('Baker')
    await page.getByLabel('Email address').fill(email)
    await page.getByLabel(/^Password/).fill(password)
    await page.getByTestId('sign-up-type-seller').check()
    await page.getByRole('checkbox').last().check()
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL('**/users/sign_up/about_you')
    await page.getByTestId('mail-preview').click()
    await page.waitForURL('**/email_logs/**')
    const confirm = page.frameLocator('[data-testid="email-log-frame"]').getByRole('link', { name: 'Confirm email address' })
    await page.goto((await confirm.getAttribute('href'))!.replace(/^https?:\/\/[^/]+/, ''))
    await expect.poll(() => page.getByTestId('confirmation-done').isVisible(), { timeout: 15_000 }).toBe(true)
    // the server printed the stored mail's page for whoever watches the console (when its delivery job ran:
    // after the demo's own sales' mails on a fresh start)
    await expect.poll(() => server.output(), { timeout: 30_000 }).toMatch(new RegExp(`Mail to ${email.replace(/[.+]/g, '\\$&')} stored .*?/email_logs/`))

    // the dashboard's checklist: the address is confirmed, the profile is next
    await page.goto('/cabinet')
    const checklist = page.getByTestId('start-selling')
    await expect.poll(() => checklist.getByTestId('checklist-confirm_email').getAttribute('data-done')).toBe('true')
    expect(await checklist.getByTestId('checklist-profile').getAttribute('data-done')).toBe('false')
    await page.getByTestId('finish-registration-link').click()
    const form = page.getByTestId('seller-profile-form')
    await expect.poll(() => form.getByTestId('seller-profile-open').isVisible()).toBe(true)
    const box = (label: RegExp) => form.getByRole('textbox', { name: label })
    await form.getByLabel('VAT liable').check()
    await box(/^First name/).fill('Nora')
    await box(/^Last name/).fill('Baker')
    await box(/^Date of birth/).fill('24.06.1991')
    await box(/^Phone/).fill('+49 40 1234567')
    await box(/^Street/).fill('Elbchaussee')
    await box(/^House number/).fill('12')
    await box(/^Postcode/).fill('22763')
    await box(/^City/).fill('Hamburg')
    await box(/^Tax number/).fill('43/123/45678')
    await form.getByTestId('seller-profile-save').click()
    await expect.poll(() => form.getByTestId('seller-profile-finished').isVisible(), { timeout: 15_000 }).toBe(true)

    // a service with a one-time price, published from the wizard
    const id = await createProductInWizard(page, 'digital', name)
    await page.goto(`/cabinet/products/${id}/edit?step=2`)
    await expect.poll(() => page.getByTestId('step-title').textContent()).toBe('Checkout')
    await page.getByTestId('plan-add').click()
    await page.getByTestId('plan-price').fill('12,00')
    await page.getByTestId('plan-save').click()
    await page.getByTestId('plan-row').first().waitFor()
    await page.getByTestId('wizard-publish').click()
    await expect.poll(() => page.locator('[data-status="published"]').count(), { timeout: 10_000 }).toBeGreaterThan(0)

    // the product list's view action opens the product page
    await page.goto('/cabinet/products')
    expect(await page.getByTestId(`row-view-${id}`).getAttribute('href')).toMatch(/^\/s\/[^/]+\/[^/]+$/)

    // the dashboard's shop link opens the shop in a new tab; the payer buys there
    await page.goto('/cabinet')
    const [shop] = await Promise.all([context.waitForEvent('page'), page.getByTestId('dashboard-view-shop').click()])
    shop.setDefaultTimeout(10_000)
    const shopProblems = watchProblems(shop)
    await shop.waitForLoadState()
    const seller = decodeURIComponent(new URL(shop.url()).pathname.split('/')[2]!)
    await shop.getByTestId('shop-product').filter({ hasText: name }).getByRole('link').first().click()
    await expect.poll(() => shop.getByTestId('price-box').getAttribute('data-exact')).toBe('true')
    await fillPayer(shop, `payer-${Date.now()}@e2e.test`)
    const orderToken = await payWithSandbox(shop, seller).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await shop.getByTestId('payer-fields').innerText().catch(() => '')}\n${await shop.locator('[role=alert], .sf-error').allInnerTexts()}`)
    })
    const deliverables = await deliverablesOf(server.url, orderToken)
    expect(deliverables).toBeTruthy()
    expect(shopProblems).toEqual([])

    // the seller sees the paid order, and the checklist is done and gone
    await page.goto('/cabinet/orders')
    const order = page.locator(`[data-testid="order-row"][data-order-token="${orderToken}"]`)
    await expect.poll(() => order.getAttribute('data-state'), { timeout: 15_000 }).toBe('paid')
    await page.goto('/cabinet')
    await page.getByTestId('dashboard-products').waitFor()
    await expect.poll(() => page.getByTestId('start-selling').count()).toBe(0)

    expect(errors).toEqual([])
    await context.close()
    const seconds = (Date.now() - started) / 1000
    console.log(`first sale from sign-up to a delivered order: ${seconds.toFixed(1)} s`)
    expect(seconds).toBeLessThan(90)
  })
})
