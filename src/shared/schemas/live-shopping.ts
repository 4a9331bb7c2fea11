import { z } from 'zod'
import { liveEventStates } from '../states/live-event'
import { int4Max, zIdParam, zText } from '../validation/storable'
import { hasScriptTag } from '../validation/text'
import { shopListItemOutput } from './catalog'
import { listOutput, listQuery } from './lists'

// Live shopping (docs/decisions/0086-live-shopping-and-mobile-app.md): a seller's scheduled live event with a
// stream link and chosen products; its public page (/live/{username}/{id}) counts down to the start, then shows the
// stream and the products with buy buttons whose orders carry the event's campaign id.

export const liveEventLimits = { title: 200, description: 5000, streamUrl: 2000, minProducts: 1, maxProducts: 30 } as const

/** The campaign id an event's buy buttons put on the order (orders.campaign_id): how the seller sees what it sold. */
export const liveEventCampaignId = (id: number) => `live-${id}`

/** Plain text: trimmed, bounded, no script tag; the page shows it as text, never as HTML. */
const plain = (max: number) => zText({ error: 'invalid_value' }).trim().max(max, { error: 'too_long' })
  .refine((value) => !hasScriptTag(value), { error: 'script_tag' })
const title = plain(liveEventLimits.title).min(1, { error: 'required' })
const description = plain(liveEventLimits.description).nullable().transform((v) => v || null)
const time = z.iso.datetime({ offset: true, error: 'invalid_value' })

/** A stream address the page may link or embed: https, a host, no credentials, no port, no spaces. */
export function isStreamUrl(value: string): boolean {
  if (/\s/.test(value)) return false
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  return url.protocol === 'https:' && url.hostname.includes('.') && url.username === '' && url.password === '' && url.port === ''
}
const streamUrl = zText({ error: 'invalid_value' }).trim().max(liveEventLimits.streamUrl, { error: 'too_long' })
  .refine(isStreamUrl, { error: 'https_url_required' })
  .meta({ pattern: '^https://\\S+$', description: 'The stream\'s https address (YouTube and Vimeo are embedded, any other is linked)' })
  .nullable().transform((v) => v || null)

const productIds = z.array(z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(1, { error: 'invalid_value' }).max(int4Max, { error: 'invalid_value' }), { error: 'invalid_value' })
  .min(liveEventLimits.minProducts, { error: 'required' }).max(liveEventLimits.maxProducts, { error: 'out_of_range' })
  .refine((list) => new Set(list).size === list.length, { error: 'duplicate_product' })

/** POST /api/v1/cabinet/live_events: a scheduled event. The expected end comes after the start. */
export const createLiveEventInput = z.strictObject({
  title,
  description: description.optional(),
  starts_at: time,
  ends_at: time,
  stream_url: streamUrl.optional(),
  /** The seller's own published products, in the order the page shows them. */
  product_ids: productIds,
}).refine((v) => Date.parse(v.ends_at) > Date.parse(v.starts_at), { error: 'end_before_start', path: ['ends_at'] })
export type CreateLiveEventInput = z.output<typeof createLiveEventInput>

/** PATCH /api/v1/cabinet/live_events/{id}: what is given changes (products replaced whole); scheduled or live events only. */
export const updateLiveEventInput = z.strictObject({
  title: title.optional(),
  description: description.optional(),
  starts_at: time.optional(),
  ends_at: time.optional(),
  stream_url: streamUrl.optional(),
  product_ids: productIds.optional(),
})
export type UpdateLiveEventInput = z.output<typeof updateLiveEventInput>

/** POST /api/v1/cabinet/live_events/{id}/state: go live, end, or cancel (src/shared/states/live-event.ts). */
export const liveEventStateInput = z.strictObject({ state: z.enum(['live', 'ended', 'cancelled'], { error: 'invalid_value' }) })
export type LiveEventStateInput = z.output<typeof liveEventStateInput>

export const liveEventParams = z.strictObject({ id: zIdParam() })
export const liveEventListQuery = listQuery.pick({ page: true, per: true, query: true, sort_dir: true }).extend({
  state: z.enum(liveEventStates).optional(),
}).strict()
export type LiveEventListQuery = z.output<typeof liveEventListQuery>

export const liveEventOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  stream_url: z.string().nullable(),
  /** The player address the page embeds (YouTube, Vimeo, Loom, Wistia); null: the page links the stream instead. */
  embed_url: z.string().nullable(),
  product_ids: z.array(z.number().int()),
  state: z.enum(liveEventStates),
  /** The states the seller may move it to now. */
  next_states: z.array(z.enum(liveEventStates)),
  went_live_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** The public page: {app url}/live/{username}/{id}. */
  url: z.string(),
  /** What the event's buy buttons put on the order (orders.campaign_id). */
  campaign_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type LiveEventOutput = z.infer<typeof liveEventOutput>

/** The orders the event's buy buttons brought: all of them, the paid ones, and what was paid per currency (refunds taken off). */
export const liveEventOrdersOutput = z.object({
  campaign_id: z.string(),
  count: z.number().int(),
  paid_count: z.number().int(),
  revenue: z.array(z.object({ currency: z.string(), amount: z.number().int(), count: z.number().int() })),
})
export type LiveEventOrdersOutput = z.infer<typeof liveEventOrdersOutput>

export const liveEventAnswer = z.object({ live_event: liveEventOutput })
export const liveEventDetailAnswer = z.object({ live_event: liveEventOutput, orders: liveEventOrdersOutput })
export const liveEventList = listOutput(liveEventOutput)

/** The public page's data. The stream only while live; the products still on sale, each with its attributed buy link. */
export const publicLiveEventOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  state: z.enum(liveEventStates),
  /** The server's time when the page was made: the countdown runs from it. */
  now: z.string(),
  seller: z.object({ username: z.string(), name: z.string() }),
  stream: z.object({ url: z.string(), embed_url: z.string().nullable() }).nullable(),
  products: z.array(z.object({ product: shopListItemOutput, buy_url: z.string() })),
})
export type PublicLiveEventOutput = z.infer<typeof publicLiveEventOutput>
