import { z } from 'zod'
import { int4Max, zIdParam, zText } from '../validation/storable'
import { zCurrencyId } from '../money'
import { maxPlanAmount } from '../pricing'
import { zIsoDateTime } from '../validation/schemas'
import { allRules, byValue, laterThan } from '../validation/document-rules'
import { valueRule } from './discounts'
import { listOutput, listQuery } from './lists'

// Coupons (docs/reference/catalogue-and-selling.md §3): created singly or in bulk; discount in percents (a whole percent
// 1..100 in the API, stored as basis points) or in currency (minor units of currency_id); amount base
// end_amount or net_amount; scope all, one or several of the seller's products; a usage limit; a validity
// window; an active flag. Issue messages are message keys.

export const couponDiscountTypes = ['percents', 'currency'] as const
export const couponAmountBases = ['end_amount', 'net_amount'] as const
export const couponScopes = ['all_products', 'single_product', 'multiple_products'] as const
export const couponCodeTypes = ['alphabetic', 'numeric', 'alphanumeric'] as const
export type CouponCodeType = (typeof couponCodeTypes)[number]

export const couponCodeMaxLength = 40
const keyOr = (other: string) => (issue: { input: unknown }) => (issue.input === undefined ? 'required' : other)
const id = () => z.number({ error: keyOr('invalid_value') }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' }).max(int4Max, { error: 'out_of_range' })

/** Letters, digits, - and _; compared without regard to case. */
export const zCouponCode = zText({ error: keyOr('invalid_value') }).trim()
  .min(3, { error: 'too_short', abort: true })
  .max(couponCodeMaxLength, { error: 'too_long', abort: true })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'invalid_value' })

/** The terms every coupon has, in the API's units. */
export type CouponTerms = {
  discount_type: (typeof couponDiscountTypes)[number]
  value: number
  currency_id?: string | null | undefined
  scope: (typeof couponScopes)[number]
  product_ids?: readonly number[] | null | undefined
  starts_at?: string | null | undefined
  ends_at?: string | null | undefined
}

/**
 * The cross-field rules of a coupon, as (path, message key) pairs: percents 1..100 with no currency;
 * currency at least 1 minor unit with a currency_id; single_product exactly one product, multiple_products
 * at least one, all_products none; the window ends after it starts. Create checks it in the schema,
 * update on the merged coupon.
 */
export function couponTermsIssues(terms: CouponTerms): { path: string; message: string; params?: { min: number; max: number } }[] {
  const issues: { path: string; message: string; params?: { min: number; max: number } }[] = []
  if (terms.discount_type === 'percents') {
    if (terms.value < 1 || terms.value > 100) issues.push({ path: 'value', message: 'out_of_range', params: { min: 1, max: 100 } })
    if (terms.currency_id) issues.push({ path: 'currency_id', message: 'invalid_value' })
  } else {
    if (terms.value < 1 || terms.value > maxPlanAmount) issues.push({ path: 'value', message: 'out_of_range', params: { min: 1, max: maxPlanAmount } })
    if (!terms.currency_id) issues.push({ path: 'currency_id', message: 'required' })
  }
  const products = terms.product_ids?.length ?? 0
  if (terms.scope === 'single_product' && products !== 1) issues.push({ path: 'product_ids', message: 'out_of_range', params: { min: 1, max: 1 } })
  if (terms.scope === 'multiple_products' && products < 1) issues.push({ path: 'product_ids', message: 'required' })
  if (terms.scope === 'all_products' && products > 0) issues.push({ path: 'product_ids', message: 'invalid_value' })
  if (terms.starts_at && terms.ends_at && Date.parse(terms.ends_at) <= Date.parse(terms.starts_at)) issues.push({ path: 'ends_at', message: 'invalid_date' })
  return issues
}

const termFields = {
  discount_type: z.enum(couponDiscountTypes, { error: keyOr('invalid_value') }),
  value: z.number({ error: keyOr('invalid_value') }).int({ error: 'invalid_value' }),
  currency_id: zCurrencyId.nullish(),
  amount_base: z.enum(couponAmountBases, { error: keyOr('invalid_value') }).default('end_amount'),
  scope: z.enum(couponScopes, { error: keyOr('invalid_value') }).default('all_products'),
  product_ids: z.array(id()).max(300, { error: 'out_of_range' }).optional(),
  limit: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(1, { error: 'out_of_range' }).max(int4Max, { error: 'out_of_range' }).nullish(),
  active: z.boolean({ error: 'invalid_value' }).default(true),
  starts_at: zIsoDateTime.nullish(),
  ends_at: zIsoDateTime.nullish().meta(laterThan('starts_at')),
}

const checkTerms = (value: CouponTerms, ctx: z.RefinementCtx) => {
  for (const issue of couponTermsIssues(value)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message, ...(issue.params ? { params: issue.params } : {}) })
}

/** couponTermsIssues as the document states it (ends_at's order: `x-later-than` on the field). */
const termsRule = allRules(
  valueRule('discount_type', couponDiscountTypes),
  byValue('scope', couponScopes, {
    single_product: { product_ids: { type: 'array', items: { type: 'integer', minimum: 1, maximum: int4Max }, minItems: 1, maxItems: 1 } },
    multiple_products: { product_ids: { type: 'array', items: { type: 'integer', minimum: 1, maximum: int4Max }, minItems: 1, maxItems: 300 } },
    all_products: { product_ids: { type: 'array', maxItems: 0 } },
  }),
)

export const createCouponInput = z.strictObject({ code: zCouponCode.optional(), ...termFields }).superRefine(checkTerms).meta(termsRule)
export type CreateCouponInput = z.infer<typeof createCouponInput>

export const bulkCouponsMax = 1000
export const bulkCouponsInput = z.strictObject({
  count: z.number({ error: keyOr('invalid_value') }).int({ error: 'invalid_value' }).min(1, { error: 'out_of_range' }).max(bulkCouponsMax, { error: 'out_of_range' }),
  prefix: zText({ error: 'invalid_value' }).trim().max(20, { error: 'too_long' }).regex(/^[A-Za-z0-9_-]*$/, { error: 'invalid_value' }).optional(),
  /** The length of the random part after the prefix. */
  code_length: z.number({ error: keyOr('invalid_value') }).int({ error: 'invalid_value' }).min(6, { error: 'out_of_range' }).max(20, { error: 'out_of_range' }),
  code_type: z.enum(couponCodeTypes, { error: keyOr('invalid_value') }),
  ...termFields,
}).superRefine(checkTerms).meta(termsRule)
export type BulkCouponsInput = z.infer<typeof bulkCouponsInput>

/** Any field; the merged coupon is checked again with couponTermsIssues. */
export const updateCouponInput = z.strictObject({
  code: zCouponCode.optional(),
  discount_type: termFields.discount_type.optional(),
  value: termFields.value.optional(),
  currency_id: termFields.currency_id,
  amount_base: z.enum(couponAmountBases, { error: 'invalid_value' }).optional(),
  scope: z.enum(couponScopes, { error: 'invalid_value' }).optional(),
  product_ids: termFields.product_ids,
  limit: termFields.limit,
  active: z.boolean({ error: 'invalid_value' }).optional(),
  starts_at: termFields.starts_at,
  ends_at: termFields.ends_at,
})
export type UpdateCouponInput = z.infer<typeof updateCouponInput>

export const couponParams = z.strictObject({ id: zIdParam() })

export const couponOutput = z.object({
  id: z.number(),
  code: z.string(),
  discount_type: z.enum(couponDiscountTypes),
  /** In the API's unit: a whole percent for percents, minor units for currency. */
  value: z.number(),
  /** Percents in basis points (1 % = 100); null for a currency coupon. */
  value_bps: z.number().nullable(),
  currency_id: z.string().nullable(),
  amount_base: z.enum(couponAmountBases),
  scope: z.enum(couponScopes),
  product_ids: z.array(z.number()),
  limit: z.number().nullable(),
  orders_count: z.number(),
  active: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  batch_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type CouponOutput = z.infer<typeof couponOutput>

const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')
export const couponSortKeys = ['id', 'code', 'created_at', 'orders_count'] as const
export const couponListQuery = listQuery.extend({
  sort_key: z.enum(couponSortKeys).optional(),
  active: boolParam.optional(),
  batch_id: z.uuid().optional(),
})
export type CouponListQuery = z.infer<typeof couponListQuery>
export const couponListOutput = listOutput(couponOutput)
export const bulkCouponsOutput = z.object({ batch_id: z.string(), count: z.number(), codes: z.array(z.string()) })
