import { z } from 'zod'
import { featureFlags, type FeatureFlag } from '../accounts'
import { featureSources } from '../feature-gates'

// Feature flags per seller (docs/decisions/0077-feature-flags.md): what a manager sets on a seller
// (PATCH /admin/sellers/{id} `features`) and what a seller reads of theirs (GET /cabinet/features).

const flagNames = Object.keys(featureFlags) as [FeatureFlag, ...FeatureFlag[]]

/** Each flag the manager changes: true or false overrides the plan and the default, null goes back to them; flags left out stay. */
export const featureOverridesInput = z.strictObject(
  Object.fromEntries(flagNames.map((flag) => [flag, z.boolean().nullable().optional()])) as Record<FeatureFlag, z.ZodOptional<z.ZodNullable<z.ZodBoolean>>>,
)
export type FeatureOverridesInput = z.infer<typeof featureOverridesInput>

export const featureStateOutput = z.object({
  flag: z.enum(flagNames),
  /** The value in effect. */
  enabled: z.boolean(),
  /** Where it comes from: the manager's override, else the seller's platform plan, else the default. */
  source: z.enum(featureSources),
  default: z.boolean(),
  /** The platform plan's value; null when the plan says nothing of it (or the seller has no plan). */
  plan: z.boolean().nullable(),
  /** The manager's override; null when none. */
  override: z.boolean().nullable(),
  /** The public and trial platform plans that grant the flag (to tell a seller which plan unlocks it). */
  unlocked_by: z.array(z.object({ id: z.number(), name: z.string() })),
})
export type FeatureStateOutput = z.infer<typeof featureStateOutput>

export const sellerFeaturesOutput = z.object({
  seller_id: z.number(),
  /** The platform plan the seller is on (trialing, active or canceled within its period); null when none. */
  platform_plan: z.object({ id: z.number(), name: z.string() }).nullable(),
  features: z.array(featureStateOutput),
})
export type SellerFeaturesOutput = z.infer<typeof sellerFeaturesOutput>
