import { z } from 'zod'
import { isSlug } from '../validation/slugs'
import { int4Max, zIdParam, zText } from '../validation/storable'
import { hasScriptTag } from '../validation/text'
import { listOutput, listQuery } from './lists'
import { shopListItemOutput } from './catalog'

// Multi-item shares (docs/decisions/0067-multi-item-shares.md): the products list's share dialog (select, edit,
// generate, link) makes one link, /v/{username}/{slug}, that presents several of the seller's products on one page,
// each with the seller's own text and a button to its checkout.

export const shareLimits = { minItems: 1, maxItems: 30, title: 300, description: 2000, itemText: 1000, buttonText: 60, slugLength: 60 } as const

/** Plain text: trimmed, bounded, no script tag (docs/reference/readings.md 20); the page shows it as text, never as HTML. */
const plain = (max: number) => zText({ error: 'invalid_value' }).trim().max(max, { error: 'too_long' })
  .refine((value) => !hasScriptTag(value), { error: 'script_tag' })
const title = plain(shareLimits.title).min(1, { error: 'required' })
const optionalText = (max: number) => plain(max).nullable().transform((v) => v || null)
const slug = zText({ error: 'invalid_value' }).trim().min(2, { error: 'invalid_slug' }).max(shareLimits.slugLength, { error: 'invalid_slug' })
  .refine(isSlug, { error: 'invalid_slug' })
  .meta({ pattern: `^[A-Za-z0-9-]{2,${shareLimits.slugLength}}$`, description: 'The link\'s last part: letters, digits and hyphens' })

export const shareItemInput = z.strictObject({
  product_id: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(1, { error: 'invalid_value' }).max(int4Max, { error: 'invalid_value' }),
  /** The seller's own text for this product on the page (else the product's name and price alone). */
  text: optionalText(shareLimits.itemText).optional(),
})

const items = z.array(shareItemInput, { error: 'invalid_value' })
  .min(shareLimits.minItems, { error: 'required' }).max(shareLimits.maxItems, { error: 'out_of_range' })
  .refine((list) => new Set(list.map((i) => i.product_id)).size === list.length, { error: 'duplicate_product' })

/** POST /api/v1/cabinet/item_shares: the dialog's "generate" step. Without a slug one is made from the title. */
export const createShareInput = z.strictObject({
  title,
  description: optionalText(shareLimits.description).optional(),
  button_text: plain(shareLimits.buttonText).min(1, { error: 'required' }).optional(),
  items,
  slug: slug.optional(),
})
export type CreateShareInput = z.output<typeof createShareInput>

/** PATCH /api/v1/cabinet/item_shares/{id}: the texts, the items (replaced whole) or the link's last part. */
export const updateShareInput = z.strictObject({
  title: title.optional(),
  description: optionalText(shareLimits.description).optional(),
  button_text: plain(shareLimits.buttonText).min(1, { error: 'required' }).optional(),
  items: items.optional(),
  slug: slug.optional(),
})
export type UpdateShareInput = z.output<typeof updateShareInput>

export const shareParams = z.strictObject({ id: zIdParam() })
export const shareListQuery = listQuery.pick({ page: true, per: true, query: true, sort_key: true, sort_dir: true }).strict()
export type ShareListQuery = z.output<typeof shareListQuery>

export const shareOutput = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  button_text: z.string(),
  items: z.array(z.object({ product_id: z.number().int(), text: z.string().nullable() })),
  /** The public page: {app url}/v/{username}/{slug}. */
  url: z.string(),
  views: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type ShareOutput = z.infer<typeof shareOutput>
export const shareAnswer = z.object({ share: shareOutput })
export const listOfShares = listOutput(shareOutput)

/** The public page's data: the texts and, per item still on sale, its shop card and the seller's text. */
export const publicShareOutput = z.object({
  title: z.string(),
  description: z.string().nullable(),
  button_text: z.string(),
  seller: z.object({ username: z.string(), name: z.string() }),
  items: z.array(z.object({ product: shopListItemOutput, text: z.string().nullable() })),
  /** Colours of the seller's applied MultiItemsSharing theme (docs/decisions/0061-fonts-and-themes.md), when set. */
  theme: z.object({ background_color: z.string().nullable(), button_color: z.string().nullable(), button_text_color: z.string().nullable(), font_color: z.string().nullable() }),
})
export type PublicShareOutput = z.infer<typeof publicShareOutput>

/** The default button text and a slug made from a title (the dialog shows it before generating). */
export const defaultShareButtonText = 'Buy now'
export function slugFromTitle(value: string): string {
  const made = value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, shareLimits.slugLength - 7)
  return made.length >= 2 ? made : 'products'
}
