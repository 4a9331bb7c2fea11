import { z } from 'zod'
import { affiliateLimits, commissionDurations } from '../affiliates/commissions'
import { zCurrencyId } from '../money'
import { affiliateNodeStates } from '../states/affiliate-node'
import { int4Max, notBlank, zId, zIdParam, zText } from '../validation/storable'
import { allRules, byValue, documented, maxSum, whenTrue } from '../validation/document-rules'
import { zBirthday, zDomain, zUrl } from '../validation/schemas'
import { listOutput, listQuery } from './lists'

// Affiliate programs, participations (nodes), the publisher area and the marketplace
// (docs/decisions/0048-affiliates.md). Percentages are whole percents in the API (two decimals at most),
// basis points inside; amounts are integers of minor units.

export const landingThemes = ['classic', 'bold', 'minimal'] as const
export const embeddableItemKinds = ['product_card', 'buy_button'] as const
export const commissionStates = ['pending', 'available', 'reversed'] as const
export const statisticsPeriods = ['day', 'week', 'month'] as const
export const statisticsGroups = ['programs', 'products', 'sellers', 'publishers', 'affiliate'] as const

const percent = z.number({ error: 'invalid_value' }).min(0, { error: 'out_of_range' }).max(100, { error: 'out_of_range' }).multipleOf(0.01, { error: 'invalid_value' })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'invalid_value' })

/** Level 1 first; 1 to 5 levels whose sum is at most 100. */
export const zCommissions = z.array(percent).min(1, { error: 'required' }).max(affiliateLimits.maxLevels, { error: 'out_of_range' })
  .refine((levels) => levels.reduce((s, v) => s + Math.round(v * 100), 0) <= affiliateLimits.maxTotalPercent * 100, { error: 'commission_total_exceeded' })
  .meta({ ...maxSum(affiliateLimits.maxTotalPercent), description: 'Whole percents per level, level 1 first; at most 5 levels summing to at most 100' })

/** A landing page block of the affiliate page type (header, banner, text, picture, video, affiliate, footer, ...). */
export const zLandingBlock = z.object({
  kind: z.enum(['header', 'banner', 'text', 'picture', 'video', 'button', 'testimonials', 'affiliate', 'gap', 'footer']),
  props: z.record(z.string(), z.unknown()).default({}),
}).strict()

const programFields = {
  name: zText().trim().min(1, { error: 'required' }).regex(notBlank, { error: 'required' }).max(120, { error: 'too_long' }),
  description: zText().max(5000, { error: 'too_long' }).nullish(),
  product_ids: z.array(zId()).max(300, { error: 'out_of_range' }),
  commissions: zCommissions,
  cookies_expire: z.number().int().min(1, { error: 'out_of_range' }).max(affiliateLimits.maxCookieDays, { error: 'out_of_range' }).default(affiliateLimits.defaultCookieDays),
  lifetime: z.enum(commissionDurations).default('none'),
  lifetime_days: z.number().int().min(1).max(affiliateLimits.maxLifetimeDays).nullish(),
  /** A fixed amount (minor units of bonus_currency) paid once per publisher after their first sale. */
  bonus: z.number().int().min(0).max(int4Max).nullish(),
  bonus_currency: zCurrencyId.nullish(),
  auto_accept: z.boolean().default(false),
  provision_from_brutto: z.boolean().default(false),
  hold_days: z.number().int().min(0).max(affiliateLimits.maxHoldDays).default(affiliateLimits.defaultHoldDays),
  disable_landing_page: z.boolean().default(false),
  redirection_url: zUrl.nullish(),
  landing_body: z.array(zLandingBlock).max(50).default([]),
  landing_theme: z.enum(landingThemes).default('classic'),
  forward_url_params: z.boolean().default(false),
  allow_embed_forms: z.boolean().default(false),
  embed_forms_allowed: z.array(zDomain).max(20).default([]),
  affiliate_redirections_allowed: z.boolean().default(false),
  listed_in_marketplace: z.boolean().default(false),
}

const programRules = (value: { lifetime?: string; lifetime_days?: number | null; bonus?: number | null; bonus_currency?: string | null; disable_landing_page?: boolean; redirection_url?: string | null }, ctx: z.RefinementCtx) => {
  if (value.lifetime === 'days' && !value.lifetime_days) ctx.addIssue({ code: 'custom', path: ['lifetime_days'], message: 'required' })
  if (value.bonus && !value.bonus_currency) ctx.addIssue({ code: 'custom', path: ['bonus_currency'], message: 'required' })
  if (value.disable_landing_page && !value.redirection_url) ctx.addIssue({ code: 'custom', path: ['redirection_url'], message: 'required' })
}

/** programRules as the document states them: days need lifetime_days, a bonus its currency, no landing page a URL. */
const programDocumentRules = allRules(
  byValue('lifetime', commissionDurations, { days: { lifetime_days: { type: 'integer', minimum: 1, maximum: affiliateLimits.maxLifetimeDays } } }),
  {
    anyOf: [
      { properties: { bonus: { type: 'integer', minimum: 1, maximum: int4Max }, bonus_currency: documented(zCurrencyId) }, required: ['bonus', 'bonus_currency'] },
      { properties: { bonus: { type: 'integer', nullable: true, enum: [0, null] } }, required: ['bonus'] },
    ],
  },
  whenTrue('disable_landing_page', { redirection_url: documented(zUrl) }),
)

/** POST /cabinet/affiliate_programs. */
export const createAffiliateProgramInput = z.object(programFields).strict().superRefine(programRules).meta(programDocumentRules)
export type CreateAffiliateProgramInput = z.input<typeof createAffiliateProgramInput>

/** PATCH /cabinet/affiliate_programs/{id}: any field; the merged program is checked again. */
export const updateAffiliateProgramInput = z.object(Object.fromEntries(
  Object.entries(programFields).map(([k, v]) => [k, (v as z.ZodType).optional()]),
) as { [K in keyof typeof programFields]: z.ZodOptional<(typeof programFields)[K]> }).strict()
export type UpdateAffiliateProgramInput = z.input<typeof updateAffiliateProgramInput>

/** PUT /cabinet/products/{id}/affiliate_program: the wizard's market upsell step. */
export const productAffiliateProgramInput = z.object({ affiliate_program_id: zId().nullable() }).strict()

export const affiliateProgramOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  cookies_expire: z.number().int(),
  lifetime: z.enum(commissionDurations),
  lifetime_days: z.number().int().nullable(),
  bonus: z.number().int().nullable(),
  bonus_currency: z.string().nullable(),
  /** Level 1's percent (the list's column). */
  commission: z.number(),
  commissions: z.array(z.number()),
  /** The number of levels (the list's "type (stages)"). */
  type: z.number().int(),
  product_ids: z.array(z.number().int()),
  products: z.array(z.object({ id: z.number().int(), name: z.string() })),
  auto_accept: z.boolean(),
  provision_from_brutto: z.boolean(),
  hold_days: z.number().int(),
  disable_landing_page: z.boolean(),
  redirection_url: z.string().nullable(),
  landing_body: z.array(z.object({ kind: z.string(), props: z.record(z.string(), z.unknown()) })),
  landing_theme: z.string(),
  forward_url_params: z.boolean(),
  allow_embed_forms: z.boolean(),
  embed_forms_allowed: z.array(z.string()),
  affiliate_redirections_allowed: z.boolean(),
  listed_in_marketplace: z.boolean(),
  /** The program's public page for publishers (or the redirection URL). */
  landing_url: z.string(),
  nodes_count: z.number().int(),
  requested_count: z.number().int(),
})
export type AffiliateProgramOutput = z.infer<typeof affiliateProgramOutput>
export const affiliateProgramAnswer = z.object({ affiliate_program: affiliateProgramOutput })
export const affiliateProgramList = listOutput(affiliateProgramOutput)
export const affiliateProgramListQuery = listQuery.extend({ archived: z.enum(['true', 'false']).optional() }).strict()

// ------------------------------------------------------------------------------------------------ nodes

export const affiliateNodeOutput = z.object({
  id: z.number().int(),
  affiliate_program_id: z.number().int(),
  affiliate_program_name: z.string(),
  created_at: z.string(),
  state: z.enum(affiliateNodeStates),
  from_landing_page: z.boolean(),
  /** Whether the program's one-time bonus was paid to this publisher. */
  bonus: z.boolean(),
  publisher_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The public code in the links. */
  token: z.string(),
  /** The publisher's link to the program's first product (or its landing page). */
  link: z.string(),
  /** The link that recruits other publishers under this one. */
  recruitment_link: z.string(),
  recruited_by_node_id: z.number().int().nullable(),
  canceled_by: z.enum(['seller', 'publisher']).nullable(),
})
export type AffiliateNodeOutput = z.infer<typeof affiliateNodeOutput>
export const affiliateNodeAnswer = z.object({ affiliate_node: affiliateNodeOutput })
export const affiliateNodeList = listOutput(affiliateNodeOutput)
export const affiliateNodeListQuery = listQuery.extend({
  state: z.enum(affiliateNodeStates).optional(),
  affiliate_program_id: z.coerce.number().int().min(1).max(int4Max).optional(),
  publisher_id: z.coerce.number().int().min(1).max(int4Max).optional(),
}).strict()

/** PATCH /cabinet/affiliate_nodes/{id} (the program's seller) and /publish/affiliate_nodes/{id} (canceled only). */
export const updateAffiliateNodeInput = z.object({ state: z.enum(['accepted', 'rejected', 'canceled']) }).strict()

/** POST /common/affiliate_programs/{id}/accept (a publisher). */
export const acceptAffiliateProgramInput = z.object({
  /** The recruiting publisher's node token (their recruitment link). */
  recruited_by: zText().trim().max(64).optional(),
  /** Asked once when the publisher's birthday is not known yet. */
  birthday: zBirthday.optional(),
  from_landing_page: z.boolean().optional(),
}).strict()

// ------------------------------------------------------------------------------------------------ public

export const publicProgramProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  cover_url: z.string().nullable(),
  display_price: z.number().int().nullable(),
  currency: z.string().nullable(),
})

/** GET /common/affiliate_programs/{id}: what a publisher sees before joining. */
export const publicAffiliateProgramOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  seller: z.object({ id: z.number().int(), username: z.string(), name: z.string() }),
  commissions: z.array(z.number()),
  cookies_expire: z.number().int(),
  lifetime: z.enum(commissionDurations),
  lifetime_days: z.number().int().nullable(),
  bonus: z.number().int().nullable(),
  bonus_currency: z.string().nullable(),
  auto_accept: z.boolean(),
  disable_landing_page: z.boolean(),
  redirection_url: z.string().nullable(),
  landing_body: z.array(z.object({ kind: z.string(), props: z.record(z.string(), z.unknown()) })),
  landing_theme: z.string(),
  products: z.array(publicProgramProduct),
  /** The signed-in publisher's participation, when there is one. */
  my_node: affiliateNodeOutput.nullable(),
})
export const publicAffiliateProgramAnswer = z.object({ affiliate_program: publicAffiliateProgramOutput })

/** GET /common/affiliate_marketplace?tab=programs|products|sellers. */
export const marketplaceQuery = listQuery.extend({ tab: z.enum(['programs', 'products', 'sellers']).default('programs') }).strict()
export const marketplaceItem = z.object({
  /** programs: the program; products: the product; sellers: the seller. */
  id: z.number().int(),
  name: z.string(),
  affiliate_program_id: z.number().int().nullable(),
  seller: z.object({ id: z.number().int(), username: z.string(), name: z.string() }),
  /** Percent per level (the marketplace's stage columns 1 to 5). */
  commissions: z.array(z.number()),
  cookies_expire: z.number().int().nullable(),
  lifetime: z.string().nullable(),
  products_count: z.number().int(),
  programs_count: z.number().int(),
  display_price: z.number().int().nullable(),
  currency: z.string().nullable(),
  cover_url: z.string().nullable(),
})
export const marketplaceList = listOutput(marketplaceItem)

/** POST /common/affiliate_clicks: a click the storefront could not record itself (a link to another site). */
export const affiliateClickInput = z.object({
  token: zText().trim().min(1).regex(notBlank).max(64),
  product_id: zId().optional(),
  source: z.enum(['link', 'landing', 'embed']).default('link'),
}).strict()

/** POST /app/ablefy_affiliate_affiliate_clicks: a click on a platform affiliate's link to this platform. */
export const platformAffiliateClickInput = z.object({ elo_publisher_id: zId() }).strict()

// ------------------------------------------------------------------------------------------------ money

export const orderCommissionOutput = z.object({
  level: z.number().int(),
  publisher_id: z.number().int(),
  /** commission | bonus */
  kind: z.enum(['commission', 'bonus']),
  amount: z.number().int(),
  reversed_amount: z.number().int(),
  currency: z.string(),
  state: z.enum(commissionStates),
  available_at: z.string(),
})
export type OrderCommissionOutput = z.infer<typeof orderCommissionOutput>

/** GET /publish/orders: the publisher's attributed orders, never the payer's address. */
export const publisherOrderOutput = z.object({
  id: z.number().int(),
  created_at: z.string(),
  payment_state: z.string(),
  product: z.object({ id: z.number().int(), name: z.string() }),
  seller: z.object({ id: z.number().int(), username: z.string() }),
  affiliate_program_id: z.number().int(),
  /** The publisher's level in this sale (1: their own link). */
  level: z.number().int(),
  currency: z.string(),
  total_amount: z.number().int(),
  /** The publisher's own commissions on this order, all charges together. */
  commission: z.object({ amount: z.number().int(), reversed_amount: z.number().int(), state: z.enum(commissionStates) }),
})
export const publisherOrderList = listOutput(publisherOrderOutput)
export const publisherOrderListQuery = listQuery.extend({
  affiliate_program_id: z.coerce.number().int().min(1).max(int4Max).optional(),
  payment_state: zText().max(40).optional(),
}).strict()

/** GET /publish/payouts_balance (and the seller's affiliate overview): the ledger's figures. */
/** GET /publish/transfers: every movement of the publisher's balance (the ledger's rows). */
export const publisherTransferOutput = z.object({
  id: z.number().int(),
  /** commission | bonus | refund | chargeback | chargeback_reversal | payout */
  kind: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  order_id: z.number().int().nullable(),
  created_at: z.string(),
})
export const publisherTransferList = listOutput(publisherTransferOutput)

export const creditMemoOutput = z.object({
  id: z.number().int(),
  number: z.string(),
  seller: z.object({ id: z.number().int(), username: z.string() }),
  publisher: z.object({ id: z.number().int(), name: z.string() }),
  period_start: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  commissions_count: z.number().int(),
  created_at: z.string(),
  pdf_url: z.string(),
})
export const creditMemoList = listOutput(creditMemoOutput)

// ------------------------------------------------------------------------------------------------ statistics

/** GET /publish/statistics and /cabinet/affiliate_statistics. */
export const affiliateStatisticsQuery = z.object({
  from: z.iso.date().optional(),
  till: z.iso.date().optional(),
  period: z.enum(statisticsPeriods).default('day'),
  group: z.enum(statisticsGroups).optional(),
  affiliate_program_id: z.coerce.number().int().min(1).max(int4Max).optional(),
}).strict()
const earnings = z.array(z.object({ currency: z.string(), amount: z.number().int() }))
export const affiliateStatisticsOutput = z.object({
  from: z.string(),
  till: z.string(),
  totals: z.object({ clicks: z.number().int(), sales: z.number().int(), conversion: z.number(), earnings }),
  series: z.array(z.object({ period_start: z.string(), clicks: z.number().int(), sales: z.number().int(), earnings })),
  /** By `group`: one row per program, product, seller, publisher or recruited publisher. */
  rows: z.array(z.object({ id: z.number().int(), name: z.string(), clicks: z.number().int(), sales: z.number().int(), conversion: z.number(), earnings })),
})
export type AffiliateStatisticsOutput = z.infer<typeof affiliateStatisticsOutput>

// ------------------------------------------------------------------------------------------------ publisher

/** GET/PATCH /publish/details. */
export const publisherDetailsInput = z.object({
  birthday: zBirthday.optional(),
  website: zUrl.nullish(),
  email_notifications: z.object({
    new_sale: z.boolean().optional(),
    node_state: z.boolean().optional(),
    credit_memo: z.boolean().optional(),
  }).strict().optional(),
}).strict()
export const publisherDetailsOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  kind: z.enum(['publisher', 'platform_affiliate']),
  /** dd.mm.yyyy or null. */
  birthday: z.string().nullable(),
  website: z.string().nullable(),
  email_notifications: z.object({ new_sale: z.boolean(), node_state: z.boolean(), credit_memo: z.boolean() }),
  /** The platform program's link that recruits sellers to this platform. */
  platform_link: z.string(),
})

const embeddableItemSettings = z.object({
  button_text: zText().max(60).optional(),
  button_color: zText().max(9).regex(/^#[0-9a-fA-F]{3,8}$/).optional(),
  show_price: z.boolean().optional(),
  show_cover: z.boolean().optional(),
}).strict()
export const embeddableItemInput = z.object({
  name: zText().trim().min(1).regex(notBlank).max(120),
  kind: z.enum(embeddableItemKinds),
  affiliate_node_id: zId(),
  product_id: zId(),
  settings: embeddableItemSettings.default({}),
}).strict()
/** PATCH /publish/embeddable_items/{id}: any field; settings replace the old ones when sent. */
export const updateEmbeddableItemInput = z.object({
  name: zText().trim().min(1).regex(notBlank).max(120).optional(),
  kind: z.enum(embeddableItemKinds).optional(),
  affiliate_node_id: zId().optional(),
  product_id: zId().optional(),
  settings: embeddableItemSettings.optional(),
}).strict()
export const embeddableItemOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(embeddableItemKinds),
  affiliate_node_id: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string() }),
  settings: z.record(z.string(), z.unknown()),
  /** The HTML to paste on another site. */
  snippet: z.string(),
  preview_url: z.string(),
  created_at: z.string(),
})
export const embeddableItemList = listOutput(embeddableItemOutput)

/** The `{id}` of every affiliate route (program, node, product, credit memo, embeddable item). */
export const affiliateIdParams = z.strictObject({ id: zIdParam() })
