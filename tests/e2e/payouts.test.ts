import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, signedInPage, startServer, type RunningServer } from './harness'

// Balances and payouts in Chromium (docs/decisions/0049-money-out.md "Balances", "Payouts"): the demo
// seller's balance page shows the sales' money with what is still missing before a payout (no identity
// yet, so the request is off), the settings save a weekly schedule with its next day, the payouts list is
// reachable through the tabs; a manager's payouts page refuses an empty SEPA batch with a clear message.

const manager = { email: 'manager@payouts-e2e.test', password: 'Manager-pass1!' }
const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
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

describe('payouts', () => {
  test('balance, availability, settings and the payouts list for a seller; an empty batch for a manager', async () => {
    const seller = await signedInPage(browser, server, demo, '**/cabinet**')
    const { page } = seller
    await page.goto('/cabinet/payouts_balance')
    await page.getByTestId('payouts-balance-page').waitFor()
    await expect.poll(() => page.getByTestId('balance-available-eur').textContent()).toMatch(/\d/)
    await page.getByTestId('balance-pending-eur').waitFor()
    await page.getByTestId('balance-paid-out-eur').waitFor()
    expect(await page.getByTestId('payout-availability').getAttribute('data-value')).toBe('no_documents')
    await page.getByTestId('missing-link-submit').or(page.getByTestId('missing-link-document')).first().waitFor()
    expect(await page.getByTestId('payout-request').isDisabled()).toBe(true)

    await page.getByTestId('payout-tab-settings').click()
    await page.getByTestId('payouts-settings-page').waitFor()
    await page.getByTestId('payout-schedule').click()
    await page.getByRole('option', { name: 'Weekly' }).click()
    await page.getByTestId('payout-start-day').click()
    await page.getByRole('option', { name: 'Wednesday' }).click()
    await page.getByTestId('payout-minimum').fill('25,00')
    await page.getByTestId('payout-settings-save').click()
    await expect.poll(() => page.getByTestId('payout-next-day').textContent()).toContain('Next payout day')

    await page.getByTestId('payout-tab-payouts').click()
    await page.getByTestId('payouts-page').waitFor()

    const admin = await signedInPage(browser, server, manager, '**/admin**')
    await admin.page.goto('/admin/payouts')
    await admin.page.getByTestId('admin-payouts').waitFor()
    await admin.page.getByTestId('admin-batch-create').click()
    await expect.poll(() => admin.page.getByRole('alert').first().textContent()).toContain('no pending SEPA payouts')

    expect(seller.errors).toEqual([])
    expect(admin.errors).toEqual([])
    await seller.context.close()
    await admin.context.close()
  })
})
