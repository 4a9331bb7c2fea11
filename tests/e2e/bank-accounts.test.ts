import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, signedInPage, startServer, type RunningServer } from './harness'

// Payout bank accounts in Chromium (docs/decisions/0049-money-out.md "Bank accounts"): the demo seller adds
// an account (spaces in the IBAN, the country sets the currency) that waits for a check; a manager finds it
// in the queue, sees the account in the drawer and accepts it; the seller's list then shows it active. A
// replacing account is rejected with a reason from the full list, which the seller then reads.

const manager = { email: 'manager@bank-e2e.test', password: 'Manager-pass1!' }
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

describe('bank accounts', () => {
  test('a seller submits an account, a manager accepts it; a replacing one is rejected with a reason the seller reads', async () => {
    const seller = await signedInPage(browser, server, demo, '**/cabinet**')
    const { page } = seller
    await page.goto('/cabinet/bank_accounts')
    await page.getByTestId('bank-accounts-page').waitFor()
    await page.getByTestId('bank-iban').fill('DE89 3704 0044 0532 0130 00')
    await page.getByTestId('bank-holder').fill('Demo Seller')
    await page.getByTestId('bank-country').click()
    await page.getByRole('option', { name: /Germany/ }).click()
    await expect.poll(() => page.getByTestId('bank-currency').textContent()).toContain('EUR')
    await page.getByTestId('bank-submit').click()
    const row = page.locator('[data-testid^="bank-account-row-"]').first()
    await row.waitFor()
    const id = Number((await row.getAttribute('data-testid'))!.replace('bank-account-row-', ''))
    expect(await page.getByTestId(`bank-account-state-${id}`).getAttribute('data-value')).toBe('waiting')
    expect(await row.textContent()).toContain('DE •••• 3000')

    const admin = await signedInPage(browser, server, manager, '**/admin**')
    await admin.page.goto('/admin/bank_account_legitimations')
    await admin.page.getByTestId('admin-bank-legitimations').waitFor()
    await admin.page.getByTestId(`admin-bank-open-${id}`).click()
    await expect.poll(() => admin.page.getByTestId('admin-bank-iban').textContent()).toBe('DE89370400440532013000')
    await admin.page.getByTestId('admin-bank-accept').click()
    await admin.page.getByTestId(`admin-bank-row-${id}`).waitFor({ state: 'detached' })

    await page.reload()
    await expect.poll(() => page.getByTestId(`bank-account-state-${id}`).getAttribute('data-value')).toBe('activated')

    // a replacing account is rejected with a reason the seller reads in the list
    await page.getByTestId('bank-iban').fill('DE02 1203 0000 0000 2020 51')
    await page.getByTestId('bank-holder').fill('Someone Else')
    await page.getByTestId('bank-country').click()
    await page.getByRole('option', { name: /Germany/ }).click()
    await page.getByTestId('bank-submit').click()
    const second = page.locator('[data-testid^="bank-account-row-"]').filter({ hasText: 'Someone Else' })
    await second.waitFor()
    const secondId = Number((await second.getAttribute('data-testid'))!.replace('bank-account-row-', ''))
    expect(await page.getByTestId(`bank-account-check-${secondId}`).getAttribute('data-value')).toBe('change')

    await admin.page.goto('/admin/bank_accounts')
    await admin.page.getByTestId('admin-bank-accounts').waitFor()
    await admin.page.getByTestId(`admin-bank-open-${secondId}`).click()
    await admin.page.getByTestId('admin-bank-reject').click()
    await admin.page.getByTestId('admin-bank-reject-reason').click()
    await admin.page.getByRole('option', { name: 'The holder does not match the verified identity' }).click()
    await admin.page.getByTestId('admin-bank-reject-comment').fill('Please use your own account')
    await admin.page.getByTestId('admin-bank-reject-submit').click()
    await expect.poll(() => admin.page.getByTestId(`bank-account-state-${secondId}`).first().getAttribute('data-value')).toBe('rejected')

    await page.reload()
    await expect.poll(() => page.getByTestId(`bank-account-reason-${secondId}`).textContent()).toContain('does not match')
    expect(seller.errors).toEqual([])
    expect(admin.errors).toEqual([])
    await seller.context.close()
    await admin.context.close()
  })
})
