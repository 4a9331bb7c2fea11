import { z } from 'zod'
import { maxResellerFeeBps, sellingModes } from '../resellers'
import { resellerApprovalStates } from '../states/reseller-approval'
import { zEmail } from '../validation/account-schemas'
import { zCountryCode, zPlainText, zVatId } from '../validation/schemas'
import { notBlank, zIdParam } from '../validation/storable'
import { listOutput, listQuery } from './lists'

// Resellers (docs/decisions/0051-resellers.md): the managers' list, the seller's reseller page, the reseller's
// area. Fees are basis points of the net (10 % = 1000).

const zFeeBps = z.number().int().min(0).max(maxResellerFeeBps)
const zLegalText = (max: number) => zPlainText(max).regex(notBlank, { error: 'required' })

// ------------------------------------------------------------------ managers (/admin/resellers)

export const createResellerInput = z.object({
  /** The user who becomes the reseller (they sign in with their own account and get the reseller profile). */
  email: zEmail,
  legal_name: zLegalText(200),
  street: zLegalText(200),
  zip: zLegalText(20),
  city: zLegalText(100),
  country_code: zCountryCode,
  vat_id: zVatId.nullable().optional(),
  fee_bps: zFeeBps,
}).strict()
export type CreateResellerInput = z.infer<typeof createResellerInput>

/** A manager changes the standard fee (new requests only: approvals and orders keep theirs) or (de)activates. */
export const updateResellerInput = z.object({ fee_bps: zFeeBps.optional(), active: z.boolean().optional() }).strict()
export type UpdateResellerInput = z.infer<typeof updateResellerInput>

export const resellerOutput = z.object({
  id: z.number(), user_id: z.number(), email: z.string(), legal_name: z.string(), street: z.string(), zip: z.string(), city: z.string(),
  country_code: z.string(), vat_id: z.string().nullable(), fee_bps: z.number(), active: z.boolean(), created_at: z.string(),
})
export type ResellerOutput = z.infer<typeof resellerOutput>
export const resellerListQuery = listQuery
export const listOfResellers = listOutput(resellerOutput)

/** A manager pauses or resumes a seller's selling (as the seller can). */
export const sellingPauseInput = z.object({ paused: z.boolean() }).strict()
export type SellingPauseInput = z.infer<typeof sellingPauseInput>

// ------------------------------------------------------------------ approvals

export const resellerApprovalOutput = z.object({
  id: z.number(), state: z.enum(resellerApprovalStates), fee_bps: z.number(), reason: z.string().nullable(), canceled_by: z.string().nullable(),
  seller_id: z.number(), seller_name: z.string(), reseller_id: z.number(), reseller_name: z.string(),
  created_at: z.string(), decided_at: z.string().nullable(), canceled_at: z.string().nullable(),
})
export type ResellerApprovalOutput = z.infer<typeof resellerApprovalOutput>
export const approvalIdParam = z.object({ id: zIdParam() })

// ------------------------------------------------------------------ the seller (/cabinet/reseller)

/** An active reseller as the seller may pick it: its public legal name, country and standard fee. */
export const offeredResellerOutput = z.object({ id: z.number(), legal_name: z.string(), city: z.string(), country_code: z.string(), fee_bps: z.number() })

export const sellerResellerPageOutput = z.object({
  selling_mode: z.enum(sellingModes),
  /** The reseller selling for the seller now (selling_via_reseller), else null. */
  reseller: offeredResellerOutput.nullable(),
  resellers: z.array(offeredResellerOutput),
  approvals: z.array(resellerApprovalOutput),
})
export type SellerResellerPageOutput = z.infer<typeof sellerResellerPageOutput>

export const requestResellerInput = z.object({ reseller_id: z.number().int().min(1) }).strict()
export type RequestResellerInput = z.infer<typeof requestResellerInput>

export const sellingModeOutput = z.object({ selling_mode: z.enum(sellingModes) })

// ------------------------------------------------------------------ the reseller (/reseller)

export const rejectApprovalInput = z.object({ reason: zLegalText(500) }).strict()
export type RejectApprovalInput = z.infer<typeof rejectApprovalInput>
export const cancelApprovalInput = z.object({ reason: zPlainText(500).optional() }).strict()
export type CancelApprovalInput = z.infer<typeof cancelApprovalInput>

export const resellerHomeOutput = z.object({
  reseller: resellerOutput.omit({ user_id: true, email: true }),
  /** Waiting requests first, then approved ones, then the rest, newest first. */
  approvals: z.array(resellerApprovalOutput),
})
export type ResellerHomeOutput = z.infer<typeof resellerHomeOutput>

export const resellerSaleOutput = z.object({
  id: z.number(), seller_id: z.number(), seller_name: z.string(), product_name: z.string(), payment_state: z.string(), currency: z.string(),
  total_amount: z.number(), paid_amount: z.number(), refunded_amount: z.number(),
  /** The fee frozen on the order and what the reseller's balance took from it so far (reversals included). */
  reseller_fee_bps: z.number(), fee_amount: z.number(), created_at: z.string(),
})
export type ResellerSaleOutput = z.infer<typeof resellerSaleOutput>
export const resellerSalesQuery = listQuery
export const listOfResellerSales = listOutput(resellerSaleOutput)
