import { z } from 'zod'
import { byLocale } from './translations'
import { zIdParam, zText } from '../validation/storable'
import { hasScriptTag } from '../validation/text'
import { byValue, documented } from '../validation/document-rules'
import { notBlank } from '../validation/storable'
import { isLocaleCode, type LocaleCode } from '../i18n/locales'
import { textTranslationsOf } from '../i18n/text-translations'

// Delivery (docs/decisions/0017-delivery.md): the product's delivery step (email mode and the seller's own mail), what a paid order
// delivered (the public order's `deliverables`), the payer area (/api/v1/payer/*) and managing a payment.

/** docs/reference/catalogue-and-selling.md §3 "Delivery email modes". */
export const deliveryEmailModes = ['standard_email', 'custom_email', 'no_email'] as const
export type DeliveryEmailMode = (typeof deliveryEmailModes)[number]

/**
 * The placeholders a custom delivery mail may use, each replaced by plain text (HTML-escaped in the HTML
 * part). Unknown `{words}` stay as written. The delivered items (keys, downloads, tickets, certificates)
 * are listed below the seller's text in every mode but no_email.
 */
export const deliveryPlaceholders = [
  'first_name', 'last_name', 'email', 'product_name', 'seller_name', 'order_number', 'access_url', 'payer_area_url', 'amount',
] as const
export type DeliveryPlaceholder = (typeof deliveryPlaceholders)[number]

const plain = (max: number) => zText({ error: 'invalid_value' }).trim().max(max, { error: 'too_long' })
  .refine((value) => !hasScriptTag(value), { error: 'script_tag' })

/**
 * The custom delivery mail in one other language (docs/decisions/0095-product-translations.md): each text
 * optional, with the base field's rules; empty or null is "not translated" (the base text is sent).
 */
export const deliveryTranslationInput = z.strictObject({
  custom_subject: plain(200).nullish(),
  custom_body: plain(10_000).nullish(),
})
/** Sent, it replaces every stored translation; `null` or `{}` removes them all; left out, the stored ones stay. */
export const deliveryTranslationsInput = z.strictObject(byLocale(deliveryTranslationInput))
export type DeliveryTranslationsInput = z.infer<typeof deliveryTranslationsInput>

/** PUT /api/v1/cabinet/products/{id}/delivery: the wizard's delivery step. */
export const productDeliveryInput = z.strictObject({
  email_mode: z.enum(deliveryEmailModes, { error: 'invalid_value' }),
  custom_subject: plain(200).nullish(),
  custom_body: plain(10_000).nullish(),
  /** The custom mail's texts in other languages, by locale; optional. */
  translations: deliveryTranslationsInput.nullish(),
}).superRefine((value, ctx) => {
  if (value.email_mode !== 'custom_email') return
  if (!value.custom_subject) ctx.addIssue({ code: 'custom', path: ['custom_subject'], message: 'required' })
  if (!value.custom_body) ctx.addIssue({ code: 'custom', path: ['custom_body'], message: 'required' })
}).meta(byValue('email_mode', deliveryEmailModes, { custom_email: { custom_subject: documented(plain(200).regex(notBlank)), custom_body: documented(plain(10_000).regex(notBlank)) } }))
export type ProductDeliveryInput = z.infer<typeof productDeliveryInput>

export const productDeliveryOutput = z.object({
  product_id: z.number(),
  email_mode: z.enum(deliveryEmailModes),
  custom_subject: z.string().nullable(),
  custom_body: z.string().nullable(),
  placeholders: z.array(z.enum(deliveryPlaceholders)),
  /** The custom mail's texts in other languages, by locale (`{}` for none; a text not translated is null). */
  translations: z.object(byLocale(z.object({ custom_subject: z.string().nullable(), custom_body: z.string().nullable() }))).optional(),
})
export type ProductDeliveryOutput = z.infer<typeof productDeliveryOutput>

/** The custom mail's texts as stored (`product_delivery_settings.translations`), by locale; each text optional. */
export const deliveryTranslationFields = ['custom_subject', 'custom_body'] as const
export type DeliveryTranslation = { custom_subject?: string; custom_body?: string }
export type DeliveryTranslations = { [L in LocaleCode]?: DeliveryTranslation }

/** A stored value read defensively: locale keys and known texts only; a language with no text is left out. */
export function deliveryTranslationsOf(stored: unknown): DeliveryTranslations {
  return textTranslationsOf(stored, deliveryTranslationFields)
}

/**
 * The custom delivery mail in `locale` (the order's, docs/decisions/0095-product-translations.md): the subject
 * and the body each the translation's when given, else the base text.
 */
export function localizedDeliveryMail(base: { subject: string | null; body: string | null }, stored: unknown, locale: string | null | undefined) {
  const tr = locale && isLocaleCode(locale) ? deliveryTranslationsOf(stored)[locale] : undefined
  return { subject: tr?.custom_subject ?? base.subject, body: tr?.custom_body ?? base.body }
}

/** GET /api/v1/shop/orders/{token} `deliverables`: what a paid order delivered (null before it is paid). */
export const deliverablesOutput = z.object({
  license_keys: z.array(z.object({ key: z.string() })),
  payment_tickets: z.array(z.object({ id: z.number(), code: z.string(), state: z.string(), qr_url: z.string(), pdf_url: z.string() })),
  downloads: z.array(z.object({ name: z.string(), url: z.string() })),
  certificates: z.array(z.object({ serial: z.string(), pdf_url: z.string(), verify_url: z.string() })),
  /** The course player or the membership page of the product bought; null for other forms. */
  access_url: z.string().nullable(),
  /** Every product the order gives access to (bundles and memberships list what they include). */
  products: z.array(z.object({ product_id: z.number(), name: z.string(), form: z.string(), access_url: z.string().nullable() })),
})
export type DeliverablesOutput = z.infer<typeof deliverablesOutput>

// ------------------------------------------------------------------ payer area

const purchase = z.object({
  grant_id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  form: z.string(),
  /** The membership or bundle this product came with. */
  via_product_name: z.string().nullable(),
  order_token: z.string(),
  state: z.string(),
  granted_at: z.string(),
  expires_at: z.string().nullable(),
  access_url: z.string().nullable(),
  /** Courses only. */
  progress: z.object({ finished: z.number(), total: z.number(), percent: z.number() }).nullable(),
  /** The product's first cover (its 300 px variant), null without one. */
  cover_url: z.string().nullable().optional(),
})

const payerOrder = z.object({
  token: z.string(), product_name: z.string(), payment_state: z.string(), total_amount: z.number(), paid_amount: z.number(), currency: z.string(),
  created_at: z.string(), manage_url: z.string(),
})

export const payerSellerOutput = z.object({
  seller_id: z.number(),
  username: z.string(),
  /** The seller's display name: company, else the person's name, else the username. */
  name: z.string(),
  purchases: z.array(purchase),
  orders: z.array(payerOrder),
  payment_tickets: z.array(z.object({
    id: z.number(), code: z.string(), state: z.string(), qr_url: z.string(), pdf_url: z.string(), ics_url: z.string(),
    product_id: z.number(), product_name: z.string(), ticket_name: z.string(), starts_at: z.string().nullable(),
  })),
  license_keys: z.array(z.object({ key: z.string(), product_id: z.number(), product_name: z.string(), uses: z.number() })),
  certificates: z.array(z.object({ serial: z.string(), pdf_url: z.string(), verify_url: z.string(), product_id: z.number(), product_name: z.string(), state: z.string() })),
  downloads: z.array(z.object({ product_id: z.number(), product_name: z.string(), name: z.string(), url: z.string() })),
  /** The seller's logo and colours (docs/decisions/0085-customization.md); null: the platform's look (flag off or nothing set). */
  branding: z.object({ logo_url: z.string().nullable(), primary_color: z.string().nullable(), primary_text_color: z.string().nullable(), accent_color: z.string().nullable() }).nullable(),
})
export type PayerSellerOutput = z.infer<typeof payerSellerOutput>

/** GET /api/v1/payer/purchases: everything bought, grouped by seller. */
export const payerOverviewOutput = z.object({
  sellers: z.array(z.object({ seller_id: z.number(), username: z.string(), name: z.string(), purchases_count: z.number(), purchases: z.array(purchase) })),
})
export type PayerOverviewOutput = z.infer<typeof payerOverviewOutput>

export const payerSellerParams = z.object({ id: zIdParam() })

// ------------------------------------------------------------------ managing a payment

export const managePaymentOutput = z.object({
  token: z.string(),
  seller_username: z.string(),
  /** The seller's display name: company, else the person's name, else the username. */
  seller_name: z.string(),
  product_name: z.string(),
  payment_state: z.string(),
  currency: z.string(),
  total_amount: z.number(),
  paid_amount: z.number(),
  pricing_plan: z.record(z.string(), z.unknown()).nullable(),
  rates: z.array(z.object({
    number: z.number(), due_date: z.string(), amount: z.number(), state: z.string(), paid_at: z.string().nullable(),
    /** An open rate (unpaid, in debt) the payer can pay now with "pay now" (POST /payer/orders/{token}/rates/{number}/pay). */
    can_pay: z.boolean(),
  })),
  payment_method: z.string(),
  provider: z.string(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** The seller lets payers cancel, and this is a running subscription. */
  can_cancel: z.boolean(),
  /** A saved method can be replaced for future rates (the provider supports it). */
  can_change_method: z.boolean(),
  /** Rates are still to come but the order's provider cannot change the method yet (PayPal, bank wire): contact the seller. */
  method_change_unsupported: z.boolean(),
  access_until: z.string().nullable(),
})
export type ManagePaymentOutput = z.infer<typeof managePaymentOutput>

export const orderTokenParams = z.object({ token: zText().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/) })

/** POST /api/v1/payer/orders/{token}/cancel: no body fields. */
export const cancelSubscriptionInput = z.strictObject({})

/** POST /api/v1/payer/orders/{token}/payment_method: starts a method change; answers where to go. */
export const changeMethodInput = z.strictObject({})
export const changeMethodOutput = z.object({ url: z.string() })

/** A method setup names itself by its token (32 url-safe characters). */
export const methodSetupParams = z.object({ token: zText().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/) })

/** GET /api/v1/payer/method_setups/{token}: a change of the payment method and where it stands. */
export const methodSetupOutput = z.object({
  token: z.string(),
  state: z.enum(['waiting', 'successful', 'denied', 'canceled', 'expired']),
  provider: z.string(),
  product_name: z.string(),
  seller_username: z.string(),
  order_token: z.string(),
  manage_url: z.string(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  failure_reason: z.string().nullable(),
})
export type MethodSetupOutput = z.infer<typeof methodSetupOutput>

/** POST /api/v1/payer/method_setups/{token}/sandbox: the payer's choice on the test provider's setup page. */
export const sandboxSetupInput = z.strictObject({ outcome: z.enum(['success', 'failure'], { error: 'invalid_value' }) })

/** PUT /api/v1/cabinet/settings/payment_management: whether payers may cancel their subscriptions. */
export const paymentManagementInput = z.strictObject({ payers_may_cancel: z.boolean({ error: 'invalid_value' }) })
export const paymentManagementOutput = z.object({ payers_may_cancel: z.boolean() })
