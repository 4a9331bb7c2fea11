import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sellCardsWithStripe, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { startStripeStandIn, type StripeStandIn } from '../../../../tests/stand-ins/stripe-stand-in'
import { createStripeClient } from '../../payments/providers/stripe'

// Provider event replay (docs/decisions/0028-refunds-chargebacks-provider-events.md): a Stripe payment, a refund started at Stripe, a dispute and
// the dispute won, delivered 5 times each, concurrently and shuffled (refund and dispute often before the
// payment itself), leave exactly the state one in-order delivery leaves: order, payments, rates, ledger.

const stripeKeys = { publishable_key: 'pk_test_51AbCdEfGhIjKlMn', secret_key: 'sk_test_51SecretValueXyZ9876', webhook_secret: 'whsec_WebhookSecretValue4321' }
let stand: StripeStandIn
let t: TestApp
let seller: TestSeller
let product: { id: number; pricing_plans: { id: number }[] }
beforeAll(async () => {
  stand = await startStripeStandIn({ secretKey: stripeKeys.secret_key, webhookSecret: stripeKeys.webhook_secret })
  t = await createTestApp({ STRIPE_API_BASE: stand.url })
  seller = await createSeller(t)
  await sellCardsWithStripe(t, seller.accessToken, stripeKeys)
  product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(10_000)] })
}, 60_000)
afterAll(async () => {
  await t.close()
  await stand.close()
})

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
type Delivery = { body: Buffer; headers: Record<string, string> }

/** A paid Stripe order and the four signed events Stripe sends about it, in the order they happened. */
async function storyOfOneOrder(): Promise<{ orderId: number; deliveries: Delivery[] }> {
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  const [payment] = await sql<{ order_id: number; provider_ref: string }>(`select p.order_id, p.provider_ref from payments p join orders o on o.id = p.order_id where o.token = $1`, [res.json().order.token])
  const session = stand.completeSession(payment!.provider_ref)
  const paid = stand.webhook('checkout.session.completed', { ...session })
  // A refund the seller started in Stripe's dashboard, then a dispute of the rest, which the seller wins.
  await createStripeClient(stripeKeys.secret_key, stand.url).refunds.create({ payment_intent: session.payment_intent, amount: 3_000 })
  const charge = stand.charges.get(stand.paymentIntents.get(session.payment_intent)!.latest_charge)!
  const refunded = stand.webhook('charge.refunded', { ...charge }, { previousAttributes: { amount_refunded: 0 } })
  const dispute = stand.dispute(charge.id, 7_000)
  const disputed = stand.webhook('charge.dispute.created', { ...dispute })
  const won = stand.webhook('charge.dispute.closed', { ...dispute, status: 'won' }, { previousAttributes: { status: 'under_review' } })
  return { orderId: payment!.order_id, deliveries: [paid, refunded, disputed, won] }
}

async function deliver(d: Delivery) {
  const res = await t.request({ method: 'POST', url: `/api/v1/shop/webhooks/stripe/${seller.sellerId}`, headers: d.headers, payload: d.body })
  expect(res.statusCode, res.body).toBe(200)
}

/** Everything an order's events can change, without ids, tokens and times. */
async function stateOf(orderId: number) {
  const [order] = await sql('select payment_state, paid_amount, refunded_amount, chargeback_amount from orders where id = $1', [orderId])
  const payments = await sql(`select kind, state, amount::int, refunded_amount::int from payments where order_id = $1 order by kind, amount, state`, [orderId])
  const rates = await sql('select number, state, refunded_amount::int from order_rates where order_id = $1 order by number', [orderId])
  const ledger = await sql(`select kind, account, sum(amount)::int as total, count(*)::int as rows from ledger_entries where order_id = $1 group by kind, account order by kind, account`, [orderId])
  const reversals = await sql(`select count(*)::int as n from pgboss.job where name = 'invoices.issue-reversal' and (data->>'reversalPaymentId')::int in (select id from payments where order_id = $1)`, [orderId])
  return { order: { ...order, paid_amount: Number(order.paid_amount), refunded_amount: Number(order.refunded_amount), chargeback_amount: Number(order.chargeback_amount) }, payments, rates, ledger, reversals }
}

/** A seeded shuffle, so a failure names the order that broke it. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items]
  let s = seed
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648
    const j = s % (i + 1)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

async function ledgerSums() {
  return (await sql<{ currency: string; total: string }>('select currency, sum(amount)::bigint as total from ledger_entries group by currency order by currency'))
    .map((r) => [r.currency, Number(r.total)])
}

describe('provider events delivered again, out of order and at once', () => {
  test('each event once, in order: paid, 30,00 refunded, 70,00 disputed, dispute won', async () => {
    const { orderId, deliveries } = await storyOfOneOrder()
    for (const d of deliveries) await deliver(d)
    expect(await stateOf(orderId)).toMatchObject({
      order: { payment_state: 'paid', paid_amount: 10_000, refunded_amount: 3_000, chargeback_amount: 0 },
      payments: [
        { kind: 'charge', state: 'successful', amount: 10_000, refunded_amount: 3_000 },
        { kind: 'chargeback', state: 'successful', amount: 7_000 },
        { kind: 'chargeback_reversal', state: 'successful', amount: 7_000 },
        { kind: 'refund', state: 'successful', amount: 3_000 },
      ],
      reversals: [{ n: 3 }], // one document job each: the refund's and the chargeback's cancellation, the won dispute's re-issue
    })
    expect(await ledgerSums()).toEqual([['eur', 0]])
  })

  test.each([1, 2, 3])('5 deliveries of each, shuffled (seed %i) and concurrent, end exactly as one in-order delivery', async (seed) => {
    const reference = await storyOfOneOrder()
    for (const d of reference.deliveries) await deliver(d)
    const expected = await stateOf(reference.orderId)

    const replayed = await storyOfOneOrder()
    const all = shuffled(replayed.deliveries.flatMap((d) => Array.from({ length: 5 }, () => d)), seed)
    // Two waves at once: the first often holds the refund and the dispute before the payment.
    await Promise.all(all.slice(0, 10).map(deliver))
    await Promise.all(all.slice(10).map(deliver))
    expect(await stateOf(replayed.orderId)).toEqual(expected)
    expect(await ledgerSums()).toEqual([['eur', 0]])
    expect(await sql(`select count(*)::int as n from provider_events where processed_at is null`)).toEqual([{ n: 0 }])
  })

  test('a refund that arrives before its payment waits for it, and is applied when the payment\'s event comes', async () => {
    const { orderId, deliveries } = await storyOfOneOrder()
    await deliver(deliveries[1]!)
    await deliver(deliveries[3]!)
    expect((await stateOf(orderId)).order).toMatchObject({ payment_state: 'payment_waiting', refunded_amount: 0 })
    expect(await sql(`select count(*)::int as n from provider_events where processed_at is null`)).toEqual([{ n: 2 }])
    await deliver(deliveries[0]!)
    expect((await stateOf(orderId)).order).toMatchObject({ payment_state: 'paid', refunded_amount: 3_000 })
    await deliver(deliveries[2]!)
    expect((await stateOf(orderId)).order).toMatchObject({ payment_state: 'paid', refunded_amount: 3_000, chargeback_amount: 0 })
    expect(await sql(`select count(*)::int as n from provider_events where processed_at is null`)).toEqual([{ n: 0 }])
  })
})
