import { z } from 'zod'
import { trackingCodeTypes, trackingConsentCategories, trackingEvents } from '../tracking-codes'
import { zId, zIdParam, zText } from '../validation/storable'
import { listOutput, listQuery } from './lists'

// Tracking codes (docs/decisions/0074-tracking-with-consent.md). The id's rule depends on the type, so the
// service checks it (422 `invalid_tracking_id`); custom code is sanitised there too.

const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

/** A custom code as the seller pastes it, at most 20,000 characters. */
export const customTrackingCodeMax = 20_000

const fields = {
  name: zText().trim().min(1).max(120),
  /** UA-…, G-…, GTM-…, a 16-digit pixel id or a Tracify account id, by type; none for custom codes. */
  tracking_id: zText().trim().max(64).nullish().meta({ description: 'Required by every type but custom_tracking_codes: UA-<digits>-<digits>, G-<A-Z0-9>, GTM-<A-Z0-9>, 16 digits (facebook_pixel), Tracify account id. A wrong one answers 422 invalid_tracking_id.' }),
  consent_category: z.enum(trackingConsentCategories).optional(),
  /** custom_tracking_codes only: the HTML, kept to its external https scripts and image pixels. */
  code: zText().max(customTrackingCodeMax).nullish(),
  events: z.array(z.enum(trackingEvents)).max(trackingEvents.length).optional(),
}

export const createTrackingCodeInput = z.strictObject({ type: z.enum(trackingCodeTypes), ...fields })
export type CreateTrackingCodeInput = z.infer<typeof createTrackingCodeInput>

export const updateTrackingCodeInput = z.strictObject({
  name: fields.name.optional(), tracking_id: fields.tracking_id, consent_category: fields.consent_category, code: fields.code, events: fields.events,
})
export type UpdateTrackingCodeInput = z.infer<typeof updateTrackingCodeInput>

export const trackingCodeParams = z.strictObject({ id: zIdParam() })

export const trackingCodeOutput = z.object({
  id: z.number(),
  type: z.enum(trackingCodeTypes),
  name: z.string(),
  tracking_id: z.string().nullable(),
  consent_category: z.enum(trackingConsentCategories),
  /** The sanitised custom code (what is served); null for other types. */
  code: z.string().nullable(),
  /** The hosts the code loads from (the storefront's CSP opens them after consent). */
  hosts: z.array(z.string()),
  events: z.array(z.enum(trackingEvents)),
  created_at: z.string(),
  updated_at: z.string(),
})
export type TrackingCodeOutput = z.infer<typeof trackingCodeOutput>
export const trackingCodeAnswer = z.object({ tracking_code: trackingCodeOutput })

export const trackingCodeSortKeys = ['id', 'name', 'type', 'created_at'] as const
export const trackingCodeListQuery = listQuery.extend({
  sort_key: z.enum(trackingCodeSortKeys).optional(),
  type: z.enum(trackingCodeTypes).optional(),
  consent_category: z.enum(trackingConsentCategories).optional(),
  event: z.enum(trackingEvents).optional(),
  /** Only codes this product uses (by its selection). */
  product_id: zIdParam().optional(),
  with_code: boolParam.optional(),
})
export type TrackingCodeListQuery = z.infer<typeof trackingCodeListQuery>
export const trackingCodeListOutput = listOutput(trackingCodeOutput)

/** A product's tracking selection (docs/reference/catalogue-and-selling.md §3): none, all or selected codes. */
export const trackingSelectionModes = ['none', 'all', 'selected'] as const
export const productTrackingParams = z.strictObject({ id: zIdParam() })
export const productTrackingInput = z.strictObject({
  mode: z.enum(trackingSelectionModes),
  tracking_code_ids: z.array(zId()).max(100).default([]).meta({ description: 'The seller\'s own codes; used when mode is selected (another seller\'s id answers 404).' }),
})
export type ProductTrackingInput = z.infer<typeof productTrackingInput>
export const productTrackingOutput = z.object({
  product_tracking: z.object({ product_id: z.number(), mode: z.enum(trackingSelectionModes), tracking_code_ids: z.array(z.number()) }),
})
export type ProductTrackingOutput = z.infer<typeof productTrackingOutput>
