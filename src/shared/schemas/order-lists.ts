import { z } from 'zod'
import { commaListPattern } from '../validation/document-rules'
import { zIdParam, zText } from '../validation/storable'
import { dealStates, orderPaymentStates, orderRateStates } from '../states'
import { orderCommissionOutput } from './affiliates'
import { resellerPayoutParticipants } from '../resellers'
import { listQuery } from './lists'

// The seller's orders area (docs/reference/accounts-and-orders.md §3, §4 and §7; docs/decisions/0030-orders-list-detail-and-csv-exports.md): the list with every
// filter of the spec's list-filter list that applies to orders, its counts, the order detail with the
// relations the spec says can be loaded, the CSV export with the spec's columns, and scheduled exports.

export const orderTypes = ['standard', 'bundle', 'bump', 'ticket_upgrade'] as const
/** docs/reference/accounts-and-orders.md §3 "Payment plan kinds" by name (docs/reference/readings.md 1). */
export const paymentForms = ['one_time', 'installment', 'limited_subscription', 'subscription'] as const
/** docs/reference/accounts-and-orders.md §3 "Order period units": the plan's interval unit. */
export const periodTypes = ['d', 'w', 'm', 'y'] as const
/** `none`: an order that is no accepted one-click offer. */
export const upsellTypes = ['upsell', 'downsell', 'none'] as const
export const orderSortKeys = ['id', 'created_at', 'total', 'paid', 'success_at', 'payment_state', 'product'] as const

// ------------------------------------------------------------------ relative periods

/** docs/reference/accounts-and-orders.md §7 "Relative-time filters use last, current, previous". */
export const relativePeriods = ['last', 'current', 'previous'] as const
export const relativeUnits = ['day', 'week', 'month', 'year'] as const
export type RelativePeriod = (typeof relativePeriods)[number]
export type RelativeUnit = (typeof relativeUnits)[number]

function startOfUnit(at: Date, unit: RelativeUnit): Date {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
  if (unit === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7)) // weeks start on Monday (ISO 8601)
  if (unit === 'month') d.setUTCDate(1)
  if (unit === 'year') d.setUTCMonth(0, 1)
  return d
}

function addUnits(at: Date, unit: RelativeUnit, n: number): Date {
  const d = new Date(at)
  if (unit === 'day') d.setUTCDate(d.getUTCDate() + n)
  if (unit === 'week') d.setUTCDate(d.getUTCDate() + 7 * n)
  if (unit === 'month') d.setUTCMonth(d.getUTCMonth() + n)
  if (unit === 'year') d.setUTCFullYear(d.getUTCFullYear() + n)
  return d
}

/**
 * The time range of a relative filter, in UTC, the till bound excluded (none: up to now, open so that
 * a row written a moment after `now` still counts):
 * - last n units: the n units up to now (last 7 days = now - 7 days ..);
 * - current unit: from the start of this day / week (Monday) / month / year;
 * - previous unit: the whole unit before the current one (n units before, when n > 1).
 */
export function relativeRange(period: RelativePeriod, unit: RelativeUnit, count: number, now: Date): { from: Date; till: Date | null } {
  const n = Math.max(1, Math.trunc(count))
  if (period === 'last') return { from: addUnits(now, unit, -n), till: null }
  const current = startOfUnit(now, unit)
  if (period === 'current') return { from: current, till: null }
  return { from: addUnits(current, unit, -n), till: current }
}

// ------------------------------------------------------------------ list query

/** One value or several: `?x=a&x=b` or `?x=a,b`. */
function oneOrSeveral<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === '') return undefined
    const list = Array.isArray(value) ? value : [value]
    return list.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v])).map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '')
  }, z.array(item).min(1).max(50).optional())
}

const id = zIdParam()
const amount = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

/**
 * GET /cabinet/orders, its CSV export and the scheduled exports' saved filters. Amount filters are minor
 * units: `amount_*` on what was paid so far, `order_amount_*` on the order's total. Relative times:
 * `created_period=last|current|previous` with `created_unit=day|week|month|year` and `created_count`
 * (n, default 1), and the same with `success_` on the time the order was paid (relativeRange).
 */
export const orderFilters = z.object({
  payment_state: oneOrSeveral(z.enum(orderPaymentStates)),
  /** The spec's `state` key: the same as payment_state (an order has no other state). */
  state: oneOrSeveral(z.enum(orderPaymentStates)),
  exclude_not_completed: boolParam.optional(),
  payment_form: oneOrSeveral(z.enum(paymentForms)),
  period_type: oneOrSeveral(z.enum(periodTypes)),
  order_type: oneOrSeveral(z.enum(orderTypes)),
  upsell_type: oneOrSeveral(z.enum(upsellTypes)),
  product_id: oneOrSeveral(id),
  pricing_plan_id: oneOrSeveral(id),
  /** The seller's product categories. */
  product_group_id: oneOrSeveral(id),
  internal_name: zText().trim().min(1).max(200).optional(),
  coupon_id: oneOrSeveral(id),
  ticket_id: oneOrSeveral(id),
  payer_id: oneOrSeveral(id),
  publisher_id: oneOrSeveral(id),
  affiliate_program_id: oneOrSeveral(id),
  /** The sales team member whose deal the order was, and the state of the order's deal (docs/decisions/0054-sales-team-and-deals.md). */
  sales_team_member_id: oneOrSeveral(id),
  deal_state: oneOrSeveral(z.enum(dealStates)),
  /** The funnel an order led into or was accepted in, and the funnel node whose offer it is (docs/decisions/0066-funnels.md). */
  funnel_id: oneOrSeveral(id),
  funnel_node_id: oneOrSeveral(id),
  campaign: zText().trim().min(1).max(200).optional(),
  /** The spec's campaign key as the CSV names it; the same as `campaign`. */
  campaign_id: zText().trim().min(1).max(200).optional(),
  created_period: z.enum(relativePeriods).optional(),
  created_unit: z.enum(relativeUnits).optional(),
  created_count: z.coerce.number().int().min(1).max(3660).optional(),
  success_period: z.enum(relativePeriods).optional(),
  success_unit: z.enum(relativeUnits).optional(),
  success_count: z.coerce.number().int().min(1).max(3660).optional(),
  amount_from: amount.optional(),
  amount_to: amount.optional(),
  order_amount_from: amount.optional(),
  order_amount_to: amount.optional(),
  buyer_country_code: zText().trim().regex(/^[A-Za-z]{2}$/).transform((v) => v.toUpperCase()).optional(),
  /** Plans the seller can still cancel: a running installment or subscription with rates to come. */
  cancellable: boolParam.optional(),
  /** Orders of power sellers (a manager's filter; in the cabinet it keeps or drops all of the seller's). */
  power_seller: boolParam.optional(),
})

export const orderListQuery = listQuery.extend({ sort_key: z.enum(orderSortKeys).optional(), ...orderFilters.shape })
export type OrderListQuery = z.infer<typeof orderListQuery>
export type OrderFilters = z.infer<typeof orderFilters>

/** The keys of orderFilters (what a scheduled export may save). */
export const orderFilterKeys = Object.keys(orderFilters.shape) as (keyof OrderFilters)[]

// ------------------------------------------------------------------ list answer

export const sellerOrderOutput = z.object({
  id: z.number(),
  token: z.string(),
  product_id: z.number(),
  product_name: z.string(),
  internal_name: z.string().nullable(),
  order_type: z.enum(orderTypes),
  upsell_type: z.string().nullable(),
  payment_form: z.string().nullable(),
  period_type: z.string().nullable(),
  pricing_plan_id: z.number().nullable(),
  pricing_plan_name: z.string().nullable(),
  payer_id: z.number().nullable(),
  payer_email: z.string(),
  payer_name: z.string(),
  buyer_country_code: z.string().nullable(),
  total_amount: z.number(),
  paid_amount: z.number(),
  vat_amount: z.number(),
  refunded_amount: z.number(),
  currency: z.string(),
  payment_state: z.enum(orderPaymentStates),
  payment_method: z.string(),
  provider: z.string(),
  coupon_code: z.string().nullable(),
  campaign_id: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
})
export type SellerOrderOutput = z.infer<typeof sellerOrderOutput>

export const orderListOutput = z.object({
  list: z.array(sellerOrderOutput),
  total_count: z.number().int(),
  total_count_max: z.number().int(),
  /** With `counts=true`: per payment_state (every state), for the same filters except the state. */
  counts: z.record(z.string(), z.number().int()).optional(),
  /** With `counts=true`: per order type, for the same filters except the order type. */
  order_type_counts: z.record(z.string(), z.number().int()).optional(),
})
export type OrderListOutput = z.infer<typeof orderListOutput>

// ------------------------------------------------------------------ detail

/** docs/reference/accounts-and-orders.md §3 "Related data that can be loaded with an order", plus the order's rates. */
export const orderRelations = [
  'product', 'publisher', 'deal', 'sellables', 'credit_card', 'payer', 'funnel', 'affiliate_program', 'cancellation_term', 'invoices',
  'transfers', 'claim_data', 'dunning', 'rates',
] as const
export type OrderRelation = (typeof orderRelations)[number]

export const orderIdParams = z.object({ id: id })

export const orderDetailQuery = z.strictObject({
  /** Comma-separated relations to load; an unknown one is refused (400). */
  expand: zText().max(300).meta({ pattern: commaListPattern(orderRelations, orderRelations.length) }).optional()
    .transform((value) => (value ? value.split(',').map((v) => v.trim()).filter((v) => v !== '') : []))
    .pipe(z.array(z.enum(orderRelations)).max(orderRelations.length)),
})

const isoOrNull = z.string().nullable()

export const orderRateOutput = z.object({
  id: z.number(), number: z.number(), amount: z.number(), due_at: z.string(), state: z.enum(orderRateStates),
  paid_amount: z.number(), refunded_amount: z.number(), paid_at: isoOrNull, attempts: z.number(), next_attempt_at: isoOrNull,
  last_failure_reason: z.string().nullable(),
})

export const orderTransferOutput = z.object({
  id: z.number(), token: z.string(), kind: z.string(), state: z.string(), amount: z.number(), currency: z.string(), provider: z.string(),
  method: z.string(), rate_number: z.number().nullable(), refunded_amount: z.number(), parent_payment_id: z.number().nullable(),
  failure_reason: z.string().nullable(), created_at: z.string(), completed_at: isoOrNull,
  /** A chargeback's dispute fee (0: none reported); a won chargeback's: the part of it the provider gave back. */
  fee_amount: z.number().optional().default(0),
})

export const orderInvoiceOutput = z.object({
  id: z.number(), kind: z.string(), number: z.string(), payment_id: z.number(), currency: z.string(), net_amount: z.number(),
  vat_amount: z.number(), gross_amount: z.number(), issued_at: z.string(), pdf_url: z.string(),
})

export const orderClaimOutput = z.object({
  id: z.number(), rate_id: z.number().nullable(), dunning_id: z.number().nullable(), amount: z.number(), currency: z.string(),
  collected_amount: z.number(), written_off_amount: z.number(), is_written_off: z.boolean(), written_off_at: isoOrNull,
  inkasso_status: z.string(), outcome_status: z.string().nullable(), date_resolved: isoOrNull, created_at: z.string(),
})

export const orderDunningOutput = z.object({
  id: z.number(), rate_id: z.number(), state: z.string(), step: z.number(), reminders_sent: z.number(), next_step_at: isoOrNull,
  amount: z.number(), currency: z.string(), result: z.string().nullable(), access_paused: z.boolean(), started_at: z.string(), ended_at: isoOrNull,
})

export const orderDetailOutput = sellerOrderOutput.extend({
  quantity: z.number(),
  first_amount: z.number(),
  discount_amount: z.number(),
  unpaid_amount: z.number(),
  /** The open part of the rates in state debt. */
  debt_amount: z.number(),
  chargeback_amount: z.number(),
  /** The dispute fees the providers charged for the order's chargebacks, less what they gave back (0: none). */
  dispute_fee_amount: z.number().optional().default(0),
  coupon_id: z.number().nullable(),
  ticket_id: z.number().nullable(),
  parent_order_id: z.number().nullable(),
  plan: z.record(z.string(), z.unknown()).nullable(),
  price_kind: z.string(),
  success_page_url: z.string().nullable(),
  canceled_at: isoOrNull,
  canceled_by: z.string().nullable(),
  paused_at: isoOrNull,
  trial_ends_at: isoOrNull,
  /**
   * The conversion the order was priced with (docs/decisions/0097-payer-currencies.md): the plan's currency, the rate
   * (units of the order's currency per unit of it), its source and date, the total in the plan's currency; null: none.
   */
  exchange: z.object({ base_currency: z.string(), rate: z.string(), source: z.string(), rated_at: z.string(), base_total_amount: z.number() }).nullable().optional(),
  /**
   * The order's VAT note, worded as on its invoice: under a reverse charge it names the payer's VAT id and how
   * far it was checked (for format only unless an online VIES check answered). Null when nothing is to be said.
   */
  vat_note: z.string().nullable().optional().default(null),
  /** What a reverse charge rests on (null without one): the VAT id, its format, its member state, how it was checked. */
  reverse_charge: z.object({
    vat_id: z.string(), format_valid: z.boolean(), country: z.string().nullable(), verification: z.enum(['format_only', 'vies_valid', 'vies_invalid']),
  }).nullable().optional().default(null),
  /** The level-1 publisher of an attributed sale (null: unattributed). */
  publisher_id: z.number().nullable().optional().default(null),
  /** The commissions (and a publisher's bonus) its charges paid, level first; empty when unattributed. */
  commissions: z.array(orderCommissionOutput).optional().default([]),
  /** The reseller that sold the order in its own name, with its fee frozen at purchase (docs/decisions/0051-resellers.md); null: the seller sold it. */
  reseller: z.object({ id: z.number(), legal_name: z.string(), fee_bps: z.number() }).nullable().optional().default(null),
  /**
   * Where the order's money went, per participant, from the ledger (minor units of the order's currency): the
   * seller's share, the reseller's fee (resold orders), and what refunds and chargebacks gave back to the payer.
   */
  payout_split: z.array(z.object({ participant: z.enum(resellerPayoutParticipants), amount: z.number(), currency: z.string() })).optional().default([]),
  /** What the seller can do with this order now (the detail page shows only these). */
  actions: z.object({ refund: z.boolean(), refundable_amount: z.number(), cancel: z.boolean(), pause: z.boolean(), resume: z.boolean() }),
  // The relations, present when asked for with `expand`.
  product: z.object({
    id: z.number(), name: z.string(), slug: z.string(), form: z.string(), internal_name: z.string().nullable(), cost_center: z.string().nullable(),
    product_groups: z.array(z.string()),
  }).optional(),
  /** The publisher the sale is attributed to (docs/decisions/0048-affiliates.md); null when unattributed. */
  publisher: z.object({ id: z.number(), name: z.string(), email: z.string().nullable() }).nullable().optional(),
  /** The deal the order was bought through (docs/decisions/0054-sales-team-and-deals.md); null without one. */
  deal: z.object({ id: z.number(), state: z.enum(dealStates), sales_team_member_id: z.number().nullable(), expires_at: z.string(), created_at: z.string() }).nullable().optional(),
  /** The funnel the order belongs to and the node whose offer it is (docs/decisions/0066-funnels.md); null without one. */
  funnel: z.object({ id: z.number(), name: z.string(), node: z.object({ id: z.number(), kind: z.string() }).nullable() }).nullable().optional(),
  affiliate_program: z.object({ id: z.number(), name: z.string() }).nullable().optional(),
  sellables: z.array(z.object({
    id: z.number(), product_id: z.number(), kind: z.string(), name: z.string(), quantity: z.number(), list_amount: z.number(), discount_amount: z.number(),
    net_amount: z.number(), vat_amount: z.number(), gross_amount: z.number(), vat_rate_bps: z.number(),
  })).optional(),
  credit_card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number().nullable(), exp_year: z.number().nullable() }).nullable().optional(),
  payer: z.object({
    id: z.number().nullable(), email: z.string(), first_name: z.string(), last_name: z.string(), company: z.string().nullable(), phone: z.string().nullable(),
    street: z.string().nullable(), street_number: z.string().nullable(), zip: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable(),
    country_code: z.string().nullable(), vat_id: z.string().nullable(),
  }).optional(),
  cancellation_term: z.object({ id: z.number(), title: z.string(), body: z.string(), url: z.string() }).nullable().optional(),
  invoices: z.array(orderInvoiceOutput).optional(),
  transfers: z.array(orderTransferOutput).optional(),
  claim_data: z.array(orderClaimOutput).optional(),
  dunning: z.object({
    list: z.array(orderDunningOutput),
    /** What is still chased (dunnings in progress), owed in debt, collected and written off. */
    amounts: z.object({ in_dunning: z.number(), debt: z.number(), collected: z.number(), written_off: z.number() }),
  }).optional(),
  rates: z.array(orderRateOutput).optional(),
})
export type OrderDetailOutput = z.infer<typeof orderDetailOutput>

// ------------------------------------------------------------------ CSV

/**
 * docs/reference/accounts-and-orders.md §3 "Order" CSV columns in the spec's order; its prose groups spelled out (pricing plan
 * name and id; buyer and owner contact and address fields; sales team member name, id and fee).
 */
export const orderCsvColumns = [
  'token', 'product', 'created_at', 'payment_state', 'payment_form', 'period_type', 'test_period', 'paid_count', 'paid', 'product_id',
  'power_seller', 'total', 'currency_key', 'seller_business', 'recurring', 'pricing_plan_name', 'pricing_plan_id', 'coupon_code', 'campaign_id',
  'buyer_email', 'buyer_first_name', 'buyer_last_name', 'buyer_company', 'buyer_phone', 'buyer_street', 'buyer_street_number', 'buyer_zip',
  'buyer_city', 'buyer_state', 'buyer_country_code', 'buyer_vat_id',
  'owner_email', 'owner_first_name', 'owner_last_name', 'owner_phone', 'owner_street', 'owner_street_number', 'owner_zip', 'owner_city',
  'owner_state', 'owner_country_code',
  'team_member', 'sales_team_member_name', 'sales_team_member_id', 'sales_team_member_fee', 'publisher_id', 'last_due_date', 'due_date',
  'upsell_type', 'product_groups', 'internal_name', 'cost_center', 'success_page_url',
] as const
export type OrderCsvColumn = (typeof orderCsvColumns)[number]

export const decimalSeparators = ['.', ','] as const

/** `columns=a,b` picks and orders a subset (unknown names are refused); `decimal_separator` for amounts. */
const csvColumnsParam = zText().max(2000).meta({ pattern: commaListPattern(orderCsvColumns, orderCsvColumns.length, 1) })
  .transform((value) => value.split(',').map((v) => v.trim()).filter((v) => v !== ''))
  .pipe(z.array(z.enum(orderCsvColumns)).min(1).max(orderCsvColumns.length))

export const orderCsvQuery = orderListQuery.extend({
  columns: csvColumnsParam.optional(),
  decimal_separator: z.enum(decimalSeparators).optional(),
})
export type OrderCsvQuery = z.infer<typeof orderCsvQuery>

// ------------------------------------------------------------------ scheduled exports (the schedules' schemas: csv-exports.ts)

export const csvExportFrequencies = ['daily', 'weekly', 'monthly'] as const
