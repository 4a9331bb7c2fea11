import { z } from 'zod'
import { zIdParam } from '../validation/storable'
import { productForms, publishStates, reviewStates } from '../catalog'
import { sellingModes } from '../resellers'
import { listOutput, listQuery } from './lists'

// The managers' lists: every seller with the flags
// of docs/reference/readings.md 23, and every seller's products with their publish and review states. The changes
// themselves are the catalogue's admin routes (PATCH /admin/sellers/{id}, /admin/products/{id}/...).

const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

export const adminSellerSortKeys = ['id', 'username', 'created_at', 'products_count'] as const

/** GET /admin/sellers: `query` matches username, email or company. */
export const adminSellerListQuery = listQuery.extend({
  sort_key: z.enum(adminSellerSortKeys).optional(),
  power_seller: boolParam.optional(),
  blocked: boolParam.optional(),
  can_sell: boolParam.optional(),
})
export type AdminSellerListQuery = z.infer<typeof adminSellerListQuery>

export const adminSellerOutput = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  power_seller: z.boolean(),
  blocked: z.boolean(),
  payment_account_done: z.boolean(),
  profile_finished: z.boolean(),
  /** docs/reference/readings.md 23: payment account done, profile finished, email confirmed, not blocked. */
  can_sell: z.boolean(),
  products_count: z.number().int(),
  created_at: z.string(),
  /** selling_none: paused by the seller or a manager (docs/decisions/0051-resellers.md). */
  selling_mode: z.enum(sellingModes).optional().default('selling_by_ownself'),
})
export type AdminSellerOutput = z.infer<typeof adminSellerOutput>
export const adminSellerListOutput = listOutput(adminSellerOutput)

export const adminProductSortKeys = ['id', 'name', 'created_at'] as const

/** GET /admin/products: `query` matches the product name. */
export const adminProductListQuery = listQuery.extend({
  sort_key: z.enum(adminProductSortKeys).optional(),
  publish_state: z.enum(publishStates).optional(),
  review_state: z.enum(reviewStates).optional(),
  seller_id: zIdParam().optional(),
  form: z.enum(productForms).optional(),
})
export type AdminProductListQuery = z.infer<typeof adminProductListQuery>

export const adminProductOutput = z.object({
  id: z.number(),
  name: z.string(),
  form: z.enum(productForms),
  seller_id: z.number(),
  seller_username: z.string(),
  publish_state: z.enum(publishStates),
  review_state: z.enum(reviewStates),
  /** A rejection's or take-down's reason, which the seller sees. */
  review_reason: z.string().nullable(),
  created_at: z.string(),
})
export type AdminProductOutput = z.infer<typeof adminProductOutput>
export const adminProductListOutput = listOutput(adminProductOutput)
