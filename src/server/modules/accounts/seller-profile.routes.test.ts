import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { signUpUser, type SignedUp } from '../../../../tests/factories/users'
import { createProduct } from '../../../../tests/factories/catalog'

let t: TestApp
beforeAll(async () => { t = await createTestApp() })
afterAll(async () => { await t.close() })

const url = '/api/v1/cabinet/profile'

const complete = {
  business_type: 'natural', vat_payer: 'liable', salutation: 'mr', first_name: 'Jonas', last_name: 'Weber', phone: '+49 30 1234567',
  street: 'Hauptstraße', street_number: '5', zip: '10115', city: 'Berlin', country_code: 'DE', birthday: '14.03.1988',
  tax_number_type: 'number', tax_number: '21/815/08150', tax_number_country: 'DE', vat_id: 'DE 136 695 976',
}

async function confirmEmail(user: SignedUp) {
  const { rows } = await t.deps.database.executeSql('select html from email_logs where lower("to") = lower($1) order by id desc limit 1', [user.email])
  const token = /confirmation_token=([A-Za-z0-9_-]+)/.exec((rows[0] as { html: string }).html)![1]
  const res = await t.request({ method: 'POST', url: '/api/v1/app/user/confirmation', payload: { token } })
  expect(res.statusCode).toBe(200)
}

const me = async (user: SignedUp) => (await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: user.accessToken })).json()
const save = (user: SignedUp, payload: Record<string, unknown>) => t.request({ method: 'PUT', url, token: user.accessToken, payload })

describe('seller profile', () => {
  test('a new seller has an empty profile with the required fields missing', async () => {
    const user = await signUpUser(t)
    const res = await t.request({ method: 'GET', url, token: user.accessToken })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ profile: {}, profile_finished: false, home_country: 'DE' })
    expect(res.json().missing_fields).toEqual(expect.arrayContaining(['business_type', 'phone', 'vat_payer', 'birthday', 'tax_number']))
  })

  test('in test mode a new seller has the payment account done; a complete profile and a confirmed email let them sell', async () => {
    const user = await signUpUser(t)
    expect((await me(user)).seller).toMatchObject({ payment_account_done: true, profile_finished: false, can_sell: false })
    const res = await save(user, complete)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ profile_finished: true, missing_fields: [], profile: { first_name: 'Jonas', vat_id: 'DE136695976' } })
    // not confirmed yet
    expect((await me(user)).seller).toMatchObject({ profile_finished: true, can_sell: false })
    await confirmEmail(user)
    expect((await me(user)).seller).toMatchObject({ profile_finished: true, payment_account_done: true, can_sell: true })
    // the seller columns mirror the profile
    const { rows } = await t.deps.database.executeSql('select business_type, company, phone, country_code from sellers where user_id = $1', [user.userId])
    expect(rows[0]).toEqual({ business_type: 'natural', company: null, phone: '+49 30 1234567', country_code: 'DE' })
    // and a paid product publishes
    const product = await createProduct(t, user.accessToken)
    const publish = await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: user.accessToken })
    expect(publish.statusCode).toBe(200)
    expect(publish.json()).toMatchObject({ publish_state: 'published', can_sell: true })
    // the profile reads back
    expect((await t.request({ method: 'GET', url, token: user.accessToken })).json()).toMatchObject({ profile: { city: 'Berlin' }, profile_finished: true })
  })

  test('a missing required field keeps profile_finished false; streetNumber and salutation are not required', async () => {
    const user = await signUpUser(t)
    await confirmEmail(user)
    const { birthday: _b, ...withoutBirthday } = complete
    const res = await save(user, withoutBirthday)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ profile_finished: false, missing_fields: ['birthday'] })
    expect((await me(user)).seller).toMatchObject({ profile_finished: false, can_sell: false })
    const { street_number: _s, salutation: _t, ...lean } = complete
    expect((await save(user, lean)).json()).toMatchObject({ profile_finished: true })
    // a finished profile stays finished: a replacement lacking a required field is refused, naming it
    const lacking = await save(user, { ...complete, vat_payer: 'exempt' })
    expect(lacking.statusCode).toBe(400)
    expect(lacking.json().error).toMatchObject({ type: 'INVALID_INPUT', fields: [{ path: 'vat_exempt_reason', message: 'This field is required.' }] })
    expect((await me(user)).seller).toMatchObject({ profile_finished: true, can_sell: true })
    expect((await save(user, { ...complete, vat_payer: 'exempt', vat_exempt_reason: 'small_business' })).json().profile_finished).toBe(true)
  })

  test('an empty PUT does not unfinish a finished profile: 400 naming the missing fields, the profile and publishing unchanged', async () => {
    const user = await signUpUser(t)
    await confirmEmail(user)
    expect((await save(user, complete)).json().profile_finished).toBe(true)
    const empty = await save(user, {})
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.type).toBe('INVALID_INPUT')
    expect(empty.json().error.fields).toEqual(expect.arrayContaining([{ path: 'business_type', message: 'This field is required.' }, { path: 'tax_number', message: 'This field is required.' }]))
    expect((await t.request({ method: 'GET', url, token: user.accessToken })).json()).toMatchObject({ profile_finished: true, profile: { city: 'Berlin' } })
    const product = await createProduct(t, user.accessToken)
    expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: user.accessToken })).json()).toMatchObject({ publish_state: 'published' })
    // a draft still saves step by step, and a complete replacement of a complete profile is fine
    const draft = await signUpUser(t)
    expect((await save(draft, { business_type: 'natural' })).json()).toMatchObject({ profile_finished: false, profile: { business_type: 'natural' } })
    expect((await save(draft, { first_name: 'Jonas' })).json()).toMatchObject({ profile_finished: false, profile: { first_name: 'Jonas' } })
    expect((await save(user, { ...complete, city: 'Hamburg' })).json()).toMatchObject({ profile_finished: true, profile: { city: 'Hamburg' } })
  })

  test('entities need a company, and a region outside the home country', async () => {
    const user = await signUpUser(t)
    const entity = { ...complete, business_type: 'entity' }
    expect((await save(user, entity)).json()).toMatchObject({ profile_finished: false, missing_fields: ['company'] })
    expect((await save(user, { ...entity, company: 'Weber GmbH' })).json()).toMatchObject({ profile_finished: true })
    // finished: moving abroad without a region is refused, naming it
    const abroad = await save(user, { ...entity, company: 'Weber GmbH', country_code: 'AT' })
    expect([abroad.statusCode, abroad.json().error.fields]).toEqual([400, [{ path: 'region', message: 'This field is required.' }]])
    const done = await save(user, { ...entity, company: 'Weber GmbH', country_code: 'AT', region: 'Wien' })
    expect(done.json()).toMatchObject({ profile_finished: true })
    const { rows } = await t.deps.database.executeSql('select business_type, company, country_code from sellers where user_id = $1', [user.userId])
    expect(rows[0]).toEqual({ business_type: 'entity', company: 'Weber GmbH', country_code: 'AT' })
    // a natural person in the US needs a state too
    const draft = await signUpUser(t)
    expect((await save(draft, { ...complete, country_code: 'US' })).json()).toMatchObject({ profile_finished: false, missing_fields: ['region'] })
  })

  test('validation errors name the field', async () => {
    const user = await signUpUser(t)
    const res = await save(user, { ...complete, phone: 'call me', birthday: '01.01.2020' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.type).toBe('INVALID_INPUT')
    expect(res.json().error.fields).toEqual(expect.arrayContaining([
      expect.objectContaining({ path: 'phone', message: expect.stringContaining('valid phone number') }),
      expect.objectContaining({ path: 'birthday', message: expect.stringContaining('at least 18') }),
    ]))
    const unknown = await save(user, { ...complete, profile_finished: true })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.fields[0].path).toContain('profile_finished')
  })

  test('needs a seller: anonymous answers 401, a payer 403', async () => {
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401)
    const payer = await signUpUser(t, { profile_type: 'payer' })
    expect((await save(payer, complete)).statusCode).toBe(403)
  })
})

describe('payments test mode off', () => {
  let off: TestApp
  beforeAll(async () => { off = await createTestApp({ PAYMENTS_TEST_MODE: 'false' }) })
  afterAll(async () => { await off.close() })

  test('a new seller has no payment account, so a finished profile alone does not let them sell', async () => {
    const user = await signUpUser(off)
    await off.deps.database.executeSql('update users set confirmed_at = now() where id = $1', [user.userId])
    const res = await off.request({ method: 'PUT', url, token: user.accessToken, payload: complete })
    expect(res.json().profile_finished).toBe(true)
    const seller = (await off.request({ method: 'GET', url: '/api/v1/app/user/me', token: user.accessToken })).json().seller
    expect(seller).toMatchObject({ payment_account_done: false, profile_finished: true, can_sell: false })
  })
})
