import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { systemContext } from '../../context'
import { funnelPageView } from '../checkout/funnel-page.service'

// docs/decisions/0071-funnel-gaps.md: an offer bought through its checkout (the payment before kept no method)
// is the node's offer and counts in its figures; the checkout settings' upsells keep a branched funnel.

let t: TestApp
let seller: TestSeller
type Product = { id: number; slug: string; name: string; pricing_plans: { id: number }[] }
let main: Product
let upsell: Product
let downsell: Product
let extra: Product

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.request({ method, url: `/api/v1${url}`, token: seller.accessToken, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) })
const offerNode = (product: Product, kind: 'upsell' | 'downsell', accept: number | null, decline: number | null) =>
  ({ kind, product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, accept, decline })
const orderPath = (token: string) => `/s/${seller.username}/payment/${token}`
const publicOrder = async (token: string) => (await t.request({ method: 'GET', url: `/api/v1/shop/orders/${token}` })).json()
const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

async function buy(product: Product, extraFields: Record<string, unknown> = {}) {
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true, ...extraFields })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  return res.json().order.token as string
}

/** A published page of type `pageType` with these blocks; its id. */
async function publishedPage(pageType: string, blocks: object[]): Promise<number> {
  const made = await api('POST', '/cabinet/pages', { page_type: pageType, name: `My ${pageType}` })
  expect(made.statusCode, made.body).toBe(201)
  const id = made.json().id as number
  const saved = await api('PUT', `/cabinet/pages/${id}/draft`, { page_type: pageType, document: { blocks } })
  expect(saved.statusCode, saved.body).toBe(200)
  expect((await api('POST', `/cabinet/pages/${id}/publish`)).statusCode).toBe(200)
  return id
}

async function funnelWith(name: string, productId: number, nodes: unknown[]) {
  const created = await api('POST', '/cabinet/funnels', { name, product_ids: [productId], nodes })
  expect(created.statusCode, created.body).toBe(201)
  return { id: created.json().id as number, nodeIds: created.json().nodes.map((n: { id: number }) => n.id) as number[] }
}

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  main = await publishedProduct(t, seller.accessToken, { name: 'Main course', pricing_plans: [oneTimePlan(5_000)] })
  upsell = await publishedProduct(t, seller.accessToken, { name: 'Coaching call', pricing_plans: [oneTimePlan(3_000)] })
  downsell = await publishedProduct(t, seller.accessToken, { name: 'Workbook', pricing_plans: [oneTimePlan(1_000)] })
  extra = await publishedProduct(t, seller.accessToken, { name: 'Templates', pricing_plans: [oneTimePlan(500)] })
})

afterAll(async () => {
  await t?.close()
})

describe('an offer bought through its checkout', () => {
  test('the order carries the funnel and node, passes over the offers before it, and counts in the figures', async () => {
    const funnel = await funnelWith('Checkout fallback', main.id, [offerNode(upsell, 'upsell', 2, 1), offerNode(downsell, 'downsell', 2, 2), { kind: 'thank_you' }])
    const token = await buy(main)
    // As after a provider that keeps no method (docs/decisions/0052-emoney-pay-ins.md): the offers open the checkout.
    await sql('update orders set saved_method = null, provider = \'emoney\' where token = $1', [token])
    const offers = (await publicOrder(token)).upsell_offers
    expect(offers).toEqual([
      expect.objectContaining({ kind: 'upsell', payment: 'checkout', funnel_node_id: funnel.nodeIds[0], funnel_offer: expect.stringMatching(/^\d+\.\d+\.[\w-]{32}$/) }),
      expect.objectContaining({ kind: 'downsell', payment: 'checkout', funnel_node_id: funnel.nodeIds[1], funnel_offer: expect.any(String) }),
    ])
    // The success page shows the first offer (a view; without a built storefront it answers 503 here).
    await t.request({ method: 'GET', url: orderPath(token) })

    // A made-up or another node's reference is ignored: an ordinary order.
    const [parent] = await sql<{ id: number }>('select id from orders where token = $1', [token])
    const forged = `${parent!.id}.${funnel.nodeIds[1]}.${'A'.repeat(32)}`
    const plain = await buy(downsell, { funnel_offer: forged })
    const wrongProduct = await buy(extra, { funnel_offer: offers[1].funnel_offer })
    expect(await sql('select token, upsell_type, parent_order_id, funnel_id, funnel_node_id from orders where token in ($1, $2)', [plain, wrongProduct]))
      .toEqual([plain, wrongProduct].map((tk) => ({ token: tk, upsell_type: null, parent_order_id: null, funnel_id: null, funnel_node_id: null })))

    // The downsell bought through its checkout: it is the node's offer, the upsell before it declined.
    const child = await buy(downsell, { funnel_offer: offers[1].funnel_offer })
    expect(await sql('select upsell_type, parent_order_id, funnel_id, funnel_node_id, payment_state from orders where token = $1', [child])).toEqual([
      { upsell_type: 'downsell', parent_order_id: parent!.id, funnel_id: funnel.id, funnel_node_id: funnel.nodeIds[1], payment_state: 'paid' },
    ])
    expect(await sql('select funnel_id from orders where id = $1', [parent!.id])).toEqual([{ funnel_id: funnel.id }])
    // Its accept ends on the thank-you page: no offer is left.
    expect((await publicOrder(token)).upsell_offers).toEqual([])
    expect((await api('GET', `/cabinet/funnels/${funnel.id}/stats`)).json().nodes).toEqual([
      { node_id: funnel.nodeIds[0], kind: 'upsell', views: 1, accepts: 0, declines: 1, revenue: [] },
      { node_id: funnel.nodeIds[1], kind: 'downsell', views: 0, accepts: 1, declines: 0, revenue: [{ currency: 'eur', amount: 1_000 }] },
      { node_id: funnel.nodeIds[2], kind: 'thank_you', views: 0, accepts: 0, declines: 0, revenue: [] },
    ])
    // The offer is no longer open: a second checkout with the same reference is an ordinary order.
    const again = await buy(downsell, { funnel_offer: offers[1].funnel_offer })
    expect(await sql('select funnel_node_id from orders where token = $1', [again])).toEqual([{ funnel_node_id: null }])
  })
})

describe('a funnel page\'s data', () => {
  test('the order that led there, the offer with its plans, accept and decline, and the products the page names', async () => {
    const pageId = await publishedPage('funnel', [
      { id: 'f', kind: 'funnel', settings: { title: 'Thank you {first_name}' } },
      { id: 'p', kind: 'funnel_product', settings: {} },
      { id: 'o', kind: 'button', settings: { button: { type: 'details', text: 'See also', product_id: extra.id } } },
    ])
    const product = await publishedProduct(t, seller.accessToken, { name: 'Page course', pricing_plans: [oneTimePlan(4_000)] })
    const funnel = await funnelWith('With a page', product.id, [{ ...offerNode(upsell, 'upsell', null, null), page_id: pageId, headline: 'Wait!' }])
    const token = await buy(product)
    const path = `/s/${seller.username}/payment/${token}/funnel/${funnel.nodeIds[0]}`
    const links = { accept: `${path}/accept`, decline: `${path}/decline`, path, productUrl: (slug: string) => `/s/${seller.username}/${slug}` }
    const view = await funnelPageView(systemContext(t.deps), token, links)
    expect(view.built).not.toBeNull()
    const data = view.built!.data as Record<string, any>
    expect(data.funnel).toEqual({
      accept_action: links.accept, decline_url: links.decline, checkout_url: expect.stringContaining(`/s/${seller.username}/${upsell.slug}?pricing_plan_id=${upsell.pricing_plans[0]!.id}&funnel_offer=`),
      order: { first_name: fullPayer().first_name, items: ['Page course'], amount: 4_000, currency: 'eur' },
      offer: {
        kind: 'upsell', product_id: upsell.id, headline: 'Wait!',
        plan: expect.objectContaining({ id: upsell.pricing_plans[0]!.id, amount: 3_000, currency: 'eur', form: 'one_time' }),
        plans: [expect.objectContaining({ id: upsell.pricing_plans[0]!.id, amount: 3_000 })],
      },
    })
    expect(data.pageProductId).toBe(upsell.id)
    // The page's other products are found like on any built page; the offer's card sells at the offer's price.
    expect(Object.keys(data.products).map(Number)).toEqual(expect.arrayContaining([upsell.id, extra.id]))
    expect(data.products[upsell.id]).toMatchObject({ name: 'Coaching call', display_price: 3_000, checkout_url: data.funnel.checkout_url })
    // Showing it counted a view of the node.
    expect((await api('GET', `/cabinet/funnels/${funnel.id}/stats`)).json().nodes[0]).toMatchObject({ views: 1 })
  })

  test.runIf(existsSync('dist/storefront/server/entry-server.js'))('the node page renders "Thank you {first name}", the offer and its plan, without script', async () => {
    const pageId = await publishedPage('funnel', [{ id: 'f', kind: 'funnel', settings: { text: 'You bought {order}.' } }, { id: 'p', kind: 'funnel_product', settings: {} }])
    const product = await publishedProduct(t, seller.accessToken, { name: 'Rendered course', pricing_plans: [oneTimePlan(4_000)] })
    const funnel = await funnelWith('Rendered', product.id, [{ ...offerNode(upsell, 'upsell', null, null), page_id: pageId }])
    const token = await buy(product)
    const res = await t.request({ method: 'GET', url: `${orderPath(token)}/funnel/${funnel.nodeIds[0]}` })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.body).toContain(`Thank you, ${fullPayer().first_name}!`)
    expect(res.body).toMatch(/Add Coaching call for (€\s?)?30[.,]00/)
    expect(res.body).toContain('You bought Rendered course.')
    expect(res.body).toContain(`action="${orderPath(token)}/funnel/${funnel.nodeIds[0]}/accept?key=`)
    expect(res.body).not.toMatch(/<script[^>]+src=/)
    // After a provider that keeps no method, Buy opens the offer's checkout with its reference (in the order's currency).
    await sql('update orders set saved_method = null, provider = \'emoney\' where token = $1', [token])
    const fallback = await t.request({ method: 'GET', url: `${orderPath(token)}/funnel/${funnel.nodeIds[0]}` })
    expect(fallback.body).toMatch(new RegExp(`href="/s/${seller.username}/${upsell.slug}\\?pricing_plan_id=${upsell.pricing_plans[0]!.id}&amp;funnel_offer=\\d+\\.\\d+\\.[\\w-]{32}&amp;currency=eur"`))
    // The checkout keeps the reference in its form (the no-JavaScript post and the browser's both send it).
    const ref = (await publicOrder(token)).upsell_offers[0].funnel_offer as string
    const checkout = await t.request({ method: 'GET', url: `/s/${seller.username}/${upsell.slug}?pricing_plan_id=${upsell.pricing_plans[0]!.id}&funnel_offer=${ref}` })
    expect(checkout.body).toContain(`name="funnel_offer" value="${ref}"`)
  })
})

describe('the checkout settings\' upsells and the product\'s funnel', () => {
  const upsellsOf = (...offers: [Product, 'upsell' | 'downsell', string | null][]) =>
    offers.map(([p, kind, headline]) => ({ kind, product_id: p.id, pricing_plan_id: p.pricing_plans[0]!.id, headline }))

  test('a linear funnel becomes the new chain', async () => {
    const product = await publishedProduct(t, seller.accessToken, { name: 'Linear course', pricing_plans: [oneTimePlan(2_000)] })
    expect((await api('PUT', `/cabinet/products/${product.id}/checkout`, { upsells: upsellsOf([upsell, 'upsell', null], [downsell, 'downsell', null]) })).statusCode).toBe(200)
    const funnel = (await api('GET', '/cabinet/funnels')).json().list.find((f: { product_ids: number[] }) => f.product_ids.includes(product.id))
    const before = (await api('GET', `/cabinet/funnels/${funnel.id}`)).json().nodes
    const next = upsellsOf([upsell, 'upsell', 'Add a call?'], [extra, 'downsell', null], [downsell, 'downsell', null])
    const saved = await api('PUT', `/cabinet/products/${product.id}/checkout`, { upsells: next })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().upsells).toEqual(next)
    const nodes = (await api('GET', `/cabinet/funnels/${funnel.id}`)).json().nodes
    expect(nodes).toEqual([
      expect.objectContaining({ id: before[0].id, product_id: upsell.id, headline: 'Add a call?', accept_node_id: null, decline_node_id: nodes[1].id }),
      expect.objectContaining({ product_id: extra.id, accept_node_id: null, decline_node_id: nodes[2].id }),
      expect.objectContaining({ product_id: downsell.id, accept_node_id: null, decline_node_id: null }),
    ])
    // Removing works on a linear funnel too.
    expect((await api('PUT', `/cabinet/products/${product.id}/checkout`, { upsells: upsellsOf([upsell, 'upsell', null]) })).json().upsells).toEqual(upsellsOf([upsell, 'upsell', null]))
  })

  test('a branched funnel keeps its branches: the same list changes nothing, changed offers and added ones keep the graph, removing one is refused', async () => {
    const product = await publishedProduct(t, seller.accessToken, { name: 'Branched course', pricing_plans: [oneTimePlan(2_000)] })
    // upsell: accept -> thank-you, decline -> downsell; downsell: accept -> thank-you, decline -> end.
    const funnel = await funnelWith('Branched', product.id, [offerNode(upsell, 'upsell', 2, 1), offerNode(downsell, 'downsell', 2, null), { kind: 'thank_you' }])
    const graph = async () => (await api('GET', `/cabinet/funnels/${funnel.id}`)).json().nodes as { id: number; product_id: number | null; headline: string | null; accept_node_id: number | null; decline_node_id: number | null; kind: string }[]
    const [u, d, ty] = funnel.nodeIds as [number, number, number]
    const read = (await api('GET', `/cabinet/products/${product.id}/checkout`)).json().upsells
    expect(read).toEqual(upsellsOf([upsell, 'upsell', null], [downsell, 'downsell', null]))
    const before = await graph()

    // The settings form sends the list with every save: unchanged, the funnel stays as it is.
    const same = await api('PUT', `/cabinet/products/${product.id}/checkout`, { upsells: read, terms_required: true })
    expect(same.statusCode, same.body).toBe(200)
    expect(await graph()).toEqual(before)

    // A changed headline and product at their places: the nodes keep their ids and links.
    const changed = upsellsOf([upsell, 'upsell', 'One more?'], [extra, 'downsell', null])
    const saved = await api('PUT', `/cabinet/products/${product.id}/checkout`, { upsells: changed })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().upsells).toEqual(changed)
    expect(await graph()).toEqual([
      expect.objectContaining({ id: u, product_id: upsell.id, headline: 'One more?', accept_node_id: ty, decline_node_id: d }),
      expect.objectContaining({ id: d, product_id: extra.id, accept_node_id: ty, decline_node_id: null }),
      expect.objectContaining({ id: ty, kind: 'thank_you' }),
    ])

    // An offer added goes at the end of the decline chain.
    const longer = [...changed, ...upsellsOf([downsell, 'downsell', 'Last chance'])]
    expect((await api('PUT', `/cabinet/products/${product.id}/checkout`, { upsells: longer })).json().upsells).toEqual(longer)
    const grown = await graph()
    expect(grown).toHaveLength(4)
    expect(grown[1]).toMatchObject({ id: d, accept_node_id: ty, decline_node_id: grown[3]!.id })
    expect(grown[3]).toMatchObject({ product_id: downsell.id, headline: 'Last chance', accept_node_id: null, decline_node_id: null })

    // Removing an offer would flatten the branches: refused, pointing to the funnel editor; nothing changed.
    const removed = await api('PUT', `/cabinet/products/${product.id}/checkout`, { upsells: changed.slice(0, 1) })
    expect(removed.statusCode).toBe(422)
    expect(removed.json().error).toMatchObject({ type: 'validation_failed', message: expect.stringContaining('/cabinet/funnels'), fields: [{ path: 'upsells', message: expect.any(String) }] })
    expect(await graph()).toEqual(grown)
  })

  test('an offer added where the chain\'s decline led to a thank-you page goes in front of it', async () => {
    const product = await publishedProduct(t, seller.accessToken, { name: 'Thanks course', pricing_plans: [oneTimePlan(2_000)] })
    const funnel = await funnelWith('Ends in thanks', product.id, [offerNode(upsell, 'upsell', 1, 1), { kind: 'thank_you' }])
    const [u, ty] = funnel.nodeIds as [number, number]
    const longer = upsellsOf([upsell, 'upsell', null], [downsell, 'downsell', null])
    const saved = await api('PUT', `/cabinet/products/${product.id}/checkout`, { upsells: longer })
    expect(saved.statusCode, saved.body).toBe(200)
    const nodes = (await api('GET', `/cabinet/funnels/${funnel.id}`)).json().nodes
    expect(nodes).toEqual([
      expect.objectContaining({ id: u, accept_node_id: ty, decline_node_id: nodes[2].id }),
      expect.objectContaining({ id: ty, kind: 'thank_you' }),
      expect.objectContaining({ kind: 'downsell', product_id: downsell.id, accept_node_id: null, decline_node_id: ty }),
    ])
  })
})
