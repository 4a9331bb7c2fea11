import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { CONSENT_COOKIE } from '../../src/web/features/cookie-consent/consent'
import { apiSignIn, launchBrowser, startServer, type RunningServer, mailedSignInLink } from './harness'
import { buyWithSandbox, watchProblems } from './buyer'

// Member pages end to end (docs/decisions/0069-member-pages.md): the demo's painters' circle (a membership that
// includes the watercolour course) and the course have built pages (src/server/db/seed-pages.ts). A payer buys
// the membership with the sandbox provider, opens its member area at /s/demo/courses/painters-circle, signs in
// through the shop's sign-in, sees the membership page with the course it includes, follows it into the course
// player, which opens on the course page, and its lesson link opens the first lesson. Needs the built web app
// and storefront (npm run build:web).

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
const manager = { email: 'manager@members-e2e.test', password: 'Manager-pass1!' }
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  // The demo's built pages on (the harness turns them off for the tests of the default layouts).
  server = await startServer({ managers: [manager], env: { SEED_DEMO: 'true', SEED_DEMO_PAGES: 'true', DEMO_PASSWORD: demo.password } })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('member pages', () => {
  test('a member sees the membership page, follows it to the course page and on to the first lesson', async () => {
    const email = `member-${Date.now().toString(36)}@payer-e2e.test`
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', viewport: { width: 1280, height: 900 } })
    await context.addCookies([{ name: CONSENT_COOKIE, value: 'all', url: server.url }])
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    // the membership is no course: its outline answers 404 (the member page answers); a payment moments old meets 409 until delivered; the lesson's video frame is not ours
    const problems = watchProblems(page, [404, 409], /youtube/i)

    await buyWithSandbox(page, 'painters-circle', email)

    // signed out, the member area sends the payer to the shop's sign-in, and the magic link brings them back
    await page.goto('/s/demo/courses/painters-circle')
    await page.waitForURL('**/s/demo/sign_in?return_to=*')
    await page.getByLabel('Email address').fill(email)
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click()
    await page.getByTestId('sign-in-sent').waitFor()
    const managerToken = (await apiSignIn(server, manager.email, manager.password, 'e2e-members-manager')).access_token
    const link = await mailedSignInLink(page, server, managerToken, email)
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''))
    await page.waitForURL('**/s/demo/courses/painters-circle**')

    // the member area: the membership page with what it includes, linked to its access
    await page.getByTestId('member-area').waitFor()
    const area = page.frameLocator('[data-testid="member-page"]')
    await area.getByText('Welcome, member').waitFor()
    const course = area.getByRole('link', { name: 'Watercolour from scratch' }).first()
    expect(await course.getAttribute('href')).toBe('/s/demo/courses/watercolour-course')

    // the course player opens on the course page; its lesson link opens the first lesson
    await course.click()
    await page.waitForURL('**/s/demo/courses/watercolour-course')
    await page.getByTestId('course-overview').waitFor()
    await page.getByTestId('outline-overview').waitFor()
    const overview = page.frameLocator('[data-testid="member-page"]')
    await overview.getByText('Welcome to Watercolour from scratch').waitFor()
    await overview.getByRole('link', { name: 'Start the first lesson' }).click()
    await page.waitForURL('**/s/demo/courses/watercolour-course?lesson=*')
    await expect.poll(() => page.getByTestId('lesson').locator('h2').textContent()).toBe('Materials you need')

    // "Overview" brings the course page back
    await page.getByTestId('outline-overview').click()
    await page.getByTestId('course-overview').waitFor()
    expect(problems).toEqual([])
    await context.close()
  })
})
