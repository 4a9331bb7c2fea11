import { randomBytes } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import { formatMoney, isCurrencyId } from '../../../shared/money'
import type { ListAnswer } from '../../../shared/schemas/lists'
import type { CreateDealInput, DealListQuery, DealOfferOutput, DealOutput, PublicDealOutput, UpdateDealInput } from '../../../shared/schemas/deals'
import { assertTransition, dealStateForOrder, dealTransitions, editableDealStates, type DealState } from '../../../shared/states'
import { actingSellerId } from '../../auth/permissions'
import { assertFeature, requireActor, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as email from '../email/email.service'
import * as salesTeam from '../teams/sales-team.service'
import * as repo from './deals.repository'
import { localizedTexts } from '../../../shared/i18n/text-translations'
import type { LocaleCode } from '../../../shared/i18n/locales'

// Deals (docs/decisions/0054-sales-team-and-deals.md): an individual offer for one named payer, prepared by the
// seller (or a team member with the orders area) or by a sales team member, who sees and writes only their own.
// Sending makes the unguessable link and mails it; the payer's checkout uses it once (`useDealForOrder`), and
// the order's payment moves the deal on (`orderMoved`, through ports/deals.ts).

const notFound = () => new AppError('not_found', 'No such deal')

/** 32 url-safe characters from 24 random bytes (192 bits). */
function linkToken(): string {
  return randomBytes(24).toString('base64url')
}

/** Who writes or reads deals for this request: the seller, and the sales team member when it is one (their own deals only). */
async function dealActor(ctx: Ctx, db: Executor, action: 'deals.read' | 'deals.write') {
  const sellerId = actingSellerId(ctx.actor, action)
  assertFeature(ctx, 'sales_team')
  if (ctx.actor?.profileType !== 'sales_team_member') return { sellerId, member: undefined }
  const member = await salesTeam.salesTeamMemberOfActor(ctx, db)
  if (!member) throw new AppError('not_found', 'You do not work for this seller')
  return { sellerId, member }
}

const dealUrl = (ctx: Ctx, token: string) => `${ctx.deps.config.appUrl}/deals/${token}`

async function outputs(ctx: Ctx, db: Executor, rows: repo.DealWithOffer[]): Promise<DealOutput[]> {
  const members = await salesTeam.salesTeamMembersByIds(db, rows.map((r) => r.salesTeamMemberId).filter((id): id is number => id !== null))
  return rows.map((r) => {
    const m = r.salesTeamMemberId === null ? undefined : members.get(r.salesTeamMemberId)
    return {
      id: r.id, state: r.state as DealState, product: { id: r.productId, name: r.productName, slug: r.productSlug },
      pricing_plan: { id: r.pricingPlanId, name: r.planName, form: r.planForm }, currency: r.currency,
      price: r.price, first_amount: r.firstAmount, next_amount: r.nextAmount,
      payer_email: r.payerEmail, payer_first_name: r.payerFirstName, payer_last_name: r.payerLastName, message: r.message,
      expires_at: r.expiresAt.toISOString(), expired: r.expiresAt <= ctx.now,
      sales_team_member: m ? { id: m.id, name: m.name, email: m.email, fee_bps: m.feeBps } : null,
      url: r.token && r.state === 'ready' ? dealUrl(ctx, r.token) : null, order_id: r.orderId,
      sent_at: r.sentAt?.toISOString() ?? null, created_at: r.createdAt.toISOString(),
    }
  })
}

async function one(ctx: Ctx, db: Executor, id: number): Promise<{ deal: DealOutput }> {
  const row = await repo.findWithOffer(db, id)
  if (!row) throw notFound()
  return { deal: (await outputs(ctx, db, [row]))[0]! }
}

/** The offer's amounts checked against its plan: a one-time plan takes a price, the others their rates. */
async function checkedOffer(tx: Executor, sellerId: number, input: Pick<CreateDealInput, 'product_id' | 'pricing_plan_id' | 'price' | 'first_amount' | 'next_amount'>) {
  const offer = await repo.findOfferOf(tx, sellerId, input.product_id, input.pricing_plan_id)
  if (!offer) throw new AppError('validation_failed', 'Choose one of the product\'s pricing plans', [{ path: 'pricing_plan_id', message: 'invalid_value' }])
  const oneTime = offer.plan.form === 'one_time'
  if (oneTime && (input.first_amount != null || input.next_amount != null)) {
    throw new AppError('validation_failed', 'A one-time plan takes a price, not rates', [{ path: 'first_amount', message: 'invalid_value' }])
  }
  if (!oneTime && input.price != null) throw new AppError('validation_failed', 'This plan takes rates, not a price', [{ path: 'price', message: 'invalid_value' }])
  if (offer.plan.customIntervals?.length && (input.first_amount != null || input.next_amount != null)) {
    throw new AppError('validation_failed', 'A plan with custom rates keeps its own amounts', [{ path: 'first_amount', message: 'invalid_value' }])
  }
  return offer
}

function assertFuture(ctx: Ctx, expiresAt: Date) {
  if (expiresAt <= ctx.now) throw new AppError('validation_failed', 'The expiry must lie in the future', [{ path: 'expires_at', message: 'invalid_value' }])
}

// ---------------------------------------------------------------- the seller's and the sales team member's side

export async function createDeal(ctx: Ctx, input: CreateDealInput): Promise<{ deal: DealOutput }> {
  const actor = requireActor(ctx)
  const id = await ctx.db.transaction(async (tx) => {
    const { sellerId, member } = await dealActor(ctx, tx, 'deals.write')
    let salesTeamMemberId = member?.id ?? null
    if (member && input.sales_team_member_id != null && input.sales_team_member_id !== member.id) throw new AppError('forbidden', 'A sales team member prepares their own deals')
    if (!member && input.sales_team_member_id != null) {
      const named = (await salesTeam.salesTeamMembersByIds(tx, [input.sales_team_member_id])).get(input.sales_team_member_id)
      if (!named || named.sellerId !== sellerId || named.state !== 'active') {
        throw new AppError('validation_failed', 'Choose an active member of your sales team', [{ path: 'sales_team_member_id', message: 'invalid_value' }])
      }
      salesTeamMemberId = named.id
    }
    await checkedOffer(tx, sellerId, input)
    const expiresAt = new Date(input.expires_at)
    assertFuture(ctx, expiresAt)
    const row = await repo.insertDeal(tx, {
      sellerId, salesTeamMemberId, createdByUserId: actor.userId, state: 'draft', productId: input.product_id, pricingPlanId: input.pricing_plan_id,
      price: input.price ?? null, firstAmount: input.first_amount ?? null, nextAmount: input.next_amount ?? null,
      payerEmail: input.payer_email, payerFirstName: input.payer_first_name, payerLastName: input.payer_last_name, message: input.message || null, expiresAt,
    })
    return row.id
  })
  return one(ctx, ctx.db, id)
}

export async function listDeals(ctx: Ctx, query: DealListQuery): Promise<ListAnswer<DealOutput>> {
  const { sellerId, member } = await dealActor(ctx, ctx.db, 'deals.read')
  const { rows, total, max } = await repo.listForSeller(ctx.db, sellerId, {
    states: query.state, salesTeamMemberId: member?.id ?? query.sales_team_member_id, productId: query.product_id, query: query.query,
    offset: (query.page - 1) * query.per, limit: query.per,
  })
  return { list: await outputs(ctx, ctx.db, rows), total_count: total, total_count_max: max }
}

export async function getDeal(ctx: Ctx, id: number): Promise<{ deal: DealOutput }> {
  const { sellerId, member } = await dealActor(ctx, ctx.db, 'deals.read')
  if (!await repo.findForSeller(ctx.db, sellerId, id, { salesTeamMemberId: member?.id })) throw notFound()
  return one(ctx, ctx.db, id)
}

/** What a deal can offer: the seller's published products and their active plans (a sales team member reads no catalogue otherwise). */
export async function listDealOffers(ctx: Ctx): Promise<{ list: DealOfferOutput[] }> {
  const { sellerId } = await dealActor(ctx, ctx.db, 'deals.read')
  const offers = new Map<number, DealOfferOutput>()
  for (const { product, plan } of await repo.offersOf(ctx.db, sellerId)) {
    const offer = offers.get(product.id) ?? { product_id: product.id, name: product.name, pricing_plans: [] }
    offer.pricing_plans.push({ id: plan.id, name: plan.name, form: plan.form, currency: plan.currencyId, price: plan.price, first_amount: plan.firstAmount, next_amount: plan.nextAmount })
    offers.set(product.id, offer)
  }
  return { list: [...offers.values()] }
}

/** Changes the offer while it is a draft or sent and unused; a sent deal keeps its link (the payer sees the new terms). */
export async function updateDeal(ctx: Ctx, id: number, input: UpdateDealInput): Promise<{ deal: DealOutput }> {
  await ctx.db.transaction(async (tx) => {
    const { sellerId, member } = await dealActor(ctx, tx, 'deals.write')
    const row = await repo.findForSeller(tx, sellerId, id, { salesTeamMemberId: member?.id, lock: true })
    if (!row) throw notFound()
    if (!editableDealStates.includes(row.state as DealState)) throw new AppError('conflict', `A ${row.state} deal cannot be changed`)
    if (member && input.sales_team_member_id !== undefined && input.sales_team_member_id !== member.id) throw new AppError('forbidden', 'A sales team member prepares their own deals')
    let salesTeamMemberId = row.salesTeamMemberId
    if (!member && input.sales_team_member_id !== undefined) {
      salesTeamMemberId = input.sales_team_member_id
      if (salesTeamMemberId !== null) {
        const named = (await salesTeam.salesTeamMembersByIds(tx, [salesTeamMemberId])).get(salesTeamMemberId)
        if (!named || named.sellerId !== sellerId || named.state !== 'active') {
          throw new AppError('validation_failed', 'Choose an active member of your sales team', [{ path: 'sales_team_member_id', message: 'invalid_value' }])
        }
      }
    }
    const productChanged = input.product_id !== undefined || input.pricing_plan_id !== undefined
    const merged = {
      product_id: input.product_id ?? row.productId, pricing_plan_id: input.pricing_plan_id ?? row.pricingPlanId,
      // A new plan starts from its own amounts unless the request gives new ones.
      price: input.price !== undefined ? input.price : productChanged ? null : row.price,
      first_amount: input.first_amount !== undefined ? input.first_amount : productChanged ? null : row.firstAmount,
      next_amount: input.next_amount !== undefined ? input.next_amount : productChanged ? null : row.nextAmount,
    }
    await checkedOffer(tx, sellerId, merged)
    const expiresAt = input.expires_at ? new Date(input.expires_at) : row.expiresAt
    if (input.expires_at) assertFuture(ctx, expiresAt)
    await repo.updateDeal(tx, row.id, {
      salesTeamMemberId, productId: merged.product_id, pricingPlanId: merged.pricing_plan_id, price: merged.price ?? null,
      firstAmount: merged.first_amount ?? null, nextAmount: merged.next_amount ?? null, expiresAt,
      ...(input.payer_email !== undefined ? { payerEmail: input.payer_email } : {}),
      ...(input.payer_first_name !== undefined ? { payerFirstName: input.payer_first_name } : {}),
      ...(input.payer_last_name !== undefined ? { payerLastName: input.payer_last_name } : {}),
      ...(input.message !== undefined ? { message: input.message || null } : {}),
    })
  })
  return one(ctx, ctx.db, id)
}

/** Sends (or sends again) the deal's link to its payer: draft -> ready; the link is made on the first send. */
export async function sendDeal(ctx: Ctx, id: number): Promise<{ deal: DealOutput }> {
  await ctx.db.transaction(async (tx) => {
    const { sellerId, member } = await dealActor(ctx, tx, 'deals.write')
    const row = await repo.findForSeller(tx, sellerId, id, { salesTeamMemberId: member?.id, lock: true })
    if (!row) throw notFound()
    if (row.state !== 'ready') assertTransition(dealTransitions, row.state as DealState, 'ready', 'A deal')
    if (row.expiresAt <= ctx.now) throw new AppError('conflict', 'The deal has expired: set a later expiry first')
    const token = row.token ?? linkToken()
    await repo.updateDeal(tx, row.id, { state: 'ready', token, sentAt: ctx.now })
    const offer = (await repo.findWithOffer(tx, row.id))!
    const amount = row.price ?? row.firstAmount ?? null
    const naming = await salesTeam.sellerName(tx, sellerId)
    await email.queueEmail(ctx.deps, tx, {
      to: row.payerEmail, kind: 'deal_offer', locale: ctx.locale, userId: null, firstName: row.payerFirstName, sellerId,
      sellerName: naming, productName: offer.productName, link: dealUrl(ctx, token),
      amount: amount !== null && isCurrencyId(offer.currency) ? formatMoney({ amount, currency: offer.currency }) : '',
      notificationText: row.message ?? undefined,
    })
  })
  return one(ctx, ctx.db, id)
}

export async function cancelDeal(ctx: Ctx, id: number): Promise<{ deal: DealOutput }> {
  await ctx.db.transaction(async (tx) => {
    const { sellerId, member } = await dealActor(ctx, tx, 'deals.write')
    const row = await repo.findForSeller(tx, sellerId, id, { salesTeamMemberId: member?.id, lock: true })
    if (!row) throw notFound()
    assertTransition(dealTransitions, row.state as DealState, 'cancelled', 'A deal')
    await repo.updateDeal(tx, row.id, { state: 'cancelled' })
  })
  return one(ctx, ctx.db, id)
}

// ---------------------------------------------------------------- the payer's link and the checkout

/**
 * A link that opens: sent (ready), not expired. Used ones answer `already_used`, expired ones `link_expired`,
 * anything else (unknown, a draft, a cancelled deal) is not found.
 */
function assertOpen(row: repo.DealRow | undefined, now: Date): repo.DealRow {
  if (!row || row.state === 'draft' || row.state === 'cancelled') throw notFound()
  if (row.state !== 'ready') throw new AppError('already_used', 'This offer was used already')
  if (row.expiresAt <= now) throw new AppError('link_expired', 'This offer has expired')
  return row
}

/**
 * GET /shop/deals/{token}: what the payer's link shows, the product's and the plan's names in the language the
 * request names (docs/decisions/0095-product-translations.md), the base names when it names none.
 */
export async function publicDeal(ctx: Ctx, token: string, locale: LocaleCode | null = null): Promise<{ deal: PublicDealOutput }> {
  const row = assertOpen(await repo.findByToken(ctx.db, token), ctx.now)
  const offer = (await repo.findWithOffer(ctx.db, row.id))!
  const username = (await repo.sellerUsername(ctx.db, row.sellerId)) ?? ''
  const seller = await salesTeam.sellerName(ctx.db, row.sellerId)
  const productName = localizedTexts({ name: offer.productName }, offer.productTranslations, ['name'], locale).name
  const planName = localizedTexts({ name: offer.planName }, offer.planTranslations, ['name'], locale).name
  return {
    deal: {
      state: 'ready', seller: { username, name: seller ?? username },
      product: { id: offer.productId, name: productName, slug: offer.productSlug },
      pricing_plan: { id: offer.pricingPlanId, name: planName, form: offer.planForm, interval: offer.planInterval, payments_count: offer.planPaymentsCount },
      currency: offer.currency, price: offer.price, first_amount: offer.firstAmount, next_amount: offer.nextAmount,
      payer_first_name: offer.payerFirstName, payer_last_name: offer.payerLastName, message: offer.message, expires_at: offer.expiresAt.toISOString(),
      checkout_url: `/s/${encodeURIComponent(username)}/${encodeURIComponent(offer.productSlug)}?pricing_plan_id=${offer.pricingPlanId}&deal_token=${encodeURIComponent(token)}`,
    },
  }
}

/** The deal's individual amounts over its plan's, for the checkout's price (null keeps the plan's). */
export type DealTerms = {
  dealId: number; productId: number; pricingPlanId: number
  price: number | null; firstAmount: number | null; nextAmount: number | null
  /** The sales team member and their fee now (a removed member earns no fee). */
  salesTeamMemberId: number | null; feeBps: number | null
}

async function termsOf(db: Executor, row: repo.DealRow, input: { productId: number; pricingPlanId: number }): Promise<DealTerms> {
  if (row.productId !== input.productId || row.pricingPlanId !== input.pricingPlanId) {
    throw new AppError('validation_failed', 'This offer is for another product or plan', [{ path: 'deal_token', message: 'invalid_value' }])
  }
  const member = row.salesTeamMemberId === null ? undefined : (await salesTeam.salesTeamMembersByIds(db, [row.salesTeamMemberId])).get(row.salesTeamMemberId)
  const earns = member !== undefined && member.state === 'active'
  return {
    dealId: row.id, productId: row.productId, pricingPlanId: row.pricingPlanId, price: row.price, firstAmount: row.firstAmount, nextAmount: row.nextAmount,
    salesTeamMemberId: earns ? member.id : null, feeBps: earns ? member.feeBps : null,
  }
}

/** The quote's view of an open deal (nothing is locked or written). */
export async function dealTermsForQuote(ctx: Ctx, db: Executor, token: string, input: { productId: number; pricingPlanId: number }): Promise<DealTerms> {
  return termsOf(db, assertOpen(await repo.findByToken(db, token), ctx.now), input)
}

/**
 * The order's use of the link, in the order's transaction: the deal is locked, checked open, and moved to
 * finalized with the order; a second use (or a concurrent one, after this commit) answers `already_used`.
 */
export async function useDealForOrder(ctx: Ctx, tx: Executor, token: string, input: { productId: number; pricingPlanId: number }): Promise<DealTerms & { finalize: (orderId: number) => Promise<void> }> {
  const row = assertOpen(await repo.findByToken(tx, token, true), ctx.now)
  const terms = await termsOf(tx, row, input)
  return {
    ...terms,
    finalize: async (orderId: number) => {
      assertTransition(dealTransitions, row.state as DealState, 'finalized', 'A deal')
      await repo.updateDeal(tx, row.id, { state: 'finalized', orderId })
    },
  }
}

// ---------------------------------------------------------------- what the order store asks (ports/deals.ts)

export async function orderMoved(tx: Executor, order: { id: number; dealId: number | null }, to: string): Promise<void> {
  if (order.dealId === null) return
  const row = await repo.findForDealId(tx, order.dealId)
  if (!row || row.orderId !== order.id) return
  const next = dealStateForOrder(row.state as DealState, to)
  // Ready again: the unpaid order stays the record of the attempt; the link makes a new one.
  if (next) await repo.updateDeal(tx, row.id, next === 'ready' ? { state: next, orderId: null } : { state: next })
}

// ---------------------------------------------------------------- the demo

/**
 * The demo's deal (src/server/db/seed.ts): sent by the sales team member for a one-time plan, answered with its
 * link token for the seed to buy through; undefined when the member has a deal already (made once).
 */
export async function ensureDemoDeal(ctx: Ctx, input: { sellerId: number; salesTeamMemberId: number; productId: number; pricingPlanId: number; price: number }): Promise<string | undefined> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await repo.listForSeller(tx, input.sellerId, { salesTeamMemberId: input.salesTeamMemberId, offset: 0, limit: 1 })
    if (rows.length > 0) return undefined
    const token = linkToken()
    await repo.insertDeal(tx, {
      sellerId: input.sellerId, salesTeamMemberId: input.salesTeamMemberId, state: 'ready', token, productId: input.productId, pricingPlanId: input.pricingPlanId,
      price: input.price, payerEmail: 'deal.payer@example.test', payerFirstName: 'Dora', payerLastName: 'Dealmaker',
      message: 'As discussed on the phone: the presets at the workshop price.', expiresAt: new Date(ctx.now.getTime() + 14 * 86_400_000), sentAt: ctx.now,
    })
    return token
  })
}
