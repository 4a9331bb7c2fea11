import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { publishedProduct } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { startMangopayStandIn, type MangopayStandIn } from '../../../../tests/stand-ins/mangopay-stand-in'
import { legitimations } from '../../db/schema'
import { syncLegitimation } from './emoney.service'

// docs/reference/readings.md 23 with the e-money provider (docs/decisions/0052-emoney-pay-ins.md): outside test mode a
// seller whose wallet there may receive payments has a payment account, in the profile and payment settings
// (through the money-out port) and in the catalogue's reads of sellers (the same rule in SQL), so it sells.

let t: TestApp
let stand: MangopayStandIn
let seller: TestSeller

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

beforeAll(async () => {
  stand = await startMangopayStandIn()
  t = await createTestApp({ PAYMENTS_TEST_MODE: 'false', MANGOPAY_CLIENT_ID: stand.clientId, MANGOPAY_API_KEY: stand.apiKey, MANGOPAY_API_BASE: stand.url })
  seller = await createSeller(t)
}, 60_000)
afterAll(async () => {
  await t.close()
  await stand.close()
})

async function flags() {
  const me = await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: seller.accessToken })
  expect(me.statusCode, me.body).toBe(200)
  const providers = await t.request({ method: 'GET', url: '/api/v1/cabinet/payment_providers', token: seller.accessToken })
  const settings = await t.request({ method: 'GET', url: '/api/v1/cabinet/payment_settings', token: seller.accessToken })
  return { profile: me.json().seller.payment_account_done, providers: providers.json().payment_account_done, settings: settings.json().payment_account_done }
}

describe('an e-money wallet as the seller\'s payment account', () => {
  test('counts once the wallet may receive payments, and no sooner; the seller then sells through it', async () => {
    expect(await flags()).toEqual({ profile: false, providers: false, settings: false })

    const [legitimation] = await t.deps.db.insert(legitimations).values({
      partyKind: 'seller', partyId: seller.sellerId, userId: seller.userId, businessType: 'natural', step: 'requested', submittedAt: new Date(),
      details: { legal_representative: { first_name: 'Ada', last_name: 'Lovelace', birthday: '10.12.1985', nationality: 'DE', street: 'Hauptstr. 1', zip: '10115', city: 'Berlin', country_code: 'DE' } },
    }).returning()
    await syncLegitimation(t.deps, legitimation!.id)
    expect(await flags()).toEqual({ profile: true, providers: true, settings: true })
    expect((await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: seller.accessToken })).json().seller).toMatchObject({ can_sell: true })

    const saved = await t.request({ method: 'PUT', url: '/api/v1/cabinet/payment_settings', token: seller.accessToken, payload: { methods: [{ method: 'card', provider: 'emoney', active: true }] } })
    expect(saved.statusCode, saved.body).toBe(200)
    const product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(5_000)] })
    const page = await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/${product.slug}/checkout` })
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toMatchObject({ payment_methods: ['card'], unavailable_reason: null })

    // A wallet the provider blocked no longer counts, in either form.
    await sql('update legitimations set provider_account_state = $1 where id = $2', ['blocked', legitimation!.id])
    expect(await flags()).toEqual({ profile: false, providers: false, settings: false })
    const blocked = await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/${product.slug}/checkout` })
    expect(blocked.json().unavailable_reason).not.toBeNull()
  })
})
