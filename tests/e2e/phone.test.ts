import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CONSENT_COOKIE } from '../../src/web/features/cookie-consent/consent'
import { watchProblems } from './buyer'
import { type RunningServer, startDemoPlatform, stopPlatform } from './harness'
import { seriousViolations } from './axe'

// The cabinet on a phone (390x844, docs/decisions/0045-cabinet-on-a-phone.md): a seller signs in, opens the
// navigation behind the burger, reaches the orders page with the filters folded (and opens them), sees
// the list as cards, opens the account menu and signs out. Nothing may stick out of the screen's width.
// Needs the built web app (npm run build:web).

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
let server: RunningServer
/** Waits as long as a page may take on a busy machine. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 })
let browser: Browser

beforeAll(async () => { ({ server, browser } = await startDemoPlatform(demo.password)) })
afterAll(() => stopPlatform(server, browser))

describe('the cabinet on a phone', () => {
  test('sign in, navigation, folded filters, cards, account menu, sign out at 390x844', async () => {
    const context = await browser.newContext({
      baseURL: server.url, locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2,
    })
    await context.addCookies([{ name: CONSENT_COOKIE, value: 'all', url: server.url }])
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const problems = watchProblems(page)
    /** The page is no wider than the screen (a cut-off header was the problem). */
    const fitsTheScreen = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

    await page.goto('/users/sign_in')
    await page.getByLabel('Email address').fill(demo.email)
    await page.getByLabel(/^Password/).fill(demo.password)
    await page.getByTestId('sign-in-submit').click()
    await page.waitForURL('**/cabinet')

    // the header keeps the burger, the bell and the account menu in view; the navigation is folded
    for (const id of ['nav-burger', 'notification-bell', 'user-menu']) {
      const box = await page.getByTestId(id).boundingBox()
      expect(box, id).not.toBeNull()
      expect(box!.x + box!.width, id).toBeLessThanOrEqual(390)
    }
    expect(await fitsTheScreen()).toBe(true)
    const navigation = page.getByRole('navigation', { name: 'Main navigation' })
    await poll(() => navigation.isVisible()).toBe(false)

    // the burger opens the navigation, which also holds the profile switcher and the language
    await page.getByTestId('nav-burger').click()
    await poll(() => navigation.isVisible()).toBe(true)
    expect(await page.getByTestId('nav-burger').getAttribute('aria-expanded')).toBe('true')
    await poll(() => navigation.getByTestId('profile-switcher').isVisible()).toBe(true)
    await poll(() => navigation.getByTestId('locale-switcher').isVisible()).toBe(true)
    await navigation.getByRole('link', { name: 'Orders', exact: true }).click()
    await page.waitForURL('**/cabinet/orders')
    await poll(() => navigation.isVisible()).toBe(false)

    // the filters are folded behind one button; opening it shows them, choosing one counts it
    const filters = page.getByTestId('order-filters')
    const toggle = filters.getByTestId('filters-toggle')
    await toggle.waitFor()
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await poll(() => page.getByTestId('filter-product').isVisible()).toBe(false)
    expect(await filters.getByTestId('filters-active').count()).toBe(0)
    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    await poll(() => page.getByTestId('filter-exclude-not-completed').isVisible()).toBe(true)
    await page.getByTestId('filter-exclude-not-completed').check()
    await poll(() => filters.getByTestId('filters-active').textContent()).toBe('1')
    await filters.getByTestId('reset-filters').click()
    await poll(() => filters.getByTestId('filters-active').count()).toBe(0)
    expect(await fitsTheScreen()).toBe(true)

    // a list with rows shows them as cards of "column: value" lines, and passes axe
    await page.goto('/cabinet/products')
    await poll(() => page.getByTestId('data-card').count()).toBeGreaterThan(0)
    expect(await page.locator('table').count()).toBe(0)
    expect(await page.getByTestId('data-card').first().locator('dt').count()).toBeGreaterThan(1)
    expect(await fitsTheScreen()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])

    // the account menu opens from the header and signs out
    await page.getByTestId('user-menu').click()
    await page.getByTestId('sign-out').click()
    await page.waitForURL('**/users/sign_in')
    // the session is forgotten once the sign-in page has loaded (src/web/lib/session.ts signOut)
    await poll(() => page.evaluate(() => localStorage.getItem('sf.tokens'))).toBeNull()
    await page.goto('/cabinet')
    await page.waitForURL('**/users/sign_in**')

    expect(problems).toEqual([])
    await context.close()
  }, 120_000)
})
