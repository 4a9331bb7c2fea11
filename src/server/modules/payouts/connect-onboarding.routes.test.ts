import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, signInManager } from '../../../../tests/factories/catalog'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { startStripeStandIn, type StripeStandIn } from '../../../../tests/stand-ins/stripe-stand-in'
import { railFor } from './rails'

// Onboarding at the connect provider (docs/decisions/0052-emoney-pay-ins.md "Connect onboarding") against the
// Stripe stand-in through the real SDK: a seller starts onboarding (one Express account, kept on a bank
// account row of the connect rail, and a link to the hosted onboarding), comes back (the account is asked of
// the provider), and signed `account.updated` webhooks move the account's standing; an unsigned one is refused.

let t: TestApp
let stripe: StripeStandIn

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: 'sk_test_platform_connect', webhookSecret: 'whsec_platform_connect' })
  t = await createTestApp({ CONNECT_STRIPE_SECRET_KEY: stripe.secretKey, CONNECT_STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url })
})
afterAll(async () => {
  await t.close()
  await stripe.close()
})

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

async function deliver(type: string, object: Record<string, unknown>) {
  const d = stripe.webhook(type, object)
  return t.request({ method: 'POST', url: '/api/v1/hooks/connect', headers: d.headers, payload: d.body })
}

describe('connect onboarding', () => {
  test('starting makes one Express account kept on a connect bank account, and a link to the provider\'s onboarding each time', async () => {
    const seller = await createSeller(t)
    const start = () => t.request({ method: 'POST', url: '/api/v1/cabinet/connect_onboarding', token: seller.accessToken, payload: { country_code: 'DE' } })
    const first = await start()
    expect(first.statusCode, first.body).toBe(200)
    const body = first.json()
    const accountId = body.bank_account.connect_account as string
    expect(accountId).toMatch(/^acct_/)
    expect(body.bank_account).toMatchObject({ state: 'not_sent', provider_account_state: 'kyc_incomplete', country_code: 'DE', currency: 'eur', iban: '' })
    expect(stripe.accounts.get(accountId)).toMatchObject({ type: 'express', country: 'DE', email: seller.email, metadata: { party: `seller-${seller.sellerId}` } })
    expect(body.url).toBe(stripe.accountLinks.at(-1)!.url)
    expect(stripe.accountLinks.at(-1)).toMatchObject({
      account: accountId, type: 'account_onboarding',
      return_url: `${t.deps.config.appUrl}/cabinet/bank_accounts?connect=return`, refresh_url: `${t.deps.config.appUrl}/cabinet/bank_accounts?connect=refresh`,
    })

    const again = await start()
    expect(again.json().bank_account.connect_account).toBe(accountId)
    expect(stripe.accounts.size).toBe(1)
    expect(stripe.accountLinks.filter((l) => l.account === accountId)).toHaveLength(2)

    const list = await t.request({ method: 'GET', url: '/api/v1/cabinet/bank_accounts', token: seller.accessToken })
    expect(list.json().list).toEqual([expect.objectContaining({ connect_account: accountId, provider_account_state: 'kyc_incomplete' })])
  })

  test('the return asks the provider; account.updated moves the standing, and payouts enabled submits the account for the managers\' check', async () => {
    const seller = await createSeller(t)
    const started = await t.request({ method: 'POST', url: '/api/v1/cabinet/connect_onboarding', token: seller.accessToken, payload: {} })
    const accountId = started.json().bank_account.connect_account as string

    // The party finished the forms; the provider takes money but still checks before payouts.
    stripe.updateAccount(accountId, { details_submitted: true, charges_enabled: true, requirements: { currently_due: [], disabled_reason: null } })
    const back = await t.request({ method: 'POST', url: '/api/v1/cabinet/connect_onboarding/refresh', token: seller.accessToken })
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json().bank_account).toMatchObject({ connect_account: accountId, state: 'not_sent', provider_account_state: 'kyc_1' })

    const enabled = stripe.updateAccount(accountId, { payouts_enabled: true })
    const res = await deliver('account.updated', { ...enabled })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ received: 1 })
    const [row] = await sql('select state, legitimation_state, provider_account_state from bank_accounts where provider_ref = $1', [accountId])
    expect(row).toEqual({ state: 'waiting', legitimation_state: 'init', provider_account_state: 'kyc_2' })

    // The same event again changes nothing; a restriction for past-due information makes it incomplete.
    await deliver('account.updated', { ...enabled })
    const restricted = stripe.updateAccount(accountId, { payouts_enabled: false, requirements: { past_due: ['individual.verification.document'], disabled_reason: 'requirements.past_due' } })
    await deliver('account.updated', { ...restricted })
    expect((await sql('select state, provider_account_state from bank_accounts where provider_ref = $1', [accountId]))[0]).toEqual({ state: 'waiting', provider_account_state: 'kyc_incomplete' })

    // Rejected by the provider.
    await deliver('account.updated', { ...stripe.updateAccount(accountId, { requirements: { disabled_reason: 'rejected.fraud' } }) })
    expect((await sql('select provider_account_state from bank_accounts where provider_ref = $1', [accountId]))[0]).toEqual({ provider_account_state: 'rejected' })
  })

  test('an accepted connected account takes the connect rail', async () => {
    const seller = await createSeller(t)
    const started = await t.request({ method: 'POST', url: '/api/v1/cabinet/connect_onboarding', token: seller.accessToken, payload: {} })
    const accountId = started.json().bank_account.connect_account as string
    await deliver('account.updated', { ...stripe.updateAccount(accountId, { details_submitted: true, charges_enabled: true, payouts_enabled: true, requirements: { currently_due: [], past_due: [], disabled_reason: null } }) })
    const [row] = await sql<{ id: number }>('select id from bank_accounts where provider_ref = $1', [accountId])
    const manager = await signInManager(t)
    const accepted = await t.request({ method: 'POST', url: `/api/v1/admin/bank_accounts/${row!.id}/accept`, token: manager })
    expect(accepted.statusCode, accepted.body).toBe(200)
    const [bankAccount] = await sql('select * from bank_accounts where id = $1', [row!.id])
    expect(bankAccount.state).toBe('activated')
    expect(railFor(t.deps, { bankAccount: { ...bankAccount, providerRef: bankAccount.provider_ref }, legitimation: undefined })).toBe('connect')
  })

  test('a webhook without a valid signature is refused; an account that is not ours changes nothing; a publisher has the same routes', async () => {
    const unsigned = await t.request({ method: 'POST', url: '/api/v1/hooks/connect', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ type: 'account.updated' }) })
    expect(unsigned.statusCode).toBe(400)
    expect(unsigned.json().error.type).toBe('invalid_signature')
    const forged = stripe.webhook('account.updated', { id: 'acct_unknown', object: 'account' }, { secret: 'whsec_other' })
    expect((await t.request({ method: 'POST', url: '/api/v1/hooks/connect', headers: forged.headers, payload: forged.body })).statusCode).toBe(400)
    const foreign = await deliver('account.updated', { id: 'acct_notours', object: 'account', payouts_enabled: true, charges_enabled: true, requirements: { past_due: [] } })
    expect(foreign.json()).toEqual({ received: 0 })

    const anonymous = await t.request({ method: 'POST', url: '/api/v1/cabinet/connect_onboarding', payload: {} })
    expect(anonymous.statusCode).toBe(401)
  })
})
