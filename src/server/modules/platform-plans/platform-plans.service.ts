import { randomBytes } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import { formatMoney, type CurrencyId } from '../../../shared/money'
import type { ListAnswer } from '../../../shared/schemas/lists'
import {
  assignedPurposes, billingCycleIntervals, platformPlanIssues, purchasablePurposes, type BillingCycle, type PlatformPlanInput, type PlatformPlanListQuery,
  type PlatformPlanOutput, type PlatformPlanPurpose, type PlatformSubscriptionOutput, type PromoInput, type PromoOutput,
  type SubscribePlatformPlanInput, type UpdatePlatformPlanInput,
} from '../../../shared/schemas/platform-plans'
import { assertTransition, platformSubscriptionTransitions, type PlatformSubscriptionState } from '../../../shared/states'
import type { Actor } from '../../auth/permissions'
import { actingSellerId, assertCan } from '../../auth/permissions'
import { systemContext, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import type { AccountMove } from '../../ports/account-moves'
import type { RateEvent } from '../../ports/rate-events'
import * as accounts from '../accounts/accounts.service'
import { cancelPlan } from '../billing/cancel-subscription.service'
import * as catalog from '../catalog/catalog.service'
import { createOrder } from '../checkout/place-order.service'
import * as email from '../email/email.service'
import * as orders from '../orders/orders.service'
import * as repo from './platform-plans.repository'

// The platform's own plans (docs/decisions/0055-platform-plans.md). The platform sells them as a seller: its
// own seller account (username `sellfront`) has one product per plan and one subscription pricing plan per
// billing cycle, so a seller buying a plan goes through the normal checkout and the billing engine renews,
// chases (dunning) and invoices it like any payer's subscription. This module keeps which plan each seller
// is on, listens to the billing engine's rate events to start, renew and end it, and mails the seller.

export const platformUsername = 'sellfront'
const platformEmail = 'plans@sellfront.invalid'
const notFound = () => new AppError('not_found', 'No such plan')

// ---------------------------------------------------------------- the platform's seller account

/** The platform's seller account, made once: a seller with a finished profile that sells the plans. */
export async function ensurePlatformSeller(deps: AppDeps): Promise<{ sellerId: number; userId: number }> {
  const known = await repo.ownerSellerId(deps.db)
  if (known !== null) return { sellerId: known, userId: (await accounts.sellerOwnerUserId(deps.db, known))! }
  const ctx = systemContext(deps)
  const made = await accounts.ensureDemoSeller(ctx, { email: platformEmail, username: platformUsername, password: `Plans-${randomBytes(18).toString('base64url')}!` })
  const sellerId = (await accounts.sellerOfUser(deps.db, made.userId))!
  await catalog.markProfileFinished(deps.db, sellerId, deps.now())
  await repo.setOwner(deps.db, sellerId)
  return { sellerId: (await repo.ownerSellerId(deps.db))!, userId: made.userId }
}

function platformContext(deps: AppDeps, owner: { sellerId: number; userId: number }): Ctx {
  const actor: Actor = { userId: owner.userId, sessionId: 'platform-plans', profileId: null, profileType: 'seller', sellerId: owner.sellerId, permissions: [], confirmed: true }
  return systemContext(deps, { actor })
}

/** The catalogue's pricing plan for one cycle's price (a subscription at the cycle's interval). */
function pricingPlanOf(price: { billing_cycle: BillingCycle; amount: number; currency: string }, trialDays: number | null | undefined, name: string) {
  return {
    form: 'subscription' as const, currency_id: price.currency as CurrencyId, price: price.amount, interval: billingCycleIntervals[price.billing_cycle],
    name, ...(trialDays ? { trial_days: trialDays } : {}),
  }
}

// ---------------------------------------------------------------- plans (managers)

async function planOutputs(db: Executor, rows: repo.PlanRow[]): Promise<PlatformPlanOutput[]> {
  const prices = await repo.pricesOf(db, rows.map((r) => r.id))
  return rows.map((r) => ({
    id: r.id, name: r.name, description: r.description, purpose: r.purpose as PlatformPlanPurpose, features: r.features, trial_days: r.trialDays,
    product_id: r.productId, position: r.position, archived: r.archived,
    prices: prices.filter((p) => p.planId === r.id).map((p) => ({ billing_cycle: p.billingCycle as BillingCycle, amount: p.amount, currency: p.currency })),
  }))
}

async function planOutput(db: Executor, row: repo.PlanRow): Promise<PlatformPlanOutput> {
  return (await planOutputs(db, [row]))[0]!
}

/** POST /admin/platform_plans: a plan, and when it has prices its product and pricing plans on the platform's account. */
export async function createPlan(ctx: Ctx, input: PlatformPlanInput): Promise<PlatformPlanOutput> {
  assertCan(ctx.actor, 'admin.write')
  const issues = platformPlanIssues(input)
  if (issues.length) throw new AppError('INVALID_INPUT', issues.map((i) => `${i.path}: ${i.message}`).join(', '), issues)
  return createPlanAsPlatform(ctx.deps, input)
}

export async function createPlanAsPlatform(deps: AppDeps, input: PlatformPlanInput): Promise<PlatformPlanOutput> {
  let productId: number | null = null
  const pricingPlanIds = new Map<BillingCycle, number>()
  if (input.prices.length > 0) {
    const owner = await ensurePlatformSeller(deps)
    const pctx = platformContext(deps, owner)
    const product = await catalog.createProduct(pctx, {
      form: 'digital', name: `Sellfront ${input.name}`, description: input.description ?? `The Sellfront plan ${input.name}.`,
      pricing_plans: input.prices.map((p) => pricingPlanOf(p, input.trial_days, p.billing_cycle)),
    } as Parameters<typeof catalog.createProduct>[1])
    const published = await catalog.publishProduct(pctx, product.id)
    productId = published.id
    for (const plan of published.pricing_plans) if (plan.name) pricingPlanIds.set(plan.name as BillingCycle, plan.id)
  }
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertPlan(tx, {
      name: input.name, description: input.description ?? null, purpose: input.purpose, features: input.features as Record<string, boolean>,
      trialDays: input.trial_days ?? null, productId, position: input.position ?? 0,
    })
    for (const price of input.prices) {
      await repo.upsertPrice(tx, { planId: row.id, billingCycle: price.billing_cycle, amount: price.amount, currency: price.currency, pricingPlanId: pricingPlanIds.get(price.billing_cycle)! })
    }
    return planOutput(tx, row)
  })
}

/** PATCH /admin/platform_plans/:id. A changed price is a new version of its pricing plan: running subscriptions keep their terms. */
export async function updatePlan(ctx: Ctx, id: number, input: UpdatePlatformPlanInput): Promise<PlatformPlanOutput> {
  assertCan(ctx.actor, 'admin.write')
  const plan = await repo.findPlan(ctx.db, id)
  if (!plan) throw notFound()
  if (input.prices) {
    const issues = platformPlanIssues({ purpose: plan.purpose as PlatformPlanPurpose, trial_days: plan.trialDays, prices: input.prices })
    if (issues.length) throw new AppError('INVALID_INPUT', issues.map((i) => `${i.path}: ${i.message}`).join(', '), issues)
    const owner = await ensurePlatformSeller(ctx.deps)
    const pctx = platformContext(ctx.deps, owner)
    const known = await repo.pricesOf(ctx.db, [id])
    let productId = plan.productId
    if (productId === null && input.prices.length) {
      const product = await catalog.createProduct(pctx, { form: 'digital', name: `Sellfront ${plan.name}`, description: plan.description ?? `The Sellfront plan ${plan.name}.`, pricing_plans: [] } as Parameters<typeof catalog.createProduct>[1])
      productId = product.id
      await repo.updatePlan(ctx.db, id, { productId })
    }
    for (const price of input.prices) {
      const was = known.find((k) => k.billingCycle === price.billing_cycle)
      const terms = pricingPlanOf(price, plan.trialDays, price.billing_cycle)
      const product = was
        ? await catalog.updatePlan(pctx, productId!, was.pricingPlanId, terms as Parameters<typeof catalog.updatePlan>[3])
        : await catalog.addPlan(pctx, productId!, terms as Parameters<typeof catalog.addPlan>[2])
      const pricingPlanId = was?.pricingPlanId ?? product.pricing_plans.filter((p) => p.name === price.billing_cycle).at(-1)!.id
      await repo.upsertPrice(ctx.db, { planId: id, billingCycle: price.billing_cycle, amount: price.amount, currency: price.currency, pricingPlanId })
    }
    for (const was of known) {
      if (!input.prices.some((p) => p.billing_cycle === was.billingCycle)) await repo.deletePrice(ctx.db, id, was.billingCycle)
    }
    if (productId !== null && plan.productId === null) await catalog.publishProduct(pctx, productId).catch(() => undefined)
  }
  await repo.updatePlan(ctx.db, id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description ?? null } : {}),
    ...(input.features !== undefined ? { features: input.features as Record<string, boolean> } : {}),
    ...(input.position !== undefined ? { position: input.position } : {}),
    ...(input.archived !== undefined ? { archived: input.archived } : {}),
    updatedAt: ctx.now,
  })
  return planOutput(ctx.db, (await repo.findPlan(ctx.db, id))!)
}

/** GET /admin/platform_plans (every plan) with the filters purpose and billingCycle. */
export async function listPlans(ctx: Ctx, query: PlatformPlanListQuery): Promise<ListAnswer<PlatformPlanOutput>> {
  assertCan(ctx.actor, 'admin.read')
  return plansList(ctx.db, query, {})
}

async function plansList(db: Executor, query: PlatformPlanListQuery, narrow: { purposes?: readonly string[]; archived?: boolean }) {
  const { rows, total, max } = await repo.listPlans(db, { purpose: query.purpose, billingCycle: query.billingCycle, query: query.query, ...narrow }, { offset: (query.page - 1) * query.per, limit: query.per })
  return { list: await planOutputs(db, rows), total_count: total, total_count_max: max }
}

/** GET /common/platform_plans: the plans anyone may buy (public and trial, not archived), with the same filters. */
export async function listPublicPlans(ctx: Ctx, query: PlatformPlanListQuery): Promise<ListAnswer<PlatformPlanOutput>> {
  return plansList(ctx.db, query, { purposes: purchasablePurposes, archived: false })
}

// ---------------------------------------------------------------- promos

function promoAvailable(promo: repo.PromoRow, now: Date): boolean {
  return (promo.expiresAt === null || promo.expiresAt > now) && (promo.maxUses === null || promo.usesCount < promo.maxUses)
}

async function promoOutput(db: Executor, promo: repo.PromoRow, now: Date): Promise<PromoOutput> {
  const plan = (await repo.findPlan(db, promo.planId))!
  return {
    id: promo.id, token: promo.token, plan: await planOutput(db, plan), billing_cycle: promo.billingCycle as BillingCycle,
    special_amount: promo.specialAmount, free_months: promo.freeMonths, expires_at: promo.expiresAt?.toISOString() ?? null,
    max_uses: promo.maxUses, uses_count: promo.usesCount, available: promoAvailable(promo, now),
  }
}

/** POST /admin/platform_promos: a token giving a plan on special terms, sold as its own pricing plan of the plan's product. */
export async function createPromo(ctx: Ctx, input: PromoInput): Promise<PromoOutput> {
  assertCan(ctx.actor, 'admin.write')
  return createPromoAsPlatform(ctx.deps, input)
}

export async function createPromoAsPlatform(deps: AppDeps, input: PromoInput & { token?: string }): Promise<PromoOutput> {
  const plan = await repo.findPlan(deps.db, input.plan_id)
  if (!plan) throw notFound()
  const price = (await repo.pricesOf(deps.db, [plan.id])).find((p) => p.billingCycle === input.billing_cycle)
  if (!plan.productId || !price) throw new AppError('INVALID_INPUT', 'The plan has no price in this billing cycle', [{ path: 'billing_cycle', message: 'invalid_value' }])
  const token = input.token ?? randomBytes(18).toString('base64url')
  const trialDays = input.free_months ? input.free_months * 30 : plan.trialDays
  const pctx = platformContext(deps, await ensurePlatformSeller(deps))
  const product = await catalog.addPlan(pctx, plan.productId, pricingPlanOf({ billing_cycle: input.billing_cycle, amount: input.special_amount ?? price.amount, currency: price.currency }, trialDays, `promo:${token.slice(0, 8)}`) as Parameters<typeof catalog.addPlan>[2])
  const pricingPlanId = product.pricing_plans.at(-1)!.id
  const promo = await repo.insertPromo(deps.db, {
    token, planId: plan.id, billingCycle: input.billing_cycle, specialAmount: input.special_amount ?? null, freeMonths: input.free_months ?? null,
    pricingPlanId, expiresAt: input.expires_at ? new Date(input.expires_at) : null, maxUses: input.max_uses ?? null,
  })
  return promoOutput(deps.db, promo, deps.now())
}

export async function listPromos(ctx: Ctx, query: { page: number; per: number }): Promise<ListAnswer<PromoOutput>> {
  assertCan(ctx.actor, 'admin.read')
  const { rows, total } = await repo.listPromos(ctx.db, { offset: (query.page - 1) * query.per, limit: query.per })
  return { list: await Promise.all(rows.map((r) => promoOutput(ctx.db, r, ctx.now))), total_count: total, total_count_max: total }
}

/** GET /common/platform_promos/:token: what the promo page shows; 404 for an unknown token, 410 promo_unavailable for one expired or used up. */
export async function promoPage(ctx: Ctx, token: string): Promise<PromoOutput> {
  const promo = await repo.findPromoByToken(ctx.db, token)
  if (!promo) throw new AppError('not_found', 'No such offer')
  if (!promoAvailable(promo, ctx.now)) throw new AppError('promo_unavailable', 'This offer is no longer available')
  return promoOutput(ctx.db, promo, ctx.now)
}

// ---------------------------------------------------------------- the seller's plan

async function subscriptionOutput(db: Executor, row: repo.SubscriptionRow): Promise<PlatformSubscriptionOutput> {
  const plan = (await repo.findPlan(db, row.planId))!
  const promo = row.promoId === null ? null : await repo.findPromo(db, row.promoId)
  return {
    id: row.id, seller_id: row.sellerId, plan: await planOutput(db, plan), billing_cycle: row.billingCycle as BillingCycle | null,
    state: row.state as PlatformSubscriptionState, order_id: row.orderId, promo_token: promo?.token ?? null,
    started_at: row.startedAt?.toISOString() ?? null, ends_at: row.endsAt?.toISOString() ?? null, ended_at: row.endedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }
}

/** GET /cabinet/platform_plan: the seller's plan, a checkout still open, and the plans on offer. */
export async function sellerPlanPage(ctx: Ctx) {
  const sellerId = actingSellerId(ctx.actor, 'payouts.read')
  const current = await repo.currentSubscription(ctx.db, sellerId)
  const [pending] = await repo.subscriptionsOfSeller(ctx.db, sellerId, ['pending'])
  const plans = await plansList(ctx.db, { page: 1, per: 100 }, { purposes: purchasablePurposes, archived: false })
  return {
    current: current ? await subscriptionOutput(ctx.db, current) : null,
    pending: pending ? await subscriptionOutput(ctx.db, pending) : null,
    plans: plans.list,
  }
}

/** Moves a subscription's state through its table (the one writer of the column). */
async function moveSubscription(tx: Executor, row: repo.SubscriptionRow, to: PlatformSubscriptionState, values: Partial<repo.SubscriptionRow>, now: Date) {
  assertTransition(platformSubscriptionTransitions, row.state as PlatformSubscriptionState, to, 'plan subscription')
  return repo.updateSubscription(tx, row.id, { ...values, state: to, updatedAt: now })
}

/**
 * POST /cabinet/platform_plan/subscriptions: starts the checkout of a plan at a billing cycle (or a promo's
 * terms) as an order of the platform's account, the seller as its payer. The promo's use is counted here,
 * under its row lock, once per seller. The plan starts when the checkout's first charge is recorded.
 */
export async function subscribe(ctx: Ctx, input: SubscribePlatformPlanInput) {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  if (input.promo_token === undefined && (input.plan_id === undefined || input.billing_cycle === undefined)) {
    throw new AppError('INVALID_INPUT', 'plan_id and billing_cycle, or promo_token, are required', [{ path: 'plan_id', message: 'required' }])
  }
  const owner = await ensurePlatformSeller(ctx.deps)
  if (owner.sellerId === sellerId) throw new AppError('conflict', 'The platform does not subscribe to its own plans')
  const chosen = await ctx.db.transaction(async (tx) => {
    let planId = input.plan_id
    let cycle = input.billing_cycle
    let promo: repo.PromoRow | undefined
    if (input.promo_token) {
      promo = await repo.findPromoByToken(tx, input.promo_token, { lock: true })
      if (!promo) throw new AppError('not_found', 'No such offer')
      if (!promoAvailable(promo, ctx.now)) throw new AppError('promo_unavailable', 'This offer is no longer available')
      planId = promo.planId
      cycle = promo.billingCycle as BillingCycle
    }
    const plan = await repo.findPlan(tx, planId!)
    if (!plan || plan.archived) throw notFound()
    if (!promo && !purchasablePurposes.includes(plan.purpose as PlatformPlanPurpose)) throw new AppError('forbidden', 'This plan cannot be bought')
    const price = (await repo.pricesOf(tx, [plan.id])).find((p) => p.billingCycle === cycle)
    if (!price || !plan.productId) throw new AppError('INVALID_INPUT', 'The plan has no price in this billing cycle', [{ path: 'billing_cycle', message: 'invalid_value' }])
    // One open checkout per seller: an older one not paid is given up.
    for (const open of await repo.subscriptionsOfSeller(tx, sellerId, ['pending'], { lock: true })) await moveSubscription(tx, open, 'ended', { endedAt: ctx.now }, ctx.now)
    const row = await repo.insertSubscription(tx, { sellerId, planId: plan.id, billingCycle: cycle, state: 'pending', promoId: promo?.id ?? null })
    if (!row) throw new AppError('conflict', 'You have used this offer already')
    if (promo) await repo.countPromoUse(tx, promo.id)
    return { row, productId: plan.productId, pricingPlanId: promo?.pricingPlanId ?? price.pricingPlanId }
  })
  const userId = (await accounts.sellerOwnerUserId(ctx.db, sellerId))!
  const contact = (await accounts.userContact(ctx.db, userId))!
  const answer = await createOrder({ ...ctx, actor: null }, {
    product_id: chosen.productId, pricing_plan_id: chosen.pricingPlanId, payment_method: input.payment_method, terms_accepted: true,
    payer: { email: contact.email, first_name: contact.firstName || 'Seller', last_name: contact.lastName || String(sellerId), country_code: (await repo.sellerCountry(ctx.db, sellerId)) ?? 'DE' },
  } as Parameters<typeof createOrder>[1], `platform-plan-${chosen.row.id}`)
  const body = answer.body
  const row = await ctx.db.transaction(async (tx) => {
    const linked = await repo.updateSubscription(tx, chosen.row.id, { orderId: body.order.id, updatedAt: ctx.now })
    // A checkout that needed no redirect (nothing to pay now, or a kept method) may be paid already.
    const order = await orders.findOrder(tx, body.order.id, { lock: true })
    if (order && ['paid', 'paying'].includes(order.paymentState)) return startSubscription(ctx.deps, tx, linked, null)
    return linked
  })
  return {
    subscription: await subscriptionOutput(ctx.db, row),
    redirect_url: body.next_action.type === 'redirect' ? body.next_action.url : null,
    order_token: body.order.token,
  }
}

/** POST /cabinet/platform_plan/cancel: the plan does not renew; its features last to the end of the paid period. */
export async function cancel(ctx: Ctx) {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  const current = await repo.currentSubscription(ctx.db, sellerId)
  if (!current || current.state === 'canceled') throw new AppError('conflict', 'There is no running plan to cancel')
  await ctx.db.transaction(async (tx) => {
    if (current.orderId !== null) await cancelPlan(ctx.deps, tx, current.orderId, 'payer') // the rate event ends it below
    else await endSubscription(ctx.deps, tx, (await repo.findSubscription(tx, current.id, { lock: true }))!, ctx.now)
  })
  return subscriptionOutput(ctx.db, (await repo.findSubscription(ctx.db, current.id))!)
}

/**
 * POST /admin/sellers/:id/platform_plan, and what deactivation and deletion use: the account is moved to a plan
 * without a payment (on_hold, deletion_planned, deletion_requested, or any plan a manager gives); the running
 * paid plan is canceled in the billing engine at once.
 */
export async function assignPlan(ctx: Ctx, sellerId: number, planId: number) {
  assertCan(ctx.actor, 'admin.write')
  const row = await ctx.db.transaction((tx) => assignPlanIn(ctx.deps, tx, sellerId, planId))
  return subscriptionOutput(ctx.db, row)
}

export async function assignPlanIn(deps: AppDeps, tx: Executor, sellerId: number, planId: number): Promise<repo.SubscriptionRow> {
  const plan = await repo.findPlan(tx, planId)
  if (!plan) throw notFound()
  if (await accounts.sellerOwnerUserId(tx, sellerId) === null) throw new AppError('not_found', 'No such seller')
  const now = deps.now()
  await replaceRunning(deps, tx, sellerId, null, now)
  const row = (await repo.insertSubscription(tx, { sellerId, planId, state: 'active', startedAt: now }))!
  return row
}

/** Moves an account to the newest plan of an assigned purpose (on_hold, deletion_planned, deletion_requested); none made: nothing. */
export async function moveToPurpose(deps: AppDeps, tx: Executor, sellerId: number, purpose: PlatformPlanPurpose): Promise<boolean> {
  if (!assignedPurposes.includes(purpose)) throw new AppError('INVALID_INPUT', 'Only on_hold and deletion plans are assigned')
  const { rows } = await repo.listPlans(tx, { purpose, archived: false }, { offset: 0, limit: 1 })
  if (!rows[0]) return false
  await assignPlanIn(deps, tx, sellerId, rows[0].id)
  return true
}

/** Ends every other plan of the seller that grants or waits (a plan change, a plan given by a manager). */
async function replaceRunning(deps: AppDeps, tx: Executor, sellerId: number, keepId: number | null, now: Date) {
  for (const other of await repo.subscriptionsOfSeller(tx, sellerId, ['pending', 'trialing', 'active', 'canceled'], { lock: true })) {
    if (other.id === keepId) continue
    if (other.orderId !== null && other.state !== 'pending') {
      const order = await orders.findOrder(tx, other.orderId)
      if (order && ['paid', 'paying'].includes(order.paymentState)) await cancelPlan(deps, tx, other.orderId, 'system')
    }
    const fresh = (await repo.findSubscription(tx, other.id, { lock: true }))!
    if (fresh.state !== 'ended') await moveSubscription(tx, fresh, 'ended', { endedAt: now }, now)
  }
}

async function startSubscription(deps: AppDeps, tx: Executor, row: repo.SubscriptionRow, charge: { amount: number; currency: string } | null): Promise<repo.SubscriptionRow> {
  const now = deps.now()
  const plan = (await repo.findPlan(tx, row.planId))!
  const trial = charge !== null && charge.amount === 0
  await replaceRunning(deps, tx, row.sellerId, row.id, now)
  const started = await moveSubscription(tx, row, trial ? 'trialing' : 'active', { startedAt: now }, now)
  await mailSeller(deps, tx, started.sellerId, 'platform_plan_bought', plan.name, charge && charge.amount > 0 ? formatMoney({ amount: charge.amount, currency: charge.currency as CurrencyId }) : undefined)
  return started
}

async function endSubscription(deps: AppDeps, tx: Executor, row: repo.SubscriptionRow, now: Date) {
  const ended = await moveSubscription(tx, row, 'ended', { endedAt: now }, now)
  const plan = (await repo.findPlan(tx, row.planId))!
  await mailSeller(deps, tx, row.sellerId, 'platform_plan_ended', plan.name)
  return ended
}

async function mailSeller(deps: AppDeps, tx: Executor, sellerId: number, kind: 'platform_plan_bought' | 'platform_plan_renewed' | 'platform_plan_ended', planName: string, amount?: string) {
  const userId = await accounts.sellerOwnerUserId(tx, sellerId)
  const contact = userId === null ? null : await accounts.userContact(tx, userId)
  if (!contact) return
  await email.queueEmail(deps, tx, {
    to: contact.email, kind, locale: contact.locale, userId: contact.id, firstName: contact.firstName, productName: planName, amount,
    link: `${deps.config.appUrl}/cabinet/plans`,
  })
}

// ---------------------------------------------------------------- the billing engine's events

/**
 * The account moves' listener (ports/account-moves.ts, wired in bootstrap.ts), for a user who owns a seller:
 * deactivated -> the newest on_hold plan; a deletion a manager started -> the deletion_requested plan; either
 * without such a plan ends the running one (a deactivated account is never charged again); the data scrambled ->
 * every plan ends; reactivated -> a plan the account was put on ends, and the seller chooses again (the paid plan
 * was cancelled when it was held, so nothing is charged behind their back).
 */
export async function onAccountMoved(deps: AppDeps, tx: Executor, move: AccountMove): Promise<void> {
  const sellerId = await accounts.sellerOfUser(tx, move.userId)
  if (sellerId === null) return
  const now = deps.now()
  const hold = async (purpose: PlatformPlanPurpose) => {
    if (!(await moveToPurpose(deps, tx, sellerId, purpose))) await replaceRunning(deps, tx, sellerId, null, now)
  }
  if (move.to.deletion === 'deletion_requested') return hold('deletion_requested')
  if (move.to.account === 'deactivated') return hold('on_hold')
  if (move.to.account === 'deleted') return replaceRunning(deps, tx, sellerId, null, now)
  if (move.to.account === 'active' && move.from.account === 'deactivated') {
    for (const row of await repo.subscriptionsOfSeller(tx, sellerId, ['pending', 'trialing', 'active', 'canceled'], { lock: true })) {
      const plan = await repo.findPlan(tx, row.planId)
      if (plan && assignedPurposes.includes(plan.purpose as PlatformPlanPurpose)) await moveSubscription(tx, row, 'ended', { endedAt: now }, now)
    }
  }
}

/**
 * The rate events' listener (wired in bootstrap.ts): a recorded charge of a plan's order starts the plan (the
 * first payment, or a trial's start with 0) or renews it; a plan that ended in the billing engine (canceled,
 * refunded, charged back) stops renewing and keeps its features until the end of the paid period.
 */
export async function onRateEvent(deps: AppDeps, tx: Executor, event: RateEvent): Promise<void> {
  if (event.type !== 'charge_recorded' && event.type !== 'plan_ended') return
  const row = await repo.findSubscriptionByOrder(tx, event.orderId, { lock: true })
  if (!row) return
  const now = deps.now()
  if (event.type === 'charge_recorded') {
    if (row.state === 'pending') await startSubscription(deps, tx, row, { amount: event.amount, currency: event.currency })
    else if (row.state === 'trialing') await moveSubscription(tx, row, 'active', {}, now)
    else if (row.state === 'active' || row.state === 'canceled') {
      const plan = (await repo.findPlan(tx, row.planId))!
      await mailSeller(deps, tx, row.sellerId, 'platform_plan_renewed', plan.name, formatMoney({ amount: event.amount, currency: event.currency as CurrencyId }))
    }
    return
  }
  if (row.state === 'pending') {
    await moveSubscription(tx, row, 'ended', { endedAt: now }, now)
    return
  }
  if (row.state !== 'active' && row.state !== 'trialing') return
  // The paid period ends at the first rate no longer charged (skipped by the cancellation).
  const skipped = (await orders.ratesOf(tx, event.orderId)).filter((r) => r.state === 'skipped').map((r) => r.dueDate.getTime())
  const endsAt = skipped.length ? new Date(Math.min(...skipped)) : now
  if (endsAt <= now) await endSubscription(deps, tx, row, now)
  else await moveSubscription(tx, row, 'canceled', { endsAt }, now)
}

/** The sweep (every minute, and the test clock): canceled plans whose paid period is over end. */
export async function endDuePeriods(deps: AppDeps): Promise<number> {
  const now = deps.now()
  let ended = 0
  for (const due of await repo.canceledDue(deps.db, now)) {
    await deps.db.transaction(async (tx) => {
      const row = await repo.findSubscription(tx, due.id, { lock: true })
      if (row?.state === 'canceled' && row.endsAt !== null && row.endsAt <= now) {
        await endSubscription(deps, tx, row, now)
        ended++
      }
    })
  }
  return ended
}

/** The `/preise` pricing link: the plans page, with the plan of `product_id` preselected. */
export async function pricingLinkTarget(db: Executor, productId: number | undefined, step: number | undefined): Promise<string> {
  const params = new URLSearchParams()
  if (productId !== undefined) {
    const plan = await repo.findPlanByProduct(db, productId)
    if (plan) params.set('plan_id', String(plan.id))
  }
  if (step !== undefined) params.set('step', String(step))
  const query = params.toString()
  return `/cabinet/plans${query ? `?${query}` : ''}`
}

/** The demo: Starter and Pro in three cycles, a trial plan, an on-hold plan, a promo token, and the demo seller on Starter (given). */
export async function seedDemoPlans(deps: AppDeps, demoSellerId: number | null): Promise<void> {
  if (await repo.findPlanByName(deps.db, 'Starter')) return
  const cycles = (monthly: number) => [
    { billing_cycle: 'monthly' as const, amount: monthly, currency: 'eur' as const },
    { billing_cycle: 'quarterly' as const, amount: monthly * 3 - 300, currency: 'eur' as const },
    { billing_cycle: 'annually' as const, amount: monthly * 10, currency: 'eur' as const },
  ]
  const starter = await createPlanAsPlatform(deps, { name: 'Starter', description: 'Sell courses, downloads and tickets.', purpose: 'public', features: {}, prices: cycles(1900), position: 1 })
  await createPlanAsPlatform(deps, { name: 'Pro', description: 'Everything in Starter, with your own mail server, the mobile app and the community.', purpose: 'public', features: { custom_smtp: true, mobile_app: true, community: true }, prices: cycles(4900), position: 2 })
  await createPlanAsPlatform(deps, { name: 'Pro trial', description: 'Pro free for 14 days, then monthly.', purpose: 'trial', trial_days: 14, features: { custom_smtp: true, mobile_app: true, community: true }, prices: cycles(4900).slice(0, 1), position: 3 })
  await createPlanAsPlatform(deps, { name: 'On hold', description: 'A deactivated account: selling features are off.', purpose: 'on_hold', features: { funnels: false, coupons: false, affiliate_marketplace: false }, prices: [], position: 9 })
  await createPromoAsPlatform(deps, { token: 'sellfront-launch-2026', plan_id: starter.id, billing_cycle: 'annually', special_amount: 9900, max_uses: 100 })
  if (demoSellerId !== null) await deps.db.transaction((tx) => assignPlanIn(deps, tx, demoSellerId, starter.id))
}
