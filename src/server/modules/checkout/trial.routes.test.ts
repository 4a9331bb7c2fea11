import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { chargeDueRates } from '../billing/charge-next-installment.service'

// Trial periods (docs/decisions/0033-trial-periods.md): the seller saves a trial on a subscription plan; buying it charges
// 0, keeps the method, delivers at once and schedules rate 1 at the trial's end; methods that cannot be
// kept without a charge are refused; the billing engine charges rate 1 once when the trial is over.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  // Bank wire set up, so refusing it for a trial is the trial's rule and not a method that is off.
  const wire = { account_holder: 'Erika Mustermann', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', bank_name: 'Commerzbank' }
  const res = await t.request({ method: 'PUT', url: '/api/v1/cabinet/payment_providers/bank_wire', token: seller.accessToken, payload: wire })
  expect(res.statusCode, res.body).toBe(200)
})
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const dayMs = 86_400_000
const monthlyTrial = { form: 'subscription', currency_id: 'eur', price: 1900, interval: '1m', trial_days: 14, name: 'Club' }

async function trialProduct(plan: Record<string, unknown> = monthlyTrial) {
  const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [plan] })
  return { product, plan: product.pricing_plans[0] }
}

async function buy(productId: number, planId: number, method = 'card') {
  return submitOrder(t, { product_id: productId, pricing_plan_id: planId, payment_method: method, payer: fullPayer(), terms_accepted: true })
}

describe('the pricing plan API keeps a trial', () => {
  test('a subscription plan saved with trial_days answers it, in the plan and its frozen version', async () => {
    const { product, plan } = await trialProduct()
    expect(plan).toMatchObject({ form: 'subscription', trial_days: 14, checkout_amount: 1900, display_price: 1900 })
    const changed = await t.request({
      method: 'PATCH', url: `/api/v1/cabinet/products/${product.id}/pricing_plans/${plan.id}`, token: seller.accessToken, payload: { ...monthlyTrial, trial_days: 30 },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json().pricing_plans[0].trial_days).toBe(30)
    const versions = (await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${product.id}/pricing_plans/${plan.id}/versions`, token: seller.accessToken })).json()
    expect(versions.list.map((v: any) => v.snapshot.trialDays)).toEqual([14, 30])
  })

  test('a trial on a one-time or installment plan, or outside 1..365 days, is refused', async () => {
    const product = await publishedProduct(t, seller.accessToken)
    const add = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/pricing_plans`, token: seller.accessToken, payload })
    const oneTime = await add({ form: 'one_time', currency_id: 'eur', price: 1000, trial_days: 7 })
    expect(oneTime.statusCode).toBe(400)
    expect(oneTime.json().error.fields.map((f: any) => f.path)).toEqual(['trial_days'])
    expect((await add({ form: 'installment', currency_id: 'eur', first_amount: 1000, next_amount: 1000, payments_count: 3, interval: '1m', trial_days: 7 })).statusCode).toBe(400)
    expect((await add({ ...monthlyTrial, trial_days: 0 })).statusCode).toBe(400)
    expect((await add({ ...monthlyTrial, trial_days: 366 })).statusCode).toBe(400)
  })
})

describe('buying a trial plan with the sandbox', () => {
  test('the quote charges nothing now and names the trial and the first charge', async () => {
    const { product, plan } = await trialProduct()
    const res = await t.request({ method: 'POST', url: '/api/v1/shop/orders/quote', payload: { product_id: product.id, pricing_plan_id: plan.id } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ first_amount: 0, total_amount: null, free: false, trial: { days: 14, first_charge_amount: 1900 } })
  })

  test('0 is charged, the method is kept, the order is paying with trial_ends_at, rate 1 is due at the trial\'s end, access is given at once', async () => {
    const { product, plan } = await trialProduct()
    const bought = t.clock.now
    const res = await buy(product.id, plan.id)
    expect(res.statusCode, res.body).toBe(201)
    const { order, next_action: next } = res.json()
    expect(order).toMatchObject({ first_amount: 0, total_amount: 1900, payment_state: 'payment_waiting' })
    expect(next.type).toBe('redirect')
    const page = await t.request({ method: 'GET', url: `/api/v1/shop/sandbox/payments/${next.payment_id}` })
    expect(page.json()).toMatchObject({ amount: 0, currency: 'eur' })

    expect((await sandboxPay(t, next.payment_id)).statusCode).toBe(200)
    await t.deps.jobs.drain()

    const [row] = await sql('select id, payment_state, paid_amount::int as paid, trial_ends_at, saved_method from orders where token = $1', [order.token])
    expect(row).toMatchObject({ payment_state: 'paying', paid: 0 })
    expect(new Date(row.trial_ends_at).getTime()).toBe(bought.getTime() + 14 * dayMs)
    expect(row.saved_method).toMatchObject({ provider: 'sandbox' })

    const payments = await sql('select kind, amount::int as amount, state, rate_number from payments where order_id = $1', [row.id])
    expect(payments).toEqual([{ kind: 'charge', amount: 0, state: 'successful', rate_number: null }])
    const rates = await sql('select number, amount::int as amount, state, due_date from order_rates where order_id = $1 order by number', [row.id])
    expect(rates[0]).toMatchObject({ number: 1, amount: 1900, state: 'future' })
    expect(new Date(rates[0].due_date).getTime()).toBe(bought.getTime() + 14 * dayMs)
    expect(rates.every((r: any) => r.state === 'future' && r.amount === 1900)).toBe(true)

    // Nothing in the ledger for the 0 payment.
    expect(await sql('select count(*)::int as n from ledger_entries where order_id = $1', [row.id])).toEqual([{ n: 0 }])
    expect(await sql('select state from access_grants where order_id = $1', [row.id])).toEqual([{ state: 'active' }])
  })

  test('a limited subscription with a trial owes its full total, every rate after the trial', async () => {
    const { product, plan } = await trialProduct({ form: 'limited_subscription', currency_id: 'eur', price: 1000, payments_count: 3, interval: '1w', trial_days: 7 })
    const bought = t.clock.now
    const res = await buy(product.id, plan.id, 'sepa')
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().order).toMatchObject({ first_amount: 0, total_amount: 3000 })
    const rates = await sql('select number, amount::int as amount, state, due_date from order_rates o join orders on orders.id = o.order_id where orders.token = $1 order by number', [res.json().order.token])
    expect(rates.map((r: any) => [r.number, r.amount, r.state, new Date(r.due_date).getTime() - bought.getTime()]))
      .toEqual([[1, 1000, 'future', 7 * dayMs], [2, 1000, 'future', 14 * dayMs], [3, 1000, 'future', 21 * dayMs]])
  })

  test('PayPal and bank wire cannot start a trial: refused with a clear error, nothing is made', async () => {
    const { product, plan } = await trialProduct()
    for (const method of ['paypal', 'bank_wire']) {
      const res = await buy(product.id, plan.id, method)
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json().error).toMatchObject({ type: 'no_payment_method', fields: [{ path: 'payment_method' }] })
      expect(res.json().error.message).toMatch(/trial/)
    }
    expect(await sql('select count(*)::int as n from orders where product_id = $1', [product.id])).toEqual([{ n: 0 }])
  })
})

describe('after the trial', () => {
  test('the billing engine charges rate 1 once when the trial is over; a payer who cancelled during the trial is never charged', async () => {
    const { product, plan } = await trialProduct()
    const pay = async () => {
      const res = await buy(product.id, plan.id)
      expect(res.statusCode, res.body).toBe(201)
      await sandboxPay(t, res.json().next_action.payment_id)
      return (await sql<{ id: number }>('select id from orders where token = $1', [res.json().order.token]))[0]!.id
    }
    const kept = await pay()
    const cancelled = await pay()
    const cancel = await t.request({ method: 'POST', url: `/api/v1/cabinet/orders/${cancelled}/cancel`, token: seller.accessToken, payload: {} })
    expect(cancel.statusCode, cancel.body).toBe(200)

    const charged = (orderId: number) => sql('select amount::int as amount, state, rate_number from payments where order_id = $1 and amount > 0', [orderId])
    await chargeDueRates(t.deps) // still in the trial: nothing is due
    expect(await charged(kept)).toEqual([])

    t.clock.advance(15 * 86_400)
    await chargeDueRates(t.deps)
    await chargeDueRates(t.deps) // a second sweep finds nothing more
    await t.deps.jobs.drain()
    expect(await charged(kept)).toEqual([{ amount: 1900, state: 'successful', rate_number: 1 }])
    expect((await sql('select state from order_rates where order_id = $1 and number = 1', [kept]))[0]).toEqual({ state: 'paid' })
    expect(await charged(cancelled)).toEqual([])
    expect(await sql('select distinct state from order_rates where order_id = $1', [cancelled])).toEqual([{ state: 'skipped' }])
  })
})
