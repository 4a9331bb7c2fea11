import { z } from 'zod'
import { listOutput, listQuery } from './lists'

// Contact form submissions of built pages (docs/decisions/0065-serving-built-pages.md): the seller's list.
// The form itself posts urlencoded to the storefront (its fields are the block's, checked against it there).

export const contactRequestListQuery = listQuery.pick({ page: true, per: true, query: true, sort_dir: true }).extend({
  sort_key: z.enum(['id', 'created_at']).optional(),
})
export type ContactRequestListQuery = z.infer<typeof contactRequestListQuery>

export const contactRequestOutput = z.object({
  id: z.number(),
  page_id: z.number().nullable(),
  /** The form's fields in its order: the label the payer saw and what they entered. */
  fields: z.array(z.object({ id: z.string(), kind: z.string(), label: z.string(), value: z.string() })),
  created_at: z.string(),
})
export type ContactRequestOutput = z.infer<typeof contactRequestOutput>
export const contactRequestListOutput = listOutput(contactRequestOutput)
export type ContactRequestListOutput = z.infer<typeof contactRequestListOutput>
