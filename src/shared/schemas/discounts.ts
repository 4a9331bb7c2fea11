import { z } from 'zod'
import { currencyIds, zCurrencyId } from '../money'
import { byValue, onlyNull, type JsonSchema } from '../validation/document-rules'
import { discountValueForms, maxPlanAmount } from '../pricing'

// A product's discount (docs/reference/catalogue-and-selling.md §3 "Discount: active, limit, value, valueForm, ordersCount";
// docs/decisions/0014-discounts-per-product.md). In the API a percent discount is a whole percent 1..100 (stored as basis points,
// docs/reference/readings.md 13) and a currency discount is minor units of its currency_id. orders_count is counted by
// orders, never set by the seller. Issue messages are message keys.

const keyOr = (other: string) => (issue: { input: unknown }) => (issue.input === undefined ? 'required' : other)

/** discountTermsIssues (and couponTermsIssues' value rule) as the document states it, by the field naming the form. */
export function valueRule(field: string, forms: readonly string[]): JsonSchema {
  const percents = { value: { type: 'integer', minimum: 1, maximum: 100 }, currency_id: onlyNull }
  const currency = { value: { type: 'integer', minimum: 1, maximum: maxPlanAmount }, currency_id: { type: 'string', enum: [...currencyIds] } }
  return byValue(field, forms, Object.fromEntries(forms.map((form) => [form, form === 'percents' ? percents : currency])))
}

/** The cross-field rules, as (path, message key) pairs: percents 1..100 without a currency; currency 1.. with one. */
export function discountTermsIssues(terms: { value_form: (typeof discountValueForms)[number]; value: number; currency_id?: string | null | undefined }) {
  const issues: { path: string; message: string; params?: { min: number; max: number } }[] = []
  if (terms.value_form === 'percents') {
    if (terms.value < 1 || terms.value > 100) issues.push({ path: 'value', message: 'out_of_range', params: { min: 1, max: 100 } })
    if (terms.currency_id) issues.push({ path: 'currency_id', message: 'invalid_value' })
  } else {
    if (terms.value < 1 || terms.value > maxPlanAmount) issues.push({ path: 'value', message: 'out_of_range', params: { min: 1, max: maxPlanAmount } })
    if (!terms.currency_id) issues.push({ path: 'currency_id', message: 'required' })
  }
  return issues
}

/** PUT /cabinet/products/{id}/discount: the whole discount (a second PUT replaces its terms, keeps its orders count). */
export const discountInput = z.strictObject({
  active: z.boolean({ error: 'invalid_value' }).default(true),
  /** How many orders may use it; null or absent: no limit. */
  limit: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(1, { error: 'out_of_range' }).max(1_000_000_000, { error: 'out_of_range' }).nullish(),
  value_form: z.enum(discountValueForms, { error: keyOr('invalid_value') }),
  value: z.number({ error: keyOr('invalid_value') }).int({ error: 'invalid_value' }),
  currency_id: zCurrencyId.nullish(),
}).superRefine((value, ctx) => {
  for (const issue of discountTermsIssues(value)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message, ...(issue.params ? { params: issue.params } : {}) })
}).meta(valueRule('value_form', discountValueForms))
export type DiscountInput = z.infer<typeof discountInput>

export const discountOutput = z.object({
  product_id: z.number(),
  active: z.boolean(),
  limit: z.number().nullable(),
  value_form: z.enum(discountValueForms),
  /** In the API's unit: a whole percent for percents, minor units for currency. */
  value: z.number(),
  /** Percents in basis points (1 % = 100); null for a currency discount. */
  value_bps: z.number().nullable(),
  currency_id: z.string().nullable(),
  orders_count: z.number(),
  /** discountApplies: active and orders_count below the limit (or no limit). */
  applies: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type DiscountOutput = z.infer<typeof discountOutput>
