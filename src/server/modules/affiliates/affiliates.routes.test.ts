import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createProduct, createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { signUpUser, type SignedUp } from '../../../../tests/factories/users'

// The affiliate contract (docs/decisions/0048-affiliates.md): programs, joining with a recruitment chain,
// states, the publisher's own reads, the marketplace and clicks.

let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => { await t.close() })

const programs = '/api/v1/cabinet/affiliate_programs'
const createProgram = (payload: object, token = seller.accessToken) => t.request({ method: 'POST', url: programs, token, payload })

/** A publisher with a birthday known (set through the publisher area, as the sign-up would). */
async function publisher(birthday: string | null = '01.01.1990'): Promise<SignedUp> {
  const user = await signUpUser(t, { profile_type: 'publisher' })
  if (birthday) {
    const res = await t.request({ method: 'PATCH', url: '/api/v1/publish/details', token: user.accessToken, payload: { birthday } })
    expect(res.statusCode).toBe(200)
  }
  return user
}

const join = (programId: number, token: string, payload: object = {}) =>
  t.request({ method: 'POST', url: `/api/v1/common/affiliate_programs/${programId}/accept`, token, payload })
const setState = (nodeId: number, state: string, token = seller.accessToken) =>
  t.request({ method: 'PATCH', url: `/api/v1/cabinet/affiliate_nodes/${nodeId}`, token, payload: { state } })

describe('programs', () => {
  test('a program stores basis points and answers whole percents, its landing url and list columns', async () => {
    const product = await createProduct(t, seller.accessToken)
    const res = await createProgram({ name: 'Partners', product_ids: [product.id], commissions: [15, 5.5, 1] })
    expect(res.statusCode).toBe(201)
    const program = res.json().affiliate_program
    expect(program).toMatchObject({ name: 'Partners', commission: 15, commissions: [15, 5.5, 1], type: 3, product_ids: [product.id], cookies_expire: 180, hold_days: 14 })
    expect(program.landing_url).toBe(`${t.deps.config.appUrl}/s/${seller.username}/affiliate_programs/${program.id}`)
    const { rows } = await t.deps.database.executeSql('select commission_bps from affiliate_programs where id = $1', [program.id])
    expect(rows[0].commission_bps).toEqual([1500, 550, 100])
    const list = (await t.request({ method: 'GET', url: programs, token: seller.accessToken })).json()
    expect(list.list[0]).toMatchObject({ id: program.id, name: 'Partners', commission: 15, type: 3, lifetime: 'none', bonus: null })
    expect((await t.request({ method: 'GET', url: programs, token: other.accessToken })).json().list).toEqual([])
    expect((await t.request({ method: 'GET', url: `${programs}/${program.id}`, token: other.accessToken })).statusCode).toBe(404)
  })

  test('levels over 100 together, six levels or another seller\'s product are refused with 400', async () => {
    expect((await createProgram({ name: 'Too much', product_ids: [], commissions: [60, 41] })).statusCode).toBe(400)
    expect((await createProgram({ name: 'Too deep', product_ids: [], commissions: [1, 1, 1, 1, 1, 1] })).statusCode).toBe(400)
    const foreign = await createProduct(t, other.accessToken)
    expect((await createProgram({ name: 'Foreign', product_ids: [foreign.id], commissions: [10] })).statusCode).toBe(400)
  })

  test('a product moves from another program of the seller; the wizard step sets or clears it', async () => {
    const product = await createProduct(t, seller.accessToken)
    const first = (await createProgram({ name: 'First', product_ids: [product.id], commissions: [10] })).json().affiliate_program
    const second = (await createProgram({ name: 'Second', product_ids: [product.id], commissions: [20] })).json().affiliate_program
    expect(second.product_ids).toEqual([product.id])
    expect((await t.request({ method: 'GET', url: `${programs}/${first.id}`, token: seller.accessToken })).json().affiliate_program.product_ids).toEqual([])
    const put = (id: number | null, token = seller.accessToken) => t.request({ method: 'PUT', url: `/api/v1/cabinet/products/${product.id}/affiliate_program`, token, payload: { affiliate_program_id: id } })
    expect((await put(first.id)).json()).toEqual({ affiliate_program_id: first.id })
    expect((await t.request({ method: 'GET', url: `${programs}/${first.id}`, token: seller.accessToken })).json().affiliate_program.product_ids).toEqual([product.id])
    expect((await put(first.id, other.accessToken)).statusCode).toBe(404)
    expect((await put(null)).statusCode).toBe(200)
  })

  test('update merges and re-checks; delete archives', async () => {
    const program = (await createProgram({ name: 'Edit', product_ids: [], commissions: [10] })).json().affiliate_program
    const patched = await t.request({ method: 'PATCH', url: `${programs}/${program.id}`, token: seller.accessToken, payload: { commissions: [30, 10], auto_accept: true } })
    expect(patched.json().affiliate_program).toMatchObject({ name: 'Edit', commissions: [30, 10], auto_accept: true })
    const broken = await t.request({ method: 'PATCH', url: `${programs}/${program.id}`, token: seller.accessToken, payload: { disable_landing_page: true } })
    expect(broken.statusCode).toBe(422)
    expect((await t.request({ method: 'DELETE', url: `${programs}/${program.id}`, token: other.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'DELETE', url: `${programs}/${program.id}`, token: seller.accessToken })).statusCode).toBe(204)
    const archived = (await t.request({ method: 'GET', url: `${programs}?archived=true`, token: seller.accessToken })).json().list
    expect(archived.map((p: any) => p.id)).toContain(program.id)
    expect((await t.request({ method: 'GET', url: `/api/v1/common/affiliate_programs/${program.id}` })).statusCode).toBe(404)
  })
})

describe('joining and states', () => {
  test('a publisher joins (requested), the seller is mailed, accepts; links carry the token', async () => {
    const product = await createProduct(t, seller.accessToken)
    const program = (await createProgram({ name: 'Join me', product_ids: [product.id], commissions: [20, 5] })).json().affiliate_program
    const pub = await publisher()
    const res = await join(program.id, pub.accessToken)
    expect(res.statusCode).toBe(201)
    const node = res.json().affiliate_node
    expect(node).toMatchObject({ state: 'requested', affiliate_program_id: program.id, recruited_by_node_id: null, canceled_by: null })
    expect(node.token).toMatch(/^[A-Za-z0-9_-]{16}$/)
    expect(node.link).toBe(`${t.deps.config.appUrl}/s/${seller.username}/${product.slug}?aff=${node.token}`)
    expect(node.recruitment_link).toBe(`${t.deps.config.appUrl}/s/${seller.username}/affiliate_programs/${program.id}?recruited_by=${node.token}`)
    const { rows } = await t.deps.database.executeSql("select count(*)::int as n from email_logs where kind = 'affiliate_node_requested' and \"to\" = $1", [seller.email])
    expect(rows[0].n).toBeGreaterThan(0)
    expect((await join(program.id, pub.accessToken)).statusCode).toBe(409)

    expect((await setState(node.id, 'accepted', other.accessToken)).statusCode).toBe(404)
    expect((await setState(node.id, 'accepted')).json().affiliate_node.state).toBe('accepted')
    expect((await setState(node.id, 'rejected')).statusCode).toBe(409)
    const list = (await t.request({ method: 'GET', url: `/api/v1/cabinet/affiliate_nodes?affiliate_program_id=${program.id}`, token: seller.accessToken })).json().list
    expect(list).toEqual([expect.objectContaining({ id: node.id, state: 'accepted', publisher_id: node.publisher_id, email: pub.email, from_landing_page: false, bonus: false })])
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/affiliate_nodes', token: other.accessToken })).json().list).toEqual([])

    const seen = (await t.request({ method: 'GET', url: `/api/v1/common/affiliate_programs/${program.id}`, token: pub.accessToken })).json().affiliate_program
    expect(seen.my_node).toMatchObject({ id: node.id, state: 'accepted' })
    expect((await t.request({ method: 'GET', url: `/api/v1/common/affiliate_programs/${program.id}` })).json().affiliate_program.my_node).toBeNull()

    // The publisher ends it; joining again re-opens the same node as requested.
    const ended = await t.request({ method: 'PATCH', url: `/api/v1/publish/affiliate_nodes/${node.id}`, token: pub.accessToken, payload: { state: 'canceled' } })
    expect(ended.json().affiliate_node).toMatchObject({ state: 'canceled', canceled_by: 'publisher' })
    const again = (await join(program.id, pub.accessToken)).json().affiliate_node
    expect(again).toMatchObject({ id: node.id, state: 'requested', canceled_by: null })
  })

  test('the seller cannot join their own program; only publisher profiles join; a birthday is needed once', async () => {
    const owner = await createSeller(t)
    const program = (await createProgram({ name: 'Own', product_ids: [], commissions: [10], auto_accept: true }, owner.accessToken)).json().affiliate_program
    expect((await join(program.id, owner.accessToken)).statusCode).toBe(403)
    const profile = await t.request({ method: 'POST', url: '/api/v1/app/user/profiles', token: owner.accessToken, payload: { type: 'publisher' } })
    expect(profile.statusCode).toBe(201)
    const switched = await t.request({ method: 'PUT', url: '/api/v1/app/session/profile', token: owner.accessToken, payload: { profile_id: profile.json().id } })
    expect(switched.statusCode).toBe(200)
    const asPublisher = switched.json().access_token
    expect((await t.request({ method: 'PATCH', url: '/api/v1/publish/details', token: asPublisher, payload: { birthday: '01.01.1980' } })).statusCode).toBe(200)
    expect((await join(program.id, asPublisher)).statusCode).toBe(400)

    const newcomer = await publisher(null)
    const missing = await join(program.id, newcomer.accessToken)
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error.type).toBe('birthday_required')
    expect((await join(program.id, newcomer.accessToken, { birthday: '01.01.2020' })).statusCode).toBe(400)
    const ok = await join(program.id, newcomer.accessToken, { birthday: '15.06.1985' })
    expect(ok.json().affiliate_node.state).toBe('accepted')
    expect((await t.request({ method: 'GET', url: '/api/v1/publish/details', token: newcomer.accessToken })).json().birthday).toBe('15.06.1985')
  })

  test('recruited_by: an accepted node of the same program builds the chain; unknown or foreign tokens are 400', async () => {
    const program = (await createProgram({ name: 'Chain', product_ids: [], commissions: [10, 5, 2] })).json().affiliate_program
    const otherProgram = (await createProgram({ name: 'Elsewhere', product_ids: [], commissions: [10], auto_accept: true })).json().affiliate_program
    const [a, b, c] = [await publisher(), await publisher(), await publisher()]
    const nodeA = (await join(program.id, a.accessToken)).json().affiliate_node
    // A's node is only requested: it cannot recruit yet.
    expect((await join(program.id, b.accessToken, { recruited_by: nodeA.token })).statusCode).toBe(400)
    await setState(nodeA.id, 'accepted')
    expect((await join(program.id, b.accessToken, { recruited_by: 'nope-nope-nope' })).statusCode).toBe(400)
    const foreignNode = (await join(otherProgram.id, c.accessToken)).json().affiliate_node
    expect((await join(program.id, b.accessToken, { recruited_by: foreignNode.token })).statusCode).toBe(400)
    const nodeB = (await join(program.id, b.accessToken, { recruited_by: nodeA.token })).json().affiliate_node
    expect(nodeB.recruited_by_node_id).toBe(nodeA.id)
    await setState(nodeB.id, 'accepted')
    const nodeC = (await join(program.id, c.accessToken, { recruited_by: nodeB.token })).json().affiliate_node
    expect(nodeC.recruited_by_node_id).toBe(nodeB.id)
  })

  test('a recruiter whose chain reaches the applicant is refused (no loop)', async () => {
    const program = (await createProgram({ name: 'Loop', product_ids: [], commissions: [10, 5], auto_accept: true })).json().affiliate_program
    const side = (await createProgram({ name: 'Side', product_ids: [], commissions: [10], auto_accept: true })).json().affiliate_program
    const [a, b] = [await publisher(), await publisher()]
    const sideA = (await join(side.id, a.accessToken)).json().affiliate_node
    const nodeB = (await join(program.id, b.accessToken)).json().affiliate_node
    // A chain that reaches A (written by hand: the API never builds one) must not take A in.
    await t.deps.database.executeSql('update affiliate_nodes set recruited_by_node_id = $1 where id = $2', [sideA.id, nodeB.id])
    const loop = await join(program.id, a.accessToken, { recruited_by: nodeB.token })
    expect(loop.statusCode).toBe(400)
    expect(loop.json().error.fields).toEqual([expect.objectContaining({ path: 'recruited_by' })])
  })
})

describe('the publisher area', () => {
  test('a publisher sees only their own nodes; another publisher cannot change or read them', async () => {
    const program = (await createProgram({ name: 'Mine', product_ids: [], commissions: [10], auto_accept: true })).json().affiliate_program
    const [a, b] = [await publisher(), await publisher()]
    const nodeA = (await join(program.id, a.accessToken)).json().affiliate_node
    await join(program.id, b.accessToken)
    const mine = (await t.request({ method: 'GET', url: '/api/v1/publish/affiliate_nodes', token: a.accessToken })).json()
    expect(mine.list.map((n: any) => n.id)).toEqual([nodeA.id])
    expect(mine.list[0].link).toContain(`aff=${nodeA.token}`)
    const byB = await t.request({ method: 'PATCH', url: `/api/v1/publish/affiliate_nodes/${nodeA.id}`, token: b.accessToken, payload: { state: 'canceled' } })
    expect(byB.statusCode).toBe(404)
    expect((await t.request({ method: 'PATCH', url: `/api/v1/publish/affiliate_nodes/${nodeA.id}`, token: a.accessToken, payload: { state: 'accepted' } })).statusCode).toBe(403)
    expect((await t.request({ method: 'GET', url: '/api/v1/publish/affiliate_programs', token: a.accessToken })).json().list.map((p: any) => p.id)).toContain(program.id)
    // A seller is not a publisher.
    expect((await t.request({ method: 'GET', url: '/api/v1/publish/affiliate_nodes', token: seller.accessToken })).statusCode).toBe(403)
    expect((await t.request({ method: 'GET', url: '/api/v1/publish/affiliate_nodes' })).statusCode).toBe(401)
  })

  test('orders, balance and transfers come from the publisher\'s commissions and ledger account only', async () => {
    const product = await createProduct(t, seller.accessToken)
    const program = (await createProgram({ name: 'Money', product_ids: [product.id], commissions: [10] , auto_accept: true })).json().affiliate_program
    const [a, b] = [await publisher(), await publisher()]
    const nodeA = (await join(program.id, a.accessToken)).json().affiliate_node
    const publisherId = nodeA.publisher_id
    const sql = (text: string, params: unknown[]) => t.deps.database.executeSql(text, params)
    const { rows: [order] } = await sql(
      `insert into orders (token, seller_id, product_id, currency, total_amount, first_amount, payment_method, provider, payer, payment_state, publisher_id, affiliate_program_id, affiliate_node_id)
       values ($1, $2, $3, 'eur', 10000, 10000, 'card', 'test', '{"email":"payer@example.test"}', 'paid', $4, $5, $6) returning id`,
      [`aff-${Date.now()}`, seller.sellerId, product.id, publisherId, program.id, nodeA.id]).catch(async (error) => { throw new Error(`order insert: ${error}`) })
    const { rows: [payment] } = await sql(
      `insert into payments (token, order_id, seller_id, amount, currency, state, provider, method) values ($1, $2, $3, 10000, 'eur', 'successful', 'test', 'card') returning id`,
      [`pay-${Date.now()}`, order.id, seller.sellerId]).catch(async (error) => { throw new Error(`payment insert: ${error}`) })
    await sql(`insert into affiliate_commissions (order_id, payment_id, seller_id, program_id, node_id, publisher_id, level, bps, amount, currency, available_at)
      values ($1, $2, $3, $4, $5, $6, 1, 1000, 1000, 'eur', now() + interval '10 days')`, [order.id, payment.id, seller.sellerId, program.id, nodeA.id, publisherId])
    await sql(`insert into ledger_entries (transaction_id, kind, account, amount, currency, order_id, payment_id) values
      ('tx-aff', 'charge', $1, -1000, 'eur', $2, $3), ('tx-aff', 'charge', 'payer_clearing', 1000, 'eur', $2, $3)`, [`publisher_balance:${publisherId}`, order.id, payment.id])

    const orders = (await t.request({ method: 'GET', url: '/api/v1/publish/orders', token: a.accessToken })).json()
    expect(orders.list).toEqual([expect.objectContaining({ id: order.id, level: 1, total_amount: 10000, commission: { amount: 1000, reversed_amount: 0, state: 'pending' } })])
    expect(JSON.stringify(orders)).not.toContain('payer@example.test')
    expect((await t.request({ method: 'GET', url: '/api/v1/publish/payouts_balance', token: a.accessToken })).json()).toMatchObject({ balances: [{ currency: 'eur', pending: 1000, available: 0, paid_out: 0, in_payout: 0 }] })
    const transfers = (await t.request({ method: 'GET', url: '/api/v1/publish/transfers', token: a.accessToken })).json()
    expect(transfers.list).toEqual([expect.objectContaining({ kind: 'charge', amount: 1000, currency: 'eur', order_id: order.id })])

    expect((await t.request({ method: 'GET', url: '/api/v1/publish/orders', token: b.accessToken })).json().list).toEqual([])
    expect((await t.request({ method: 'GET', url: '/api/v1/publish/payouts_balance', token: b.accessToken })).json()).toMatchObject({ balances: [] })
    expect((await t.request({ method: 'GET', url: '/api/v1/publish/transfers', token: b.accessToken })).json().list).toEqual([])
  })
})

describe('marketplace and clicks', () => {
  test('the marketplace lists only listed, live programs', async () => {
    const product = await createProduct(t, other.accessToken)
    const listed = (await createProgram({ name: 'Listed one', product_ids: [product.id], commissions: [25, 5], listed_in_marketplace: true }, other.accessToken)).json().affiliate_program
    const hidden = (await createProgram({ name: 'Hidden one', product_ids: [], commissions: [25] }, other.accessToken)).json().affiliate_program
    const archived = (await createProgram({ name: 'Archived one', product_ids: [], commissions: [25], listed_in_marketplace: true }, other.accessToken)).json().affiliate_program
    await t.request({ method: 'DELETE', url: `${programs}/${archived.id}`, token: other.accessToken })
    const ids = (await t.request({ method: 'GET', url: '/api/v1/common/affiliate_marketplace?per=500' })).json().list.map((i: any) => i.id)
    expect(ids).toContain(listed.id)
    expect(ids).not.toContain(hidden.id)
    expect(ids).not.toContain(archived.id)
    const products = (await t.request({ method: 'GET', url: '/api/v1/common/affiliate_marketplace?tab=products&per=500' })).json().list
    expect(products).toContainEqual(expect.objectContaining({ id: product.id, affiliate_program_id: listed.id, commissions: [25, 5] }))
    const sellers = (await t.request({ method: 'GET', url: '/api/v1/common/affiliate_marketplace?tab=sellers&per=500' })).json().list
    expect(sellers).toContainEqual(expect.objectContaining({ id: other.sellerId, programs_count: 1 }))
  })

  test('clicks of an accepted node are counted; an unknown token answers 204 and records nothing', async () => {
    const program = (await createProgram({ name: 'Clicks', product_ids: [], commissions: [10], auto_accept: true })).json().affiliate_program
    const pub = await publisher()
    const node = (await join(program.id, pub.accessToken)).json().affiliate_node
    const count = async () => Number((await t.deps.database.executeSql('select count(*)::int as n from affiliate_clicks where node_id = $1', [node.id])).rows[0].n)
    const click = (payload: object) => t.request({ method: 'POST', url: '/api/v1/common/affiliate_clicks', payload })
    expect((await click({ token: node.token })).statusCode).toBe(204)
    expect((await click({ token: node.token, source: 'landing' })).statusCode).toBe(204)
    expect(await count()).toBe(2)
    const before = Number((await t.deps.database.executeSql('select count(*)::int as n from affiliate_clicks', [])).rows[0].n)
    expect((await click({ token: 'unknown-token' })).statusCode).toBe(204)
    expect(Number((await t.deps.database.executeSql('select count(*)::int as n from affiliate_clicks', [])).rows[0].n)).toBe(before)
  })

  test('a platform affiliate\'s click is recorded with source platform; a plain publisher\'s id records nothing', async () => {
    const platform = await signUpUser(t, { profile_type: 'platform_affiliate' })
    const details = (await t.request({ method: 'GET', url: '/api/v1/publish/details', token: platform.accessToken })).json()
    expect(details.kind).toBe('platform_affiliate')
    expect((await t.request({ method: 'POST', url: '/api/v1/app/ablefy_affiliate_affiliate_clicks', payload: { elo_publisher_id: details.id } })).statusCode).toBe(204)
    const { rows } = await t.deps.database.executeSql("select source from affiliate_clicks where publisher_id = $1", [details.id])
    expect(rows).toEqual([{ source: 'platform' }])
  })
})

describe('statistics', () => {
  test('clicks, sales and earnings per period and program, for the seller and the publisher', async () => {
    const owner = await createSeller(t)
    const product = await createProduct(t, owner.accessToken)
    const program = (await createProgram({ name: 'Stats', product_ids: [product.id], commissions: [10, 5], auto_accept: true }, owner.accessToken)).json().affiliate_program
    const [a, b] = [await publisher(), await publisher()]
    const nodeA = (await join(program.id, a.accessToken)).json().affiliate_node
    const nodeB = (await join(program.id, b.accessToken, { recruited_by: nodeA.token })).json().affiliate_node
    for (let i = 0; i < 4; i++) await t.request({ method: 'POST', url: '/api/v1/common/affiliate_clicks', payload: { token: nodeB.token, product_id: product.id } })
    const sql = (text: string, params: unknown[]) => t.deps.database.executeSql(text, params)
    const { rows: [order] } = await sql(`insert into orders (token, seller_id, product_id, currency, total_amount, first_amount, payment_method, provider, payer, payment_state)
      values ($1, $2, $3, 'eur', 10000, 10000, 'card', 'test', '{}', 'paid') returning id`, [`st-${Date.now()}`, owner.sellerId, product.id])
    const { rows: [payment] } = await sql(`insert into payments (token, order_id, seller_id, amount, currency, state, provider, method) values ($1, $2, $3, 10000, 'eur', 'successful', 'test', 'card') returning id`,
      [`stp-${Date.now()}`, order.id, owner.sellerId])
    const commission = `insert into affiliate_commissions (order_id, payment_id, seller_id, program_id, node_id, publisher_id, level, bps, amount, reversed_amount, currency, available_at)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'eur', now())`
    await sql(commission, [order.id, payment.id, owner.sellerId, program.id, nodeB.id, nodeB.publisher_id, 1, 1000, 1000, 0])
    await sql(commission, [order.id, payment.id, owner.sellerId, program.id, nodeA.id, nodeA.publisher_id, 2, 500, 500, 100])

    const sellerStats = (await t.request({ method: 'GET', url: '/api/v1/cabinet/affiliate_statistics?group=publishers', token: owner.accessToken })).json()
    expect(sellerStats.totals).toEqual({ clicks: 4, sales: 1, conversion: 25, earnings: [{ currency: 'eur', amount: 1400 }] })
    expect(sellerStats.series).toHaveLength(30)
    expect(sellerStats.rows).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: nodeB.publisher_id, clicks: 4, sales: 1, earnings: [{ currency: 'eur', amount: 1000 }] }),
      expect.objectContaining({ id: nodeA.publisher_id, clicks: 0, sales: 1, earnings: [{ currency: 'eur', amount: 400 }] }),
    ]))
    const recruiter = (await t.request({ method: 'GET', url: '/api/v1/publish/statistics?group=affiliate&period=month', token: a.accessToken })).json()
    expect(recruiter.totals).toMatchObject({ clicks: 0, sales: 1, earnings: [{ currency: 'eur', amount: 400 }] })
    expect(recruiter.rows).toEqual([expect.objectContaining({ id: nodeB.publisher_id, clicks: 4, sales: 1, earnings: [{ currency: 'eur', amount: 400 }] })])
    const byProgram = (await t.request({ method: 'GET', url: '/api/v1/publish/statistics?group=programs', token: b.accessToken })).json()
    expect(byProgram.rows).toEqual([expect.objectContaining({ id: program.id, name: 'Stats', clicks: 4, sales: 1, conversion: 25 })])
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/affiliate_statistics', token: other.accessToken })).json().totals.earnings).toEqual([])
  })
})

describe('embeddable items and credit memos', () => {
  test('an item names an accepted node of the publisher and a product of its program; others cannot read it', async () => {
    const product = await createProduct(t, seller.accessToken)
    const program = (await createProgram({ name: 'Embed', product_ids: [product.id], commissions: [10], auto_accept: true })).json().affiliate_program
    const [a, b] = [await publisher(), await publisher()]
    const node = (await join(program.id, a.accessToken)).json().affiliate_node
    const url = '/api/v1/publish/embeddable_items'
    const outside = await createProduct(t, seller.accessToken)
    expect((await t.request({ method: 'POST', url, token: a.accessToken, payload: { name: 'Card', kind: 'product_card', affiliate_node_id: node.id, product_id: outside.id } })).statusCode).toBe(400)
    expect((await t.request({ method: 'POST', url, token: b.accessToken, payload: { name: 'Card', kind: 'product_card', affiliate_node_id: node.id, product_id: product.id } })).statusCode).toBe(404)
    const created = await t.request({ method: 'POST', url, token: a.accessToken, payload: { name: 'Card', kind: 'product_card', affiliate_node_id: node.id, product_id: product.id, settings: { show_price: true } } })
    expect(created.statusCode).toBe(201)
    const item = created.json()
    expect(item.snippet).toContain(`<iframe src="${t.deps.config.appUrl}/embed/items/${item.id}"`)
    expect(item.snippet).toContain(`aff=${node.token}`)
    const patched = await t.request({ method: 'PATCH', url: `${url}/${item.id}`, token: a.accessToken, payload: { name: 'Renamed' } })
    expect(patched.json()).toMatchObject({ name: 'Renamed', settings: { show_price: true } })
    expect((await t.request({ method: 'GET', url: `${url}/${item.id}`, token: b.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url, token: a.accessToken })).json().list.map((i: any) => i.id)).toEqual([item.id])
    expect((await t.request({ method: 'DELETE', url: `${url}/${item.id}`, token: a.accessToken })).statusCode).toBe(204)
  })

  test('credit memos: one per seller, publisher, ended month and currency, numbered per seller, with a PDF', async () => {
    const owner = await createSeller(t)
    const product = await createProduct(t, owner.accessToken)
    const program = (await createProgram({ name: 'Memo', product_ids: [product.id], commissions: [10], auto_accept: true }, owner.accessToken)).json().affiliate_program
    const [a, b] = [await publisher(), await publisher()]
    const nodeA = (await join(program.id, a.accessToken)).json().affiliate_node
    const sql = (text: string, params: unknown[]) => t.deps.database.executeSql(text, params)
    const { rows: [order] } = await sql(`insert into orders (token, seller_id, product_id, currency, total_amount, first_amount, payment_method, provider, payer, payment_state)
      values ($1, $2, $3, 'eur', 10000, 10000, 'card', 'test', '{}', 'paid') returning id`, [`cm-${Date.now()}`, owner.sellerId, product.id])
    const { rows: [payment] } = await sql(`insert into payments (token, order_id, seller_id, amount, currency, state, provider, method) values ($1, $2, $3, 10000, 'eur', 'successful', 'test', 'card') returning id`,
      [`cmp-${Date.now()}`, order.id, owner.sellerId])
    const commission = `insert into affiliate_commissions (order_id, payment_id, seller_id, program_id, node_id, publisher_id, level, kind, amount, reversed_amount, currency, available_at, created_at)
      values ($1, $2, $3, $4, $5, $6, 1, $7, $8, $9, 'eur', now(), $10)`
    await sql(commission, [order.id, payment.id, owner.sellerId, program.id, nodeA.id, nodeA.publisher_id, 'commission', 1000, 200, '2026-03-10T10:00:00Z'])
    await sql(commission, [order.id, payment.id, owner.sellerId, program.id, nodeA.id, nodeA.publisher_id, 'bonus', 500, 0, '2026-03-20T10:00:00Z'])

    const list = (await t.request({ method: 'GET', url: '/api/v1/publish/credit_memos', token: a.accessToken })).json()
    expect(list.list).toEqual([expect.objectContaining({ number: 'CM-2026-0001', period_start: '2026-03-01', currency: 'eur', amount: 1300, commissions_count: 2, seller: { id: owner.sellerId, username: owner.username } })])
    const again = (await t.request({ method: 'GET', url: '/api/v1/cabinet/credit_memos', token: owner.accessToken })).json()
    expect(again.list.map((m: any) => m.number)).toEqual(['CM-2026-0001'])
    const memoId = list.list[0].id
    const pdf = await t.request({ method: 'GET', url: `/api/v1/publish/credit_memos/${memoId}/pdf`, token: a.accessToken })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect((await t.request({ method: 'GET', url: `/api/v1/publish/credit_memos/${memoId}/pdf`, token: b.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/api/v1/cabinet/credit_memos/${memoId}/pdf`, token: seller.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/api/v1/cabinet/credit_memos/${memoId}/pdf`, token: owner.accessToken })).statusCode).toBe(200)
  })
})
