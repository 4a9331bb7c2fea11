import { z } from 'zod'
import { pageTypes, type PageType } from '../pages/page-blocks'
import { requiredText } from '../validation/account-schemas'
import { byValue, documented, onlyNull } from '../validation/document-rules'
import { isStorableText, zId, zIdParam } from '../validation/storable'
import { documentedPageDocument, pageDocumentSchema } from './page-blocks'
import { listOutput, listQuery } from './lists'

// A seller's built pages: a draft being edited, published versions, one active page per type (and product)
// that the storefront shows.

export const pageNameMaxLength = 120
/** Page types that belong to one product: the product page and its thank-you page. */
export const productPageTypes: readonly PageType[] = ['product', 'thank_you_page']
/**
 * Page types that may belong to one product or to none (docs/decisions/0069-member-pages.md): a course page
 * of one course, or the seller's page for every course without its own; a membership page alike.
 */
export const memberPageTypes: readonly PageType[] = ['course', 'membership']
/** The product form a member page's product must have. */
export const memberPageForm: Partial<Record<PageType, 'course' | 'membership'>> = { course: 'course', membership: 'membership' }

const pageName = requiredText().max(pageNameMaxLength, { error: 'too_long' }).refine(isStorableText, { error: 'invalid_value' })
const pageType = z.enum(pageTypes, { error: 'invalid_value' })

export const pageParams = z.object({ id: zIdParam() })
export const pageVersionParams = z.object({ id: zIdParam(), number: zIdParam() })

export const pageListQuery = listQuery.pick({ page: true, per: true, query: true, sort_dir: true }).extend({
  sort_key: z.enum(['id', 'updated_at']).optional(),
  page_type: pageType.optional(),
  product_id: zIdParam().optional(),
})
export type PageListQuery = z.infer<typeof pageListQuery>

/** POST /cabinet/pages: a new page starts from its type's empty document; a product page names its product. */
export const createPageInput = z.strictObject({
  page_type: pageType,
  name: pageName,
  product_id: zId().nullable().optional(),
}).superRefine((value, ctx) => {
  const needsProduct = productPageTypes.includes(value.page_type)
  const mayHaveProduct = needsProduct || memberPageTypes.includes(value.page_type)
  const named = value.product_id !== undefined && value.product_id !== null
  if (needsProduct && !named) ctx.addIssue({ code: 'custom', path: ['product_id'], message: 'required' })
  if (!mayHaveProduct && named) ctx.addIssue({ code: 'custom', path: ['product_id'], message: 'invalid_value' })
  // A member page type is left out of the cases: its product_id is optional and nullable, as the field says.
}).meta(byValue('page_type', pageTypes, Object.fromEntries(pageTypes.filter((type) => !memberPageTypes.includes(type)).map((type) => [
  type, productPageTypes.includes(type) ? { product_id: documented(zId()) } : { product_id: onlyNull },
])), true))
export type CreatePageInput = z.infer<typeof createPageInput>

/**
 * PUT /cabinet/pages/{id}/draft: the whole document, checked against the page's type (named again, so the
 * document states which blocks it may hold); `revision` (optional) refuses a save over a newer one.
 */
export function saveDraftInputFor(type: PageType) {
  return z.strictObject({
    page_type: z.literal(type),
    revision: z.number().int().min(1).optional(),
    name: pageName.optional(),
    document: pageDocumentSchema(type).meta(documented(documentedPageDocument(type))),
  })
}
export const saveDraftInput = z.union(pageTypes.map((type) => saveDraftInputFor(type)) as unknown as [ReturnType<typeof saveDraftInputFor>, ...ReturnType<typeof saveDraftInputFor>[]])
export type SaveDraftInput = z.infer<typeof saveDraftInput>

const versionOutput = z.object({
  number: z.number().int(),
  published_at: z.string(),
  published_by_user_id: z.number().int().nullable(),
  restored_from: z.number().int().nullable(),
})

export const pageOutput = z.object({
  id: z.number().int(),
  page_type: pageType,
  name: z.string(),
  product_id: z.number().int().nullable(),
  active: z.boolean(),
  revision: z.number().int(),
  published_version: z.number().int().nullable(),
  /** The draft differs from the published version (or nothing is published yet). */
  unpublished_changes: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type PageOutput = z.infer<typeof pageOutput>

export const pageDetailOutput = pageOutput.extend({
  draft: z.record(z.string(), z.unknown()),
  versions: z.array(versionOutput),
})
export type PageDetailOutput = z.infer<typeof pageDetailOutput>
export const pageListOutput = listOutput(pageOutput)
