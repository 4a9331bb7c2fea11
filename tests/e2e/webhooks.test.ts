import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { closeDemoSellerSession, demoSellerSession, type DemoSellerSession } from './harness'

// The cabinet's webhooks page (docs/decisions/0072-signed-webhooks.md), as the demo seller: the demo endpoint
// (inactive) is listed; a new endpoint shows its secret once; its delivery log opens; a private address is refused.

let session: DemoSellerSession | undefined
let page: Page
let errors: string[]

beforeAll(async () => {
  session = await demoSellerSession()
  ;({ page, errors } = session)
})

afterAll(() => closeDemoSellerSession(session))

describe('the webhooks page', () => {
  test('the demo endpoint is listed; adding one shows the whsec_ secret once; a private URL is refused with the reason', async () => {
    await page.goto('/cabinet/webhooks')
    await expect.poll(() => page.getByTestId('webhooks-page').isVisible(), { timeout: 15_000 }).toBe(true)
    await expect.poll(() => page.getByTestId('webhook-card').filter({ hasText: 'https://example.com/hooks/sellfront' }).count(), { timeout: 15_000 }).toBe(1)

    await page.getByTestId('webhook-url').fill('http://10.0.0.1/hooks')
    await page.getByTestId('webhook-save').click()
    await expect.poll(() => page.getByText(/10\.0\.0\.1, a private address/).isVisible(), { timeout: 15_000 }).toBe(true)

    await page.getByTestId('webhook-url').fill('https://93.184.216.34/hooks/e2e')
    await page.getByTestId('webhook-save').click()
    await expect.poll(() => page.getByTestId('webhook-secret').isVisible(), { timeout: 15_000 }).toBe(true)
    expect(await page.getByTestId('webhook-secret').textContent()).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    await page.keyboard.press('Escape')
    const card = page.getByTestId('webhook-card').filter({ hasText: 'https://93.184.216.34/hooks/e2e' })
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1)
    await card.getByRole('button', { name: 'Deliveries' }).click()
    await expect.poll(() => card.getByTestId('webhook-deliveries').isVisible(), { timeout: 15_000 }).toBe(true)
    expect(errors.filter((e) => !e.includes('400'))).toEqual([])
  })
})
