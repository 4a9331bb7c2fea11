import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { CONSENT_COOKIE } from '../../src/web/features/cookie-consent/consent'
import { apiGet, apiSignIn, launchBrowser, signedInPage, startServer, type RunningServer, mailedSignInLink } from './harness'
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

  // The community of the painters' circle (docs/decisions/0083-community.md): open with review on in the demo; a
  // manager switches the demo seller's community flag on. A member posts, the seller approves the post in the
  // review queue, and the member sees it shown.
  test('a member posts in the membership\'s community, the seller approves it in the review queue, the member sees it', async () => {
    const managerToken = (await apiSignIn(server, manager.email, manager.password, 'e2e-community-manager')).access_token
    const sellerToken = (await apiSignIn(server, demo.email, demo.password, 'e2e-community-seller')).access_token
    const me = await apiGet(server, sellerToken, '/app/user/me')
    const sellerId: number = (me.user ?? me).seller.id
    const flagged = await fetch(`${server.url}/api/v1/admin/sellers/${sellerId}`, {
      method: 'PATCH', headers: { 'content-type': 'application/json', authorization: `Bearer ${managerToken}` }, body: JSON.stringify({ features: { community: true } }),
    })
    expect(flagged.status).toBe(200)

    const email = `circle-${Date.now().toString(36)}@payer-e2e.test`
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', viewport: { width: 1280, height: 900 } })
    await context.addCookies([{ name: CONSENT_COOKIE, value: 'all', url: server.url }])
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const problems = watchProblems(page)
    await buyWithSandbox(page, 'painters-circle', email)
    // the shop's sign-in without a page to return to leads to the seller's page of the payer area
    await page.goto('/s/demo/sign_in')
    await page.getByLabel('Email address').fill(email)
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click()
    await page.getByTestId('sign-in-sent').waitFor()
    await page.goto((await mailedSignInLink(page, server, managerToken, email)).replace(/^https?:\/\/[^/]+/, ''))
    await page.waitForURL(`**/payer/s/${sellerId}`)
    const community = page.getByTestId('payer-direct').filter({ hasText: 'Community' })
    // The button shows once the communities answer; the page loaded before the delivery job granted the
    // membership lacks it until a reload. A poll that reloads at once would never let the page load.
    await community.waitFor({ timeout: 10_000 }).catch(async () => {
      await page.reload()
      await community.waitFor({ timeout: 10_000 })
    })
    await community.click()
    await page.getByTestId('payer-community').waitFor()
    const text = `My first wash, wet on wet ${Date.now().toString(36)}`
    await page.getByTestId('community-post-input').fill(text)
    await page.getByTestId('community-post-submit').click()
    await page.getByTestId('community-post-sent').waitFor()
    const mine = page.getByTestId('community-post').filter({ hasText: text })
    expect(await mine.getAttribute('data-state')).toBe('pending')

    // the seller's review queue
    const seller = await signedInPage(browser, server, demo, '**/cabinet**')
    await seller.page.goto('/cabinet/community')
    const queued = seller.page.getByTestId('community-post').filter({ hasText: text })
    await queued.getByTestId('community-approve').click()
    await seller.page.getByTestId('community-queue-empty').waitFor()
    expect(seller.errors).toEqual([])
    await seller.context.close()

    await page.reload()
    await expect.poll(() => mine.getAttribute('data-state')).toBe('published')
    expect(problems).toEqual([])
    await context.close()
  })
})
