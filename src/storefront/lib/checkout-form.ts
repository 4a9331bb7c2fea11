import type { CheckoutSelection, CreateOrderInput } from '../../shared/schemas/checkout'
import { payerFieldNames, type PayerFieldsSettings } from '../../shared/validation/payer-fields'
import type { CheckoutPageOutput, FormValues, ShopPlan, ShopProduct } from '../props'

// The checkout form's fields and how they become the API's bodies. One function for both paths: the
// browser reads the form with FormData and posts JSON to /api/v1/shop/orders; without JavaScript the form
// posts urlencoded to /s/{username}/{slug} and the server turns the same fields into the same body. Field
// names are the API's paths (`payer.email`, `attendees.0.first_name`), so an error's field path names the
// input it belongs to. The server validates the result with `createOrderInput`; nothing here trusts it.

export const fields = {
  plan: 'pricing_plan_id',
  quantity: 'quantity',
  coupon: 'coupon_code',
  addons: 'addon_ids',
  method: 'payment_method',
  terms: 'terms_accepted',
  password: 'password',
  campaign: 'campaign_id',
  /** The publisher's node token from the attribution cookie (docs/decisions/0048-affiliates.md); the server fills it in. */
  affiliate: 'affiliate',
  /** A deal's link token (docs/decisions/0054-sales-team-and-deals.md): the deal's amounts, no coupon. */
  deal: 'deal_token',
  /** A funnel offer's checkout link (docs/decisions/0071-funnel-gaps.md): the order becomes that node's offer. */
  funnelOffer: 'funnel_offer',
  idempotencyKey: 'idempotency_key',
  /** Which button sent the form: buy (default), quote (apply coupon / update price), next, back. */
  action: 'sf_action',
  step: 'step',
} as const

export type BuyerInformation = CheckoutPageOutput['settings']['buyer_information']
/** What decides the payer fields (src/shared/validation/payer-fields.ts): buyer information and the phone setting. */
export type PayerSettings = PayerFieldsSettings

export const payerField = (name: string) => `payer.${name}`
export const attendeeField = (index: number, name: 'first_name' | 'last_name') => `attendees.${index}.${name}`
export const answerField = (questionId: string) => `answers.${questionId}`

export const maxQuantity = 100
export const defaultCountry = 'DE'

export function valuesFromEntries(entries: Iterable<[string, string]>): FormValues {
  const values: FormValues = {}
  for (const [key, value] of entries) (values[key] ??= []).push(value)
  return values
}

/** The first value of a field, trimmed; '' when absent. */
export function first(values: FormValues, name: string): string {
  return (values[name]?.[0] ?? '').trim()
}

const positiveInt = (text: string): number | undefined => {
  if (!/^\d{1,12}$/.test(text)) return undefined
  const n = Number(text)
  return n > 0 ? n : undefined
}

/** Every plan a payer can choose: the product's own, then each active ticket's. */
export function allPlans(product: ShopProduct): ShopPlan[] {
  return [...product.pricing_plans, ...product.tickets.flatMap((t) => t.pricing_plans)]
}

/** Plans of tickets that are sold out cannot be chosen. */
export function choosablePlans(product: ShopProduct): ShopPlan[] {
  const soldOut = new Set(product.tickets.filter((t) => t.sold_out).map((t) => t.id))
  return allPlans(product).filter((p) => p.ticket_id === null || !soldOut.has(p.ticket_id))
}

/** The chosen plan, else the first that can be chosen. */
export function selectedPlan(product: ShopProduct, values: FormValues): ShopPlan | undefined {
  const plans = choosablePlans(product)
  const id = positiveInt(first(values, fields.plan))
  return plans.find((p) => p.id === id) ?? plans[0]
}

export function isTicketProduct(product: ShopProduct): boolean {
  return product.form === 'eventTickets'
}

/** The quantity asked for, clamped to 1..100 and to what is left. */
export function selectedQuantity(product: ShopProduct, values: FormValues): number {
  if (!isTicketProduct(product)) return 1
  const n = positiveInt(first(values, fields.quantity)) ?? 1
  const remaining = product.availability.remaining
  return Math.max(1, Math.min(n, maxQuantity, remaining ?? maxQuantity))
}

export function selectedAddons(checkout: CheckoutPageOutput, values: FormValues): number[] {
  const offered = new Set(checkout.bump.offers.map((o) => o.product_id))
  const chosen = (values[fields.addons] ?? []).map((v) => positiveInt(v.trim())).filter((n): n is number => n !== undefined && offered.has(n))
  return [...new Set(chosen)]
}

/** Free products take no payment method; otherwise the chosen one, else the only one offered. */
export function selectedMethod(product: ShopProduct, checkout: CheckoutPageOutput, values: FormValues): string | undefined {
  if (product.free) return 'free'
  const chosen = first(values, fields.method)
  if (chosen && checkout.payment_methods.includes(chosen)) return chosen
  return checkout.payment_methods.length === 1 ? checkout.payment_methods[0] : undefined
}

const optional = (text: string) => (text === '' ? undefined : text)

export type CheckoutFormContext = { product: ShopProduct; checkout: CheckoutPageOutput; password?: string | null; referrer?: string }

/** The quote request for what is chosen now (stage 1 and 3). `coupon` overrides the field (an applied code). */
export function selectionFromValues(values: FormValues, context: CheckoutFormContext, coupon?: string | null): CheckoutSelection | null {
  const { product, checkout } = context
  const plan = selectedPlan(product, values)
  if (!plan) return null
  const code = coupon === undefined ? first(values, fields.coupon) : (coupon ?? '')
  const addons = selectedAddons(checkout, values)
  const country = first(values, payerField('country_code')) || defaultCountry
  const vat = first(values, payerField('vat_id'))
  return {
    product_id: product.id,
    pricing_plan_id: plan.id,
    ...(plan.ticket_id !== null ? { ticket_id: plan.ticket_id } : {}),
    ...(isTicketProduct(product) ? { quantity: selectedQuantity(product, values) } : {}),
    ...(checkout.coupons_enabled && code ? { coupon_code: code } : {}),
    ...(addons.length ? { addon_ids: addons } : {}),
    country_code: country as CheckoutSelection['country_code'],
    ...(vat ? { vat_id: vat } : {}),
    ...(first(values, fields.deal) ? { deal_token: first(values, fields.deal).slice(0, 100) } : {}),
    // The page's prices were converted into the payer's currency: the quote and the order convert alike (docs/decisions/0097-payer-currencies.md).
    ...(checkout.payer_currency ? { currency: checkout.payer_currency.currency as CheckoutSelection['currency'] } : {}),
  }
}

/**
 * The body of POST /api/v1/shop/orders from the form's fields: only the keys `createOrderInput` allows,
 * empty optional fields left out, numbers as numbers. Returns null when no plan can be chosen.
 */
export function orderInputFromValues(values: FormValues, context: CheckoutFormContext): CreateOrderInput | null {
  const { product, checkout } = context
  const selection = selectionFromValues(values, context)
  if (!selection) return null
  const { country_code: _country, vat_id: _vat, ...chosen } = selection

  const payer: Record<string, string> = {}
  for (const name of payerFieldNames(checkout.settings)) {
    const value = first(values, payerField(name))
    if (value !== '') payer[name] = name === 'country_code' ? value.toUpperCase() : value
  }

  const attendees = isTicketProduct(product)
    ? Array.from({ length: selection.quantity ?? 1 }, (_, i) => ({
      first_name: first(values, attendeeField(i, 'first_name')),
      last_name: first(values, attendeeField(i, 'last_name')),
    })).filter((a) => a.first_name !== '' || a.last_name !== '')
    : []

  const answers: NonNullable<CreateOrderInput['answers']> = []
  for (const q of checkout.questions) {
    const raw = (values[answerField(q.id)] ?? []).map((v) => v.trim()).filter((v) => v !== '')
    if (q.type === 'checkbox') answers.push({ question_id: q.id, value: raw.includes('true') })
    else if (q.type === 'select_box' || q.type === 'service') {
      const ids = new Set(q.options.map((o) => o.id))
      const chosen = raw.filter((v) => ids.has(v))
      if (chosen.length) answers.push({ question_id: q.id, value: chosen })
    } else if (raw[0]) answers.push({ question_id: q.id, value: raw[0] })
  }

  const method = selectedMethod(product, checkout, values)
  const password = context.password ?? optional(first(values, fields.password))
  const campaign = optional(first(values, fields.campaign))
  const referrer = context.referrer ? context.referrer.slice(0, 500) : undefined
  const affiliate = optional(first(values, fields.affiliate))
  const funnelOffer = optional(first(values, fields.funnelOffer).slice(0, 100))
  return {
    ...chosen,
    payment_method: (method ?? '') as CreateOrderInput['payment_method'],
    payer: payer as CreateOrderInput['payer'],
    ...(attendees.length ? { attendees } : {}),
    ...(answers.length ? { answers } : {}),
    ...(campaign ? { campaign_id: campaign } : {}),
    ...(checkout.terms_required ? { terms_accepted: (values[fields.terms] ?? []).includes('true') } : {}),
    ...(referrer ? { referrer } : {}),
    ...(password ? { password } : {}),
    ...(affiliate ? { affiliate: affiliate.slice(0, 64) } : {}),
    ...(funnelOffer ? { funnel_offer: funnelOffer } : {}),
  }
}

/** A v4 UUID; crypto.randomUUID only exists in secure contexts, getRandomValues everywhere. */
export function uuid(): string {
  const c = globalThis.crypto
  if (typeof c.randomUUID === 'function') return c.randomUUID()
  const b = c.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
