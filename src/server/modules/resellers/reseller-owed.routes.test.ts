import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sellCardsWithStripe, submitOrder } from '../../../../tests/factories/checkout'
import { signUpUser } from '../../../../tests/factories/users'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { startStripeStandIn, type StripeStandIn } from '../../../../tests/stand-ins/stripe-stand-in'

// A resold sale the seller's own Stripe account collected (docs/decisions/0051-resellers.md "Money out"): the
// reseller's fee is booked and owed by the seller (the platform never held that money), so the reseller's
// balance shows it owed and pending, past the refund window too; the seller's owed list names it, and the
// settlement the seller marks with a reference clears both sides. The books balance throughout.

const stripeKeys = { publishable_key: 'pk_test_51AbCdEfGhIjKlMn', secret_key: 'sk_test_51SecretValueXyZ9876', webhook_secret: 'whsec_WebhookSecretValue4321' }
let stand: StripeStandIn
let t: TestApp
let seller: TestSeller
let manager: string
const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

beforeAll(async () => {
  stand = await startStripeStandIn({ secretKey: stripeKeys.secret_key, webhookSecret: stripeKeys.webhook_secret })
  t = await createTestApp({ STRIPE_API_BASE: stand.url, PLATFORM_FEE_BPS: '500', TEST_CLOCK: 'on' })
  seller = await createSeller(t)
  await sellCardsWithStripe(t, seller.accessToken, stripeKeys)
  manager = await signInManager(t)
}, 60_000)
afterAll(async () => {
  await t.close()
  await stand.close()
})

describe('a resold sale the seller\'s own provider collected', () => {
  test('the fee is owed by the seller: pending until the seller settles it, then gone from both sides', async () => {
    const user = await signUpUser(t)
    const made = await t.request({
      method: 'POST', url: '/api/v1/admin/resellers', token: manager,
      payload: { email: user.email, legal_name: 'Direct Resale AG', street: 'Weg 1', zip: '8000', city: 'Zürich', country_code: 'CH', fee_bps: 1_000 },
    })
    expect(made.statusCode, made.body).toBe(201)
    const profile = ((await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: user.accessToken })).json().profiles as { id: number; type: string }[]).find((p) => p.type === 'reseller')!
    const resellerToken = (await t.request({ method: 'PUT', url: '/api/v1/app/session/profile', token: user.accessToken, payload: { profile_id: profile.id } })).json().access_token
    await sql(`update sellers set features = '{"reseller_journey": true}'::jsonb where id = $1`, [seller.sellerId])
    const asked = await t.request({ method: 'POST', url: '/api/v1/cabinet/reseller_approvals', token: seller.accessToken, payload: { reseller_id: made.json().id } })
    expect((await t.request({ method: 'POST', url: `/api/v1/reseller/approvals/${asked.json().id}/approve`, token: resellerToken })).statusCode).toBe(200)

    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(10_000)] })
    const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
    expect(res.statusCode, res.body).toBe(201)
    const [payment] = await sql<{ provider_ref: string }>('select p.provider_ref from payments p join orders o on o.id = p.order_id where o.token = $1', [res.json().order.token])
    const paid = stand.webhook('checkout.session.completed', { ...stand.completeSession(payment!.provider_ref) })
    expect((await t.request({ method: 'POST', url: `/api/v1/shop/webhooks/stripe/${seller.sellerId}`, headers: paid.headers, payload: paid.body })).statusCode).toBe(200)
    await t.deps.jobs.drain()
    for (const row of await sql<{ total: string }>('select sum(amount)::text as total from ledger_entries group by currency')) expect(Number(row.total)).toBe(0)

    const [fee] = await sql<{ total: string }>('select (-sum(amount))::text as total from ledger_entries where account = $1', [`reseller_balance:${made.json().id}`])
    expect(Number(fee!.total)).toBeGreaterThan(0)
    await t.deps.testClock.advance(t.deps.db, (t.deps.config.PAYOUT_HOLD_DAYS + 1) * 86_400_000)
    const feeAmount = Number(fee!.total)
    const balance = await t.request({ method: 'GET', url: '/api/v1/reseller/payouts_balance', token: resellerToken })
    expect(balance.json().balances).toEqual([expect.objectContaining({ currency: 'eur', pending: feeAmount, available: 0 })])
    expect(balance.json().owed).toEqual([{ currency: 'eur', amount: feeAmount }])
    const resellerId = made.json().id as number
    const owedList = (await t.request({ method: 'GET', url: '/api/v1/cabinet/owed', token: seller.accessToken })).json()
    expect(owedList.owed).toEqual([{ party_kind: 'reseller', party_id: resellerId, currency: 'eur', amount: feeAmount }])

    const settle = (amount: number, partyId = resellerId) => t.request({
      method: 'POST', url: '/api/v1/cabinet/owed_settlements', token: seller.accessToken,
      payload: { party_kind: 'reseller', party_id: partyId, amount, currency: 'eur', reference: 'SEPA R-2026-11' },
    })
    expect((await settle(feeAmount + 1)).statusCode).toBe(400)
    expect((await settle(1, resellerId + 1_000)).statusCode).toBe(404)
    const settled = await settle(feeAmount)
    expect(settled.statusCode, settled.body).toBe(201)
    expect(settled.json()).toMatchObject({ party_kind: 'reseller', party_id: resellerId, amount: feeAmount, reference: 'SEPA R-2026-11' })
    const after = (await t.request({ method: 'GET', url: '/api/v1/reseller/payouts_balance', token: resellerToken })).json()
    expect(after.balances).toEqual([expect.objectContaining({ currency: 'eur', pending: 0, available: 0 })])
    expect(after.owed).toEqual([])
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/owed', token: seller.accessToken })).json()).toMatchObject({ owed: [], settlements: [{ party_kind: 'reseller', reference: 'SEPA R-2026-11' }] })
    for (const row of await sql<{ total: string }>('select sum(amount)::text as total from ledger_entries group by currency')) expect(Number(row.total)).toBe(0)
  })
})
