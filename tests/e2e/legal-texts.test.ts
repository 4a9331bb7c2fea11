import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { signedInPage, type RunningServer, startDemoPlatform, stopPlatform } from './harness'

// Legal texts that are never empty (docs/decisions/0042-minimal-checkout-and-legal-texts.md): the dashboard warns
// until the seller has reviewed them; the legal texts page shows the templates, saves the seller's own text and
// takes the confirmation; the shop's document page shows the text.

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
let server: RunningServer
let browser: Browser

beforeAll(async () => { ({ server, browser } = await startDemoPlatform(demo.password)) })
afterAll(() => stopPlatform(server, browser))

describe('the seller reviews the legal texts', () => {
  test('warned on the dashboard, templates on the page, an own text saved, confirmed, the warning gone', async () => {
    const { context, page, errors } = await signedInPage(browser, server, demo, '**/cabinet**')
    await page.goto('/cabinet')
    await page.getByTestId('legal-texts-warning').waitFor()
    await page.getByTestId('legal-texts-warning').getByRole('link').click()
    await page.waitForURL('**/cabinet/settings/cancellation_terms')
    await page.getByTestId('terms-terms').waitFor()
    expect(await page.getByTestId('terms-terms').getAttribute('data-default')).toBe('true')
    expect(await page.getByTestId('terms-download').textContent()).toMatch(/withdrawal|Widerruf/i)

    await page.getByTestId('terms-privacy').getByTestId('terms-edit').click()
    expect((await page.getByTestId('legal-body').inputValue()).length).toBeGreaterThan(200)
    await page.getByTestId('legal-title').fill('Our privacy policy')
    // and in German (docs/decisions/0095-product-translations.md): the base title under the field until saved
    await page.getByTestId('legal-translation-language').click()
    await page.getByRole('option', { name: 'Deutsch' }).click()
    await page.getByTestId('legal-translation-add').click()
    expect(await page.getByTestId('legal-translation-de').getAttribute('data-state')).toBe('partial')
    await page.getByTestId('legal-translation-title-de').fill('Unsere Datenschutzerklärung')
    await page.getByTestId('legal-save').click()
    await expect.poll(() => page.getByTestId('terms-privacy').getAttribute('data-default')).toBe('false')

    await page.getByTestId('legal-confirm').click()
    await page.getByTestId('legal-reviewed').waitFor()
    await page.goto('/cabinet')
    await page.getByTestId('cabinet-dashboard').waitFor()
    await page.getByTestId('dashboard-products-count').waitFor()
    expect(await page.getByTestId('legal-texts-warning').count()).toBe(0)

    const shop = await context.newPage()
    await shop.goto('/s/demo/document/privacy')
    expect(await shop.getByTestId('document').textContent()).toContain('Our privacy policy')
    await shop.goto('/s/demo/document/privacy?lang=de')
    expect(await shop.getByTestId('document').textContent()).toContain('Unsere Datenschutzerklärung')
    expect(errors).toEqual([])
    await context.close()
  })
})
