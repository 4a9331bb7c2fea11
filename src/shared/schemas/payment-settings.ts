import { z } from 'zod'
import { zText } from '../validation/storable'
import { checkoutMethods, zCheckoutMethod, zPaymentProvider } from '../payments'
import { hasScriptTag } from '../validation/text'
import { zBic, zEmail, zIban, zPlainText } from '../validation/schemas'
import { uniqueBy } from '../validation/document-rules'

// The seller's payment providers (/cabinet/settings/payment_providers) and the method x provider matrix
// (/cabinet/settings/payment_settings), docs/reference/catalogue-and-selling.md §3 "Payment methods", "Providers", docs/reference/readings.md 23
// and 27. Credentials go in, never come out: answers carry `public_info` (the publishable key, masked
// secrets, the email, the last 4 of an IBAN). A secret field left out of a PUT keeps the stored value.

const keyOr = (other: string) => (issue: { input: unknown }) => (issue.input === undefined ? 'required' : other)

/** A key or id with a known shape: trimmed, at most 255 characters. */
const token = (pattern: RegExp) => zText({ error: keyOr('invalid_value') }).trim()
  .min(1, { error: 'required', abort: true })
  .max(255, { error: 'too_long', abort: true })
  .regex(pattern, { error: 'invalid_value' })

const requiredText = (max: number) => zText({ error: keyOr('invalid_value') }).trim()
  .min(1, { error: 'required', abort: true })
  .max(max, { error: 'too_long', abort: true })
  .refine((value) => !hasScriptTag(value), { error: 'script_tag' })

export const stripeKeyPatterns = {
  publishable: /^pk_(test|live)_[A-Za-z0-9]{8,}$/,
  /** A secret key, or a restricted key with the rights the platform needs. */
  secret: /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/,
  webhook: /^whsec_[A-Za-z0-9+/=_-]{8,}$/,
} as const

/** test | live, read from a Stripe key's prefix. */
export function stripeKeyMode(key: string): 'test' | 'live' | null {
  const match = /^(?:pk|sk|rk)_(test|live)_/.exec(key)
  return match ? (match[1] as 'test' | 'live') : null
}

const active = z.boolean({ error: 'invalid_value' }).optional()

export const stripeCredentialsInput = z.strictObject({
  publishable_key: token(stripeKeyPatterns.publishable),
  /** Left out: the stored secret key stays. */
  secret_key: token(stripeKeyPatterns.secret).optional(),
  /** Left out: the stored one stays; null removes it. */
  webhook_secret: token(stripeKeyPatterns.webhook).nullish(),
  active,
}).superRefine((value, ctx) => {
  if (value.secret_key && stripeKeyMode(value.secret_key) !== stripeKeyMode(value.publishable_key)) {
    ctx.addIssue({ code: 'custom', path: ['secret_key'], message: 'invalid_value' })
  }
}).meta({
  // The keys' mode agrees: test with test, live with live.
  anyOf: (['test', 'live'] as const).map((mode) => ({
    properties: {
      publishable_key: { type: 'string', pattern: `^pk_${mode}_[A-Za-z0-9]{8,}$` },
      secret_key: { type: 'string', pattern: `^(sk|rk)_${mode}_[A-Za-z0-9]{8,}$` },
    },
  })),
})
export type StripeCredentialsInput = z.infer<typeof stripeCredentialsInput>

const paypalId = /^[A-Za-z0-9_-]{10,}$/

/**
 * The older NVP mode's API credentials: stored only, never used, since payments and refunds run on REST
 * (docs/reference/readings.md 27). No longer asked for (docs/decisions/0089-paypal-nvp-not-asked.md): the field stays
 * valid for existing clients and is marked deprecated in the API document.
 */
export const paypalNvpInput = z.strictObject({
  user: requiredText(200),
  /** Left out: the stored one stays. */
  password: zText({ error: 'invalid_value' }).min(1, { error: 'required' }).max(200, { error: 'too_long' }).optional(),
  signature: zText({ error: 'invalid_value' }).min(1, { error: 'required' }).max(255, { error: 'too_long' }).optional(),
})

export const paypalCredentialsInput = z.strictObject({
  email: zEmail,
  client_id: token(paypalId),
  /** Left out: the stored client secret stays. */
  client_secret: token(paypalId).optional(),
  merchant_id: token(/^[A-Za-z0-9]{5,40}$/).nullish(),
  webhook_id: token(/^[A-Za-z0-9-]{5,60}$/).nullish(),
  /** Left out: stored NVP credentials stay; null removes them. */
  nvp: paypalNvpInput.nullish().meta({ deprecated: true, description: 'Deprecated: stored only, never used (PayPal runs on REST); null removes stored credentials.' }),
  active,
})
export type PayPalCredentialsInput = z.infer<typeof paypalCredentialsInput>

export const bankWireCredentialsInput = z.strictObject({
  account_holder: requiredText(100),
  iban: zIban,
  bic: zBic.nullish(),
  bank_name: zPlainText(100).nullish(),
  active,
})
export type BankWireCredentialsInput = z.infer<typeof bankWireCredentialsInput>

export const providerActiveInput = z.strictObject({ active: z.boolean({ error: keyOr('invalid_value') }) })

export const sellerProviderParams = z.strictObject({ provider: z.enum(['stripe', 'paypal', 'bank_wire']) })

export const providerPublicInfo = z.record(z.string(), z.union([z.string(), z.boolean(), z.null()]))

export const providerAccountOutput = z.object({
  provider: zPaymentProvider,
  /** The sandbox (test mode) and connect (the platform's account) are the platform's, not stored per seller. */
  built_in: z.boolean(),
  configured: z.boolean(),
  active: z.boolean(),
  public_info: providerPublicInfo,
  configured_at: z.string().nullable(),
  updated_at: z.string().nullable(),
})
export type ProviderAccountOutput = z.infer<typeof providerAccountOutput>

export const providerListOutput = z.object({
  list: z.array(providerAccountOutput),
  test_mode: z.boolean(),
  payment_account_done: z.boolean(),
})
export type ProviderListOutput = z.infer<typeof providerListOutput>

// ------------------------------------------------------------------ the method x provider matrix

export const methodSettingOutput = z.object({
  method: zCheckoutMethod,
  /** The providers this method may use now: the spec's matrix, narrowed to what is configured and active. */
  allowed_providers: z.array(zPaymentProvider),
  /** The provider the method runs through; null when none is available. */
  provider: zPaymentProvider.nullable(),
  /** Offered at checkout now (a provider is chosen, available and switched on). */
  active: z.boolean(),
  /** The seller saved this row; false: the default choice applies. */
  stored: z.boolean(),
})
export type MethodSettingOutput = z.infer<typeof methodSettingOutput>

export const paymentSettingsOutput = z.object({
  methods: z.array(methodSettingOutput),
  test_mode: z.boolean(),
  payment_account_done: z.boolean(),
})
export type PaymentSettingsOutput = z.infer<typeof paymentSettingsOutput>

export const methodSettingInput = z.strictObject({
  method: zCheckoutMethod,
  provider: zPaymentProvider,
  active: z.boolean({ error: keyOr('invalid_value') }),
})

/**
 * PUT /cabinet/payment_settings: the whole matrix. A method left out uses the default choice (the seller's
 * own configured provider, else the sandbox in test mode). A provider the matrix does not allow for the
 * method, or one not configured, is refused with 422 by the server.
 */
export const paymentSettingsInput = z.strictObject({
  methods: z.array(methodSettingInput).max(checkoutMethods.length, { error: 'out_of_range' }).meta(uniqueBy('method')),
}).superRefine((value, ctx) => {
  const seen = new Set<string>()
  value.methods.forEach((entry, index) => {
    if (seen.has(entry.method)) ctx.addIssue({ code: 'custom', path: ['methods', index, 'method'], message: 'invalid_value' })
    seen.add(entry.method)
  })
})
export type PaymentSettingsInput = z.infer<typeof paymentSettingsInput>
