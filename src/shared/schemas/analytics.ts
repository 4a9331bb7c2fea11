import { z } from 'zod'
import {
  analyticsBuckets, analyticsChartKinds, analyticsPeriods, defaultAnalyticsPeriod, defaultRetentionMonths, maxChartsPerSet, maxRetentionMonths,
} from '../analytics/charts'
import { zCurrencyId } from '../money'
import { notBlank, zIdParam, zText } from '../validation/storable'

// Analytics sets (/api/v1/cabinet/analytics_sets, docs/decisions/0087-analytics-sets.md), behind the
// metabase_analytics_sets flag: a seller's named sets of charts over their own data, each chart run for a
// period and downloadable as CSV. Amounts are integers of minor units per currency, never summed across
// currencies; shares are basis points (10 000 = 100 %).

const day = z.iso.date()

/** One chart of a set with its options. `bucket` is read by revenue_by_product, `months` by subscription_retention. */
export const analyticsChartInput = z.strictObject({
  kind: z.enum(analyticsChartKinds),
  title: zText().trim().max(120, { error: 'too_long' }).nullish(),
  period: z.enum(analyticsPeriods).default(defaultAnalyticsPeriod),
  /** Custom periods only: the first and last day (UTC), both included. */
  from: day.nullish(),
  till: day.nullish(),
  bucket: z.enum(analyticsBuckets).default('month'),
  /** Only this currency; null: every currency, each on its own. */
  currency: zCurrencyId.nullish(),
  months: z.number().int().min(1).max(maxRetentionMonths).default(defaultRetentionMonths),
})
export type AnalyticsChartInput = z.infer<typeof analyticsChartInput>

export const saveAnalyticsSetInput = z.strictObject({
  name: zText().trim().min(1, { error: 'required' }).max(120, { error: 'too_long' }).regex(notBlank),
  description: zText().trim().max(1000, { error: 'too_long' }).nullish(),
  charts: z.array(analyticsChartInput).max(maxChartsPerSet, { error: 'too_many' }),
})
export type SaveAnalyticsSetInput = z.infer<typeof saveAnalyticsSetInput>

export const analyticsChartOutput = z.object({
  kind: z.enum(analyticsChartKinds),
  title: z.string().nullable(),
  period: z.enum(analyticsPeriods),
  from: z.string().nullable(),
  till: z.string().nullable(),
  bucket: z.enum(analyticsBuckets),
  currency: z.string().nullable(),
  months: z.number().int(),
})
export type AnalyticsChartOutput = z.infer<typeof analyticsChartOutput>

export const analyticsSetOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  charts: z.array(analyticsChartOutput),
  created_at: z.string(),
  updated_at: z.string(),
})
export type AnalyticsSetOutput = z.infer<typeof analyticsSetOutput>
export const analyticsSetList = z.object({ list: z.array(analyticsSetOutput) })

export const analyticsSetParams = z.object({ id: zIdParam() })
/** A chart of a set by its position (0 = the first). */
export const analyticsChartParams = z.object({ id: zIdParam(), chart: z.coerce.number().int().min(0).max(maxChartsPerSet - 1) })

/** The page's period filter: overrides the chart's saved period when given. */
export const runAnalyticsChartQuery = z.strictObject({
  period: z.enum(analyticsPeriods).optional(),
  from: day.optional(),
  till: day.optional(),
  currency: zCurrencyId.optional(),
}).refine((q) => q.period !== 'custom' || (q.from !== undefined && q.till !== undefined), { error: 'A custom period needs from and till', path: ['from'] })
export type RunAnalyticsChartQuery = z.infer<typeof runAnalyticsChartQuery>

const amount = z.number().int()
const common = {
  title: z.string().nullable(),
  period: z.enum(analyticsPeriods),
  /** The window read: from (included) to till (excluded), ISO instants at 00:00 UTC. */
  from: z.string(),
  till: z.string(),
  /** The currencies in the answer, most first; rows of different currencies are never added up. */
  currencies: z.array(z.string()),
}

export const revenueByProductRow = z.object({
  bucket: z.string(), product_id: z.number().int(), product_name: z.string(), currency: z.string(), revenue: amount, charges_count: z.number().int(),
})
export const retentionRow = z.object({
  cohort: z.string(), currency: z.string(), subscriptions: z.number().int(),
  active: z.array(z.number().int().nullable()), share_bps: z.array(z.number().int().nullable()),
})
export const refundRateRow = z.object({
  product_id: z.number().int(), product_name: z.string(), currency: z.string(),
  paid_amount: amount, paid_count: z.number().int(), refunded_amount: amount, refunded_count: z.number().int(),
  amount_rate_bps: z.number().int(), count_rate_bps: z.number().int(),
})
export const affiliatePerformanceRow = z.object({
  publisher_id: z.number().int(), publisher_name: z.string(), currency: z.string(), orders: z.number().int(), revenue: amount, commissions: amount,
})

export const analyticsChartResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('revenue_by_product'), ...common, bucket: z.enum(analyticsBuckets), buckets: z.array(z.string()), rows: z.array(revenueByProductRow) }),
  z.object({ kind: z.literal('subscription_retention'), ...common, months: z.number().int(), rows: z.array(retentionRow) }),
  z.object({ kind: z.literal('refund_rates'), ...common, rows: z.array(refundRateRow) }),
  z.object({ kind: z.literal('affiliate_performance'), ...common, rows: z.array(affiliatePerformanceRow) }),
])
export type AnalyticsChartResult = z.infer<typeof analyticsChartResult>
