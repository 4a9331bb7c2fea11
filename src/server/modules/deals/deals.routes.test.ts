import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createSalesTeamMember, dealBody, type TestSalesTeamMember } from '../../../../tests/factories/deals'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// Sales team and deals (docs/decisions/0054-sales-team-and-deals.md) through the real routes: a sales team
// member's deal from draft to sent, its link (unguessable, used once, expiring), bought at the checkout at
// the deal's price, the fee credited to the member's balance and taken back by a refund, the order's deal
// relation, CSV columns and filters.

let t: TestApp
let seller: TestSeller
let member: TestSalesTeamMember
let product: { id: number; pricing_plans: { id: number }[] }
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  member = await createSalesTeamMember(t, seller, 12)
  product = await publishedProduct(t, seller.accessToken, { pricing_plans: [{ form: 'one_time', currency_id: 'eur', price: 11_900 }] })
}, 120_000)
afterAll(async () => { await t?.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, ...(token ? { token } : {}), ...(payload ? { payload } : {}) })
const tokenOf = (url: string) => url.split('/deals/')[1]!

async function sentDeal(token: string, overrides: Record<string, unknown> = {}) {
  const made = await call('POST', '/cabinet/deals', token, dealBody(product, overrides))
  expect(made.statusCode, made.body).toBe(201)
  const sent = await call('POST', `/cabinet/deals/${made.json().deal.id}/send`, token)
  expect(sent.statusCode, sent.body).toBe(200)
  return sent.json().deal as { id: number; url: string; state: string }
}

const buy = (dealToken: string, payer = fullPayer()) =>
  submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, deal_token: dealToken, payment_method: 'card', payer, terms_accepted: true })

describe('sales team', () => {
  test('the seller sees the member with the fee in basis points; a new fee applies; the invitation names the fee', async () => {
    const list = (await call('GET', '/cabinet/sales_team_members', seller.accessToken)).json()
    expect(list.list).toEqual([expect.objectContaining({ id: member.salesTeamMemberId, state: 'active', fee_bps: 1_200, email: member.email })])
    const [mail] = await sql<{ subject: string }>("select subject from email_logs where kind = 'sales_team_member_invited' and lower(\"to\") = lower($1)", [member.email])
    expect(mail?.subject).toContain('sales team')
    // The team list stays the team's: a sales team member is not a team member with levels.
    expect((await call('GET', '/cabinet/team_members', seller.accessToken)).json().list).toEqual([])
  })
})

describe('a deal from draft to bought', () => {
  test('draft -> ready (mailed link) -> finalized at checkout (used once) -> closed when paid, with the fee booked and the order carrying the deal', async () => {
    const made = await call('POST', '/cabinet/deals', member.token, dealBody(product))
    expect(made.statusCode, made.body).toBe(201)
    const draft = made.json().deal
    expect(draft).toMatchObject({ state: 'draft', url: null, price: 7_000, sales_team_member: { id: member.salesTeamMemberId, fee_bps: 1_200 } })

    const sent = (await call('POST', `/cabinet/deals/${draft.id}/send`, member.token)).json().deal
    expect(sent.state).toBe('ready')
    const dealToken = tokenOf(sent.url)
    expect(dealToken).toMatch(/^[A-Za-z0-9_-]{32}$/)
    const [mail] = await sql<{ text: string }>("select text from email_logs where kind = 'deal_offer' and \"to\" = 'dana.deal@example.test' order by id desc limit 1")
    expect(mail?.text).toContain(sent.url)

    const landing = await call('GET', `/shop/deals/${dealToken}`)
    expect(landing.statusCode, landing.body).toBe(200)
    expect(landing.json().deal).toMatchObject({ price: 7_000, product: { id: product.id }, checkout_url: expect.stringContaining(`deal_token=${dealToken}`) })
    const quote = await call('POST', '/shop/orders/quote', undefined, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, deal_token: dealToken })
    expect(quote.json().first_amount).toBe(7_000)

    const order = await buy(dealToken)
    expect(order.statusCode, order.body).toBe(201)
    const orderId = order.json().order.id as number
    expect((await call('GET', `/cabinet/deals/${draft.id}`, member.token)).json().deal).toMatchObject({ state: 'finalized', order_id: orderId })
    // Used once: a second checkout and the landing page answer already_used.
    expect((await buy(dealToken)).json().error.type).toBe('already_used')
    expect((await call('GET', `/shop/deals/${dealToken}`)).statusCode).toBe(409)

    expect((await sandboxPay(t, order.json().next_action.payment_id)).statusCode).toBe(200)
    await t.deps.jobs.drain()
    expect((await call('GET', `/cabinet/deals/${draft.id}`, member.token)).json().deal.state).toBe('closed')
    const [row] = await sql<{ total_amount: string; sales_team_member_id: number; sales_team_fee_bps: number; deal_id: number }>('select total_amount, sales_team_member_id, sales_team_fee_bps, deal_id from orders where id = $1', [orderId])
    expect(row).toMatchObject({ total_amount: expect.anything(), sales_team_member_id: member.salesTeamMemberId, sales_team_fee_bps: 1_200, deal_id: draft.id })
    expect(Number(row!.total_amount)).toBe(7_000)

    // 70,00 € gross with 19 % VAT: net 58,82 €, the member's 12 % is 7,06 €, credited to their team member balance.
    const balance = async () => Number((await sql<{ total: string }>('select coalesce(sum(amount), 0)::text as total from ledger_entries where account = $1', [`team_member_balance:${member.salesTeamMemberId}`]))[0]!.total)
    expect(await balance()).toBe(-706)
    for (const r of await sql<{ total: string }>('select sum(amount)::text as total from ledger_entries group by currency')) expect(Number(r.total)).toBe(0)

    // The order's reads: the deal relation, the CSV's sales team columns, the filters.
    const detail = (await call('GET', `/cabinet/orders/${orderId}?expand=deal`, seller.accessToken)).json()
    expect(detail.deal).toMatchObject({ id: draft.id, state: 'closed', sales_team_member_id: member.salesTeamMemberId })
    const ids = async (query: string) => (await call('GET', `/cabinet/orders?${query}`, seller.accessToken)).json().list.map((o: { id: number }) => o.id)
    expect(await ids(`sales_team_member_id=${member.salesTeamMemberId}`)).toEqual([orderId])
    expect(await ids('deal_state=closed')).toEqual([orderId])
    expect(await ids('deal_state=refunded,cancelled')).toEqual([])
    const csv = (await call('GET', `/cabinet/orders/export.csv?sales_team_member_id=${member.salesTeamMemberId}&columns=token,team_member,sales_team_member_id,sales_team_member_fee`, seller.accessToken)).body
    expect(csv).toContain(`${member.email},${member.salesTeamMemberId},12.00`)

    // A full refund refunds the deal and takes the fee back.
    const refund = await t.request({ method: 'POST', url: `/api/v1/cabinet/orders/${orderId}/refund`, token: seller.accessToken, payload: {}, headers: { 'idempotency-key': `refund-${orderId}` } })
    expect(refund.statusCode, refund.body).toBe(200)
    await t.deps.jobs.drain()
    expect(await balance()).toBe(0)
    expect((await call('GET', `/cabinet/deals/${draft.id}`, seller.accessToken)).json().deal.state).toBe('refunded')
  })
})

describe('the link and who sees a deal', () => {
  test('the link names the product and the plan in the language the request names, each falling back to the base name', async () => {
    await sql("update products set translations = '{\"de\": {\"name\": \"Töpferkurs\"}}' where id = $1", [product.id])
    await sql("update pricing_plans set name = 'Once', translations = '{\"de\": {\"name\": \"Einmalig\"}}' where id = $1", [product.pricing_plans[0]!.id])
    try {
      const dealToken = tokenOf((await sentDeal(seller.accessToken)).url)
      const [base] = await sql<{ name: string }>('select name from products where id = $1', [product.id])
      const read = async (headers: Record<string, string>) => (await t.request({ method: 'GET', url: `/api/v1/shop/deals/${dealToken}`, headers })).json().deal
      expect(await read({ 'content-language': 'de' })).toMatchObject({ product: { name: 'Töpferkurs' }, pricing_plan: { name: 'Einmalig' } })
      expect(await read({ 'accept-language': 'fr-FR,fr;q=0.9' })).toMatchObject({ product: { name: base!.name }, pricing_plan: { name: 'Once' } })
      expect(await read({})).toMatchObject({ product: { name: base!.name }, pricing_plan: { name: 'Once' } })
    } finally {
      await sql("update products set translations = '{}' where id = $1", [product.id])
      await sql("update pricing_plans set name = null, translations = '{}' where id = $1", [product.pricing_plans[0]!.id])
    }
  })

  test('unknown, draft and cancelled links are not found; an expired one answers link_expired, also at the checkout', async () => {
    expect((await call('GET', '/shop/deals/not-a-real-token-at-all-0000000000')).statusCode).toBe(404)
    const cancelled = await sentDeal(seller.accessToken)
    expect((await call('POST', `/cabinet/deals/${cancelled.id}/cancel`, seller.accessToken)).json().deal.state).toBe('cancelled')
    expect((await call('GET', `/shop/deals/${tokenOf(cancelled.url)}`)).statusCode).toBe(404)
    expect((await call('POST', `/cabinet/deals/${cancelled.id}/send`, seller.accessToken)).statusCode).toBe(409)

    const expiring = await sentDeal(seller.accessToken)
    await sql("update deals set expires_at = now() - interval '1 minute' where id = $1", [expiring.id])
    const expired = await call('GET', `/shop/deals/${tokenOf(expiring.url)}`)
    expect(expired.json().error.type).toBe('link_expired')
    expect((await buy(tokenOf(expiring.url))).json().error.type).toBe('link_expired')
    expect((await call('GET', `/cabinet/deals/${expiring.id}`, seller.accessToken)).json().deal).toMatchObject({ state: 'ready', expired: true })
  })

  test('an order that ends unpaid gives the link back: the deal is ready again and a second try buys it', async () => {
    const deal = await sentDeal(seller.accessToken)
    const first = await buy(tokenOf(deal.url))
    expect(first.statusCode, first.body).toBe(201)
    expect((await sandboxPay(t, first.json().next_action.payment_id, 'failure')).statusCode).toBe(200)
    await t.deps.jobs.drain()
    expect((await call('GET', `/cabinet/deals/${deal.id}`, seller.accessToken)).json().deal).toMatchObject({ state: 'ready', order_id: null })
    const second = await buy(tokenOf(deal.url))
    expect(second.statusCode, second.body).toBe(201)
    expect((await sandboxPay(t, second.json().next_action.payment_id)).statusCode).toBe(200)
    await t.deps.jobs.drain()
    expect((await call('GET', `/cabinet/deals/${deal.id}`, seller.accessToken)).json().deal).toMatchObject({ state: 'closed', order_id: second.json().order.id })
  })

  test('a sales team member sees and writes only their own deals; the seller sees all and filters by state', async () => {
    const other = await createSalesTeamMember(t, seller, 5)
    // What a deal can offer, readable by a sales team member (who reads no catalogue otherwise).
    expect((await call('GET', '/cabinet/deal_offers', member.token)).json().list.map((o: { product_id: number }) => o.product_id)).toContain(product.id)
    expect((await call('GET', '/cabinet/products', member.token)).statusCode).toBe(403)
    const mine = await sentDeal(member.token)
    const theirs = await sentDeal(other.token)
    expect((await call('GET', `/cabinet/deals/${theirs.id}`, member.token)).statusCode).toBe(404)
    expect((await call('POST', `/cabinet/deals/${theirs.id}/cancel`, member.token)).statusCode).toBe(404)
    const own = (await call('GET', '/cabinet/deals', member.token)).json().list.map((d: { id: number }) => d.id)
    expect(own).toContain(mine.id)
    expect(own).not.toContain(theirs.id)
    const ready = (await call('GET', `/cabinet/deals?state=ready&sales_team_member_id=${other.salesTeamMemberId}`, seller.accessToken)).json().list
    expect(ready.map((d: { id: number }) => d.id)).toEqual([theirs.id])
    // Not another member's deal by naming them, and the offer must fit its plan.
    expect((await call('POST', '/cabinet/deals', member.token, dealBody(product, { sales_team_member_id: other.salesTeamMemberId }))).statusCode).toBe(403)
    expect((await call('POST', '/cabinet/deals', seller.accessToken, dealBody(product, { price: null, first_amount: 100 }))).statusCode).toBe(422)
    // A removed member's profile acts for no one from the next request.
    expect((await call('DELETE', `/cabinet/sales_team_members/${other.salesTeamMemberId}`, seller.accessToken)).statusCode).toBe(200)
    expect((await call('GET', '/cabinet/deals', other.token)).statusCode).toBe(404)
  })
})
