import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { paymentInput } from '../../../../tests/stand-ins/payment-input'
import { startStripeStandIn, type StripeStandIn } from '../../../../tests/stand-ins/stripe-stand-in'
import { loadConfig } from '../../config'
import { environmentSettings } from '../../modules/platform-settings/platform-settings.store'
import { createProvider } from './index'

let platform: StripeStandIn
beforeAll(async () => {
  platform = await startStripeStandIn({ secretKey: 'sk_test_platform', webhookSecret: 'whsec_platform' })
})
afterAll(() => platform.close())

const env = { NODE_ENV: 'test', APP_URL: 'http://localhost:3000' }
/** The adapter's options for a configuration: its keys, and the platform settings as the environment sets them. */
const optionsOf = (config: ReturnType<typeof loadConfig>) => ({ config, settings: environmentSettings(config) })

describe('createProvider: one adapter per provider code', () => {
  test('the sandbox is there in test mode only', () => {
    expect(createProvider('sandbox', optionsOf(loadConfig(env))).code).toBe('sandbox')
    expect(() => createProvider('sandbox', optionsOf(loadConfig({ ...env, PAYMENTS_TEST_MODE: 'false' })))).toThrow(expect.objectContaining({ type: 'no_payment_method' }))
  })

  test('free needs nothing; seller providers need the seller\'s credentials', () => {
    const config = loadConfig(env)
    expect(createProvider('free', optionsOf(config)).code).toBe('free')
    for (const code of ['stripe', 'paypal', 'bank_wire'] as const) {
      expect(() => createProvider(code, optionsOf(config))).toThrow(expect.objectContaining({ type: 'no_payment_method' }))
    }
    expect(createProvider('stripe', { ...optionsOf(config), credentials: { secretKey: 'sk_test_x', publishableKey: 'pk_test_x' } }).code).toBe('stripe')
    expect(createProvider('paypal', { ...optionsOf(config), credentials: { email: 'shop@example.com', clientId: 'id', clientSecret: 'secret' } }).code).toBe('paypal')
    expect(createProvider('bank_wire', { ...optionsOf(config), credentials: { accountHolder: 'Maker', iban: 'DE89370400440532013000' } }).code).toBe('bank_wire')
  })

  test('connect is off without the platform\'s keys and charges with them when set', async () => {
    expect(() => createProvider('connect', optionsOf(loadConfig(env)))).toThrow(expect.objectContaining({ type: 'no_payment_method' }))
    const config = loadConfig({
      ...env, STRIPE_API_BASE: platform.url, CONNECT_STRIPE_SECRET_KEY: 'sk_test_platform',
      CONNECT_STRIPE_PUBLISHABLE_KEY: 'pk_test_platform', CONNECT_STRIPE_WEBHOOK_SECRET: 'whsec_platform',
    })
    const connect = createProvider('connect', optionsOf(config))
    expect(connect.code).toBe('connect')
    const created = await connect.createPayment(paymentInput())
    expect(platform.last('POST', '/v1/checkout/sessions')!.headers.authorization).toBe('Bearer sk_test_platform')
    const session = platform.completeSession(created.providerRef)
    const { body, headers } = platform.webhook('checkout.session.completed', session)
    expect(await connect.parseWebhook(body, headers)).toMatchObject([{ kind: 'payment', outcome: { state: 'successful' } }])
  })
})
