import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { watchProblems } from './buyer'
import { signedInPage, type RunningServer, startDemoPlatform, stopPlatform } from './harness'

// A seller buys a Sellfront plan in Chromium (docs/decisions/0055-platform-plans.md): the pricing link
// /preise?product_id=&step= opens /cabinet/plans with Pro preselected; the demo seller (on Starter) switches the
// cycle to annually, chooses Pro, pays on the sandbox's page like any payer, and the plans page then shows Pro,
// active, annually. Needs the built web app (npm run build:web).

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
let server: RunningServer
let browser: Browser

beforeAll(async () => { ({ server, browser } = await startDemoPlatform(demo.password)) })
afterAll(() => stopPlatform(server, browser))

describe('platform plans', () => {
  test('the demo seller buys Pro annually through the pricing link and the sandbox', async () => {
    const plans = await (await fetch(`${server.url}/api/v1/common/platform_plans?billingCycle=annually`)).json() as { list: { id: number; name: string; product_id: number }[] }
    const pro = plans.list.find((p) => p.name === 'Pro')!
    const { page, context } = await signedInPage(browser, server, demo, '**/cabinet**')
    const problems = watchProblems(page)
    await page.goto(`/preise?product_id=${pro.product_id}&step=2`)
    await page.waitForURL(`**/cabinet/plans?plan_id=${pro.id}&step=2`)
    await expect.poll(() => page.getByTestId('current-plan-name').textContent()).toBe('Starter')

    await page.getByTestId('cycle-switch').getByText('Annually').click()
    await page.getByTestId(`choose-plan-${pro.id}`).click()
    await page.waitForURL('**/sandbox/payments/**')
    await page.getByTestId('sandbox-success').click()
    await page.waitForURL('**/s/sellfront/payment/**')
    await expect.poll(() => page.getByTestId('success-page').getAttribute('data-state'), { timeout: 20_000 }).toBe('paid')

    await page.goto('/cabinet/plans')
    await expect.poll(() => page.getByTestId('current-plan-name').textContent()).toBe('Pro')
    await expect.poll(() => page.getByTestId('current-plan').textContent()).toContain('Annually')
    expect(await page.getByTestId('current-plan-state').textContent()).toBe('Active')
    expect(problems).toEqual([])
    await context.close()
  })
})
