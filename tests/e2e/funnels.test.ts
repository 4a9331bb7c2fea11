import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { buyWithSandbox, fillPayerDetails, watchProblems } from './buyer'
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
    // the demo's offers have German headlines (docs/decisions/0095-product-translations.md)
    expect(await cabinet.page.getByTestId('funnel-node-0-translation-de').getAttribute('data-state')).toBe('complete')
    expect(await cabinet.page.getByTestId('funnel-node-0-translation-headline-de').inputValue()).toContain('Malprojekt')
    await expect.poll(() => cabinet.page.getByTestId('funnel-figures').textContent()).toContain('Brush app licence')
    expect(cabinet.errors).toEqual([])
    await cabinet.context.close()
  }, 60_000)

  test('a built funnel page greets the payer by first name and names the offer, its price and what was bought', async () => {
    // The seller gives the upsell node a page of type funnel (docs/decisions/0071-funnel-gaps.md).
    const token = (await apiSignIn(server, demo.email, demo.password, 'e2e-funnels-page')).access_token
    const send = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}/api/v1${path}`, {
        method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}),
      })
      expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300)
      return res.json() as Promise<any>
    }
    const page = await send('POST', '/cabinet/pages', { page_type: 'funnel', name: 'Strategy offer' })
    await send('PUT', `/cabinet/pages/${page.id}/draft`, { page_type: 'funnel', document: { blocks: [{ id: 'f', kind: 'funnel', settings: { text: 'You bought {order}.' } }] } })
    await send('POST', `/cabinet/pages/${page.id}/publish`)
    const funnel = (await apiGet<{ list: { id: number; name: string }[] }>(server, token, '/cabinet/funnels')).list.find((f) => f.name === 'After the certificate')!
    const nodes = (await apiGet<{ nodes: any[] }>(server, token, `/cabinet/funnels/${funnel.id}`)).nodes
    const at = (id: number | null) => (id === null ? null : nodes.findIndex((n) => n.id === id))
    await send('PUT', `/cabinet/funnels/${funnel.id}/nodes`, {
      nodes: nodes.map((n, i) => ({
        id: n.id, kind: n.kind, ...(n.kind === 'thank_you' ? {} : { product_id: n.product_id, pricing_plan_id: n.pricing_plan_id, accept: at(n.accept_node_id), decline: at(n.decline_node_id) }),
        page_id: i === 0 ? page.id : n.page_id, headline: n.headline,
      })),
    })

    const buyer = await newPage(browser, server.url)
    // Paid, the success page sends the payer on to the node's page (its own state is never seen).
    await buyer.page.goto('/s/demo/colour-theory-certificate')
    await expect.poll(() => buyer.page.getByTestId('price-box').getAttribute('data-exact')).toBe('true')
    await fillPayerDetails(buyer.page, `funnel-page-${Date.now()}@example.test`)
    await buyer.page.getByTestId('method-card').click()
    await buyer.page.getByTestId('terms').check()
    await buyer.page.getByTestId('buy-button').click()
    await buyer.page.waitForURL('**/sandbox/payments/**')
    await buyer.page.getByTestId('sandbox-success').click()
    await buyer.page.waitForURL('**/s/demo/payment/**')
    await expect.poll(async () => {
      if (/\/funnel\/\d+$/.test(buyer.page.url())) return true
      await buyer.page.reload()
      return false
    }, { timeout: 20_000, interval: 1_000 }).toBe(true)
    const built = buyer.page.getByTestId('built-funnel')
    await built.waitFor({ timeout: 20_000 })
    expect(buyer.page.url()).toMatch(/\/s\/demo\/payment\/[^/]+\/funnel\/\d+$/)
    expect(await built.textContent()).toContain('Thank you, Pat!')
    expect(await built.textContent()).toContain('Add Strategy session')
    expect(await built.textContent()).toContain('You bought Colour theory')
    expect(await buyer.page.locator('script[src]').count()).toBe(0)
    expect(buyer.errors).toEqual([])
    await buyer.context.close()
  }, 60_000)
})
