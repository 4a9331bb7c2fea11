import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { CONSENT_COOKIE } from '../../src/web/features/cookie-consent/consent'
import { fillPayerDetails, payWithSandbox, watchProblems } from './buyer'
import { apiGet, apiSignIn, newPage, signedInPage, type RunningServer, startDemoPlatform, stopPlatform } from './harness'

// The affiliate money path (docs/decisions/0048-affiliates.md): the seller opens a program in the cabinet, the
// demo publisher joins it through the marketplace, the seller accepts, a payer arrives through the publisher's
// link and buys with the sandbox, and the publisher sees the sale and the pending commission, the same figure
// as the seller's order and the ledger.

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
const publisher = { email: 'publisher@sellfront.test', password: demo.password }
let server: RunningServer
let browser: Browser

beforeAll(async () => { ({ server, browser } = await startDemoPlatform(demo.password)) })
afterAll(() => stopPlatform(server, browser))

const api = <T = any>(token: string, path: string) => apiGet<T>(server, token, path)

describe('affiliates in the browser', () => {
  test('a seller opens a program, a publisher joins through the marketplace, a payer buys through the link, the publisher sees the sale and the balance', async () => {
    // the seller opens a program with 30 % on level 1 for the licence product, listed in the marketplace
    const seller = await signedInPage(browser, server, demo, '**/cabinet')
    const sellerProblems = watchProblems(seller.page)
    await seller.page.goto('/cabinet/affiliate_programs?tab=programs')
    await seller.page.getByTestId('affiliate-program-new').click()
    const form = seller.page.getByTestId('affiliate-program-form')
    await form.getByTestId('affiliate-program-name').fill('Licence partners')
    await form.getByTestId('affiliate-level-0').fill('30')
    await form.getByTestId('affiliate-program-products').click()
    await seller.page.getByRole('option', { name: 'Brush app licence' }).click()
    // The switch's input is visually hidden under its track: a click event on the input itself toggles it.
    const listed = form.getByTestId('affiliate-program-listed_in_marketplace')
    await listed.dispatchEvent('click')
    await expect.poll(() => listed.isChecked()).toBe(true)
    await form.getByTestId('affiliate-program-submit').click()
    await expect.poll(() => seller.page.getByTestId('affiliate-programs-table').textContent(), { timeout: 10_000 }).toContain('Licence partners')
    const sellerToken = (await apiSignIn(server, demo.email, demo.password)).access_token
    const programs = await api(sellerToken, '/cabinet/affiliate_programs?per=50')
    const program = programs.list.find((p: any) => p.name === 'Licence partners')
    expect(program).toMatchObject({ commissions: [30], listed_in_marketplace: true, auto_accept: false })

    // the publisher finds it in the marketplace and asks to join
    const pub = await signedInPage(browser, server, publisher, '**/publish')
    const publisherProblems = watchProblems(pub.page)
    await pub.page.goto('/publish/affiliate_marketplace?tab=programs')
    await pub.page.getByTestId(`marketplace-program-${program.id}`).first().click()
    await pub.page.waitForURL(`**/publish/affiliate_marketplace/${program.id}**`)
    await pub.page.getByTestId('join-program').click()
    await expect.poll(() => pub.page.getByTestId('my-node').textContent(), { timeout: 10_000 }).toMatch(/Requested/i)

    // the seller accepts the request among the publishers
    await seller.page.goto('/cabinet/affiliate_programs?tab=publishers')
    const nodes = await api(sellerToken, `/cabinet/affiliate_nodes?affiliate_program_id=${program.id}`)
    const node = nodes.list[0]
    expect(node).toMatchObject({ state: 'requested', email: publisher.email })
    await seller.page.getByTestId(`affiliate-node-accept-${node.id}`).click()
    await expect.poll(async () => (await api(sellerToken, `/cabinet/affiliate_nodes?affiliate_program_id=${program.id}`)).list[0].state).toBe('accepted')

    // the publisher's link, as their participations show it
    await pub.page.goto('/publish/affiliate_nodes')
    const links = pub.page.getByTestId('publisher-node-link')
    await expect.poll(async () => (await links.allTextContents()).some((l) => l.includes(`aff=${node.token}`))).toBe(true)
    const link = (await links.allTextContents()).find((l) => l.includes(`aff=${node.token}`))!

    // a payer follows it (another browser, no account) and buys with the sandbox
    const buyer = await newPage(browser, server.url)
    buyer.page.setDefaultTimeout(10_000)
    await buyer.context.addCookies([{ name: CONSENT_COOKIE, value: 'all', url: server.url }])
    const buyerProblems = watchProblems(buyer.page)
    await buyer.page.goto(link.replace(/^https?:\/\/[^/]+/, ''))
    await expect.poll(() => buyer.page.getByTestId('price-box').getAttribute('data-exact')).toBe('true')
    await fillPayerDetails(buyer.page, `affiliate-payer-${Date.now()}@example.test`)
    await payWithSandbox(buyer.page)

    // the seller's order carries the publisher and the pending commission: 30 % of the net
    // (the demo's own sales through the partner programme are the publisher's too: this program's order only)
    const orders = await api(sellerToken, `/cabinet/orders?publisher_id=${node.publisher_id}&affiliate_program_id=${node.affiliate_program_id}`)
    expect(orders.total_count).toBe(1)
    const order = await api(sellerToken, `/cabinet/orders/${orders.list[0].id}`)
    expect(order.publisher_id).toBe(node.publisher_id)
    expect(order.commissions).toHaveLength(1)
    const commission = order.commissions[0]
    expect(commission).toMatchObject({ level: 1, publisher_id: node.publisher_id, state: 'pending', currency: 'eur' })
    expect(commission.amount).toBeGreaterThan(0)

    // the publisher sees the sale and the same amount pending in their balance
    await pub.page.goto('/publish/orders')
    await expect.poll(() => pub.page.getByTestId('publisher-orders-table').textContent(), { timeout: 10_000 }).toContain('Brush app licence')
    const publisherToken = (await apiSignIn(server, publisher.email, publisher.password)).access_token
    const balance = await api(publisherToken, '/publish/payouts_balance')
    const eur = balance.balances.find((b: any) => b.currency === 'eur')
    expect(eur.pending).toBeGreaterThanOrEqual(commission.amount)
    await pub.page.goto('/publish/payouts_balance')
    const shown = (eur.pending / 100).toFixed(2)
    await expect.poll(() => pub.page.getByTestId('balance-pending-eur').first().textContent(), { timeout: 10_000 })
      .toMatch(new RegExp(shown.replace('.', '[.,]')))

    expect([...sellerProblems, ...publisherProblems, ...buyerProblems, ...seller.errors, ...pub.errors, ...buyer.errors]).toEqual([])
    await Promise.all([seller.context.close(), pub.context.close(), buyer.context.close()])
  })
})
