import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { CONSENT_COOKIE } from '../../src/web/features/cookie-consent/consent'
import { apiSignIn, latestMailLink, launchBrowser, newPage, startServer, type RunningServer } from './harness'

// A seller who signs up on a fresh install can sell (docs/reference/readings.md 23): the sandbox provider is active in
// test mode, the email is confirmed from the stored mail, and the seller profile is finished at the
// dashboard's finish-registration link. Then a paid product publishes.

const manager = { email: 'manager@e2e.test', password: 'Manager-pass1!' }
const password = 'Secret-pass1!'
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer({ managers: [manager] })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('finishing the seller registration', () => {
  test('sign up, confirm the email, fill the seller profile, publish a paid product', async () => {
    const email = `seller-profile-${Date.now()}@e2e.test`
    const { context, page, errors } = await newPage(browser, server.url)
    page.setDefaultTimeout(10_000)
    await context.addCookies([{ name: CONSENT_COOKIE, value: 'all', url: server.url }])

    // sign up as a seller and skip the about-you step
    await page.goto('/users/sign_up')
    await page.getByLabel('First name').fill('Lena')
    await page.getByLabel('Last name').fill('Vogt')
    await page.getByLabel('Email address').fill(email)
    await page.getByLabel(/^Password/).fill(password)
    await page.getByTestId('sign-up-type-seller').check()
    await page.getByRole('checkbox').last().check()
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL('**/users/sign_up/about_you')
    await page.getByTestId('about-you-skip').click()
    await expect.poll(() => page.getByTestId('cabinet-dashboard').isVisible(), { timeout: 15_000 }).toBe(true)

    // confirm the email from the stored mail, read through the manager's outbox
    const managerToken = (await apiSignIn(server, manager.email, manager.password)).access_token
    const mail = await latestMailLink(server, managerToken, email)
    await page.goto(`/email_logs/${mail.token}`)
    const href = await page.frameLocator('[data-testid="email-log-frame"]').getByRole('link', { name: 'Confirm email address' }).getAttribute('href')
    await page.goto(href!.replace(/^https?:\/\/[^/]+/, ''))
    await expect.poll(() => page.getByTestId('confirmation-done').isVisible(), { timeout: 15_000 }).toBe(true)

    // the dashboard's finish-registration link opens the seller profile
    await page.goto('/cabinet')
    await page.getByTestId('finish-registration-link').click()
    await page.waitForURL('**/cabinet/profile/edit?seller_profile_edit=true')
    const form = page.getByTestId('seller-profile-form')
    await expect.poll(() => form.getByTestId('seller-profile-open').isVisible()).toBe(true)

    // saving without the required fields names them
    await form.getByTestId('seller-profile-save').click()
    await expect.poll(() => form.getByText('This field is required.').first().isVisible()).toBe(true)

    const box = (name: RegExp) => form.getByRole('textbox', { name })
    await form.getByLabel('VAT liable').check()
    await box(/^First name/).fill('Lena')
    await box(/^Last name/).fill('Vogt')
    await box(/^Date of birth/).fill('24.06.1991')
    await box(/^Phone/).fill('+49 40 1234567')
    await box(/^Street/).fill('Elbchaussee')
    await box(/^House number/).fill('12')
    await box(/^Postcode/).fill('22763')
    await box(/^City/).fill('Hamburg')
    await box(/^Tax number/).fill('43/123/45678')
    await form.getByTestId('seller-profile-save').click()
    await expect.poll(() => form.getByTestId('seller-profile-finished').isVisible(), { timeout: 15_000 }).toBe(true)

    // the seller can sell now: a one-time priced digital product publishes
    const session = await apiSignIn(server, email, password, 'e2e-seller-profile-fp')
    const headers = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' }
    const me = await (await fetch(`${server.url}/api/v1/app/user/me`, { headers })).json()
    expect(me.seller).toMatchObject({ profile_finished: true, payment_account_done: true, can_sell: true })
    const created = await fetch(`${server.url}/api/v1/cabinet/products`, {
      method: 'POST', headers,
      body: JSON.stringify({ form: 'digital', name: 'Hamburg Walking Guide', pricing_plans: [{ form: 'one_time', currency_id: 'eur', price: 1900 }] }),
    })
    expect(created.status).toBe(201)
    const product = await created.json()
    const published = await fetch(`${server.url}/api/v1/cabinet/products/${product.id}/publish`, { method: 'POST', headers, body: '{}' })
    expect(published.status).toBe(200)
    expect(await published.json()).toMatchObject({ publish_state: 'published', can_sell: true, statuses: [] })
    expect(errors).toEqual([])
    await context.close()
  })
})
