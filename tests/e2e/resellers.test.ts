import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { CONSENT_COOKIE } from '../../src/web/features/cookie-consent/consent'
import { buyWithSandbox, watchProblems } from './buyer'
import { apiGet, apiSignIn, newPage, signedInPage, type RunningServer, startDemoPlatform, stopPlatform } from './harness'

// The reseller money path (docs/decisions/0051-resellers.md): the demo seller asks the demo reseller to sell
// for it, the reseller approves in its area, a payer buys with the sandbox, and the reseller's balance shows
// its fee pending: the figure of the seller's order detail and of the ledger.

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
const reseller = { email: 'reseller@sellfront.test', password: demo.password }
let server: RunningServer
let browser: Browser

beforeAll(async () => { ({ server, browser } = await startDemoPlatform(demo.password)) })
afterAll(() => stopPlatform(server, browser))

const api = <T = any>(token: string, path: string) => apiGet<T>(server, token, path)

describe('resellers in the browser', () => {
  test('a seller asks, the reseller approves, a payer buys, the reseller\'s balance shows the fee', async () => {
    const sellerToken = (await apiSignIn(server, demo.email, demo.password)).access_token
    const page = await api(sellerToken, '/cabinet/reseller')
    expect(page.selling_mode).toBe('selling_by_ownself')
    const offer = page.resellers.find((r: any) => r.legal_name === 'Demo Resale GmbH')
    expect(offer).toMatchObject({ fee_bps: 1_000 })

    // the seller asks the reseller on its reseller page
    const seller = await signedInPage(browser, server, demo, '**/cabinet')
    const sellerProblems = watchProblems(seller.page)
    await seller.page.goto('/cabinet/reseller')
    await seller.page.getByTestId(`reseller-request-${offer.id}`).click()
    await seller.page.getByTestId('confirm-delete').click()
    await expect.poll(async () => (await api(sellerToken, '/cabinet/reseller')).approvals[0]?.state, { timeout: 10_000 }).toBe('waiting')
    const approvalId = (await api(sellerToken, '/cabinet/reseller')).approvals[0].id

    // the reseller approves it in its area
    const res = await signedInPage(browser, server, reseller, '**/reseller')
    const resellerProblems = watchProblems(res.page)
    await res.page.getByTestId(`reseller-approve-${approvalId}`).click()
    await expect.poll(() => res.page.getByTestId(`reseller-approval-state-${approvalId}`).textContent(), { timeout: 10_000 }).toMatch(/Approved/)
    await seller.page.reload()
    await expect.poll(() => seller.page.getByTestId('selling-mode').textContent(), { timeout: 10_000 }).toMatch(/reseller/i)

    // a payer buys with the sandbox card
    const buyer = await newPage(browser, server.url)
    buyer.page.setDefaultTimeout(10_000)
    await buyer.context.addCookies([{ name: CONSENT_COOKIE, value: 'all', url: server.url }])
    const buyerProblems = watchProblems(buyer.page)
    await buyWithSandbox(buyer.page, 'lightroom-presets', `reseller-payer-${Date.now()}@example.test`)

    // the order carries the reseller and its fee; the reseller sees the sale and the fee pending
    const resellerToken = (await apiSignIn(server, reseller.email, reseller.password)).access_token
    const sales = await api(resellerToken, '/reseller/sales')
    expect(sales.total_count).toBe(1)
    const sale = sales.list[0]
    expect(sale).toMatchObject({ reseller_fee_bps: 1_000, currency: 'eur' })
    expect(sale.fee_amount).toBeGreaterThan(0)
    const order = await api(sellerToken, `/cabinet/orders/${sale.id}`)
    expect(order.reseller).toMatchObject({ id: offer.id, fee_bps: 1_000 })
    expect(order.payout_split).toContainEqual({ participant: 'reseller', amount: sale.fee_amount, currency: 'eur' })
    const balance = await api(resellerToken, '/reseller/payouts_balance')
    expect(balance.balances).toEqual([expect.objectContaining({ currency: 'eur', pending: sale.fee_amount })])

    await res.page.goto('/reseller/sales')
    await expect.poll(() => res.page.getByTestId(`reseller-sale-fee-${sale.id}`).textContent(), { timeout: 10_000 })
      .toMatch(new RegExp((sale.fee_amount / 100).toFixed(2).replace('.', '[.,]')))
    await res.page.goto('/reseller/payouts_balance')
    await expect.poll(() => res.page.getByTestId('balance-pending-eur').first().textContent(), { timeout: 10_000 })
      .toMatch(new RegExp((sale.fee_amount / 100).toFixed(2).replace('.', '[.,]')))
    await seller.page.goto(`/cabinet/orders/${sale.id}`)
    await expect.poll(() => seller.page.getByTestId('order-reseller').textContent(), { timeout: 10_000 }).toContain('Demo Resale GmbH')

    expect([...sellerProblems, ...resellerProblems, ...buyerProblems, ...seller.errors, ...res.errors, ...buyer.errors]).toEqual([])
    await Promise.all([seller.context.close(), res.context.close(), buyer.context.close()])
  })
})
