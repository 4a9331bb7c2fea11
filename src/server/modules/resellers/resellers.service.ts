import { AppError } from '../../../shared/errors'
import { bpsToPercent } from '../../../shared/money'
import type { SellingMode } from '../../../shared/resellers'
import type {
  CancelApprovalInput, CreateResellerInput, RejectApprovalInput, RequestResellerInput, ResellerApprovalOutput, ResellerHomeOutput, ResellerOutput,
  SellerResellerPageOutput, SellingPauseInput, UpdateResellerInput,
} from '../../../shared/schemas/resellers'
import { assertTransition, type ResellerApprovalState, resellerApprovalTransitions } from '../../../shared/states'
import { actingSellerId, assertCan } from '../../auth/permissions'
import { assertFeature, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import type { ResellersPort } from '../../ports/resellers'
import * as accounts from '../accounts/accounts.service'
import * as email from '../email/email.service'
import * as orderLists from '../orders/order-lists.service'
import * as repo from './resellers.repository'
import { isUniqueViolation } from '../../db/unique-violation'

// Resellers (docs/decisions/0051-resellers.md): managers create them; a seller with the reseller journey asks
// one to sell for it; the reseller approves or rejects; either side ends an approved one. The approval's state
// is written here only, through `moveApproval`, which checks src/shared/states/reseller-approval.ts; the
// seller's selling mode follows through the accounts module's one writer of it.

const iso = (d: Date | null) => d?.toISOString() ?? null
const feeText = (bps: number) => `${String(bpsToPercent(bps)).replace('.', ',')} %`

function approvalOutput(a: repo.ApprovalView): ResellerApprovalOutput {
  return {
    id: a.id, state: a.state as ResellerApprovalState, fee_bps: a.feeBps, reason: a.reason, canceled_by: a.canceledBy,
    seller_id: a.sellerId, seller_name: a.sellerCompany ?? a.sellerUsername, reseller_id: a.resellerId, reseller_name: a.resellerName,
    created_at: a.createdAt.toISOString(), decided_at: iso(a.decidedAt), canceled_at: iso(a.canceledAt),
  }
}

function resellerOutput(r: repo.ResellerRow & { email: string }): ResellerOutput {
  return {
    id: r.id, user_id: r.userId, email: r.email, legal_name: r.legalName, street: r.street, zip: r.zip, city: r.city, country_code: r.countryCode,
    vat_id: r.vatId, fee_bps: r.feeBps, active: r.active, created_at: r.createdAt.toISOString(),
  }
}

const offered = (r: repo.ResellerRow) => ({ id: r.id, legal_name: r.legalName, city: r.city, country_code: r.countryCode, fee_bps: r.feeBps })

/** The one writer of an approval's state: checks the transitions table, stamps when and why. */
async function moveApproval(tx: Executor, approval: repo.ApprovalRow, to: ResellerApprovalState, now: Date, extra: { reason?: string | null; canceledBy?: string } = {}) {
  assertTransition(resellerApprovalTransitions, approval.state as ResellerApprovalState, to, 'The reseller approval')
  return repo.updateApproval(tx, approval.id, {
    state: to, updatedAt: now,
    ...(to === 'approved' || to === 'rejected' ? { decidedAt: now } : {}),
    ...(to === 'canceled' ? { canceledAt: now, canceledBy: extra.canceledBy ?? null } : {}),
    ...(extra.reason !== undefined ? { reason: extra.reason } : {}),
  })
}

/**
 * The seller's selling mode after an approval moved: approved -> via that reseller; canceled -> by itself. A
 * paused seller stays paused (resuming reads the approved approval). The seller row is locked by the caller.
 */
async function followApproval(tx: Executor, terms: accounts.SellingTerms, approval: repo.ApprovalRow, now: Date) {
  if (terms.sellingMode === 'selling_none') return
  if (approval.state === 'approved') await accounts.setSellingMode(tx, terms.sellerId, 'selling_via_reseller', approval.resellerId, now)
  else if (terms.sellingMode === 'selling_via_reseller' && terms.resellerId === approval.resellerId) await accounts.setSellingMode(tx, terms.sellerId, 'selling_by_ownself', null, now)
}

async function lockedTerms(tx: Executor, sellerId: number): Promise<accounts.SellingTerms> {
  const terms = await accounts.sellingTermsOf(tx, sellerId, { lock: true })
  if (!terms) throw new AppError('not_found', 'No such seller')
  return terms
}

async function mailSeller(deps: AppDeps, tx: Executor, sellerId: number, kind: 'reseller_decided' | 'reseller_canceled', params: { productName?: string; sellerName?: string; notificationText?: string }) {
  const userId = await accounts.sellerOwnerUserId(tx, sellerId)
  const contact = userId === null ? null : await accounts.userContact(tx, userId)
  if (!contact) return
  await email.queueEmail(deps, tx, {
    to: contact.email, kind, locale: contact.locale, userId: contact.id, firstName: contact.firstName, link: `${deps.config.appUrl}/cabinet/reseller`, ...params,
  })
}

async function mailReseller(deps: AppDeps, tx: Executor, resellerId: number, kind: 'reseller_requested' | 'reseller_canceled', params: { sellerName?: string; amount?: string; notificationText?: string }) {
  const reseller = await repo.resellerWithEmail(tx, resellerId)
  if (!reseller) return
  await email.queueEmail(deps, tx, {
    to: reseller.email, kind, locale: reseller.locale, userId: reseller.userId, firstName: reseller.firstName, link: `${deps.config.appUrl}/reseller`, ...params,
  })
}

// ------------------------------------------------------------------ checkout and the other modules

/** The reseller terms of a new order: who sells it, its frozen fee, and the VAT identity it charges under. */
export type ResellerCheckoutTerms = { resellerId: number; feeBps: number; vatSeller: { countryCode: string } }

/**
 * The reseller terms a new order of the seller is bought under (frozen on the order by the checkout): the
 * approved reseller and the approval's fee, or null when the seller sells by itself. A paused seller's
 * checkout is refused with `selling_not_available`.
 */
export async function checkoutTermsOf(db: Executor, sellerId: number): Promise<ResellerCheckoutTerms | null> {
  const terms = await accounts.sellingTermsOf(db, sellerId)
  if (terms?.sellingMode === 'selling_none') throw new AppError('selling_not_available', 'This seller is not selling at the moment')
  return resoldTermsOf(db, sellerId, terms)
}

/**
 * The same terms for a quote, without refusing a paused seller (the order refuses it): the quote prices VAT
 * under the reseller's registration like the order will (docs/decisions/0051-resellers.md "VAT").
 */
export async function quoteTermsOf(db: Executor, sellerId: number): Promise<ResellerCheckoutTerms | null> {
  return resoldTermsOf(db, sellerId, await accounts.sellingTermsOf(db, sellerId))
}

async function resoldTermsOf(db: Executor, sellerId: number, terms: Awaited<ReturnType<typeof accounts.sellingTermsOf>>): Promise<ResellerCheckoutTerms | null> {
  if (!terms || terms.sellingMode !== 'selling_via_reseller' || terms.resellerId === null) return null
  const approval = await repo.openApprovalOf(db, sellerId, ['approved'])
  if (!approval || approval.resellerId !== terms.resellerId) return null
  const reseller = await repo.findReseller(db, approval.resellerId)
  if (!reseller) return null
  return { resellerId: approval.resellerId, feeBps: approval.feeBps, vatSeller: { countryCode: reseller.countryCode } }
}

/** ports/resellers.ts: what orders and invoices read of a resold order's reseller. */
export const resellersPort: ResellersPort = {
  async issuerOf(db, resellerId) {
    const r = await repo.resellerWithEmail(db, resellerId)
    return r ? { id: r.id, legalName: r.legalName, street: r.street, zip: r.zip, city: r.city, countryCode: r.countryCode, vatId: r.vatId, email: r.email } : null
  },
}

/**
 * The demo's reseller (src/server/db/seed.ts): the user made a reseller with legal details and a 10 % fee,
 * once. The demo seller only gets the reseller journey; it keeps selling by itself.
 */
export async function ensureDemoReseller(deps: AppDeps, input: { userId: number; sellerId: number | null }) {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.findResellerByUser(tx, input.userId))) {
      const now = deps.now()
      await repo.insertReseller(tx, {
        userId: input.userId, legalName: 'Demo Resale GmbH', street: 'Friedrichstraße 10', zip: '10117', city: 'Berlin', countryCode: 'DE',
        vatId: 'DE136695976', feeBps: 1_000, createdAt: now, updatedAt: now,
      })
      await accounts.grantResellerProfile(tx, input.userId)
    }
    if (input.sellerId !== null) await accounts.setSellerFeature(tx, input.sellerId, 'reseller_journey', true)
  })
}

// ------------------------------------------------------------------ managers

export async function listResellers(ctx: Ctx, query: { page: number; per: number }) {
  assertCan(ctx.actor, 'admin.read')
  const { rows, total } = await repo.listResellers(ctx.db, { offset: (query.page - 1) * query.per, limit: query.per })
  return { list: rows.map(resellerOutput), total_count: total, total_count_max: total }
}

/** A manager makes an existing user a reseller: the legal details, the standard fee and the `reseller` profile. */
export async function createReseller(ctx: Ctx, input: CreateResellerInput): Promise<ResellerOutput> {
  assertCan(ctx.actor, 'admin.write')
  try {
    return await ctx.db.transaction(async (tx) => {
      const userId = await accounts.userIdByEmail(tx, input.email)
      if (userId === null) throw new AppError('validation_failed', 'No user has this email address', [{ path: 'email', message: 'not_found' }])
      const row = await repo.insertReseller(tx, {
        userId, legalName: input.legal_name, street: input.street, zip: input.zip, city: input.city, countryCode: input.country_code,
        vatId: input.vat_id ?? null, feeBps: input.fee_bps, createdAt: ctx.now, updatedAt: ctx.now,
      })
      await accounts.grantResellerProfile(tx, userId)
      return resellerOutput({ ...row, email: input.email })
    })
  } catch (error) {
    if (isUniqueViolation(error, 'resellers_user_unique')) throw new AppError('conflict', 'This user is a reseller already', [{ path: 'email', message: 'taken' }])
    throw error
  }
}

/**
 * A manager changes the standard fee (asked for by new requests only) or deactivates a reseller: its waiting
 * and approved approvals end (canceled by the manager), its sellers sell by themselves again.
 */
export async function updateReseller(ctx: Ctx, id: number, input: UpdateResellerInput): Promise<ResellerOutput> {
  assertCan(ctx.actor, 'admin.write')
  return ctx.db.transaction(async (tx) => {
    const current = await repo.findReseller(tx, id, { lock: true })
    if (!current) throw new AppError('not_found', 'No such reseller')
    await repo.updateReseller(tx, id, { ...(input.fee_bps !== undefined ? { feeBps: input.fee_bps } : {}), ...(input.active !== undefined ? { active: input.active } : {}), updatedAt: ctx.now })
    if (input.active === false && current.active) {
      for (const open of await repo.openApprovalsOfReseller(tx, id)) {
        const terms = await lockedTerms(tx, open.sellerId)
        const approval = (await repo.lockApproval(tx, open.id))!
        if (approval.state !== 'waiting' && approval.state !== 'approved') continue
        const moved = await moveApproval(tx, approval, 'canceled', ctx.now, { canceledBy: 'manager', reason: 'The reseller was deactivated' })
        await followApproval(tx, terms, moved, ctx.now)
        await mailSeller(ctx.deps, tx, open.sellerId, 'reseller_canceled', { sellerName: current.legalName, notificationText: 'the reseller no longer sells' })
      }
    }
    return resellerOutput({ ...(await repo.resellerWithEmail(tx, id))! })
  })
}

/** A manager pauses or resumes a seller's selling (as the seller can on its reseller page). */
export async function setSellerPausedByManager(ctx: Ctx, sellerId: number, input: SellingPauseInput) {
  assertCan(ctx.actor, 'admin.write')
  return ctx.db.transaction(async (tx) => ({ selling_mode: await pauseOrResume(tx, sellerId, input.paused, ctx.now) }))
}

async function pauseOrResume(tx: Executor, sellerId: number, paused: boolean, now: Date): Promise<SellingMode> {
  const terms = await lockedTerms(tx, sellerId)
  if (paused) {
    if (terms.sellingMode !== 'selling_none') await accounts.setSellingMode(tx, sellerId, 'selling_none', null, now)
    return 'selling_none'
  }
  if (terms.sellingMode !== 'selling_none') return terms.sellingMode
  const approved = await repo.openApprovalOf(tx, sellerId, ['approved'])
  const mode: SellingMode = approved ? 'selling_via_reseller' : 'selling_by_ownself'
  await accounts.setSellingMode(tx, sellerId, mode, approved?.resellerId ?? null, now)
  return mode
}

// ------------------------------------------------------------------ the seller (/cabinet/reseller)

/** GET /cabinet/reseller: the selling mode, the reseller selling now, the active resellers with their fees, the approvals. */
export async function sellerPage(ctx: Ctx): Promise<SellerResellerPageOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  assertFeature(ctx, 'reseller_journey')
  const terms = await accounts.sellingTermsOf(ctx.db, sellerId)
  if (!terms) throw new AppError('not_found', 'No such seller')
  const [active, approvals] = await Promise.all([repo.activeResellers(ctx.db), repo.approvalsOf(ctx.db, { sellerId })])
  const current = terms.sellingMode === 'selling_via_reseller' && terms.resellerId !== null ? await repo.findReseller(ctx.db, terms.resellerId) : undefined
  return { selling_mode: terms.sellingMode, reseller: current ? offered(current) : null, resellers: active.map(offered), approvals: approvals.map(approvalOutput) }
}

/** POST /cabinet/reseller_approvals: asks an active reseller at its standard fee (frozen on the approval); one open at a time. */
export async function requestReseller(ctx: Ctx, input: RequestResellerInput): Promise<ResellerApprovalOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  assertFeature(ctx, 'reseller_journey')
  try {
    return await ctx.db.transaction(async (tx) => {
      const terms = await lockedTerms(tx, sellerId)
      if (await repo.openApprovalOf(tx, sellerId)) throw new AppError('reseller_approval_open', 'End the open reseller request or agreement first')
      const reseller = await repo.findReseller(tx, input.reseller_id)
      if (!reseller?.active) throw new AppError('not_found', 'No such reseller')
      const row = await repo.insertApproval(tx, { sellerId, resellerId: reseller.id, state: 'waiting', feeBps: reseller.feeBps, createdAt: ctx.now, updatedAt: ctx.now })
      await mailReseller(ctx.deps, tx, reseller.id, 'reseller_requested', { sellerName: terms.name, amount: feeText(reseller.feeBps) })
      return approvalOutput({ ...row, sellerUsername: terms.username, sellerCompany: terms.name, resellerName: reseller.legalName })
    })
  } catch (error) {
    // Two requests at once: the partial unique index lets one through.
    if (isUniqueViolation(error, 'reseller_approvals_one_open_per_seller')) throw new AppError('reseller_approval_open', 'End the open reseller request or agreement first')
    throw error
  }
}

/** POST /cabinet/reseller_approvals/{id}/cancel: the seller withdraws a waiting request or ends an approved one. */
export async function cancelBySeller(ctx: Ctx, id: number, input: CancelApprovalInput): Promise<ResellerApprovalOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  return ctx.db.transaction(async (tx) => {
    const terms = await lockedTerms(tx, sellerId)
    const approval = await repo.lockApproval(tx, id)
    if (!approval || approval.sellerId !== sellerId) throw new AppError('not_found', 'No such reseller approval')
    const moved = await moveApproval(tx, approval, 'canceled', ctx.now, { canceledBy: 'seller', reason: input.reason ?? null })
    await followApproval(tx, terms, moved, ctx.now)
    await mailReseller(ctx.deps, tx, approval.resellerId, 'reseller_canceled', { sellerName: terms.name, notificationText: input.reason })
    return viewOf(tx, moved.id)
  })
}

/** PUT /cabinet/selling_mode: the seller pauses selling (checkout refuses new orders) or resumes it. */
export async function setPaused(ctx: Ctx, input: SellingPauseInput) {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  return ctx.db.transaction(async (tx) => ({ selling_mode: await pauseOrResume(tx, sellerId, input.paused, ctx.now) }))
}

async function viewOf(db: Executor, id: number): Promise<ResellerApprovalOutput> {
  const approval = await repo.lockApproval(db, id)
  const [view] = approval ? (await repo.approvalsOf(db, { sellerId: approval.sellerId })).filter((a) => a.id === id) : []
  return approvalOutput(view!)
}

// ------------------------------------------------------------------ the reseller (/reseller)

/** The signed-in user's reseller; only the `reseller` profile works here. */
async function requireReseller(ctx: Ctx, db: Executor): Promise<repo.ResellerRow> {
  if (!ctx.actor) throw new AppError('missing_access_token', 'Sign in to continue')
  if (ctx.actor.profileType !== 'reseller') throw new AppError('forbidden', 'Switch to your reseller profile to do this')
  const reseller = await repo.findResellerByUser(db, ctx.actor.userId)
  if (!reseller) throw new AppError('forbidden', 'You are not a reseller')
  return reseller
}

/** The reseller a money-out request of the /reseller area is about (the payouts module's party). */
export async function resellerPartyOf(ctx: Ctx, db: Executor): Promise<{ id: number; userId: number }> {
  const reseller = await requireReseller(ctx, db)
  return { id: reseller.id, userId: reseller.userId }
}

/** The user's reseller id, if the user is one (account deletion asks for its balance). */
export async function resellerIdOfUser(db: Executor, userId: number): Promise<number | null> {
  return (await repo.findResellerByUser(db, userId))?.id ?? null
}

export async function resellerHome(ctx: Ctx): Promise<ResellerHomeOutput> {
  const reseller = await requireReseller(ctx, ctx.db)
  const { user_id: _user, email: _email, ...details } = resellerOutput({ ...reseller, email: '' })
  return { reseller: details, approvals: (await repo.approvalsOf(ctx.db, { resellerId: reseller.id })).map(approvalOutput) }
}

/** The reseller's side of an approval, locked with the seller row first (the same order as the seller's side). */
async function ownApproval(ctx: Ctx, tx: Executor, id: number) {
  const reseller = await requireReseller(ctx, tx)
  const peek = await repo.findApprovalSeller(tx, id)
  if (peek === null) throw new AppError('not_found', 'No such reseller approval')
  const terms = await lockedTerms(tx, peek)
  const approval = await repo.lockApproval(tx, id)
  if (!approval || approval.resellerId !== reseller.id) throw new AppError('not_found', 'No such reseller approval')
  return { reseller, terms, approval }
}

/** POST /reseller/approvals/{id}/approve: the reseller sells for the seller from now on, at the fee frozen on the approval. */
export async function approve(ctx: Ctx, id: number): Promise<ResellerApprovalOutput> {
  return ctx.db.transaction(async (tx) => {
    const { reseller, terms, approval } = await ownApproval(ctx, tx, id)
    if (!reseller.active) throw new AppError('forbidden', 'This reseller is not active')
    const moved = await moveApproval(tx, approval, 'approved', ctx.now)
    await followApproval(tx, terms, moved, ctx.now)
    await mailSeller(ctx.deps, tx, approval.sellerId, 'reseller_decided', { productName: reseller.legalName, notificationText: 'approved' })
    return viewOf(tx, id)
  })
}

/** POST /reseller/approvals/{id}/reject: the reseller says no, with a reason the seller reads. */
export async function reject(ctx: Ctx, id: number, input: RejectApprovalInput): Promise<ResellerApprovalOutput> {
  return ctx.db.transaction(async (tx) => {
    const { reseller, approval } = await ownApproval(ctx, tx, id)
    await moveApproval(tx, approval, 'rejected', ctx.now, { reason: input.reason })
    await mailSeller(ctx.deps, tx, approval.sellerId, 'reseller_decided', { productName: reseller.legalName, notificationText: `rejected (${input.reason})` })
    return viewOf(tx, id)
  })
}

/** POST /reseller/approvals/{id}/cancel: the reseller ends an approved agreement; the seller sells by itself again. */
export async function cancelByReseller(ctx: Ctx, id: number, input: CancelApprovalInput): Promise<ResellerApprovalOutput> {
  return ctx.db.transaction(async (tx) => {
    const { reseller, terms, approval } = await ownApproval(ctx, tx, id)
    if (approval.state !== 'approved') throw new AppError('conflict', 'Only an approved agreement can be ended; reject a waiting request')
    const moved = await moveApproval(tx, approval, 'canceled', ctx.now, { canceledBy: 'reseller', reason: input.reason ?? null })
    await followApproval(tx, terms, moved, ctx.now)
    await mailSeller(ctx.deps, tx, approval.sellerId, 'reseller_canceled', { sellerName: reseller.legalName, notificationText: input.reason })
    return viewOf(tx, id)
  })
}

/** GET /reseller/sales: the orders the reseller sold for sellers, with its fee of each. */
export async function sales(ctx: Ctx, query: { page: number; per: number }) {
  const reseller = await requireReseller(ctx, ctx.db)
  return orderLists.resellerSales(ctx.db, reseller.id, query)
}
