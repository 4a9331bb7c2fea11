import { randomBytes } from 'node:crypto'
import { courseAccessUrl } from '../../../shared/catalog'
import { AppError } from '../../../shared/errors'
import type { Branding } from '../../../shared/customization/branding'
import type { CurrencyId } from '../../../shared/money'
import { paysWithCard, reusableMethods, type CheckoutMethod, type PaymentProvider } from '../../../shared/payments'
import type { ManagePaymentOutput, MethodSetupOutput, PayerOverviewOutput, PayerSellerOutput } from '../../../shared/schemas/delivery'
import { canTransition, isRunningPlan, methodSetupTransitions, type MethodSetupState } from '../../../shared/states'
import { actingSellerId } from '../../auth/permissions'
import { requireActor, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import { sandboxSetupOutcome, sandboxSetupRef, setupProviders, type SavedMethod, type SetupOutcome } from '../../payments/providers'
import * as paymentSettings from '../payment-settings/payment-settings.service'
import * as catalog from '../catalog/catalog.service'
import * as licenseKeys from '../catalog/license-keys.service'
import * as certificates from '../certificates/certificates.service'
import * as media from '../media/media.service'
import * as orders from '../orders/orders.service'
import * as paymentTickets from '../tickets/payment-tickets.service'
import { payerAreaUrl } from './delivery.service'
import * as repo from './delivery.repository'

// The payer area (/api/v1/payer/*): what the signed-in payer bought, grouped by seller, and managing a
// payment (/s/{username}/payment/{token}/manage). Everything is read by the signed-in user's id; ids and
// tokens of another payer answer 404, never 403, so they cannot be probed.

const notFound = () => new AppError('not_found', 'This does not exist')

/** A membership with a member page opens there (docs/decisions/0069-member-pages.md); others on the seller's page of the payer area. */
function accessUrl(ctx: Ctx, grant: repo.PayerGrantRow, withPage: ReadonlySet<number>): string | null {
  if (grant.state !== 'active' || (grant.expiresAt && grant.expiresAt <= ctx.now)) return null
  if (grant.productForm === 'course' || (grant.productForm === 'membership' && withPage.has(grant.productId))) {
    return `${ctx.deps.config.appUrl}${courseAccessUrl(grant.sellerUsername, grant.productSlug)}`
  }
  if (grant.productForm === 'membership' || grant.productForm === 'bundle') return payerAreaUrl(ctx.deps, grant.sellerId)
  return null
}

async function purchasesOf(ctx: Ctx, grants: repo.PayerGrantRow[], payerUserId: number) {
  const out: PayerSellerOutput['purchases'] = []
  const covers = await catalog.firstCoverUrls(ctx.db, grants.map((g) => g.productId))
  const withPage = new Set<number>()
  const memberships = grants.filter((g) => g.productForm === 'membership')
  for (const sellerId of new Set(memberships.map((g) => g.sellerId))) {
    const ids = memberships.filter((g) => g.sellerId === sellerId).map((g) => g.productId)
    for (const id of await ctx.deps.memberPages.membershipsWithPage(ctx.db, sellerId, ids)) withPage.add(id)
  }
  for (const g of grants) {
    const current = g.state === 'active' && !(g.expiresAt && g.expiresAt <= ctx.now)
    out.push({
      grant_id: g.id, product_id: g.productId, product_name: g.productName, form: g.productForm, via_product_name: g.viaProductName,
      order_token: g.orderToken, state: current ? 'active' : g.state === 'active' ? 'expired' : g.state,
      granted_at: g.grantedAt.toISOString(), expires_at: g.expiresAt?.toISOString() ?? null, access_url: accessUrl(ctx, g, withPage),
      progress: g.productForm === 'course' && current ? await ctx.deps.courseProgressOf(ctx.db, payerUserId, g.productId) : null,
      cover_url: covers.get(g.productId) ?? null,
    })
  }
  return out
}

/** GET /payer/purchases: every grant of the signed-in payer, grouped by seller (newest seller first). */
export async function overview(ctx: Ctx): Promise<PayerOverviewOutput> {
  const { userId } = requireActor(ctx)
  const grants = await repo.grantRows(ctx.db, { payerUserId: userId })
  const sellers = new Map<number, { username: string; grants: repo.PayerGrantRow[] }>()
  for (const g of grants) {
    const entry = sellers.get(g.sellerId) ?? { username: g.sellerUsername, grants: [] }
    entry.grants.push(g)
    sellers.set(g.sellerId, entry)
  }
  const out: PayerOverviewOutput['sellers'] = []
  for (const [sellerId, entry] of sellers) {
    const { name } = await orders.sellerNames(ctx.db, sellerId)
    out.push({ seller_id: sellerId, username: entry.username, name: name || entry.username, purchases_count: entry.grants.length, purchases: await purchasesOf(ctx, entry.grants, userId) })
  }
  return { sellers: out }
}

/** GET /payer/sellers/{id}: what the payer bought from one seller, with tickets, keys, certificates, downloads. */
export async function sellerPage(ctx: Ctx, sellerId: number): Promise<PayerSellerOutput> {
  const { userId } = requireActor(ctx)
  const grants = await repo.grantRows(ctx.db, { payerUserId: userId, sellerId })
  const paid = await repo.paidOrdersOfPayer(ctx.db, userId, sellerId)
  if (grants.length === 0 && paid.length === 0) throw notFound()
  const { username, name } = await orders.sellerNames(ctx.db, sellerId)
  const active = grants.filter((g) => g.state === 'active' && !(g.expiresAt && g.expiresAt <= ctx.now))
  const forms = new Set(active.map((g) => g.productForm))
  const productIds = new Set(grants.map((g) => g.productId))
  const downloads: PayerSellerOutput['downloads'] = []
  for (const g of active.filter((a) => a.productForm === 'download')) {
    for (const link of await media.downloadLinksOf(ctx.deps, ctx.db, { productId: g.productId, orderId: g.orderId, payerUserId: userId })) {
      downloads.push({ product_id: g.productId, product_name: g.productName, name: link.name, url: link.url })
    }
  }
  const tickets = forms.has('eventTickets') ? (await paymentTickets.paymentTicketsOfPayer(ctx.db, ctx.deps, userId)).filter((t) => t.seller_id === sellerId) : []
  const keys = forms.has('licenseKey') ? (await licenseKeys.licenseKeysOfPayer(ctx.db, userId)).filter((k) => k.seller_id === sellerId) : []
  const certs = forms.has('certificate') || forms.has('course') ? (await certificates.certificatesOfPayer(ctx.db, ctx.deps, userId)).filter((c) => productIds.has(c.product_id)) : []
  return {
    seller_id: sellerId, username, name,
    purchases: await purchasesOf(ctx, grants, userId),
    orders: paid.map((o) => ({
      token: o.token, product_name: o.productName, payment_state: o.paymentState, total_amount: o.totalAmount, paid_amount: o.paidAmount, currency: o.currency,
      created_at: o.createdAt.toISOString(), manage_url: `/s/${encodeURIComponent(username)}/payment/${o.token}/manage`,
    })),
    payment_tickets: tickets.map((t) => ({
      id: t.id, code: t.code, state: t.state, qr_url: t.qr_url, pdf_url: t.pdf_url, ics_url: t.ics_url, product_id: t.product_id, product_name: t.product_name,
      ticket_name: t.ticket_name, starts_at: t.starts_at,
    })),
    license_keys: keys.map((k) => ({ key: k.key, product_id: k.product_id, product_name: k.product_name, uses: k.uses })),
    certificates: certs.map((c) => ({ serial: c.serial, pdf_url: c.pdf_url, verify_url: c.verify_url, product_id: c.product_id, product_name: c.product_name, state: c.state })),
    downloads,
    branding: brandingOutput(await ctx.deps.sellerBranding.brandingOf(ctx.db, sellerId), ctx.deps.config.appUrl),
  }
}

/** The seller's logo and colours in effect for their page of the payer area (docs/decisions/0085-customization.md). */
function brandingOutput(branding: Branding | null, appUrl: string): PayerSellerOutput['branding'] {
  // the port answers the logo for mails (absolute); the web app shows it from its own origin
  const logo = branding?.logoUrl?.startsWith(`${appUrl}/`) ? branding.logoUrl.slice(appUrl.length) : branding?.logoUrl ?? null
  return branding && { logo_url: logo, primary_color: branding.primaryColor, primary_text_color: branding.onPrimaryColor, accent_color: branding.accentColor }
}

// ------------------------------------------------------------------ managing a payment

const subscriptionForms = ['subscription', 'limited_subscription']

/** The signed-in payer's own order by token, or 404. */
export async function ownOrder(ctx: Ctx, token: string) {
  const { userId } = requireActor(ctx)
  const order = await orders.findOrderByToken(ctx.db, token).catch(() => null)
  if (!order || order.payerUserId !== userId) throw notFound()
  return order
}

/**
 * A subscription the payer may cancel: a subscription form (an installment plan is a debt agreed, the
 * seller's to end) that is running by the plan's one rule (isRunningPlan, src/shared/states).
 */
export function isRunningSubscription(order: orders.OrderRow, rates: readonly { state: string }[]): boolean {
  const form = (order.planSnapshot as { form?: string } | null)?.form
  return form !== undefined && subscriptionForms.includes(form) && isRunningPlan(order.paymentState, rates)
}

/**
 * Whether the method of later rates can be changed: rates are still to come on an order that is being paid,
 * and the order's provider and method can keep a new method (setupProviders; the sandbox in test mode).
 */
function methodChangeOf(ctx: Ctx, order: orders.OrderRow, rates: { state: string }[]): 'available' | 'unsupported' | 'none' {
  if (!['paid', 'paying', 'payment_paused'].includes(order.paymentState) || !rates.some((r) => r.state === 'future')) return 'none'
  const provider = order.provider as PaymentProvider
  if (!setupProviders.includes(provider) || (provider === 'sandbox' && !ctx.deps.settings.paymentsTestMode)) return 'unsupported'
  return reusableMethods.includes(order.paymentMethod as CheckoutMethod) ? 'available' : 'unsupported'
}

/** GET /payer/orders/{token}: the plan, its rates, and what the payer may do with it. */
export async function managePayment(ctx: Ctx, token: string): Promise<ManagePaymentOutput> {
  const order = await ownOrder(ctx, token)
  const { username, name: sellerName } = await orders.sellerNames(ctx.db, order.sellerId)
  const product = await orders.productBrief(ctx.db, order.productId)
  const rates = await orders.ratesOf(ctx.db, order.id)
  const settings = await repo.findPaymentManagement(ctx.db, order.sellerId)
  // The card later rates are charged to: the latest one set up here, else the first payment's.
  const setUp = await repo.latestSuccessfulSetup(ctx.db, order.id)
  const card = setUp?.cardLast4
    ? { cardBrand: setUp.cardBrand, cardLast4: setUp.cardLast4 }
    : (await orders.paymentsOf(ctx.db, order.id)).find((p) => p.kind === 'charge' && p.state === 'successful' && p.cardLast4 && paysWithCard(p.method))
  const methodChange = methodChangeOf(ctx, order, rates)
  // Open rates can be paid now while the plan stands (a canceled plan's unpaid rates are still owed).
  const payable = ['paying', 'paid', 'payment_paused', 'payment_canceled'].includes(order.paymentState)
  const grants = await repo.grantsOfOrder(ctx.db, order.id)
  const ends = grants.map((g) => g.expiresAt).filter((d): d is Date => d !== null)
  return {
    token: order.token, seller_username: username, seller_name: sellerName, product_name: product.name, payment_state: order.paymentState, currency: order.currency,
    total_amount: order.totalAmount, paid_amount: order.paidAmount, pricing_plan: order.planSnapshot ?? null,
    rates: rates.map((r) => ({
      number: r.number, due_date: r.dueDate.toISOString(), amount: r.amount, state: r.state, paid_at: r.paidAt?.toISOString() ?? null,
      can_pay: payable && ['unpaid', 'debt', 'partly_paid'].includes(r.state),
    })),
    payment_method: order.paymentMethod, provider: order.provider,
    card: card ? { brand: card.cardBrand ?? '', last4: card.cardLast4 ?? '' } : null,
    can_cancel: (settings?.payersMayCancel ?? false) && isRunningSubscription(order, rates),
    can_change_method: methodChange === 'available',
    method_change_unsupported: methodChange === 'unsupported',
    access_until: ends.length > 0 && ends.length === grants.length ? new Date(Math.max(...ends.map((d) => d.getTime()))).toISOString() : null,
  }
}

/** Whether the seller lets payers cancel their subscriptions themselves (the payment management settings). */
export async function payersMayCancel(db: Executor, sellerId: number): Promise<boolean> {
  return (await repo.findPaymentManagement(db, sellerId))?.payersMayCancel ?? false
}

// ------------------------------------------------------------------ changing the payment method of later rates

function managePath(username: string, orderToken: string): string {
  return `/s/${encodeURIComponent(username)}/payment/${orderToken}/manage`
}

/**
 * POST /payer/orders/{token}/payment_method: starts a change of the method later rates are charged to.
 * The setup row is committed first, then the provider is asked (outside any transaction) for its page.
 * Answers where to send the payer: the sandbox's setup page or the provider's (Stripe Checkout, setup mode).
 */
export async function startMethodChange(ctx: Ctx, orderToken: string): Promise<{ url: string }> {
  const order = await ownOrder(ctx, orderToken)
  if (methodChangeOf(ctx, order, await orders.ratesOf(ctx.db, order.id)) !== 'available') {
    throw new AppError('conflict', 'The payment method of this order cannot be changed here; please contact the seller')
  }
  const adapter = await paymentSettings.providerAdapter(ctx.db, ctx.deps, order.sellerId, order.provider)
  if (!adapter.createSetup) throw new AppError('conflict', 'The payment method of this order cannot be changed here; please contact the seller')
  const username = await orders.sellerUsername(ctx.db, order.sellerId)
  const setup = await repo.insertMethodSetup(ctx.db, {
    token: randomBytes(24).toString('base64url'), orderId: order.id, sellerId: order.sellerId, payerUserId: order.payerUserId!,
    provider: order.provider, method: order.paymentMethod, state: 'waiting', createdAt: ctx.now,
  })
  const payer = order.payer as { email: string; first_name: string; last_name: string; country_code: string }
  const appUrl = ctx.deps.config.appUrl
  let result
  try {
    result = await adapter.createSetup({
      setupToken: setup.token, orderToken: order.token, method: order.paymentMethod as CheckoutMethod, currency: order.currency as CurrencyId,
      payer: { email: payer.email, firstName: payer.first_name, lastName: payer.last_name, countryCode: payer.country_code },
      current: order.savedMethod as SavedMethod | null, returnUrl: `${appUrl}/api/v1/shop/method_setups/${setup.token}/return`,
      cancelUrl: `${appUrl}${managePath(username, order.token)}`, idempotencyKey: `method-setup:${setup.token}`,
    })
  } catch (error) {
    await recordSetupOutcome(ctx.deps, setup.token, { providerRef: `failed_${setup.token}`, state: 'denied', failureReason: error instanceof AppError ? error.type : 'provider_error' })
    throw error instanceof AppError ? error : new AppError('provider_error', 'The payment provider is not reachable; please try again')
  }
  await repo.updateMethodSetup(ctx.db, setup.id, { providerRef: result.providerRef })
  if (result.state !== 'waiting') await recordSetupOutcome(ctx.deps, setup.token, result)
  if (result.nextAction.type !== 'redirect') return { url: managePath(username, order.token) }
  return { url: result.nextAction.url }
}

/**
 * Applies what the provider says about a setup, once, under the setup's row lock: a success replaces the
 * order's saved method (orders.replaceSavedMethod) and is logged in delivery_events.
 */
export async function recordSetupOutcome(deps: AppDeps, setupToken: string, outcome: SetupOutcome): Promise<void> {
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const setup = await repo.findMethodSetup(tx, setupToken, { lock: true })
    if (!setup) return
    // A success the provider reports without a kept method cannot be charged later: not a success.
    const to: MethodSetupState = outcome.state === 'successful' && !outcome.savedMethod ? 'denied' : outcome.state
    if (to === setup.state || !canTransition(methodSetupTransitions, setup.state as MethodSetupState, to)) return
    const card = outcome.card
    await repo.updateMethodSetup(tx, setup.id, {
      state: to, providerRef: setup.providerRef ?? outcome.providerRef, completedAt: now,
      failureReason: to === 'successful' ? null : (outcome.failureReason ?? (to === 'denied' ? 'no_method_kept' : null)),
      ...(to === 'successful' ? { savedMethod: { ...outcome.savedMethod } } : {}),
      ...(card ? { cardBrand: card.brand, cardLast4: card.last4, cardExpMonth: card.expMonth, cardExpYear: card.expYear } : {}),
    })
    if (to !== 'successful') return
    await orders.replaceSavedMethod(deps, tx, setup.orderId, { ...outcome.savedMethod })
    await repo.insertEvents(tx, [{
      orderId: setup.orderId, event: 'payment_method_changed', reason: 'payer', detail: { setup_id: setup.id, provider: setup.provider, card_last4: card?.last4 ?? null }, createdAt: now,
    }])
  })
}

async function ownSetup(ctx: Ctx, setupToken: string): Promise<repo.MethodSetupRow> {
  const { userId } = requireActor(ctx)
  const setup = await repo.findMethodSetup(ctx.db, setupToken)
  if (!setup || setup.payerUserId !== userId) throw notFound()
  return setup
}

async function setupOutput(ctx: Ctx, setup: repo.MethodSetupRow): Promise<MethodSetupOutput> {
  const order = (await orders.findOrder(ctx.db, setup.orderId))!
  const username = await orders.sellerUsername(ctx.db, order.sellerId)
  return {
    token: setup.token, state: setup.state as MethodSetupOutput['state'], provider: setup.provider, product_name: (await orders.productBrief(ctx.db, order.productId)).name,
    seller_username: username, order_token: order.token, manage_url: managePath(username, order.token),
    card: setup.cardLast4 ? { brand: setup.cardBrand ?? '', last4: setup.cardLast4 } : null, failure_reason: setup.failureReason,
  }
}

/** GET /payer/method_setups/{token}: the signed-in payer's own setup (the sandbox's setup page reads it). */
export async function getMethodSetup(ctx: Ctx, setupToken: string): Promise<MethodSetupOutput> {
  return setupOutput(ctx, await ownSetup(ctx, setupToken))
}

/** POST /payer/method_setups/{token}/sandbox: the payer's choice on the test provider's setup page. */
export async function completeSandboxSetup(ctx: Ctx, setupToken: string, choice: 'success' | 'failure'): Promise<MethodSetupOutput> {
  const setup = await ownSetup(ctx, setupToken)
  if (setup.provider !== 'sandbox') throw notFound()
  await paymentSettings.providerAdapter(ctx.db, ctx.deps, setup.sellerId, 'sandbox') // refuses outside test mode
  if (setup.state !== 'waiting') throw new AppError('conflict', 'This change of the payment method is already finished')
  await recordSetupOutcome(ctx.deps, setup.token, sandboxSetupOutcome(choice, setup.providerRef ?? sandboxSetupRef(setup.token), ctx.now))
  return setupOutput(ctx, (await repo.findMethodSetup(ctx.db, setup.token))!)
}

/**
 * GET /shop/method_setups/{token}/return: the provider sent the payer back. Named by the unguessable
 * token (the browser carries no API session here); the provider is asked, the URL never trusted.
 * Answers the manage page to redirect to (with ?method=changed or refused once the provider decided).
 */
export async function methodSetupReturn(ctx: Ctx, setupToken: string): Promise<string> {
  const setup = await repo.findMethodSetup(ctx.db, setupToken)
  if (!setup) throw notFound()
  if (setup.state === 'waiting' && setup.providerRef && setup.provider !== 'sandbox') {
    const adapter = await paymentSettings.providerAdapter(ctx.db, ctx.deps, setup.sellerId, setup.provider)
    if (adapter.retrieveSetup) await recordSetupOutcome(ctx.deps, setup.token, await adapter.retrieveSetup(setup.providerRef))
  }
  const order = (await orders.findOrder(ctx.db, setup.orderId))!
  const state = (await repo.findMethodSetup(ctx.db, setup.token))!.state
  const result = state === 'successful' ? '?method=changed' : state === 'denied' ? '?method=refused' : ''
  return `${managePath(await orders.sellerUsername(ctx.db, order.sellerId), order.token)}${result}`
}

// ------------------------------------------------------------------ the seller's setting

export async function getPaymentManagement(ctx: Ctx) {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  return { payers_may_cancel: (await repo.findPaymentManagement(ctx.db, sellerId))?.payersMayCancel ?? false }
}

export async function savePaymentManagement(ctx: Ctx, input: { payers_may_cancel: boolean }) {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  const row = await repo.savePaymentManagement(ctx.db, sellerId, input.payers_may_cancel, ctx.now)
  return { payers_may_cancel: row.payersMayCancel }
}
