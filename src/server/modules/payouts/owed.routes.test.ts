import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sellCardsWithStripe, submitOrder } from '../../../../tests/factories/checkout'
import { signUpUser } from '../../../../tests/factories/users'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { startStripeStandIn, type StripeStandIn } from '../../../../tests/stand-ins/stripe-stand-in'

// Money a seller's own provider collected (docs/decisions/0049-money-out.md "Owed"): a 100,00 € sale through
// the seller's own Stripe account with a 20 % commission leaves the seller owing the platform fee and the
// commission (not a balance it could be paid out), the publisher's commission is owed by the seller (held, not
// available), and a settlement the seller marks with a reference moves both; the books balance throughout.

const stripeKeys = { publishable_key: 'pk_test_51AbCdEfGhIjKlMn', secret_key: 'sk_test_51SecretValueXyZ9876', webhook_secret: 'whsec_WebhookSecretValue4321' }
let stand: StripeStandIn
let t: TestApp
let seller: TestSeller
const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

beforeAll(async () => {
  stand = await startStripeStandIn({ secretKey: stripeKeys.secret_key, webhookSecret: stripeKeys.webhook_secret })
  t = await createTestApp({ STRIPE_API_BASE: stand.url, PLATFORM_FEE_BPS: '500' })
  seller = await createSeller(t)
  await sellCardsWithStripe(t, seller.accessToken, stripeKeys)
}, 60_000)
afterAll(async () => {
  await t.close()
  await stand.close()
})

async function publisherSignedIn() {
  const user = await signUpUser(t, { profile_type: 'publisher' })
  const details = await t.request({ method: 'GET', url: '/api/v1/publish/details', token: user.accessToken })
  expect(details.statusCode, details.body).toBe(200)
  const [row] = await sql<{ id: number }>('select id from publishers where user_id = $1', [user.userId])
  return { token: user.accessToken, id: row!.id }
}

async function totalsAreZero() {
  for (const row of await sql<{ total: string }>('select sum(amount)::text as total from ledger_entries group by currency')) expect(Number(row.total)).toBe(0)
}

describe('owed money', () => {
  test('a sale the seller\'s own Stripe collected: the seller owes fee and commission, the publisher waits for the settlement', async () => {
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(10_000)] })
    const publisher = await publisherSignedIn()
    const [program] = await sql<{ id: number }>(`insert into affiliate_programs (seller_id, name, commission_bps, hold_days) values ($1, 'Partners', '[2000]'::jsonb, 0) returning id`, [seller.sellerId])
    await sql('insert into affiliate_program_products (program_id, product_id) values ($1, $2)', [program!.id, product.id])
    const token = randomUUID().replaceAll('-', '').slice(0, 20)
    await sql(`insert into affiliate_nodes (program_id, seller_id, publisher_id, state, token) values ($1, $2, $3, 'accepted', $4)`, [program!.id, seller.sellerId, publisher.id, token])

    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true, affiliate: token })
    expect(res.statusCode, res.body).toBe(201)
    const [payment] = await sql<{ provider_ref: string }>('select p.provider_ref from payments p join orders o on o.id = p.order_id where o.token = $1', [res.json().order.token])
    const session = stand.completeSession(payment!.provider_ref)
    const paid = stand.webhook('checkout.session.completed', { ...session })
    expect((await t.request({ method: 'POST', url: `/api/v1/shop/webhooks/stripe/${seller.sellerId}`, headers: paid.headers, payload: paid.body })).statusCode).toBe(200)
    await t.deps.jobs.drain()
    await totalsAreZero()

    // The seller's balance: nothing to pay out, it owes the commission and the platform fee instead.
    const sellerBalance = (await t.request({ method: 'GET', url: '/api/v1/cabinet/payouts_balance', token: seller.accessToken })).json()
    const [commission] = await sql<{ amount: string }>('select amount::text from affiliate_commissions where publisher_id = $1', [publisher.id])
    const commissionAmount = Number(commission!.amount)
    expect(commissionAmount).toBeGreaterThan(0)
    expect(sellerBalance.balances[0]).toMatchObject({ currency: 'eur', pending: 0 })
    expect(sellerBalance.balances[0].available).toBeLessThan(0)
    expect(sellerBalance.owed).toEqual([{ currency: 'eur', amount: -sellerBalance.balances[0].available }])
    expect(-sellerBalance.balances[0].available).toBeGreaterThanOrEqual(commissionAmount)

    // The publisher's commission is owed by the seller: held, not available.
    const before = (await t.request({ method: 'GET', url: '/api/v1/publish/payouts_balance', token: publisher.token })).json()
    expect(before.balances[0]).toMatchObject({ currency: 'eur', available: 0, pending: commissionAmount })
    expect(before.owed).toEqual([{ currency: 'eur', amount: commissionAmount }])
    const owedList = (await t.request({ method: 'GET', url: '/api/v1/cabinet/owed', token: seller.accessToken })).json()
    expect(owedList.owed).toEqual([{ party_kind: 'publisher', party_id: publisher.id, currency: 'eur', amount: commissionAmount }])

    // More than owed is refused; the settlement with its reference clears both sides.
    const tooMuch = await t.request({ method: 'POST', url: '/api/v1/cabinet/owed_settlements', token: seller.accessToken, payload: { party_kind: 'publisher', party_id: publisher.id, amount: commissionAmount + 1, currency: 'eur', reference: 'SEPA 2026-11-27' } })
    expect(tooMuch.statusCode).toBe(400)
    const settled = await t.request({ method: 'POST', url: '/api/v1/cabinet/owed_settlements', token: seller.accessToken, payload: { party_kind: 'publisher', party_id: publisher.id, amount: commissionAmount, currency: 'eur', reference: 'SEPA 2026-11-27' } })
    expect(settled.statusCode, settled.body).toBe(201)
    expect(settled.json()).toMatchObject({ amount: commissionAmount, reference: 'SEPA 2026-11-27' })
    const after = (await t.request({ method: 'GET', url: '/api/v1/publish/payouts_balance', token: publisher.token })).json()
    expect(after.balances[0]).toMatchObject({ available: 0, pending: 0 })
    expect(after.owed).toEqual([])
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/owed', token: seller.accessToken })).json()).toMatchObject({ owed: [], settlements: [{ reference: 'SEPA 2026-11-27' }] })
    await totalsAreZero()
  })
})
