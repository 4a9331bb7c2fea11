import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { apiSignIn, launchBrowser, latestMailLink, newPage, startServer, type RunningServer } from './harness'

// The account paths a new user takes, in Chromium against the real server: sign up, confirm from the
// stored mail, sign in, renew an expired token under two calls in flight, refresh-token reuse,
// switching profile, sign out.

const manager = { email: 'manager@e2e.test', password: 'Manager-pass1!' }
const password = 'Secret-pass1!'
let server: RunningServer
let browser: Browser
let managerToken: string

beforeAll(async () => {
  // Access tokens live 8 s here (long enough for a sign-in and its use on a busy machine), so a test can wait for one to expire.
  server = await startServer({ env: { ACCESS_TOKEN_TTL_SECONDS: '8' }, managers: [manager] })
  browser = await launchBrowser()
  managerToken = (await apiSignIn(server, manager.email, manager.password)).access_token
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function signUpThroughForm(page: Page, email: string, type: 'seller' | 'payer' = 'seller') {
  await page.goto('/users/sign_up')
  await page.getByLabel('First name').fill('Nora')
  await page.getByLabel('Last name').fill('Quell')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel(/^Password/).fill(password)
  await page.getByTestId(`sign-up-type-${type}`).check()
  await page.getByRole('checkbox').last().check()
  await page.getByRole('button', { name: 'Create account' }).click()
}

async function signInThroughForm(page: Page, email: string) {
  await page.goto('/users/sign_in')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel(/^Password/).fill(password)
  await page.getByTestId('sign-in-submit').click()
}

/** A manager's token: an access token lives 8 s here, so take a fresh one per use. */
async function freshManagerToken() {
  managerToken = (await apiSignIn(server, manager.email, manager.password)).access_token
  return managerToken
}

describe('a new seller', () => {
  const email = `nora-${Date.now()}@e2e.test`

  test('signs up, confirms from the stored mail, signs out and signs in again', async () => {
    const { context, page, errors } = await newPage(browser, server.url)
    await signUpThroughForm(page, email)
    await page.waitForURL('**/users/sign_up/about_you')
    await page.getByTestId('about-you-skip').click()
    await expect.poll(() => page.getByTestId('cabinet-dashboard').isVisible(), { timeout: 15_000 }).toBe(true)

    // The confirmation mail is stored (no SMTP here) and readable at /email_logs/:token.
    const mail = await latestMailLink(server, await freshManagerToken(), email)
    expect(mail.subject).toBe('Confirm your email address')
    await page.goto(`/email_logs/${mail.token}`)
    const frame = page.frameLocator('[data-testid="email-log-frame"]')
    const href = await frame.getByRole('link', { name: 'Confirm email address' }).getAttribute('href')
    expect(href).toContain('/users/confirmation?confirmation_token=')
    await page.goto(href!.replace(/^https?:\/\/[^/]+/, ''))
    await expect.poll(() => page.getByTestId('confirmation-done').isVisible(), { timeout: 15_000 }).toBe(true)

    // Sign out from the user menu: the session ends on the server as well.
    await page.goto('/cabinet')
    const tokensBefore = await page.evaluate(() => JSON.parse(localStorage.getItem('sf.tokens') ?? 'null'))
    await page.getByTestId('user-menu').click()
    await page.getByTestId('sign-out').click()
    await page.waitForURL('**/users/sign_in**')
    const afterSignOut = await fetch(`${server.url}/api/v1/app/user/me`, { headers: { authorization: `Bearer ${tokensBefore.accessToken}` } })
    expect(afterSignOut.status).toBe(401)

    await signInThroughForm(page, email)
    await expect.poll(() => page.getByTestId('cabinet-dashboard').isVisible(), { timeout: 15_000 }).toBe(true)
    const me = await page.evaluate(() => (window as any).__sf.api.get('/app/user/me'))
    expect(me.confirmed).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('sessions in the browser', () => {
  test('an access token expiring while two requests are in flight: one renewal, both succeed', async () => {
    const email = `two-calls-${Date.now()}@e2e.test`
    const { context, page, errors } = await newPage(browser, server.url)
    await signUpThroughForm(page, email, 'payer')
    await expect.poll(() => page.getByTestId('payer-home').isVisible(), { timeout: 15_000 }).toBe(true)
    await page.waitForTimeout(8500)
    let renewals = 0
    page.on('request', (r) => { if (r.url().endsWith('/api/v1/app/session/renew_token')) renewals++ })
    const results = await page.evaluate(async () => {
      const api = (window as any).__sf.api
      const [me, deletion] = await Promise.all([api.get('/app/user/me'), api.get('/app/user/deletion')])
      return { email: me.email, step: deletion.startStep }
    })
    expect(results).toEqual({ email, step: 0 })
    expect(renewals).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  test('a reused refresh token revokes the family: the app sends the user to sign in', async () => {
    const email = `reuse-${Date.now()}@e2e.test`
    const { context, page } = await newPage(browser, server.url)
    await signUpThroughForm(page, email, 'payer')
    await expect.poll(() => page.getByTestId('payer-home').isVisible(), { timeout: 15_000 }).toBe(true)
    const { tokens, fingerprint } = await page.evaluate(() => ({
      tokens: JSON.parse(localStorage.getItem('sf.tokens') ?? 'null'),
      fingerprint: localStorage.getItem('sf.fingerprint'),
    }))
    // Someone who stole the refresh token renews first...
    const stolen = await fetch(`${server.url}/api/v1/app/session/renew_token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: tokens.refreshToken, fingerprint }),
    })
    expect(stolen.status).toBe(200)
    const thief = await stolen.json()
    // ...then the app's access token expires and the app renews with the same (now used) refresh token.
    await page.waitForTimeout(8500)
    await page.evaluate(() => (window as any).__sf.api.get('/app/user/me').catch(() => null))
    await page.waitForURL('**/users/sign_in**', { timeout: 15_000 })
    expect(await page.evaluate(() => localStorage.getItem('sf.tokens'))).toBeNull()
    // The whole family is revoked: the thief's newer tokens are dead too.
    const thiefRenew = await fetch(`${server.url}/api/v1/app/session/renew_token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: thief.refresh_token, fingerprint }),
    })
    expect(thiefRenew.status).toBe(401)
    expect((await thiefRenew.json()).error.type).toBe('invalid_refresh_token')
    await context.close()
  })
})

describe('profiles', () => {
  test('a payer becomes a seller and switches between the two profiles in one click', async () => {
    const email = `switch-${Date.now()}@e2e.test`
    const { context, page, errors } = await newPage(browser, server.url)
    await signUpThroughForm(page, email, 'payer')
    await expect.poll(() => page.getByTestId('payer-home').isVisible(), { timeout: 15_000 }).toBe(true)

    await page.getByTestId('profile-switcher').click()
    await page.getByTestId('become-seller').click()
    await page.getByTestId('add-profile-seller').click()
    await expect.poll(() => page.getByTestId('cabinet-dashboard').isVisible(), { timeout: 15_000 }).toBe(true)
    expect(new URL(page.url()).pathname).toBe('/cabinet')

    await page.getByTestId('profile-switcher').click()
    await page.getByTestId('profile-item-payer').click()
    await expect.poll(() => page.getByTestId('payer-home').isVisible(), { timeout: 15_000 }).toBe(true)
    const me = await page.evaluate(() => (window as any).__sf.api.get('/app/user/me'))
    const payerProfile = me.profiles.find((p: { type: string }) => p.type === 'payer')
    expect(me.currentProfileId).toBe(payerProfile.id)

    await page.getByTestId('profile-switcher').click()
    await page.getByTestId('profile-item-seller').click()
    await expect.poll(() => page.getByTestId('cabinet-dashboard').isVisible(), { timeout: 15_000 }).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })
})
