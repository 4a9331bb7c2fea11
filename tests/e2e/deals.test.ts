import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { CONSENT_COOKIE } from '../../src/web/features/cookie-consent/consent'
import { fillPayerDetails, payWithSandbox, watchProblems } from './buyer'
import { apiSignIn, latestMailLink, launchBrowser, newPage, signedInPage, startServer, type RunningServer } from './harness'

// A deal sent and bought (docs/decisions/0054-sales-team-and-deals.md): the demo's sales team member prepares a
// deal in their area and sends it; the payer opens the link from the mail, goes on to the checkout and pays
// the deal's price with the sandbox card; the deal is closed and the member's fee is on their balance.

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
const sales = { email: 'sales@sellfront.test', password: demo.password }
const payerEmail = 'deal.buyer@example.test'
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer({ env: { SEED_DEMO: 'true', DEMO_PASSWORD: demo.password } })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function api<T = any>(token: string, path: string): Promise<T> {
  const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } })
  expect(res.status, path).toBe(200)
  return res.json() as Promise<T>
}

describe('deals in the browser', () => {
  test('a sales team member sends a deal; the payer opens the mailed link and buys it at the deal\'s price', async () => {
    // the sales team member prepares and sends the deal in their area
    const member = await signedInPage(browser, server, sales, '**/team_member**')
    const memberProblems = watchProblems(member.page)
    await member.page.goto('/team_member/deals')
    await member.page.getByTestId('deal-new').click()
    await member.page.getByTestId('deal-product').click()
    await member.page.getByRole('option', { name: 'Lightroom preset pack' }).click()
    await member.page.getByTestId('deal-email').fill(payerEmail)
    await member.page.getByTestId('deal-first-name').fill('Pat')
    await member.page.getByTestId('deal-last-name').fill('Payer')
    await member.page.getByTestId('deal-price').fill('12,50')
    await member.page.getByTestId('deal-save').click()
    const row = member.page.getByRole('row').filter({ hasText: payerEmail })
    await expect.poll(() => row.getByTestId('deal-state').textContent(), { timeout: 10_000 }).toMatch(/Draft/)
    await row.getByTestId('deal-send').click()
    await expect.poll(() => row.getByTestId('deal-state').textContent(), { timeout: 10_000 }).toMatch(/Sent/)
    expect(memberProblems).toEqual([])

    // the payer opens the link from the mail and pays at the checkout
    const manager = await apiSignIn(server, 'manager@sellfront.test', demo.password, 'e2e-deals-manager')
    const mail = await latestMailLink(server, manager.access_token, payerEmail)
    const log = await (await fetch(`${server.url}/api/v1/common/email_logs/${mail.token}`)).json() as { text: string }
    const link = /https?:\/\/\S+\/deals\/[A-Za-z0-9_-]+/.exec(log.text)?.[0]
    expect(link).toBeTruthy()
    const buyer = await newPage(browser, server.url)
    buyer.page.setDefaultTimeout(10_000)
    await buyer.context.addCookies([{ name: CONSENT_COOKIE, value: 'all', url: server.url }])
    const buyerProblems = watchProblems(buyer.page)
    await buyer.page.goto(link!)
    await expect.poll(() => buyer.page.getByTestId('deal-landing-amount').textContent()).toMatch(/12,50/)
    await buyer.page.getByTestId('deal-checkout').click()
    await buyer.page.waitForURL('**/s/demo/lightroom-presets**')
    await expect.poll(() => buyer.page.getByTestId('price-box').getAttribute('data-exact')).toBe('true')
    await expect.poll(() => buyer.page.getByTestId('price-box').textContent()).toMatch(/12,50/)
    await fillPayerDetails(buyer.page, payerEmail)
    await payWithSandbox(buyer.page)
    expect(buyerProblems).toEqual([])

    // the deal is closed, the order carries it, the fee is on the member's balance
    const sellerToken = (await apiSignIn(server, demo.email, demo.password, 'e2e-deals-seller')).access_token
    await expect.poll(async () => (await api(sellerToken, `/cabinet/deals?query=${encodeURIComponent(payerEmail)}`)).list[0]?.state, { timeout: 20_000 }).toBe('closed')
    const deal = (await api(sellerToken, `/cabinet/deals?query=${encodeURIComponent(payerEmail)}`)).list[0]
    const order = await api(sellerToken, `/cabinet/orders/${deal.order_id}?expand=deal`)
    expect(order).toMatchObject({ total_amount: 1_250, deal: { id: deal.id, state: 'closed' } })
  })
})
