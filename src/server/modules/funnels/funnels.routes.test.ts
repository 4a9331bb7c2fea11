import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// Funnels (docs/decisions/0066-funnels.md): the cabinet API and its checks, the branching a payer walks after
// paying (accept ends or moves on, decline moves to the downsell, the end is the thank-you page), the orders'
// funnel filters and relation, the conversion figures, and the checkout settings' upsells kept as a funnel.

let t: TestApp
let seller: TestSeller
let other: TestSeller
type Product = { id: number; slug: string; pricing_plans: { id: number }[] }
let main: Product
let upsell: Product
let downsell: Product
let funnelId: number
let nodeIds: number[]

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = seller.accessToken) =>
  t.request({ method, url: `/api/v1${url}`, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) })
const offerNode = (product: Product, kind: 'upsell' | 'downsell', accept: number | null, decline: number | null) =>
  ({ kind, product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, accept, decline })
const orderPath = (token: string) => `/s/${seller.username}/payment/${token}`
const publicOrder = async (token: string) => (await t.request({ method: 'GET', url: `/api/v1/shop/orders/${token}` })).json()

async function buy(product: Product = main) {
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  return res.json().order.token as string
}

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
  main = await publishedProduct(t, seller.accessToken, { name: 'Main course', pricing_plans: [oneTimePlan(5_000)] })
  upsell = await publishedProduct(t, seller.accessToken, { name: 'Coaching call', pricing_plans: [oneTimePlan(3_000)] })
  downsell = await publishedProduct(t, seller.accessToken, { name: 'Workbook', pricing_plans: [oneTimePlan(1_000)] })
  const created = await api('POST', '/cabinet/funnels', {
    name: 'After the course', product_ids: [main.id],
    nodes: [offerNode(upsell, 'upsell', 2, 1), offerNode(downsell, 'downsell', 2, 2), { kind: 'thank_you' }],
  })
  expect(created.statusCode, created.body).toBe(201)
  funnelId = created.json().id
  nodeIds = created.json().nodes.map((n: { id: number }) => n.id)
})

afterAll(async () => {
  await t?.close()
})

describe('funnels', () => {
  test('a funnel keeps its graph: the first node starts it, links by id', async () => {
    const res = await api('GET', `/cabinet/funnels/${funnelId}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      name: 'After the course', state: 'active', product_ids: [main.id], entry_node_id: nodeIds[0], nodes_count: 3,
      nodes: [
        { id: nodeIds[0], kind: 'upsell', product_id: upsell.id, accept_node_id: nodeIds[2], decline_node_id: nodeIds[1] },
        { id: nodeIds[1], kind: 'downsell', product_id: downsell.id, accept_node_id: nodeIds[2], decline_node_id: nodeIds[2] },
        { id: nodeIds[2], kind: 'thank_you', product_id: null, accept_node_id: null, decline_node_id: null },
      ],
    })
    expect((await api('GET', `/cabinet/funnels/${funnelId}`, undefined, other.accessToken)).statusCode).toBe(404)
    expect((await api('GET', '/cabinet/funnels')).json()).toMatchObject({ total_count: 1, list: [{ id: funnelId, nodes_count: 3 }] })
  })

  test('cycles, links to no node, another seller\'s product and more than 20 nodes are refused', async () => {
    const draft = (await api('POST', '/cabinet/funnels', { name: 'Draft' })).json()
    const save = (nodes: unknown[]) => api('PUT', `/cabinet/funnels/${draft.id}/nodes`, { nodes })
    const cycle = await save([offerNode(upsell, 'upsell', null, 1), offerNode(downsell, 'downsell', null, 0)])
    expect(cycle.statusCode).toBe(422)
    expect(cycle.json().error).toMatchObject({ type: 'validation_failed', fields: [{ path: expect.stringMatching(/^nodes\.\d$/), message: 'cycle' }] })
    expect((await save([offerNode(upsell, 'upsell', 3, null)])).json().error.fields).toEqual([{ path: 'nodes.0.accept', message: expect.any(String) }])
    const foreign = await publishedProduct(t, other.accessToken)
    expect((await save([offerNode(foreign, 'upsell', null, null)])).json().error.fields).toEqual([{ path: 'nodes.0.product_id', message: expect.any(String) }])
    expect((await save([{ kind: 'upsell', product_id: upsell.id, pricing_plan_id: downsell.pricing_plans[0]!.id }])).json().error.fields)
      .toEqual([{ path: 'nodes.0.pricing_plan_id', message: expect.any(String) }])
    expect((await save(Array.from({ length: 21 }, () => ({ kind: 'thank_you' })))).statusCode).toBe(400)
    expect((await save([{ kind: 'thank_you', product_id: upsell.id }])).statusCode).toBe(400)
    // Saving again keeps a node named by id (its orders and figures stay with it).
    const first = (await save([offerNode(upsell, 'upsell', null, null)])).json().nodes[0]
    const again = (await save([{ ...offerNode(downsell, 'downsell', null, null), id: first.id }])).json().nodes
    expect(again).toEqual([expect.objectContaining({ id: first.id, kind: 'downsell', product_id: downsell.id })])
    expect((await save([{ ...offerNode(upsell, 'upsell', null, null), id: nodeIds[0] }])).json().error.fields).toEqual([{ path: 'nodes.0.id', message: expect.any(String) }])
    expect((await api('DELETE', `/cabinet/funnels/${draft.id}`)).json()).toMatchObject({ state: 'archived', product_ids: [] })
    expect((await save([])).statusCode).toBe(409)
    expect((await api('DELETE', `/cabinet/funnels/${draft.id}`)).statusCode).toBe(409)
  })

  test('decline moves to the downsell, its accept ends on the thank-you page; the orders carry funnel and node', async () => {
    const token = await buy()
    // The current node's offer first, then those its decline links lead to (the success page shows the first).
    expect((await publicOrder(token)).upsell_offers).toEqual([
      expect.objectContaining({ index: 0, kind: 'upsell', product_id: upsell.id, amount: 3_000, payment: 'autopay', funnel_node_id: nodeIds[0] }),
      expect.objectContaining({ index: 1, kind: 'downsell', product_id: downsell.id, amount: 1_000, funnel_node_id: nodeIds[1] }),
    ])
    // The success page counts a view of the offer it shows (without a built storefront it answers 503 here).
    await t.request({ method: 'GET', url: orderPath(token) })
    const declined = await t.request({ method: 'GET', url: `${orderPath(token)}/funnel/${nodeIds[0]}/decline` })
    expect(declined.statusCode).toBe(303)
    expect(declined.headers.location).toBe(orderPath(token))
    // Declining twice is the same decline.
    expect((await t.request({ method: 'POST', url: `${orderPath(token)}/funnel/${nodeIds[0]}/decline` })).headers.location).toBe(orderPath(token))
    expect((await publicOrder(token)).upsell_offers).toEqual([expect.objectContaining({ kind: 'downsell', product_id: downsell.id, amount: 1_000, funnel_node_id: nodeIds[1] })])
    // A node that is not the payer's current one cannot be accepted.
    const wrong = await t.request({ method: 'POST', url: `${orderPath(token)}/funnel/${nodeIds[0]}/accept?key=k-wrong` })
    expect(wrong.statusCode).toBe(303)
    const accepted = await t.request({ method: 'POST', url: `${orderPath(token)}/funnel/${nodeIds[1]}/accept?key=k-1` })
    expect(accepted.statusCode).toBe(303)
    expect(accepted.headers.location).toBe(`${orderPath(token)}/funnel/${nodeIds[2]}`)
    await t.deps.jobs.drain()
    expect((await publicOrder(token)).upsell_offers).toEqual([])
    // The same key again is the same attempt: still one downsell order.
    await t.request({ method: 'POST', url: `${orderPath(token)}/funnel/${nodeIds[1]}/accept?key=k-1` })
    const rows = (await t.deps.database.executeSql('select id, upsell_type, funnel_id, funnel_node_id, payment_state from orders where token = $1 or parent_order_id = (select id from orders where token = $1) order by id', [token])).rows
    expect(rows).toEqual([
      expect.objectContaining({ upsell_type: null, funnel_id: funnelId, funnel_node_id: null, payment_state: 'paid' }),
      expect.objectContaining({ upsell_type: 'downsell', funnel_id: funnelId, funnel_node_id: nodeIds[1], payment_state: 'paid' }),
    ])
    // Filters and the relation.
    const ids = async (query: string) => (await api('GET', `/cabinet/orders?${query}`)).json().list.map((o: { id: number }) => o.id).sort()
    const [parent, child] = rows as { id: number }[]
    expect(await ids(`funnel_node_id=${nodeIds[1]}`)).toEqual([child!.id])
    expect(await ids(`funnel_id=${funnelId}`)).toEqual([parent!.id, child!.id].sort())
    expect(await ids(`funnel_id=${funnelId}`)).not.toContain(undefined)
    const detail = (await api('GET', `/cabinet/orders/${child!.id}?expand=funnel`)).json()
    expect(detail.funnel).toEqual({ id: funnelId, name: 'After the course', node: { id: nodeIds[1], kind: 'downsell' } })
    expect((await api('GET', `/cabinet/orders/${parent!.id}?expand=funnel`)).json().funnel).toEqual({ id: funnelId, name: 'After the course', node: null })
  })

  test('accepting the upsell in one click moves along accept: straight to the thank-you page', async () => {
    const token = await buy()
    const res = await t.request({ method: 'POST', url: `/api/v1/shop/orders/${token}/upsells`, headers: { 'idempotency-key': 'funnel-upsell-1' }, payload: { index: 0 } })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().order).toMatchObject({ upsell_type: 'upsell', payment_state: 'paid' })
    expect((await publicOrder(token)).upsell_offers).toEqual([])
    // The upsell is no longer open: declining it leads to where the payer is, the thank-you node.
    const declined = await t.request({ method: 'GET', url: `${orderPath(token)}/funnel/${nodeIds[0]}/decline` })
    expect(declined.headers.location).toBe(`${orderPath(token)}/funnel/${nodeIds[2]}`)
  })

  test('declining both ends on the thank-you page; the figures count views, accepts, declines and paid revenue', async () => {
    const token = await buy()
    await t.request({ method: 'GET', url: `${orderPath(token)}/funnel/${nodeIds[0]}` })
    expect((await t.request({ method: 'GET', url: `${orderPath(token)}/funnel/${nodeIds[0]}/decline` })).headers.location).toBe(orderPath(token))
    expect((await t.request({ method: 'GET', url: `${orderPath(token)}/funnel/${nodeIds[1]}/decline` })).headers.location).toBe(`${orderPath(token)}/funnel/${nodeIds[2]}`)
    expect((await publicOrder(token)).upsell_offers).toEqual([])
    const stats = await api('GET', `/cabinet/funnels/${funnelId}/stats`)
    expect(stats.statusCode).toBe(200)
    expect(stats.json()).toEqual({
      funnel_id: funnelId,
      nodes: [
        { node_id: nodeIds[0], kind: 'upsell', views: 2, accepts: 1, declines: 2, revenue: [{ currency: 'eur', amount: 3_000 }] },
        { node_id: nodeIds[1], kind: 'downsell', views: 0, accepts: 1, declines: 1, revenue: [{ currency: 'eur', amount: 1_000 }] },
        { node_id: nodeIds[2], kind: 'thank_you', views: 0, accepts: 0, declines: 0, revenue: [] },
      ],
    })
  })

  test('the checkout settings\' upsells are the product\'s funnel: a chain where each decline leads to the next', async () => {
    const product = await publishedProduct(t, seller.accessToken, { name: 'Second course', pricing_plans: [oneTimePlan(4_000)] })
    const upsells = [
      { kind: 'upsell', product_id: upsell.id, pricing_plan_id: upsell.pricing_plans[0]!.id, headline: 'One more?' },
      { kind: 'downsell', product_id: downsell.id, pricing_plan_id: downsell.pricing_plans[0]!.id, headline: null },
    ]
    const saved = await api('PUT', `/cabinet/products/${product.id}/checkout`, { upsells })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().upsells).toEqual(upsells)
    expect((await api('GET', `/cabinet/products/${product.id}/checkout`)).json().upsells).toEqual(upsells)
    const funnel = (await api('GET', '/cabinet/funnels')).json().list.find((f: { product_ids: number[] }) => f.product_ids.includes(product.id))
    const nodes = (await api('GET', `/cabinet/funnels/${funnel.id}`)).json().nodes
    expect(nodes).toEqual([
      expect.objectContaining({ kind: 'upsell', product_id: upsell.id, headline: 'One more?', accept_node_id: null, decline_node_id: nodes[1].id }),
      expect.objectContaining({ kind: 'downsell', product_id: downsell.id, accept_node_id: null, decline_node_id: null }),
    ])
    const token = await buy(product)
    expect((await publicOrder(token)).upsell_offers).toEqual([
      expect.objectContaining({ index: 0, funnel_node_id: nodes[0].id }), expect.objectContaining({ index: 1, funnel_node_id: nodes[1].id }),
    ])
    // Emptied: no offers, the funnel stays (with its figures) and offers nothing.
    expect((await api('PUT', `/cabinet/products/${product.id}/checkout`, { upsells: [] })).json().upsells).toEqual([])
    expect((await api('GET', `/cabinet/funnels/${funnel.id}`)).json().nodes).toEqual([])
  })

  test('the migration moves a stored upsells list into the product\'s funnel, a chain along decline', async () => {
    // The column as it was before the migration, one row in it, then the migration's own block once more.
    const migration = readFileSync(new URL('../../db/migrations/0030_funnels.sql', import.meta.url), 'utf8')
    const block = migration.slice(migration.indexOf('DO $$'), migration.indexOf('END $$;') + 'END $$;'.length)
    const product = await publishedProduct(t, seller.accessToken, { name: 'Old course', pricing_plans: [oneTimePlan(2_000)] })
    const sql = (text: string, values: unknown[] = []) => t.deps.database.executeSql(text, values)
    await sql('alter table product_checkouts add column upsells jsonb not null default \'[]\'')
    try {
      const upsells = [
        { kind: 'upsell', product_id: upsell.id, pricing_plan_id: upsell.pricing_plans[0]!.id, headline: 'More?' },
        { kind: 'downsell', product_id: downsell.id, pricing_plan_id: downsell.pricing_plans[0]!.id },
      ]
      await sql('insert into product_checkouts (product_id, upsells) values ($1, $2)', [product.id, JSON.stringify(upsells)])
      await sql(block)
    } finally {
      await sql('alter table product_checkouts drop column upsells')
    }
    expect((await api('GET', `/cabinet/products/${product.id}/checkout`)).json().upsells).toEqual([
      { kind: 'upsell', product_id: upsell.id, pricing_plan_id: upsell.pricing_plans[0]!.id, headline: 'More?' },
      { kind: 'downsell', product_id: downsell.id, pricing_plan_id: downsell.pricing_plans[0]!.id, headline: null },
    ])
    const funnel = (await api('GET', '/cabinet/funnels')).json().list.find((f: { product_ids: number[] }) => f.product_ids.includes(product.id))
    expect(funnel).toMatchObject({ name: 'Old course (upsells)', nodes_count: 2 })
  })
})
