import { z } from 'zod'
import { dealStates } from '../states/deal'
import { teamMemberStates } from '../states/team-member'
import { zEmail, zPersonName, zPlainText } from '../validation/schemas'
import { int4Max, zId, zIdParam } from '../validation/storable'
import { listOutput, listQuery } from './lists'

// Sales team members and deals (docs/decisions/0054-sales-team-and-deals.md). A sales team member is invited
// by email with a fee in whole percent (stored as basis points); a deal is an individual offer for one named
// payer: a product, one of its pricing plans with individual amounts, an expiry, and a link sent by mail.

// ---------------------------------------------------------------- sales team members

/** A fee in whole percent, 0..100 (kept as basis points: 12 % = 1200). */
const feePercent = z.number().int().min(0).max(100)

export const inviteSalesTeamMemberInput = z.object({ email: zEmail, fee_percent: feePercent }).strict()
export type InviteSalesTeamMemberInput = z.output<typeof inviteSalesTeamMemberInput>
export const updateSalesTeamMemberInput = z.object({ fee_percent: feePercent }).strict()
export type UpdateSalesTeamMemberInput = z.output<typeof updateSalesTeamMemberInput>

export const salesTeamMemberOutput = z.object({
  id: z.number().int(),
  state: z.enum(teamMemberStates),
  email: z.string(),
  name: z.string().nullable(),
  /** The fee on the net of each sale closed through a deal, in basis points (1200 = 12 %). */
  fee_bps: z.number().int(),
  invited_at: z.string(),
  accepted_at: z.string().nullable(),
  ended_at: z.string().nullable(),
})
export type SalesTeamMemberOutput = z.infer<typeof salesTeamMemberOutput>
export const salesTeamMemberAnswer = z.object({ sales_team_member: salesTeamMemberOutput })
export const salesTeamMemberListQuery = listQuery.extend({ state: z.enum(teamMemberStates).optional() }).strict()
export const listOfSalesTeamMembers = listOutput(salesTeamMemberOutput)
export const salesTeamMemberParams = z.object({ id: zIdParam() })

// ---------------------------------------------------------------- deals

/** An amount in minor units of the plan's currency. */
const amount = z.number().int().min(0).max(int4Max)
const expiresAt = z.iso.datetime({ offset: true })

const dealFields = {
  product_id: zId(),
  pricing_plan_id: zId(),
  payer_email: zEmail,
  payer_first_name: zPersonName,
  payer_last_name: zPersonName,
  /** One-time plans: the price. */
  price: amount.nullable().optional(),
  /** Installments and subscriptions: the first and every later rate. */
  first_amount: amount.nullable().optional(),
  next_amount: amount.nullable().optional(),
  /** The link works until then. */
  expires_at: expiresAt,
  /** A note the payer reads in the mail and on the deal's page. */
  message: zPlainText(2000).optional(),
}

export const createDealInput = z.object({
  ...dealFields,
  /** The seller may hand the deal to a sales team member (their fee applies); a sales team member's deals are their own. */
  sales_team_member_id: zId().nullable().optional(),
}).strict()
export type CreateDealInput = z.output<typeof createDealInput>
export const updateDealInput = createDealInput.partial().strict()
export type UpdateDealInput = z.output<typeof updateDealInput>

export const dealParams = z.object({ id: zIdParam() })
export const dealTokenParams = z.object({ token: z.string().min(1).max(100) })

export const dealOutput = z.object({
  id: z.number().int(),
  state: z.enum(dealStates),
  product: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  pricing_plan: z.object({ id: z.number().int(), name: z.string().nullable(), form: z.string() }),
  currency: z.string(),
  price: z.number().int().nullable(),
  first_amount: z.number().int().nullable(),
  next_amount: z.number().int().nullable(),
  payer_email: z.string(),
  payer_first_name: z.string(),
  payer_last_name: z.string(),
  message: z.string().nullable(),
  expires_at: z.string(),
  expired: z.boolean(),
  sales_team_member: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string(), fee_bps: z.number().int() }).nullable(),
  /** The payer's link (sent ones only). */
  url: z.string().nullable(),
  order_id: z.number().int().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
})
export type DealOutput = z.infer<typeof dealOutput>
export const dealAnswer = z.object({ deal: dealOutput })

const oneOrSeveral = <T extends z.ZodType>(item: T) => z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(item).max(50))
export const dealListQuery = listQuery.extend({
  state: oneOrSeveral(z.enum(dealStates)).optional(),
  sales_team_member_id: zIdParam().optional(),
  product_id: zIdParam().optional(),
}).strict()
export type DealListQuery = z.output<typeof dealListQuery>
export const listOfDeals = listOutput(dealOutput)

/** The products and plans a deal can offer (GET /cabinet/deal_offers): the seller's published products with their active plans. */
export const dealOfferOutput = z.object({
  product_id: z.number().int(),
  name: z.string(),
  pricing_plans: z.array(z.object({
    id: z.number().int(), name: z.string().nullable(), form: z.string(), currency: z.string(),
    price: z.number().int().nullable(), first_amount: z.number().int().nullable(), next_amount: z.number().int().nullable(),
  })),
})
export type DealOfferOutput = z.infer<typeof dealOfferOutput>
export const listOfDealOffers = z.object({ list: z.array(dealOfferOutput) })

/** What the payer's link shows before the checkout (GET /api/v1/shop/deals/{token}). */
export const publicDealOutput = z.object({
  state: z.enum(dealStates),
  seller: z.object({ username: z.string(), name: z.string() }),
  product: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  pricing_plan: z.object({ id: z.number().int(), name: z.string().nullable(), form: z.string(), interval: z.string().nullable(), payments_count: z.number().int().nullable() }),
  currency: z.string(),
  price: z.number().int().nullable(),
  first_amount: z.number().int().nullable(),
  next_amount: z.number().int().nullable(),
  payer_first_name: z.string(),
  payer_last_name: z.string(),
  message: z.string().nullable(),
  expires_at: z.string(),
  /** The product page's checkout with the deal applied. */
  checkout_url: z.string(),
})
export type PublicDealOutput = z.infer<typeof publicDealOutput>
export const publicDealAnswer = z.object({ deal: publicDealOutput })
