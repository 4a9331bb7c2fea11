import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { startMangopayStandIn, type MangopayStandIn } from '../../../../tests/stand-ins/mangopay-stand-in'
import { legitimations } from '../../db/schema'
import { syncLegitimation } from './emoney.service'

// Card pay-ins into the seller's wallet at the e-money provider (docs/decisions/0052-emoney-pay-ins.md),
// against the provider's stand-in through its real SDK: the seller offers it once its wallet is active, a
// checkout sends the payer to the provider's hosted card page, the provider's hook (re-read from its API)
// pays the order once however often it comes, a failed pay-in fails the payment, a refund goes back through
// the provider with the platform's share of the fee, and one made at the provider's dashboard is booked once.

let t: TestApp
let stand: MangopayStandIn
let seller: TestSeller
let walletRef: string
let product: { id: number; pricing_plans: { id: number }[] }

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

beforeAll(async () => {
  stand = await startMangopayStandIn()
  t = await createTestApp({ MANGOPAY_CLIENT_ID: stand.clientId, MANGOPAY_API_KEY: stand.apiKey, MANGOPAY_API_BASE: stand.url })
  seller = await createSeller(t)
  product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(10_000)] })
}, 60_000)
afterAll(async () => {
  await t.close()
  await stand.close()
})

async function cardProviders(): Promise<string[]> {
  const res = await t.request({ method: 'GET', url: '/api/v1/cabinet/payment_settings', token: seller.accessToken })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().methods.find((m: { method: string }) => m.method === 'card').allowed_providers
}

/** The provider's notification, as it calls the public route; then the job it enqueued runs. */
async function hook(eventType: string, resourceId: string) {
  const res = await t.request({ method: 'GET', url: `/api/v1/hooks/emoney?${stand.hookQuery(eventType, resourceId)}` })
  expect(res.statusCode, res.body).toBe(200)
  await t.deps.jobs.drain()
}

/** A card order through the e-money provider: its order id and the pay-in behind its redirect. */
async function cardOrder() {
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json()
  expect(body.next_action).toMatchObject({ type: 'redirect', url: expect.stringContaining(`${stand.url}/hosted/payins/`) })
  const [payment] = await sql<{ order_id: number; provider: string; provider_ref: string; token: string }>(
    'select p.order_id, p.provider, p.provider_ref, p.token from payments p join orders o on o.id = p.order_id where o.token = $1', [body.order.token])
  return { orderId: payment!.order_id, orderToken: body.order.token as string, payIn: stand.payIns.get(payment!.provider_ref)!, payment: payment!, redirect: body.next_action.url as string }
}

async function orderState(orderId: number) {
  const [order] = await sql('select payment_state, provider, paid_amount::int, refunded_amount::int from orders where id = $1', [orderId])
  const payments = await sql('select kind, state, amount::int from payments where order_id = $1 order by id', [orderId])
  const ledger = await sql(`select kind, account, sum(amount)::int as total from ledger_entries where order_id = $1 group by kind, account order by kind, account`, [orderId])
  return { order, payments, ledger }
}

describe('card pay-ins into the seller\'s e-money wallet', () => {
  test('offered for cards only once the seller\'s wallet may receive payments', async () => {
    expect(await cardProviders()).not.toContain('emoney')
    const refused = await t.request({ method: 'PUT', url: '/api/v1/cabinet/payment_settings', token: seller.accessToken, payload: { methods: [{ method: 'card', provider: 'emoney', active: true }] } })
    expect(refused.statusCode).toBe(422)

    const [legitimation] = await t.deps.db.insert(legitimations).values({
      partyKind: 'seller', partyId: seller.sellerId, userId: seller.userId, businessType: 'natural', step: 'requested', submittedAt: new Date(),
      details: { legal_representative: { first_name: 'Ada', last_name: 'Lovelace', birthday: '10.12.1985', nationality: 'DE', street: 'Hauptstr. 1', zip: '10115', city: 'Berlin', country_code: 'DE' } },
    }).returning()
    await syncLegitimation(t.deps, legitimation!.id)
    const [synced] = await sql<{ provider_wallet_ref: string; provider_account_state: string }>('select provider_wallet_ref, provider_account_state from legitimations where id = $1', [legitimation!.id])
    expect(synced).toMatchObject({ provider_account_state: 'kyc_1' })
    walletRef = synced!.provider_wallet_ref

    expect(await cardProviders()).toContain('emoney')
    const providers = await t.request({ method: 'GET', url: '/api/v1/cabinet/payment_providers', token: seller.accessToken })
    expect(providers.json().list.map((p: { provider: string }) => p.provider)).toContain('emoney')
    const saved = await t.request({ method: 'PUT', url: '/api/v1/cabinet/payment_settings', token: seller.accessToken, payload: { methods: [{ method: 'card', provider: 'emoney', active: true }] } })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().methods.find((m: { method: string }) => m.method === 'card')).toMatchObject({ provider: 'emoney', active: true })
  })

  test('a checkout is a card web pay-in into the seller\'s wallet with the platform\'s fee; the payer\'s return pays the order', async () => {
    const { orderId, payIn, payment, redirect } = await cardOrder()
    expect(payment.provider).toBe('emoney')
    expect(payIn).toMatchObject({
      Status: 'CREATED', CreditedWalletId: walletRef, DebitedFunds: { Currency: 'EUR', Amount: 10_000 },
      // CONNECT_FEE_BPS (5 %): the platform collects as with connect.
      Fees: { Currency: 'EUR', Amount: 500 }, Tag: `payment-${payment.token}`, Culture: 'DE',
      ReturnURL: `${t.deps.config.appUrl}/api/v1/shop/payments/${payment.token}/return`,
    })

    // The payer pays on the hosted page and is sent back to the platform's return.
    const page = await fetch(`${redirect}?outcome=success`, { redirect: 'manual' })
    expect(page.status).toBe(302)
    const back = new URL(page.headers.get('location')!)
    const returned = await t.request({ method: 'GET', url: `${back.pathname}${back.search}` })
    expect(returned.statusCode, returned.body).toBe(303)

    const state = await orderState(orderId)
    expect(state.order).toMatchObject({ payment_state: 'paid', provider: 'emoney', paid_amount: 10_000 })
    // The platform collected: no direct_collection counterpart; the seller's balance holds its share.
    expect(state.ledger.filter((l: { kind: string }) => l.kind === 'direct_collection')).toEqual([])
    expect(state.ledger).toContainEqual(expect.objectContaining({ kind: 'charge', account: `seller_balance:${seller.sellerId}` }))
    expect(stand.wallets.get(walletRef)!.Balance.Amount).toBe(9_500)
  })

  test('the provider\'s success hook pays the order once, however often it comes', async () => {
    const { orderId, payIn } = await cardOrder()
    expect((await orderState(orderId)).order).toMatchObject({ payment_state: 'payment_waiting' })
    stand.succeedPayIn(payIn.Id)
    await hook('PAYIN_NORMAL_SUCCEEDED', payIn.Id)
    const once = await orderState(orderId)
    expect(once.order).toMatchObject({ payment_state: 'paid', paid_amount: 10_000 })

    await Promise.all([hook('PAYIN_NORMAL_SUCCEEDED', payIn.Id), hook('PAYIN_NORMAL_SUCCEEDED', payIn.Id)])
    expect(await orderState(orderId)).toEqual(once)
    expect(await sql(`select count(*)::int as n from provider_events where provider = 'emoney' and event_id = $1`, [`PAYIN_NORMAL_SUCCEEDED:${payIn.Id}`])).toEqual([{ n: 1 }])
    expect(await sql(`select count(distinct transaction_id)::int as n from ledger_entries where order_id = $1 and kind = 'charge'`, [orderId])).toEqual([{ n: 1 }])
  })

  test('a pay-in the bank refused fails the payment; a hook naming another pay-in or an unknown one changes nothing', async () => {
    const { orderId, payIn } = await cardOrder()
    stand.failPayIn(payIn.Id)
    // A hook that claims success is re-read from the provider, which says the pay-in failed.
    await hook('PAYIN_NORMAL_SUCCEEDED', payIn.Id)
    await hook('PAYIN_NORMAL_FAILED', payIn.Id)
    await hook('PAYIN_NORMAL_SUCCEEDED', '999999999')
    const state = await orderState(orderId)
    expect(state.order).toMatchObject({ paid_amount: 0 })
    expect(state.order.payment_state).not.toBe('paid')
    expect(state.payments).toEqual([expect.objectContaining({ kind: 'charge', state: 'denied' })])
    expect(state.ledger).toEqual([])
  })

  test('a refund goes back through the provider, with the same share of the platform\'s fee', async () => {
    const { orderId, payIn } = await cardOrder()
    stand.succeedPayIn(payIn.Id)
    await hook('PAYIN_NORMAL_SUCCEEDED', payIn.Id)
    const walletBefore = stand.wallets.get(walletRef)!.Balance.Amount

    const res = await t.request({
      method: 'POST', url: `/api/v1/cabinet/orders/${orderId}/refund`, token: seller.accessToken,
      headers: { 'idempotency-key': `refund-${orderId}-1` }, payload: { amount: 4_000, reason: 'Changed their mind' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const refunds = [...stand.refunds.values()].filter((r) => r.InitialTransactionId === payIn.Id)
    expect(refunds).toEqual([expect.objectContaining({ Status: 'SUCCEEDED', DebitedFunds: { Currency: 'EUR', Amount: 4_000 }, Fees: { Currency: 'EUR', Amount: -200 } })])
    // The wallet gives what the seller kept of it; the platform's fees wallet gives back its 40 %.
    expect(stand.wallets.get(walletRef)!.Balance.Amount).toBe(walletBefore - 3_800)
    const state = await orderState(orderId)
    expect(state.order).toMatchObject({ refunded_amount: 4_000 })
    expect(state.payments).toContainEqual(expect.objectContaining({ kind: 'refund', state: 'successful', amount: 4_000 }))
    const sums = await sql<{ currency: string; total: number }>('select currency, sum(amount)::int as total from ledger_entries group by currency')
    expect(sums).toEqual([{ currency: 'eur', total: 0 }])
  })

  test('a refund made at the provider\'s dashboard is booked once from its hook; a failed one and the hook of the platform\'s own refund book nothing more', async () => {
    const { orderId, payIn } = await cardOrder()
    stand.succeedPayIn(payIn.Id)
    await hook('PAYIN_NORMAL_SUCCEEDED', payIn.Id)

    const atDashboard = stand.refundAtDashboard(payIn.Id, 3_000, { fees: 150 })
    await hook('PAYIN_REFUND_SUCCEEDED', atDashboard.Id)
    const once = await orderState(orderId)
    expect(once.order).toMatchObject({ refunded_amount: 3_000 })
    expect(once.payments.filter((p: { kind: string }) => p.kind === 'refund')).toEqual([expect.objectContaining({ state: 'successful', amount: 3_000 })])
    expect(await sql('select provider_ref from payments where order_id = $1 and kind = $2', [orderId, 'refund'])).toEqual([{ provider_ref: atDashboard.Id }])

    // Delivered again, concurrently: applied once.
    await Promise.all([hook('PAYIN_REFUND_SUCCEEDED', atDashboard.Id), hook('PAYIN_REFUND_SUCCEEDED', atDashboard.Id)])
    expect(await orderState(orderId)).toEqual(once)
    // A refund the provider failed moved nothing, even behind a hook that claims success.
    const failed = stand.refundAtDashboard(payIn.Id, 1_000, { fail: true })
    await hook('PAYIN_REFUND_FAILED', failed.Id)
    await hook('PAYIN_REFUND_SUCCEEDED', failed.Id)
    expect(await orderState(orderId)).toEqual(once)

    // The platform's own refund, then the provider's hook for it: booked once, by the refund itself.
    const res = await t.request({
      method: 'POST', url: `/api/v1/cabinet/orders/${orderId}/refund`, token: seller.accessToken,
      headers: { 'idempotency-key': `refund-${orderId}-own` }, payload: { amount: 2_000, reason: 'Partly' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const own = [...stand.refunds.values()].find((r) => r.InitialTransactionId === payIn.Id && r.Tag === 'Partly')!
    await hook('PAYIN_REFUND_SUCCEEDED', own.Id)
    const after = await orderState(orderId)
    expect(after.order).toMatchObject({ refunded_amount: 5_000 })
    expect(after.payments.filter((p: { kind: string }) => p.kind === 'refund').map((p: { amount: number }) => p.amount)).toEqual([3_000, 2_000])
    const sums = await sql<{ currency: string; total: number }>('select currency, sum(amount)::int as total from ledger_entries group by currency')
    expect(sums).toEqual([{ currency: 'eur', total: 0 }])
  })
})
