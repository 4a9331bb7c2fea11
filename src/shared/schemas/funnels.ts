import { z } from 'zod'
import { funnelNodeKinds, maxFunnelNodes } from '../funnels/funnel-graph'
import { funnelStates } from '../states/funnel'
import { requiredText } from '../validation/account-schemas'
import { byValue, documented, onlyNull } from '../validation/document-rules'
import { isStorableText, zId, zIdParam } from '../validation/storable'
import { zPlainText } from '../validation/schemas'
import { textTranslationsInput, textTranslationsOutput } from './translations'
import { listOutput, listQuery } from './lists'

// A seller's funnels (docs/decisions/0066-funnels.md): offers after a checkout (upsell, downsell) and
// thank-you pages, linked by accept and decline; the products whose checkout leads into the funnel.

export const funnelNameMaxLength = 120
export const maxFunnelProducts = 50

const funnelName = requiredText().max(funnelNameMaxLength, { error: 'too_long' }).refine(isStorableText, { error: 'invalid_value' })
const link = z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(0, { error: 'invalid_value' }).max(maxFunnelNodes - 1, { error: 'invalid_value' }).nullable()

export const funnelParams = z.object({ id: zIdParam() })

export const funnelListQuery = listQuery.pick({ page: true, per: true, query: true, sort_dir: true }).extend({
  sort_key: z.enum(['id', 'name', 'updated_at']).optional(),
  state: z.enum(funnelStates, { error: 'invalid_value' }).optional(),
})
export type FunnelListQuery = z.infer<typeof funnelListQuery>

/**
 * One node of PUT /cabinet/funnels/{id}/nodes. `id` keeps an existing node (its orders and figures stay
 * with it); `accept` and `decline` name another node by its place in the list, null the end. An offer
 * (upsell, downsell) names a product of the seller and one of its plans; a thank-you page offers nothing.
 */
/** An offer's headline a seller may give per language (docs/decisions/0095-product-translations.md): `funnel_nodes.translations`. */
export const funnelNodeTextFields = ['headline'] as const
/** Sent, it replaces the node's stored set; `null` or `{}` removes them all; left out, a kept node's stay. */
export const funnelNodeTranslationsInput = textTranslationsInput({ headline: zPlainText(200) })
export type FunnelNodeTranslationsInput = z.infer<typeof funnelNodeTranslationsInput>

export const funnelNodeInput = z.strictObject({
  id: zId().optional(),
  kind: z.enum(funnelNodeKinds, { error: 'invalid_value' }),
  product_id: zId().nullable().optional(),
  pricing_plan_id: zId().nullable().optional(),
  /** A built page of type funnel; null: the default layout. */
  page_id: zId().nullable().optional(),
  headline: zPlainText(200).transform((value) => (value === '' ? null : value)).nullish(),
  /** The headline in other languages, by locale; optional. */
  translations: funnelNodeTranslationsInput.nullish(),
  accept: link.optional(),
  decline: link.optional(),
}).superRefine((value, ctx) => {
  const offers = value.kind !== 'thank_you'
  for (const key of ['product_id', 'pricing_plan_id'] as const) {
    const named = value[key] !== undefined && value[key] !== null
    if (offers && !named) ctx.addIssue({ code: 'custom', path: [key], message: 'required' })
    if (!offers && named) ctx.addIssue({ code: 'custom', path: [key], message: 'invalid_value' })
  }
  if (!offers && ((value.accept ?? null) !== null || (value.decline ?? null) !== null)) ctx.addIssue({ code: 'custom', path: ['accept'], message: 'invalid_value' })
}).meta(byValue('kind', funnelNodeKinds, {
  upsell: { product_id: documented(zId()), pricing_plan_id: documented(zId()) },
  downsell: { product_id: documented(zId()), pricing_plan_id: documented(zId()) },
  thank_you: { product_id: onlyNull, pricing_plan_id: onlyNull, accept: onlyNull, decline: onlyNull },
}))
export type FunnelNodeInput = z.infer<typeof funnelNodeInput>

/** PUT /cabinet/funnels/{id}/nodes: the whole graph; the first node is where the funnel starts. */
export const saveFunnelNodesInput = z.strictObject({
  nodes: z.array(funnelNodeInput).max(maxFunnelNodes, { error: 'out_of_range' }),
})
export type SaveFunnelNodesInput = z.infer<typeof saveFunnelNodesInput>

const productIds = z.array(zId()).max(maxFunnelProducts, { error: 'out_of_range' })
  .refine((value) => new Set(value).size === value.length, { error: 'invalid_value' }).meta({ uniqueItems: true })

/** POST /cabinet/funnels. */
export const createFunnelInput = z.strictObject({
  name: funnelName,
  /** Products whose checkout leads into this funnel (a product leads into one funnel: it moves here). */
  product_ids: productIds.optional(),
  nodes: saveFunnelNodesInput.shape.nodes.optional(),
})
export type CreateFunnelInput = z.infer<typeof createFunnelInput>

/** PATCH /cabinet/funnels/{id}. */
export const updateFunnelInput = z.strictObject({
  name: funnelName.optional(),
  product_ids: productIds.optional(),
})
export type UpdateFunnelInput = z.infer<typeof updateFunnelInput>

export const funnelNodeOutput = z.object({
  id: z.number().int(),
  position: z.number().int(),
  kind: z.enum(funnelNodeKinds),
  product_id: z.number().int().nullable(),
  pricing_plan_id: z.number().int().nullable(),
  page_id: z.number().int().nullable(),
  headline: z.string().nullable(),
  /** The headline in other languages, by locale (`{}` for none; null when not translated). */
  translations: textTranslationsOutput(funnelNodeTextFields),
  accept_node_id: z.number().int().nullable(),
  decline_node_id: z.number().int().nullable(),
})
export type FunnelNodeOutput = z.infer<typeof funnelNodeOutput>

export const funnelOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(funnelStates),
  entry_node_id: z.number().int().nullable(),
  product_ids: z.array(z.number().int()),
  nodes_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type FunnelOutput = z.infer<typeof funnelOutput>

export const funnelDetailOutput = funnelOutput.extend({ nodes: z.array(funnelNodeOutput) })
export type FunnelDetailOutput = z.infer<typeof funnelDetailOutput>
export const funnelListOutput = listOutput(funnelOutput)

/** Conversion per node: views of its page, accepts (orders placed), declines, and revenue of the paid accepts per currency. */
export const funnelNodeStatsOutput = z.object({
  node_id: z.number().int(),
  kind: z.enum(funnelNodeKinds),
  views: z.number().int(),
  accepts: z.number().int(),
  declines: z.number().int(),
  /** Minor units per currency of the accepted orders that are paid (or paying). */
  revenue: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
})
export const funnelStatsOutput = z.object({
  funnel_id: z.number().int(),
  nodes: z.array(funnelNodeStatsOutput),
})
export type FunnelStatsOutput = z.infer<typeof funnelStatsOutput>
