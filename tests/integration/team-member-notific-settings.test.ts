import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../factories/checkout'
import { actAsTeamMember, createTeamMember } from '../factories/teams'
import { signUpUser } from '../factories/users'
import { createTestApp, type TestApp } from '../helpers/test-app'

// The team member's notification settings (docs/decisions/0053-team-members.md "Notification settings"):
// defaults, an update, the seller's order mails copied only when switched on and with orders read, and no
// settings without a team member profile.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const url = '/api/v1/team_member/notific_settings'
const mailsTo = async (to: string) => (await t.deps.database.executeSql(`select subject from email_logs where "to" = $1 and kind = 'seller_notification' order by id`, [to])).rows as { subject: string }[]

async function paidOrder() {
  const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(1_500, 'eur')] })
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
}

describe('team member notification settings', () => {
  test('defaults, update, and the order mails follow the setting and the orders permission', async () => {
    const reader = await createTeamMember(t, seller, { orders: 'read' })
    const blind = await createTeamMember(t, seller, { products: 'write' })
    const token = await actAsTeamMember(t, reader)
    const blindToken = await actAsTeamMember(t, blind)

    const defaults = await t.request({ method: 'GET', url, token })
    expect(defaults.statusCode, defaults.body).toBe(200)
    expect(defaults.json().list).toEqual([{ type: 'payouts', email: true, available: true }, { type: 'orders', email: false, available: true }])
    expect((await t.request({ method: 'GET', url, token: blindToken })).json().list).toContainEqual({ type: 'orders', email: false, available: false })

    // Off by default: no copy.
    await paidOrder()
    expect(await mailsTo(reader.email)).toEqual([])

    for (const tk of [token, blindToken]) {
      const put = await t.request({ method: 'PUT', url, token: tk, payload: { list: [{ type: 'orders', email: true }] } })
      expect(put.statusCode, put.body).toBe(200)
    }
    expect((await t.request({ method: 'GET', url, token })).json().list).toEqual([{ type: 'payouts', email: true, available: true }, { type: 'orders', email: true, available: true }])

    await paidOrder()
    const copies = await mailsTo(reader.email)
    expect(copies.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/^Payment received/)]))
    expect(await mailsTo(blind.email)).toEqual([]) // no orders permission: nothing, whatever the setting says

    // Switched off again: suppressed.
    expect((await t.request({ method: 'PUT', url, token, payload: { list: [{ type: 'orders', email: false }] } })).statusCode).toBe(200)
    const before = (await mailsTo(reader.email)).length
    await paidOrder()
    expect(await mailsTo(reader.email)).toHaveLength(before)

    // Strict body.
    expect((await t.request({ method: 'PUT', url, token, payload: { list: [{ type: 'orders', email: true, in_app: true }] } })).statusCode).toBe(400)
    expect((await t.request({ method: 'PUT', url, token, payload: { list: [{ type: 'nope', email: true }] } })).statusCode).toBe(400)
  })

  test('someone without a team member profile cannot read or write them', async () => {
    const payer = await signUpUser(t, { profile_type: 'payer' })
    for (const token of [payer.accessToken, seller.accessToken]) {
      expect((await t.request({ method: 'GET', url, token })).statusCode).toBe(403)
      expect((await t.request({ method: 'PUT', url, token, payload: { list: [{ type: 'payouts', email: false }] } })).statusCode).toBe(403)
    }
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401)
  })
})
