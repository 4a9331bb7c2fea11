import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { signUpUser } from '../../../../tests/factories/users'
import { makePayoutReady } from '../../../../tests/factories/money-out'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import * as orders from '../orders/orders.service'
import { railAdapters, type RailAnswer } from './rails'

// Rails other than SEPA (docs/decisions/0049-money-out.md "Rails"): the payout is made pending in the
// request's transaction, the `payouts.send` job asks the rail's adapter outside it and applies the answer;
// without an adapter the payout stays pending. The e-money rail is chosen when the provider holds the wallet.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ MANGOPAY_CLIENT_ID: 'test-client', MANGOPAY_API_KEY: 'test-key' })
}, 120_000)
afterAll(async () => { await t?.close() })
// The registry may hold the real adapters: each test puts its fake in and the originals come back after it.
const registered = { ...railAdapters }
afterEach(() => {
  delete railAdapters.emoney
  Object.assign(railAdapters, registered)
})

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

async function walletPublisher(amount: number) {
  const user = await signUpUser(t, { profile_type: 'publisher' })
  expect((await t.request({ method: 'GET', url: '/api/v1/publish/payouts_balance', token: user.accessToken })).statusCode).toBe(200)
  const [publisher] = await sql<{ id: number }>('select id from publishers where user_id = $1', [user.userId])
  await sql(`insert into ledger_entries (transaction_id, kind, account, amount, currency, created_at) values ($1, 'charge', $2, $3, 'eur', now()), ($1, 'charge', 'payer_clearing', $4, 'eur', now())`,
    [`rail-${publisher!.id}`, `publisher_balance:${publisher!.id}`, -amount, amount])
  await makePayoutReady(t, { kind: 'publisher', id: publisher!.id, userId: user.userId })
  await sql(`update legitimations set provider_wallet_ref = 'wallet-1', provider_account_state = 'kyc_2' where party_kind = 'publisher' and party_id = $1`, [publisher!.id])
  return user
}

const request = (token: string, amount: number) => t.request({ method: 'POST', url: '/api/v1/publish/payouts', token, payload: { amount, currency: 'eur' } })
const stateOf = async (id: number) => (await sql<{ state: string; provider_ref: string | null }>('select state, provider_ref from payouts where id = $1', [id]))[0]!

describe('payouts over the e-money rail', () => {
  test('the job sends it and applies a successful answer once (ledger settled)', async () => {
    const user = await walletPublisher(4_000)
    let calls = 0
    railAdapters.emoney = { send: async (): Promise<RailAnswer> => { calls++; return { state: 'successful', providerRef: 'po_1' } } }
    const made = await request(user.accessToken, 4_000)
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json().payout).toMatchObject({ rail: 'emoney', state: 'pending' })
    await t.deps.jobs.drain()
    expect(await stateOf(made.json().payout.id)).toEqual({ state: 'successful', provider_ref: 'po_1' })
    expect(calls).toBe(1)
    const settled = await sql<{ n: number }>(`select count(*)::int as n from ledger_entries where kind = 'payout_settled' and account = 'payout_clearing' and amount = 4000`)
    expect(settled[0]!.n).toBeGreaterThanOrEqual(1)
    for (const row of await orders.ledgerTotals(t.deps.db)) expect(row.total, row.currency).toBe(0)
  })

  test('a canceled answer gives the amount back; without an adapter the payout stays pending', async () => {
    const user = await walletPublisher(3_000)
    railAdapters.emoney = { send: async (): Promise<RailAnswer> => ({ state: 'canceled', reason: 'wallet blocked' }) }
    const first = await request(user.accessToken, 1_000)
    await t.deps.jobs.drain()
    expect((await stateOf(first.json().payout.id)).state).toBe('canceled')
    delete railAdapters.emoney
    const second = await request(user.accessToken, 1_000)
    expect(second.statusCode, second.body).toBe(201)
    await t.deps.jobs.drain()
    expect((await stateOf(second.json().payout.id)).state).toBe('pending')
    const balance = (await t.request({ method: 'GET', url: '/api/v1/publish/payouts_balance', token: user.accessToken })).json().balances[0]
    expect(balance).toMatchObject({ available: 2_000, paid_out: 1_000, in_payout: 1_000 })
    for (const row of await orders.ledgerTotals(t.deps.db)) expect(row.total, row.currency).toBe(0)
  })
})
