import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../tests/factories/checkout'
import { startViesStandIn, type ViesStandIn } from '../../../tests/stand-ins/vies-stand-in'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { forgetViesAnswers, verificationOfAnswer, viesRequestOf } from './vies'

// The online VIES check (docs/decisions/0088-vies-check.md) against a local stand-in: a registered id gives a
// reverse charge the invoice calls confirmed in VIES; an unregistered one is not applied (VAT charged); VIES
// down, erring or too slow leaves the format check, and the documents say so.

describe('reading VIES', () => {
  test('the request splits an EU id as VIES spells it; non-EU or malformed ids are not asked', () => {
    expect(viesRequestOf('atu 13585627')).toEqual({ countryCode: 'AT', vatNumber: 'U13585627' })
    expect(viesRequestOf('EL094014201')).toEqual({ countryCode: 'EL', vatNumber: '094014201' })
    expect(viesRequestOf('CHE-123.456.788')).toBeNull()
    expect(viesRequestOf('AT123')).toBeNull()
  })
  test('valid, not registered, or no answer', () => {
    expect(verificationOfAnswer({ valid: true })).toBe('vies_valid')
    expect(verificationOfAnswer({ valid: false })).toBe('vies_invalid')
    expect(verificationOfAnswer({ actionSucceed: false, errorWrappers: [{ error: 'MS_MAX_CONCURRENT_REQ' }] })).toBeNull()
    expect(verificationOfAnswer('<html>')).toBeNull()
  })
})

let vies: ViesStandIn
let t: TestApp
let seller: TestSeller
let product: { id: number; pricing_plans: { id: number }[] }
beforeAll(async () => {
  vies = await startViesStandIn(['ATU13585627'])
  t = await createTestApp({ VIES_URL: vies.endpoint, VIES_TIMEOUT_MS: '300' })
  seller = await createSeller(t)
  const profile = { first_name: 'Sina', last_name: 'Seller', street: 'Marktplatz', street_number: '5', zip: '80331', city: 'München', country_code: 'DE', tax_number: '143/123/45678', business_type: 'entity', company: 'Acme Courses GmbH', vat_payer: 'liable', vat_id: 'DE136695976' }
  await t.deps.database.executeSql('update sellers set profile = $1, country_code = $2, company = $3 where id = $4', [JSON.stringify(profile), 'DE', 'Acme Courses GmbH', seller.sellerId])
  product = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(11_900)] })
}, 60_000)
afterAll(async () => { await t?.close(); await vies?.close() })
beforeEach(() => { forgetViesAnswers() })

const business = (vatId: string) => ({ ...fullPayer(), country_code: 'AT', company: 'Alpen Learning GmbH', vat_id: vatId, city: 'Wien', zip: '1010' })
const quote = (vatId: string) => t.request({ method: 'POST', url: '/api/v1/shop/orders/quote', payload: { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, country_code: 'AT', vat_id: vatId } })

async function buy(vatId: string) {
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer: business(vatId), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [row] = (await t.deps.database.executeSql('select o.id, i.vat, i.gross_amount::int as gross, i.vat_amount::int as vat_amount from orders o join invoices i on i.order_id = o.id where o.token = $1', [res.json().order.token])).rows as { id: number; vat: any; gross: number; vat_amount: number }[]
  return row!
}

describe('the checkout asks VIES', () => {
  test('a registered id: reverse charge, confirmed in VIES on the quote, the order and the invoice', async () => {
    const q = await quote('ATU13585627')
    expect(q.statusCode, q.body).toBe(200)
    expect(q.json().vat).toMatchObject({ treatment: 'reverse_charge', verification: 'vies_valid' })
    expect(q.json().vat.note).toContain('and in VIES')
    const order = await buy('ATU13585627')
    expect(order.vat).toMatchObject({ treatment: 'reverse_charge', reverse_charge: { verification: 'vies_valid' } })
    expect(order.vat.note).toContain('VIES')
    const detail = await t.request({ method: 'GET', url: `/api/v1/cabinet/orders/${order.id}`, token: seller.accessToken })
    expect(detail.json().reverse_charge).toMatchObject({ vat_id: 'ATU13585627', verification: 'vies_valid' })
    expect(vies.requests.filter((r) => r.path === '/check-vat-number').at(-1)!.body).toEqual({ countryCode: 'AT', vatNumber: 'U13585627' })
  })

  test('an id VIES does not know: not applied, VAT charged, and the quote says why', async () => {
    const q = await quote('ATU99999999')
    expect(q.json().vat).toMatchObject({ treatment: 'charged', verification: 'vies_invalid' })
    expect(q.json().vat.note).toMatch(/not registered/)
    const order = await buy('ATU99999999')
    expect(order.vat_amount).toBeGreaterThan(0)
    expect(order.vat.treatment).toBe('charged')
  })

  test('VIES down, erring or too slow: the format check stands and the documents say only the format was checked', async () => {
    vies.down.add('AT')
    expect((await quote('ATU13585627')).json().vat).toMatchObject({ treatment: 'reverse_charge', verification: 'format_only' })
    vies.down.clear()
    vies.failNext(503)
    expect((await quote('ATU13585627')).json().vat).toMatchObject({ verification: 'format_only' })
    const held = vies.hold('POST', '/check-vat-number')
    const order = await buy('ATU13585627')
    held.release()
    expect(order.vat).toMatchObject({ treatment: 'reverse_charge', reverse_charge: { verification: 'format_only' } })
    expect(order.vat.note).toContain('format only')
  })
})
