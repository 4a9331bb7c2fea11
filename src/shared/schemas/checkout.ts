import { z } from 'zod'
import { zId, zText } from '../validation/storable'
import { zPaymentMethodInput } from '../payments'
import { zEmail, zPayerCountryCode, zPersonName, zPhone, zPlainText, zVatId } from '../validation/schemas'
import { phoneFieldModes } from '../validation/payer-fields'
import { buyButtonTexts, buyerInformationIncludeTypes, checkoutLayouts, checkoutQuestionTypes, optionGroups, selectStyles } from './checkout-settings'
import { vatIdVerifications } from '../tax/place-of-supply'
import { zCouponCode } from './coupons'
import { deliverablesOutput } from './delivery'
import { zCurrencyId } from '../money/currencies'

// The shop API of the checkout (docs/decisions/0016-orders-exactly-once.md): a quote while the payer chooses, the order, its public read,
// one-click upsells and the sandbox provider's test page. Amounts are integers of minor units; the server
// recomputes every amount from the catalogue, so nothing here carries a price. Bodies refuse unknown keys.

/** docs/reference/readings.md 25 (the cabinet's setting is checkout-settings.ts buyerInformationIncludeTypes). */
export const buyerInformationTypes = buyerInformationIncludeTypes
export type BuyerInformationType = (typeof buyerInformationTypes)[number]

/** Ids are PostgreSQL integers: larger numbers are no id (400, not a failed lookup). */
const id = () => zId()
/** Free text without U+0000, which PostgreSQL cannot store. */
const rawText = (max: number) => zText().max(max).refine((value) => !value.includes('\u0000'), { error: 'invalid_value' })
const shortText = (max: number) => zPlainText(max)

/** The payer's details; which are required follows the seller's settings and the VAT id (src/shared/validation/payer-fields.ts). */
export const payerInput = z.strictObject({
  email: zEmail,
  first_name: zPersonName,
  last_name: zPersonName,
  country_code: zPayerCountryCode,
  street: shortText(120).optional(),
  street_number: shortText(20).optional(),
  zip: shortText(20).optional(),
  city: shortText(80).optional(),
  phone: zPhone.optional(),
  company: shortText(120).optional(),
  vat_id: zVatId.optional(),
  /** US, CA, MX, IN (docs/reference/readings.md 22). */
  state: shortText(80).optional(),
})
export type PayerInput = z.infer<typeof payerInput>


export const attendeeInput = z.strictObject({
  first_name: zPersonName,
  last_name: zPersonName,
  email: zEmail.optional(),
})

/** An answer to a custom checkout question (docs/reference/readings.md 9): text, a checkbox, or chosen option ids. */
export const answerInput = z.strictObject({
  question_id: rawText(40).min(1),
  value: z.union([rawText(2000), z.boolean(), z.array(rawText(40)).max(50)]),
})

/** What the payer chose (stage 1 and 3): enough to price the order. */
export const checkoutSelection = z.strictObject({
  product_id: id(),
  pricing_plan_id: id(),
  ticket_id: id().optional(),
  quantity: z.number().int().min(1).max(100).optional(),
  coupon_code: zCouponCode.optional(),
  addon_ids: z.array(id()).max(20).optional(),
  /** The payer's country and VAT id decide VAT before the payer details are complete. */
  country_code: zPayerCountryCode.optional(),
  vat_id: zVatId.optional(),
  /** A deal's link token: its individual amounts replace the plan's (docs/decisions/0054-sales-team-and-deals.md). */
  deal_token: zText().min(1).max(100).optional(),
  /**
   * The payer's currency (docs/decisions/0097-payer-currencies.md): a plan in another currency is converted at the
   * rate of the moment, fixed on the order. Left out, or the plan's own: no conversion.
   */
  currency: zCurrencyId.optional(),
})
export type CheckoutSelection = z.infer<typeof checkoutSelection>

/** POST /api/v1/shop/orders (Idempotency-Key header required). */
export const createOrderInput = z.strictObject({
  product_id: id(),
  pricing_plan_id: id(),
  /** A deal's link token: the order is bought at the deal's amounts and uses the link up (docs/decisions/0054-sales-team-and-deals.md). */
  deal_token: zText().min(1).max(100).optional(),
  ticket_id: id().optional(),
  quantity: z.number().int().min(1).max(100).optional(),
  coupon_code: zCouponCode.optional(),
  addon_ids: z.array(id()).max(20).optional(),
  payment_method: zPaymentMethodInput,
  payer: payerInput,
  attendees: z.array(attendeeInput).max(100).optional(),
  answers: z.array(answerInput).max(50).optional(),
  campaign_id: shortText(100).optional(),
  /** Consent to the terms and the cancellation terms, when the product asks for it. */
  terms_accepted: z.boolean().optional(),
  /** The page the payer came from (document.referrer), kept on the order. */
  referrer: rawText(500).optional(),
  /** The product page's password, for a protected product. */
  password: rawText(200).optional(),
  /**
   * A publisher's node token (the `?aff=` code, docs/decisions/0048-affiliates.md): the order is attributed
   * to that publisher when the token is valid for the product; otherwise it is ignored and the sale happens unattributed.
   */
  affiliate: rawText(64).optional(),
  /**
   * A funnel offer bought through its checkout (docs/decisions/0066-funnels.md, docs/decisions/0071-funnel-gaps.md): the
   * `funnel_offer` of an `upsell_offers` item; the order becomes that node's offer. An invalid or stale one is ignored.
   */
  funnel_offer: rawText(100).optional(),
  /** The payer's currency, as in the quote (docs/decisions/0097-payer-currencies.md): the order keeps the rate it was converted at. */
  currency: zCurrencyId.optional(),
})
export type CreateOrderInput = z.infer<typeof createOrderInput>

export const vatLineOutput = z.object({ rate_bps: z.number(), net: z.number(), vat: z.number(), gross: z.number() })

/** One priced line: the product bought or an order bump. */
export const quoteLineOutput = z.object({
  product_id: z.number(),
  kind: z.enum(['main', 'bump']),
  name: z.string(),
  quantity: z.number(),
  list_amount: z.number(),
  discount_amount: z.number(),
  net_amount: z.number(),
  vat_amount: z.number(),
  gross_amount: z.number(),
  vat_rate_bps: z.number(),
})

/**
 * A price converted into the payer's currency (docs/decisions/0097-payer-currencies.md): from the plan's currency at
 * `rate` (units of the payer's currency per unit of the plan's, a decimal string), published by `source` at `rated_at`.
 */
export const exchangeOutput = z.object({
  base_currency: z.string(),
  rate: z.string(),
  source: z.string(),
  rated_at: z.string(),
  /** The order's total (or first charge, for an open-ended subscription) in the plan's currency at that rate. */
  base_total_amount: z.number(),
})
export type ExchangeOutput = z.infer<typeof exchangeOutput>

/** The price the payer sees before paying; the order charges exactly `first_amount`. */
export const quoteOutput = z.object({
  currency: z.string(),
  lines: z.array(quoteLineOutput),
  /** The first payment, charged now (one-time: the whole price; installment: the first rate; a trial: 0). */
  first_amount: z.number(),
  /** Everything owed over the plan; null for an open-ended subscription. */
  total_amount: z.number().nullable(),
  vat_amount: z.number(),
  discount_amount: z.number(),
  price_kind: z.enum(['gross', 'net']),
  vat: z.object({
    /** charged | exempt_seller | reverse_charge | export | none */
    treatment: z.string(),
    country: z.string().nullable(),
    note: z.string().nullable(),
    breakdown: z.array(vatLineOutput),
    /**
     * How far the payer's VAT id was checked (docs/decisions/0088-vies-check.md): for format only, or confirmed or
     * reported unregistered by VIES. Null without a VAT id that could bring a reverse charge.
     */
    verification: z.enum(vatIdVerifications).nullable().optional().default(null),
  }),
  coupon: z.object({ code: z.string(), applied: z.boolean(), message: z.string().nullable() }).nullable(),
  free: z.boolean(),
  /** A trial (docs/decisions/0033-trial-periods.md): nothing is charged now; the first charge (as the lines) falls due after `days`. */
  trial: z.object({ days: z.number(), first_charge_amount: z.number() }).nullable(),
  exchange: exchangeOutput.nullable().optional(),
})
export type QuoteOutput = z.infer<typeof quoteOutput>

export const nextActionOutput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('redirect'), url: z.string(), payment_id: z.string() }),
  z.object({
    type: z.literal('bank_wire'), payment_id: z.string(),
    account_holder: z.string(), iban: z.string(), bic: z.string().nullable(), bank_name: z.string().nullable(),
    reference: z.string(), amount: z.number(), currency: z.string(),
  }),
  z.object({ type: z.literal('none') }),
])
export type NextActionOutput = z.infer<typeof nextActionOutput>

/** An order as its payer sees it (GET /api/v1/shop/orders/{token}). */
export const publicOrderOutput = z.object({
  id: z.number(),
  token: z.string(),
  order_type: z.string(),
  upsell_type: z.string().nullable(),
  product: z.object({ id: z.number(), name: z.string(), slug: z.string(), form: z.string() }),
  seller_username: z.string(),
  pricing_plan: z.record(z.string(), z.unknown()).nullable(),
  quantity: z.number(),
  currency: z.string(),
  total_amount: z.number(),
  first_amount: z.number(),
  vat_amount: z.number(),
  paid_amount: z.number(),
  unpaid_amount: z.number(),
  discount_amount: z.number(),
  coupon_code: z.string().nullable(),
  /** The conversion the order was priced with (docs/decisions/0097-payer-currencies.md); null: the plan's own currency. */
  exchange: exchangeOutput.nullable().optional(),
  payment_state: z.string(),
  payment_method: z.string(),
  provider: z.string(),
  lines: z.array(quoteLineOutput),
  vat: z.record(z.string(), z.unknown()),
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }).nullable(),
  payer: z.object({ email: z.string(), first_name: z.string(), last_name: z.string() }),
  success_page_url: z.string().nullable(),
  /**
   * One-click offers after payment (docs/reference/readings.md 28), while the order is paid and an offer is open: the
   * current node of the product's funnel (docs/decisions/0066-funnels.md), one at a time;
   * `autopay` charges the method the order kept; `checkout` (after a provider that keeps none,
   * docs/decisions/0052-emoney-pay-ins.md) opens the offer's product page with its plan chosen.
   */
  upsell_offers: z.array(z.object({
    index: z.number(), kind: z.enum(['upsell', 'downsell']), product_id: z.number(), product_slug: z.string(), pricing_plan_id: z.number(),
    name: z.string(), headline: z.string().nullable(), amount: z.number(), currency: z.string(), payment: z.enum(['autopay', 'checkout']),
    /** The funnel node the offer is (docs/decisions/0066-funnels.md): its page and its decline link name it. */
    funnel_node_id: z.number(),
    /** With `payment` checkout: the reference the offer's checkout carries (createOrder's `funnel_offer`), so the order counts for the node. */
    funnel_offer: z.string(),
  })),
  /** The bank details while a bank wire is awaited. */
  bank_wire: nextActionOutput.options[1].nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** What the order delivered (docs/decisions/0017-delivery.md): null until it is paid and delivered, and after a refund. */
  deliverables: deliverablesOutput.nullable().optional(),
})
export type PublicOrderOutput = z.infer<typeof publicOrderOutput>

export const createOrderOutput = z.object({ order: publicOrderOutput, next_action: nextActionOutput })
export type CreateOrderOutput = z.infer<typeof createOrderOutput>

/** POST /api/v1/shop/orders/{token}/upsells (Idempotency-Key): accept offer `index` with the saved method. */
export const acceptUpsellInput = z.strictObject({ index: z.number().int().min(0).max(20) })

/** success_then_decline: the payment succeeds and the method it keeps declines every later charge (decision 0026). */
export const sandboxOutcomes = ['success', 'failure', 'pending', 'challenge', 'success_then_decline'] as const
/** POST /api/v1/shop/sandbox/payments/{payment_id}: the test page's buttons. */
export const sandboxPaymentInput = z.strictObject({ outcome: z.enum(sandboxOutcomes) })

/** GET /api/v1/shop/sandbox/payments/{payment_id}: what the test page shows. */
export const sandboxPaymentOutput = z.object({
  payment_id: z.string(),
  state: z.string(),
  amount: z.number(),
  currency: z.string(),
  method: z.string(),
  product_name: z.string(),
  seller_username: z.string(),
  order_token: z.string(),
  /** Where the payer goes after choosing (the success page). */
  return_url: z.string(),
})


/** A custom checkout question as the payer sees it (docs/reference/readings.md 9). */
export const checkoutQuestionOutput = z.object({
  id: z.string(),
  type: z.enum(checkoutQuestionTypes),
  label: z.string(),
  required: z.boolean(),
  select_style: z.enum(selectStyles).nullable(),
  option_group: z.enum(optionGroups).nullable(),
  options: z.array(z.object({ id: z.string(), label: z.string(), group: z.string().nullable().optional() })),
})

/** An order bump offered on the checkout (an add-on of kind bump), priced with its first plan. */
export const bumpOfferOutput = z.object({
  product_id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  cover_url: z.string().nullable(),
  pricing_plan_id: z.number(),
  amount: z.number(),
  old_amount: z.number().nullable(),
  currency: z.string(),
})

/**
 * Everything the product page's checkout needs (GET /api/v1/shop/{username}/products/{slug}/checkout), read
 * by the server-rendered page and by a headless storefront alike.
 */
export const checkoutPageOutput = z.object({
  seller: z.object({ id: z.number(), username: z.string(), name: z.string() }),
  settings: z.object({
    layout: z.enum(checkoutLayouts),
    /** Theme fields of the spec with defaults applied (buy button #ffc107, radius 22, ...). */
    theme: z.record(z.string(), z.unknown()),
    trust_seals: z.record(z.string(), z.unknown()),
    buyer_information: z.enum(buyerInformationTypes),
    /** Whether the phone is asked (left out: hidden). */
    phone_field: z.enum(phoneFieldModes).optional(),
    buy_button_text: z.enum(buyButtonTexts),
  }),
  /** The methods offered now, in display order; empty: the product cannot be bought (no active payment method). */
  payment_methods: z.array(z.string()),
  bump: z.object({
    position: z.string(), placement: z.string(), layout: z.string(), border_animation: z.string(), price_animation: z.string(),
    headline: z.string().nullable(), text: z.string().nullable(),
    offers: z.array(bumpOfferOutput),
  }),
  questions: z.array(checkoutQuestionOutput),
  terms_required: z.boolean(),
  /** /s/{username}/document/cancellation_terms?ct_id=..&product_type=.. when the seller wrote terms for this form. */
  cancellation_terms_url: z.string().nullable(),
  /** The seller's terms of sale and privacy policy (never empty: a template until the seller writes their own). */
  terms_url: z.string().nullable().optional(),
  privacy_url: z.string().nullable().optional(),
  /** Whether coupon entry is shown (the seller has active coupons and the coupons feature). */
  coupons_enabled: z.boolean(),
  /** Why the product cannot be bought now, if it cannot: sold_out | not_on_sale | no_active_pay_method | cannot_sell. */
  unavailable_reason: z.string().nullable(),
  /**
   * The currencies a payer can pay this product in (docs/decisions/0097-payer-currencies.md): its plans' own, then the
   * shop's payer currencies (a selection's `currency` converts into one of those at the rate of the moment).
   */
  currencies: z.array(z.string()).optional(),
  /** The page's prices converted into the payer's chosen currency, and at what rate; null: the plans' own amounts. */
  payer_currency: exchangeOutput.omit({ base_total_amount: true }).extend({ currency: z.string() }).nullable().optional(),
  /** The chosen currency, when it cannot be offered now (no exchange rate, or an out-of-date one): the prices stay in the plans' currency. */
  currency_unavailable: z.string().nullable().optional(),
})
export type CheckoutPageOutput = z.infer<typeof checkoutPageOutput>
