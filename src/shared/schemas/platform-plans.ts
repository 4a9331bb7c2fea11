import { z } from 'zod'
import { featureFlags } from '../accounts'
import { zCurrencyId } from '../money/currencies'
import { maxPlanAmount } from '../pricing'
import { platformSubscriptionStates } from '../states/platform-subscription'
import { int4Max, notBlank, zId, zIdParam, zText } from '../validation/storable'
import type { FieldError } from '../errors'
import { listOutput, listQuery } from './lists'

// The platform's own plans (docs/decisions/0055-platform-plans.md): what sellers subscribe to, their billing
// cycles and prices, the feature flags they grant, the sellers' subscriptions and the promo tokens.

/** docs/reference/accounts-and-orders.md (plan purposes and billing cycles), in the spec's order. */
export const platformPlanPurposes = ['special', 'trial', 'public', 'on_hold', 'deletion_planned', 'deletion_requested'] as const
export type PlatformPlanPurpose = (typeof platformPlanPurposes)[number]
export const billingCycles = ['monthly', 'quarterly', 'annually'] as const
export type BillingCycle = (typeof billingCycles)[number]
/** The interval each cycle renews at (the pricing plan's interval code). */
export const billingCycleIntervals: Record<BillingCycle, string> = { monthly: '1m', quarterly: '3m', annually: '1y' }
/** Purposes a seller may buy on the plans page; special plans only through a promo; the rest are given by managers. */
export const purchasablePurposes: readonly PlatformPlanPurpose[] = ['public', 'trial']
/** Purposes an account is moved to by a manager (or the account's deactivation and deletion), without a payment. */
export const assignedPurposes: readonly PlatformPlanPurpose[] = ['on_hold', 'deletion_planned', 'deletion_requested']

const flagNames = Object.keys(featureFlags) as [keyof typeof featureFlags, ...(keyof typeof featureFlags)[]]
const name = zText().trim().min(1).max(120).regex(notBlank)
const amount = z.number().int().min(0).max(maxPlanAmount)

export const platformPlanPriceInput = z.strictObject({ billing_cycle: z.enum(billingCycles), amount, currency: zCurrencyId })
/** Each flag the plan grants (true) or withholds (false); flags left out keep their defaults. */
const planFeatures = z.strictObject(Object.fromEntries(flagNames.map((flag) => [flag, z.boolean().optional()])) as Record<(typeof flagNames)[number], z.ZodOptional<z.ZodBoolean>>)
export const platformPlanInput = z.strictObject({
  name,
  description: zText().trim().max(500).nullish(),
  purpose: z.enum(platformPlanPurposes),
  features: planFeatures.default({}),
  /** trial plans only (required there): free days before the first charge (1..365). */
  trial_days: z.number().int().min(1).max(365).nullish(),
  /** One price per billing cycle at most; public and trial plans need at least one. */
  prices: z.array(platformPlanPriceInput).max(3).default([]),
  position: z.number().int().min(0).max(1000).optional(),
})
export type PlatformPlanInput = z.output<typeof platformPlanInput>
export const updatePlatformPlanInput = z.strictObject({
  name: name.optional(),
  description: zText().trim().max(500).nullish(),
  features: planFeatures.optional(),
  /** A changed price is a new version of its pricing plan: subscriptions bought before keep theirs. */
  prices: z.array(platformPlanPriceInput).max(3).optional(),
  position: z.number().int().min(0).max(1000).optional(),
  archived: z.boolean().optional(),
})
export type UpdatePlatformPlanInput = z.output<typeof updatePlatformPlanInput>

/** GET lists: the spec's filters `purpose` and `billingCycle` (kept as spelled). */
export const platformPlanListQuery = listQuery.extend({
  purpose: z.enum(platformPlanPurposes).optional(),
  billingCycle: z.enum(billingCycles).optional(),
})
export type PlatformPlanListQuery = z.infer<typeof platformPlanListQuery>

export const platformPlanPriceOutput = z.object({ billing_cycle: z.enum(billingCycles), amount: z.number(), currency: z.string() })
export const platformPlanOutput = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  purpose: z.enum(platformPlanPurposes),
  features: z.record(z.string(), z.boolean()),
  trial_days: z.number().nullable(),
  /** The platform seller's product that sells it (the pricing link's product_id). */
  product_id: z.number().nullable(),
  prices: z.array(platformPlanPriceOutput),
  position: z.number(),
  archived: z.boolean(),
})
export type PlatformPlanOutput = z.infer<typeof platformPlanOutput>
export const listOfPlatformPlans = listOutput(platformPlanOutput)

export const platformSubscriptionOutput = z.object({
  id: z.number(),
  seller_id: z.number(),
  plan: platformPlanOutput,
  billing_cycle: z.enum(billingCycles).nullable(),
  state: z.enum(platformSubscriptionStates),
  order_id: z.number().nullable(),
  promo_token: z.string().nullable(),
  started_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  created_at: z.string(),
})
export type PlatformSubscriptionOutput = z.infer<typeof platformSubscriptionOutput>

/** GET /cabinet/platform_plan: the seller's plan (the newest that grants, else null) and what can be bought. */
export const sellerPlanPageOutput = z.object({
  current: platformSubscriptionOutput.nullable(),
  pending: platformSubscriptionOutput.nullable(),
  plans: z.array(platformPlanOutput),
})

/** POST /cabinet/platform_plan/subscriptions: start the checkout of a plan (or a promo's terms). */
export const subscribePlatformPlanInput = z.strictObject({
  /** The plan and cycle, or a promo token (which names both). */
  plan_id: zId().optional(),
  billing_cycle: z.enum(billingCycles).optional(),
  promo_token: zText().trim().min(8).max(64).optional(),
  payment_method: z.enum(['card', 'sepa', 'paypal']).default('card'),
  terms_accepted: z.literal(true),
})
export type SubscribePlatformPlanInput = z.output<typeof subscribePlatformPlanInput>
export const subscribePlatformPlanOutput = z.object({
  subscription: platformSubscriptionOutput,
  /** Where the seller pays: the payment provider's page (the sandbox's in test mode); null when nothing is to pay now. */
  redirect_url: z.string().nullable(),
  order_token: z.string(),
})

export const promoInput = z.strictObject({
  plan_id: zId(),
  billing_cycle: z.enum(billingCycles),
  /** The price per cycle on these terms; left out: the plan's own. */
  special_amount: amount.optional(),
  /** Free months before the first charge (1..12). */
  free_months: z.number().int().min(1).max(12).optional(),
  expires_at: z.iso.datetime({ offset: true }).optional(),
  max_uses: z.number().int().min(1).max(int4Max).optional(),
})
export type PromoInput = z.output<typeof promoInput>
export const promoOutput = z.object({
  id: z.number(),
  token: z.string(),
  plan: platformPlanOutput,
  billing_cycle: z.enum(billingCycles),
  special_amount: z.number().nullable(),
  free_months: z.number().nullable(),
  expires_at: z.string().nullable(),
  max_uses: z.number().nullable(),
  uses_count: z.number(),
  /** Whether a seller can still take it now (not expired, uses left). */
  available: z.boolean(),
})
export type PromoOutput = z.infer<typeof promoOutput>
export const listOfPromos = listOutput(promoOutput)

/** POST /admin/sellers/:id/platform_plan: a manager moves an account to a plan without a payment. */
export const assignPlatformPlanInput = z.strictObject({ plan_id: zId() })

export const platformPlanParams = z.object({ id: zIdParam() })
export const promoTokenParams = z.object({ token: zText().min(1).max(64) })

/** What the plan schema cannot say per field: one price per cycle, trial days on trial plans only, a price on plans on offer. */
export function platformPlanIssues(plan: { purpose: PlatformPlanPurpose; trial_days?: number | null; prices: readonly { billing_cycle: BillingCycle }[] }): FieldError[] {
  const issues: FieldError[] = []
  const cycles = plan.prices.map((p) => p.billing_cycle)
  if (new Set(cycles).size !== cycles.length) issues.push({ path: 'prices', message: 'duplicate_billing_cycle' })
  if (plan.trial_days && plan.purpose !== 'trial') issues.push({ path: 'trial_days', message: 'only_trial_plans' })
  if (plan.purpose === 'trial' && !plan.trial_days) issues.push({ path: 'trial_days', message: 'required' })
  if (purchasablePurposes.includes(plan.purpose) && plan.prices.length === 0) issues.push({ path: 'prices', message: 'required' })
  return issues
}
