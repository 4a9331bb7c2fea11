import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createProduct, createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { signUpUser } from '../../../../tests/factories/users'
import { activeMethods, paymentAccountDone, providerCredentials } from './payment-settings.service'

// Payment providers and the method x provider matrix, in test mode (the sandbox is built in) and without
// it (payment_account_done follows the configured providers, docs/reference/readings.md 23).

const providers = '/api/v1/cabinet/payment_providers'
const matrix = '/api/v1/cabinet/payment_settings'

const stripe = {
  publishable_key: 'pk_test_51AbCdEfGhIjKlMn',
  secret_key: 'sk_test_51SecretValueXyZ9876',
  webhook_secret: 'whsec_WebhookSecretValue4321',
}
const paypal = {
  email: 'payments@example.test',
  client_id: 'AcLientIdValue-0123456789',
  client_secret: 'EClientSecretValue-9876543210',
  merchant_id: 'MERCHANT12345',
  nvp: { user: 'seller_api1.example.test', password: 'NvpPassword123', signature: 'NvpSignatureValue.abcdef' },
}
const bankWire = { account_holder: 'Erika Mustermann', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', bank_name: 'Commerzbank' }

const secrets = [stripe.secret_key, stripe.webhook_secret, paypal.client_secret, paypal.nvp.password, paypal.nvp.signature, 'DE89370400440532013000']

async function teamMember(t: TestApp, employer: TestSeller, permissions: string[]): Promise<string> {
  const member = await signUpUser(t, { profile_type: 'payer' })
  const { rows } = await t.deps.database.executeSql(
    `insert into profiles (user_id, type, seller_id, permissions) values ($1, 'team_member', $2, $3::jsonb) returning id`,
    [member.userId, employer.sellerId, JSON.stringify(permissions)],
  )
  const switched = await t.request({ method: 'PUT', url: '/api/v1/app/session/profile', token: member.accessToken, payload: { profile_id: rows[0].id } })
  return switched.json().access_token
}

/** The flag as every read derives it (never stored): the payment settings' answer. */
async function accountDone(t: TestApp, sellerId: number): Promise<boolean> {
  return paymentAccountDone(t.deps.db, t.deps, sellerId)
}

describe('in test mode', () => {
  let t: TestApp
  let seller: TestSeller
  let other: TestSeller
  beforeAll(async () => {
    t = await createTestApp()
    seller = await createSeller(t)
    other = await createSeller(t)
  })
  afterAll(async () => { await t.close() })

  const put = (provider: string, payload: object, token = seller.accessToken) => t.request({ method: 'PUT', url: `${providers}/${provider}`, token, payload })

  test('a new seller sees the sandbox built in and the three providers not configured', async () => {
    const res = await t.request({ method: 'GET', url: providers, token: other.accessToken })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ test_mode: true, payment_account_done: true })
    expect(res.json().list.map((p: any) => [p.provider, p.built_in, p.configured])).toEqual([
      ['sandbox', true, true], ['stripe', false, false], ['paypal', false, false], ['bank_wire', false, false],
    ])
  })

  test('a fresh seller sells at once: every method but bank wire goes to the sandbox', async () => {
    const res = await t.request({ method: 'GET', url: matrix, token: other.accessToken })
    expect(res.statusCode).toBe(200)
    const methods = res.json().methods
    expect(methods.map((m: any) => m.method)).toEqual(['card', 'apple_pay', 'google_pay', 'sepa', 'ideal', 'p_24', 'klarna', 'twint', 'paypal', 'bank_wire'])
    for (const m of methods.filter((m: any) => m.method !== 'bank_wire')) expect(m).toMatchObject({ provider: 'sandbox', active: true, stored: false, allowed_providers: ['sandbox'] })
    expect(methods.at(-1)).toMatchObject({ method: 'bank_wire', provider: null, active: false, allowed_providers: [] })
    const active = await activeMethods(t.deps.db, t.deps, other.sellerId, null)
    expect(active.map((a) => a.method)).toEqual(['card', 'apple_pay', 'google_pay', 'sepa', 'ideal', 'p_24', 'klarna', 'twint', 'paypal'])
    expect(new Set(active.map((a) => a.provider))).toEqual(new Set(['sandbox']))
  })

  test('stripe credentials are stored sealed; answers show the publishable key and masked secrets only', async () => {
    const res = await put('stripe', stripe)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      provider: 'stripe', configured: true, active: true, built_in: false,
      public_info: { publishable_key: stripe.publishable_key, secret_key: 'sk_…9876', webhook_secret: 'whsec_…4321', mode: 'test' },
    })
    const { rows } = await t.deps.database.executeSql('select credentials_encrypted, public_info from payment_provider_accounts where seller_id = $1', [seller.sellerId])
    expect(rows[0].credentials_encrypted).toMatch(/^v1:/)
    expect(JSON.stringify(rows)).not.toContain(stripe.secret_key)
    expect(JSON.stringify(rows)).not.toContain(stripe.webhook_secret)
    expect(await providerCredentials(t.deps.db, t.deps, seller.sellerId, 'stripe')).toEqual({
      publishableKey: stripe.publishable_key, secretKey: stripe.secret_key, webhookSecret: stripe.webhook_secret,
    })
  })

  test('a secret left out keeps the stored one while the publishable key stays; null removes the webhook secret', async () => {
    const res = await put('stripe', { publishable_key: stripe.publishable_key, webhook_secret: null })
    expect(res.statusCode).toBe(200)
    expect(res.json().public_info).toMatchObject({ secret_key: 'sk_…9876', webhook_secret: null })
    expect(await providerCredentials(t.deps.db, t.deps, seller.sellerId, 'stripe')).toEqual({ publishableKey: stripe.publishable_key, secretKey: stripe.secret_key })
    const newKey = await put('stripe', { publishable_key: 'pk_test_51OtherAccountKey' })
    expect(newKey.statusCode).toBe(422)
    expect(newKey.json().error.fields).toEqual([{ path: 'secret_key', message: expect.any(String) }])
    const fresh = await put('stripe', { publishable_key: stripe.publishable_key }, other.accessToken)
    expect(fresh.statusCode).toBe(422)
    await put('stripe', stripe)
  })

  test('stripe input is checked: key shapes, test and live keys not mixed, unknown keys refused', async () => {
    expect((await put('stripe', { ...stripe, publishable_key: 'sk_test_51AbCdEfGhIjKlMn' })).statusCode).toBe(400)
    expect((await put('stripe', { ...stripe, secret_key: 'sk_live_51SecretValueXyZ9876' })).statusCode).toBe(400)
    expect((await put('stripe', { ...stripe, webhook_secret: 'secret' })).statusCode).toBe(400)
    const unknown = await put('stripe', { ...stripe, account_id: 'acct_1' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.type).toBe('INVALID_INPUT')
    expect((await put('stripe', { ...stripe, secret_key: 'rk_test_51RestrictedKey123' })).statusCode).toBe(200)
    await put('stripe', stripe)
  })

  test('paypal REST and NVP credentials: email and a masked client id shown, secrets never', async () => {
    const res = await put('paypal', paypal)
    expect(res.statusCode).toBe(200)
    expect(res.json().public_info).toEqual({
      email: paypal.email, client_id: '…6789', client_secret: '…3210', merchant_id: 'MERCHANT12345', webhook_id: null,
      nvp_user: paypal.nvp.user, nvp_configured: true,
    })
    expect(await providerCredentials(t.deps.db, t.deps, seller.sellerId, 'paypal')).toEqual({
      email: paypal.email, clientId: paypal.client_id, clientSecret: paypal.client_secret, merchantId: 'MERCHANT12345',
    })
    const keep = await put('paypal', { email: paypal.email, client_id: paypal.client_id, nvp: { user: paypal.nvp.user } })
    expect(keep.statusCode).toBe(200)
    expect(keep.json().public_info).toMatchObject({ nvp_configured: true, merchant_id: null })
    const newUser = await put('paypal', { email: paypal.email, client_id: paypal.client_id, nvp: { user: 'other_api1.example.test' } })
    expect(newUser.statusCode).toBe(422)
    expect(newUser.json().error.fields.map((f: any) => f.path)).toEqual(['nvp.password', 'nvp.signature'])
    expect((await put('paypal', { ...paypal, email: 'not-an-email' })).statusCode).toBe(400)
  })

  test('bank wire: IBAN and BIC validated, the IBAN shown as its last 4 only', async () => {
    expect((await put('bank_wire', { ...bankWire, iban: 'DE89 3704 0044 0532 0130 01' })).statusCode).toBe(400)
    expect((await put('bank_wire', { ...bankWire, bic: 'XX' })).statusCode).toBe(400)
    expect((await put('bank_wire', { ...bankWire, account_holder: '<script>x</script>' })).statusCode).toBe(400)
    const res = await put('bank_wire', bankWire)
    expect(res.statusCode).toBe(200)
    expect(res.json().public_info).toEqual({ account_holder: 'Erika Mustermann', iban: '…3000', bic: 'COBADEFFXXX', bank_name: 'Commerzbank' })
    expect(await providerCredentials(t.deps.db, t.deps, seller.sellerId, 'bank_wire')).toEqual({
      accountHolder: 'Erika Mustermann', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank',
    })
  })

  test('no answer of the seller\'s lists carries a secret', async () => {
    const list = await t.request({ method: 'GET', url: providers, token: seller.accessToken })
    expect(list.json().list.filter((p: any) => p.configured && !p.built_in).map((p: any) => p.provider)).toEqual(['stripe', 'paypal', 'bank_wire'])
    const settings = await t.request({ method: 'GET', url: matrix, token: seller.accessToken })
    for (const body of [list.body, settings.body]) for (const secret of secrets) expect(body).not.toContain(secret)
  })

  test('the sandbox, connect and free have no stored credentials', async () => {
    for (const provider of ['sandbox', 'connect', 'free'] as const) expect(await providerCredentials(t.deps.db, t.deps, seller.sellerId, provider)).toBeNull()
    expect(await providerCredentials(t.deps.db, t.deps, other.sellerId, 'stripe')).toBeNull()
  })

  test('another seller sees none of it and cannot change or remove it', async () => {
    const list = await t.request({ method: 'GET', url: providers, token: other.accessToken })
    expect(list.json().list.every((p: any) => p.built_in || !p.configured)).toBe(true)
    expect(list.body).not.toContain(stripe.publishable_key)
    expect((await t.request({ method: 'DELETE', url: `${providers}/stripe`, token: other.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'PATCH', url: `${providers}/stripe`, token: other.accessToken, payload: { active: false } })).statusCode).toBe(404)
    expect(await providerCredentials(t.deps.db, t.deps, seller.sellerId, 'stripe')).not.toBeNull()
  })

  test('with providers configured, the seller\'s own provider is the default choice; the sandbox stays allowed', async () => {
    const res = await t.request({ method: 'GET', url: matrix, token: seller.accessToken })
    const byMethod = Object.fromEntries(res.json().methods.map((m: any) => [m.method, m]))
    expect(byMethod.card).toMatchObject({ provider: 'stripe', active: true, allowed_providers: ['stripe', 'sandbox'] })
    expect(byMethod.paypal).toMatchObject({ provider: 'paypal', allowed_providers: ['paypal', 'sandbox'] })
    expect(byMethod.bank_wire).toMatchObject({ provider: 'bank_wire', active: true, allowed_providers: ['bank_wire'] })
  })

  test('the matrix refuses a provider the method does not allow, or one not configured (422 with the field)', async () => {
    const save = (methods: object[], token = seller.accessToken) => t.request({ method: 'PUT', url: matrix, token, payload: { methods } })
    const klarna = await save([{ method: 'card', provider: 'stripe', active: true }, { method: 'klarna', provider: 'paypal', active: true }])
    expect(klarna.statusCode).toBe(422)
    expect(klarna.json().error).toMatchObject({ type: 'validation_failed', fields: [{ path: 'methods.1.provider', message: expect.any(String) }] })
    expect((await save([{ method: 'twint', provider: 'bank_wire', active: true }])).statusCode).toBe(422)
    expect((await save([{ method: 'paypal', provider: 'stripe', active: true }])).statusCode).toBe(422)
    expect((await save([{ method: 'card', provider: 'connect', active: true }])).statusCode).toBe(422)
    expect((await save([{ method: 'card', provider: 'free', active: true }])).statusCode).toBe(422)
    expect((await save([{ method: 'card', provider: 'stripe', active: true }], other.accessToken)).statusCode).toBe(422)
    expect((await save([{ method: 'card', provider: 'stripe', active: true, extra: 1 }])).statusCode).toBe(400)
    expect((await save([{ method: 'sofort', provider: 'stripe', active: true }])).statusCode).toBe(400)
    expect((await save([{ method: 'card', provider: 'stripe', active: true }, { method: 'card', provider: 'sandbox', active: true }])).statusCode).toBe(400)
    expect((await t.request({ method: 'PUT', url: matrix, token: seller.accessToken, payload: { methods: [], more: true } })).statusCode).toBe(400)
  })

  test('a saved matrix decides activeMethods; a product\'s own selection narrows it, in checkout order', async () => {
    const res = await t.request({
      method: 'PUT', url: matrix, token: seller.accessToken, payload: {
        methods: [
          { method: 'klarna', provider: 'stripe', active: true },
          { method: 'card', provider: 'stripe', active: true },
          { method: 'sepa', provider: 'sandbox', active: false },
          { method: 'paypal', provider: 'sandbox', active: true },
        ],
      },
    })
    expect(res.statusCode).toBe(200)
    const byMethod = Object.fromEntries(res.json().methods.map((m: any) => [m.method, m]))
    expect(byMethod.sepa).toMatchObject({ provider: 'sandbox', active: false, stored: true })
    expect(byMethod.ideal).toMatchObject({ provider: 'stripe', active: true, stored: false })
    const all = await activeMethods(t.deps.db, t.deps, seller.sellerId, null)
    expect(all).toEqual([
      { method: 'card', provider: 'stripe' }, { method: 'apple_pay', provider: 'stripe' }, { method: 'google_pay', provider: 'stripe' },
      { method: 'ideal', provider: 'stripe' }, { method: 'p_24', provider: 'stripe' }, { method: 'klarna', provider: 'stripe' },
      { method: 'twint', provider: 'stripe' }, { method: 'paypal', provider: 'sandbox' }, { method: 'bank_wire', provider: 'bank_wire' },
    ])
    expect(await activeMethods(t.deps.db, t.deps, seller.sellerId, ['paypal', 'sepa', 'card'])).toEqual([
      { method: 'card', provider: 'stripe' }, { method: 'paypal', provider: 'sandbox' },
    ])
  })

  test('a switched-off provider takes its methods off (never elsewhere); removing it brings back the default choice', async () => {
    const off = await t.request({ method: 'PATCH', url: `${providers}/stripe`, token: seller.accessToken, payload: { active: false } })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({ provider: 'stripe', active: false })
    let methods = await activeMethods(t.deps.db, t.deps, seller.sellerId, null)
    expect(methods.find((m) => m.method === 'card')).toBeUndefined()
    expect(methods.find((m) => m.method === 'ideal')).toEqual({ method: 'ideal', provider: 'sandbox' })
    expect((await t.request({ method: 'PATCH', url: `${providers}/stripe`, token: seller.accessToken, payload: { active: true } })).statusCode).toBe(200)
    expect((await t.request({ method: 'DELETE', url: `${providers}/stripe`, token: seller.accessToken })).statusCode).toBe(204)
    methods = await activeMethods(t.deps.db, t.deps, seller.sellerId, null)
    expect(methods.find((m) => m.method === 'card')).toEqual({ method: 'card', provider: 'sandbox' })
    expect(await providerCredentials(t.deps.db, t.deps, seller.sellerId, 'stripe')).toBeNull()
    expect((await t.request({ method: 'DELETE', url: `${providers}/stripe`, token: seller.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'DELETE', url: `${providers}/sandbox`, token: seller.accessToken })).statusCode).toBe(400)
  })

  test('sign-in and permission: no token 401, a payer 403, a team member needs settings.read / settings.write', async () => {
    expect((await t.request({ method: 'GET', url: providers })).statusCode).toBe(401)
    const payer = await signUpUser(t, { profile_type: 'payer' })
    expect((await t.request({ method: 'GET', url: matrix, token: payer.accessToken })).statusCode).toBe(403)
    const reader = await teamMember(t, seller, ['settings.read'])
    const list = await t.request({ method: 'GET', url: providers, token: reader })
    expect(list.statusCode).toBe(200)
    expect(list.json().list.find((p: any) => p.provider === 'paypal').public_info.email).toBe(paypal.email)
    expect((await put('bank_wire', bankWire, reader)).statusCode).toBe(403)
    expect((await t.request({ method: 'PUT', url: matrix, token: reader, payload: { methods: [] } })).statusCode).toBe(403)
    const none = await teamMember(t, seller, ['products.read'])
    expect((await t.request({ method: 'GET', url: providers, token: none })).statusCode).toBe(403)
  })

  test('the routes are documented', async () => {
    const paths = Object.keys((await t.request({ method: 'GET', url: '/api/docs/json' })).json().paths)
    for (const path of ['/api/v1/cabinet/payment_providers', '/api/v1/cabinet/payment_providers/stripe', '/api/v1/cabinet/payment_settings']) expect(paths).toContain(path)
  })
})

describe('without test mode', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ PAYMENTS_TEST_MODE: 'false', CONNECT_STRIPE_SECRET_KEY: 'sk_test_platformKey123', CONNECT_STRIPE_PUBLISHABLE_KEY: 'pk_test_platformKey123' })
  })
  afterAll(async () => { await t.close() })

  test('payment_account_done follows a configured and active provider, in the same change', async () => {
    const seller = await signUpUser(t)
    const { rows } = await t.deps.database.executeSql('select id from sellers where user_id = $1', [seller.userId])
    const sellerId: number = rows[0].id
    expect(await accountDone(t, sellerId)).toBe(false)
    const list = await t.request({ method: 'GET', url: providers, token: seller.accessToken })
    expect(list.json()).toMatchObject({ test_mode: false, payment_account_done: false })
    expect(list.json().list[0]).toMatchObject({ provider: 'connect', built_in: true, public_info: { publishable_key: 'pk_test_platformKey123' } })
    expect(list.body).not.toContain('sk_test_platformKey123')

    const nothing = await t.request({ method: 'GET', url: matrix, token: seller.accessToken })
    for (const m of nothing.json().methods) expect(m).toMatchObject({ provider: null, active: false })
    expect(nothing.json().methods[0].allowed_providers).toEqual(['connect'])
    expect(await activeMethods(t.deps.db, t.deps, sellerId, null)).toEqual([])

    expect((await t.request({ method: 'PUT', url: `${providers}/bank_wire`, token: seller.accessToken, payload: bankWire })).statusCode).toBe(200)
    expect(await accountDone(t, sellerId)).toBe(true)
    expect(await activeMethods(t.deps.db, t.deps, sellerId, null)).toEqual([{ method: 'bank_wire', provider: 'bank_wire' }])
    await t.request({ method: 'PATCH', url: `${providers}/bank_wire`, token: seller.accessToken, payload: { active: false } })
    expect(await accountDone(t, sellerId)).toBe(false)
    await t.request({ method: 'PATCH', url: `${providers}/bank_wire`, token: seller.accessToken, payload: { active: true } })
    expect(await accountDone(t, sellerId)).toBe(true)
    expect((await t.request({ method: 'DELETE', url: `${providers}/bank_wire`, token: seller.accessToken })).statusCode).toBe(204)
    expect(await accountDone(t, sellerId)).toBe(false)
  })

  test('connect counts once a method runs through it; the sandbox is not offered outside test mode', async () => {
    const seller = await signUpUser(t)
    const { rows } = await t.deps.database.executeSql('select id from sellers where user_id = $1', [seller.userId])
    const sellerId: number = rows[0].id
    const save = (methods: object[]) => t.request({ method: 'PUT', url: matrix, token: seller.accessToken, payload: { methods } })
    expect((await save([{ method: 'card', provider: 'sandbox', active: true }])).statusCode).toBe(422)
    const res = await save([{ method: 'card', provider: 'connect', active: true }, { method: 'twint', provider: 'connect', active: true }])
    expect(res.statusCode).toBe(200)
    expect(res.json().payment_account_done).toBe(true)
    expect(await accountDone(t, sellerId)).toBe(true)
    expect(await activeMethods(t.deps.db, t.deps, sellerId, null)).toEqual([{ method: 'card', provider: 'connect' }, { method: 'twint', provider: 'connect' }])
    expect((await save([{ method: 'card', provider: 'connect', active: false }])).json().payment_account_done).toBe(false)
    expect(await accountDone(t, sellerId)).toBe(false)
  })
})

describe('test mode turned off later', () => {
  let t: TestApp
  beforeAll(async () => { t = await createTestApp() })
  afterAll(async () => { await t.close() })

  test('a seller made in test mode has no payment account once test mode is off: cannot sell or publish until a provider is configured', async () => {
    const seller = await createSeller(t)
    const product = await createProduct(t, seller.accessToken)
    const me = async (app: TestApp) => (await app.request({ method: 'GET', url: '/api/v1/app/user/me', token: seller.accessToken })).json().seller
    expect(await me(t)).toMatchObject({ payment_account_done: true, can_sell: true })

    // The same database, now served with test mode off (the sandbox no longer counts).
    const off = await createTestApp({ PAYMENTS_TEST_MODE: 'false' }, { database: t.deps.database })
    try {
      expect(await me(off)).toMatchObject({ payment_account_done: false, can_sell: false })
      expect((await off.request({ method: 'GET', url: providers, token: seller.accessToken })).json()).toMatchObject({ test_mode: false, payment_account_done: false })
      const refused = await off.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: seller.accessToken })
      expect(refused.statusCode, refused.body).toBe(422)
      expect(refused.json().error.fields).toContainEqual({ path: 'statuses', message: 'no_active_pay_method' })

      expect((await off.request({ method: 'PUT', url: `${providers}/bank_wire`, token: seller.accessToken, payload: bankWire })).statusCode).toBe(200)
      expect(await me(off)).toMatchObject({ payment_account_done: true, can_sell: true })
      const published = await off.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: seller.accessToken })
      expect(published.statusCode, published.body).toBe(200)
    } finally {
      await off.app.close()
      await off.deps.jobs.stop()
    }
  })
})
