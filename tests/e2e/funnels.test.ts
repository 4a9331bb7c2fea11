import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { buyWithSandbox, watchProblems } from './buyer'
import { apiGet, apiSignIn, newPage, signedInPage, startDemoPlatform, stopPlatform, type RunningServer } from './harness'

// The demo funnel (docs/decisions/0066-funnels.md) in the browser: after the colour theory certificate, the
// strategy session as a one-click upsell, declined the brush app licence as a downsell, then the thank-you page.
// Run 1 accepts the upsell in one click; run 2 declines both and ends on the thank-you page. Needs the built web
// app and storefront (npm run build:web).

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
let server: RunningServer
let browser: Browser

beforeAll(async () => { ({ server, browser } = await startDemoPlatform(demo.password)) })
afterAll(() => stopPlatform(server, browser))

describe('a funnel after the checkout', () => {
  test('one click accepts the upsell; declining the upsell and the downsell ends on the thank-you page', async () => {
    const accepting = await newPage(browser, server.url)
    const problems = watchProblems(accepting.page)
    const first = await buyWithSandbox(accepting.page, 'colour-theory-certificate', `funnel-accept-${Date.now()}@example.test`)
    const offer = accepting.page.getByTestId('upsell-offer')
    await offer.waitFor()
    expect(await offer.textContent()).toContain('Strategy session')
    // The one-click button works through the page's script: wait until it has loaded (hydrated), so the click is not the no-script form post.
    await accepting.page.waitForLoadState('networkidle')
    await offer.getByTestId('upsell-accept').click()
    await accepting.page.getByTestId('upsell-accepted').waitFor({ timeout: 20_000 })
    expect(await accepting.page.getByTestId('upsell-accepted').textContent()).toContain('Strategy session (60 minutes) was added to your order')
    expect(await accepting.page.getByTestId('upsell-offer').count()).toBe(0)
    expect(problems).toEqual([])
    await accepting.context.close()

    const declining = await newPage(browser, server.url)
    const second = await buyWithSandbox(declining.page, 'colour-theory-certificate', `funnel-decline-${Date.now()}@example.test`)
    await declining.page.getByTestId('upsell-offer').waitFor()
    await declining.page.getByTestId('upsell-decline').click()
    await expect.poll(() => declining.page.getByTestId('upsell-offer').textContent()).toContain('Brush app licence')
    await declining.page.getByTestId('upsell-decline').click()
    await declining.page.getByTestId('funnel-thank-you').waitFor()
    expect(declining.page.url()).toMatch(/\/s\/demo\/payment\/[^/]+\/funnel\/\d+$/)
    expect(declining.errors).toEqual([])
    await declining.context.close()

    // The seller sees both orders in the funnel and its figures.
    const token = (await apiSignIn(server, demo.email, demo.password, 'e2e-funnels-seller')).access_token
    const funnel = (await apiGet<{ list: { id: number; name: string }[] }>(server, token, '/cabinet/funnels')).list.find((f) => f.name === 'After the certificate')!
    const orders = (await apiGet<{ list: { token: string; upsell_type: string | null; payment_state: string }[] }>(server, token, `/cabinet/orders?funnel_id=${funnel.id}&per=100`)).list
    expect(orders.map((o) => o.token)).toEqual(expect.arrayContaining([first, second]))
    expect(orders.filter((o) => o.upsell_type === 'upsell')).toEqual([expect.objectContaining({ payment_state: 'paid' })])
    const stats = await apiGet<{ nodes: { kind: string; accepts: number; declines: number }[] }>(server, token, `/cabinet/funnels/${funnel.id}/stats`)
    expect(stats.nodes.map((n) => [n.kind, n.accepts, n.declines])).toEqual([['upsell', 1, 1], ['downsell', 0, 1], ['thank_you', 0, 0]])

    // The cabinet shows the funnel's nodes and its figures.
    const cabinet = await signedInPage(browser, server, demo, '**/cabinet')
    await cabinet.page.goto('/cabinet/funnels')
    await cabinet.page.getByTestId('funnels-list').getByText('After the certificate').click()
    await expect.poll(() => cabinet.page.getByTestId('funnel-node').count()).toBe(3)
    await expect.poll(() => cabinet.page.getByTestId('funnel-figures').textContent()).toContain('Brush app licence')
    expect(cabinet.errors).toEqual([])
    await cabinet.context.close()
  }, 60_000)
})
