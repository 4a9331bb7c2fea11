import { z } from 'zod'
import { dashboardPeriods, defaultDashboardPeriod } from '../dashboard/periods'

// GET /api/v1/cabinet/dashboard (docs/reference/readings.md 14: the seller dashboard is /cabinet): the seller's figures
// for a period, per currency. Amounts are integers of minor units (docs/reference/readings.md 12).

/** Any other period is refused (400). */
export const dashboardQuery = z.object({
  period: z.enum(dashboardPeriods).default(defaultDashboardPeriod),
})
export type DashboardQuery = z.infer<typeof dashboardQuery>

const amount = z.number().int()
const perCurrency = z.record(z.string(), amount)

export const dashboardOutput = z.object({
  period: z.enum(dashboardPeriods),
  from: z.string(),
  till: z.string(),
  /** The chart's bucket: a day (7..90 days) or an ISO week (180, 365 days). */
  bucket: z.enum(['day', 'week']),
  /** Every currency the seller had money or rates in during the period, most revenue first. */
  currencies: z.array(z.string()),
  /** Per currency: successful charges, successful refunds, chargebacks (less those won back) and what is left. */
  figures: z.array(z.object({
    currency: z.string(),
    revenue: amount,
    refunds: amount,
    chargebacks: amount,
    net: amount,
    charges_count: z.number().int(),
  })),
  orders: z.object({
    /** Orders made in the period (checkouts started, paid or not). */
    created: z.number().int(),
    /** Orders whose first payment arrived in the period. */
    paid: z.number().int(),
  }),
  /** Payers whose first paid order with the seller falls in the period. */
  new_payers: z.number().int(),
  /** Future or unpaid rates of running plans falling due within `upcoming_days`. */
  upcoming_days: z.number().int(),
  upcoming_rates: z.array(z.object({ currency: z.string(), count: z.number().int(), amount })),
  /** Rates of running plans past their due date and not paid (unpaid, partly paid, debt): what is still owed. */
  overdue_rates: z.array(z.object({ currency: z.string(), count: z.number().int(), amount })),
  /** One point per bucket, oldest first: revenue and refunds per currency. */
  series: z.array(z.object({ start: z.string(), revenue: perCurrency, refunds: perCurrency })),
  /** The products that earned most in the period (up to 5 per currency). */
  top_products: z.array(z.object({ product_id: z.number().int(), name: z.string(), currency: z.string(), revenue: amount, charges_count: z.number().int() })),
})
export type DashboardOutput = z.infer<typeof dashboardOutput>

/**
 * GET /api/v1/cabinet/dashboard/checklist: the "start selling" steps of a new seller, each done or not from
 * the seller's data (docs/decisions/0041-first-ten-minutes.md). The list is data: a later step is one more
 * item, and the web app shows each key it has texts for.
 */
export const checklistItemKeys = ['confirm_email', 'profile', 'first_product', 'publish', 'view_shop', 'test_purchase'] as const
export const checklistOutput = z.object({
  items: z.array(z.object({
    key: z.string().describe(`One of ${checklistItemKeys.join(', ')} (more may come)`),
    done: z.boolean(),
    /** The product the step is about (publish: the oldest unpublished one; test_purchase: the oldest published one). */
    product_id: z.number().int().optional(),
    product_slug: z.string().optional(),
  })),
  all_done: z.boolean(),
  /** The shop's address path, /s/{username}. */
  shop_path: z.string(),
})
export type ChecklistOutput = z.infer<typeof checklistOutput>
