import pLimit, { type LimitFunction } from 'p-limit'
import { createHash, randomBytes } from 'node:crypto'
import { sellerCanSell } from '../../../shared/accounts'
import { AppError, type FieldError } from '../../../shared/errors'
import { isCurrencyId, type CurrencyId } from '../../../shared/money'
import { isCheckoutMethod, reusableMethods, type CheckoutMethod, type PaymentProvider } from '../../../shared/payments'
import {
  discountInCurrency, isTrialMethod, planAmounts, planSnapshot, priceCheckout, priceWithDiscount, rateSchedule, trialEndsAt, type CheckoutCoupon, type CheckoutLineInput, type CheckoutPrice, type PricingPlan,
} from '../../../shared/pricing'
import {
  fullBuyerFields, type CheckoutPageOutput, type CheckoutSelection, type CreateOrderInput, type CreateOrderOutput, type NextActionOutput,
  type PublicOrderOutput, type QuoteOutput,
} from '../../../shared/schemas/checkout'
import { supplyKindOfForm, type Supply } from '../../../shared/tax'
import type { CountryCode } from '../../../shared/validation/countries'
import { featureEnabled, systemContext, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import { createProvider } from '../../payments/providers'
import { sandboxOutcome, type SandboxChoice } from '../../payments/providers/sandbox'
import type { NextAction } from '../../payments/providers/types'
import * as accounts from '../accounts/accounts.service'
import * as catalog from '../catalog/catalog.service'
import { assertPassword } from '../catalog/shop.service'
import * as stock from '../catalog/stock.service'
import * as checkoutSettings from '../checkout-settings/checkout-settings.service'
import * as coupons from '../coupons/coupons.service'
import * as delivery from '../delivery/delivery.service'
import * as orders from '../orders/orders.service'
import * as notifications from '../notifications/notifications.service'

import * as paymentSettings from '../payment-settings/payment-settings.service'
import * as providerEvents from '../refunds/provider-events.service'

// The checkout (issue 4, DESIGN "The request path"): the page's data, a quote while the payer chooses, and
// the order. The order is made in one transaction that counts what is limited (stock, ticket types,
// license keys, the coupon's and the discount's uses) with conditional updates, prices everything again
// from the catalogue (the body carries no amount), and writes the order, its lines, its rates and its
// payment. The provider is asked only after that commit (PGlite is one session), and its answer is
// recorded in a second short transaction. Idempotency keys make a retried submit return the first answer.

export const ordersScope = 'shop.orders'
const upsellsScope = 'shop.upsells'

type Facts = catalog.CheckoutFacts

export function token(): string {
  return randomBytes(24).toString('base64url')
}

// ------------------------------------------------------------------ pricing

function planOf(facts: catalog.CheckoutProduct, planId: number, ticketId: number | null) {
  const row = facts.plans.find((p) => p.id === planId)
  if (!row || (ticketId !== null && row.ticketId !== ticketId) || (ticketId === null && row.ticketId !== null)) {
    throw new AppError('INVALID_INPUT', 'This pricing plan is not offered', [{ path: 'pricing_plan_id', message: 'invalid_value' }])
  }
  return { row, plan: catalog.planOfRow(row) }
}

/** Event admission is taxed where the event is: the seller's country (ticket types carry no country yet). */
export function supplyOf(facts: catalog.CheckoutProduct, sellerCountry: string): Supply {
  const kind = supplyKindOfForm(facts.product.form as Parameters<typeof supplyKindOfForm>[0])
  if (kind === 'event_admission') return { kind, eventCountry: sellerCountry as CountryCode }
  return { kind: 'electronic' }
}

function discountOf(facts: catalog.CheckoutProduct) {
  const d = facts.discount
  if (!d) return null
  return { active: d.active, limit: d.limit, value: d.value, valueForm: d.valueForm as 'percents' | 'currency', ordersCount: d.ordersCount, currencyId: d.currencyId }
}

/** The first active plan of a bump in the main line's currency (bumps are bought once, at their price). */
function bumpPlan(bump: catalog.CheckoutProduct, currency: string) {
  const row = bump.plans.find((p) => p.ticketId === null && p.currencyId === currency)
  return row ? { row, plan: catalog.planOfRow(row) } : null
}

type Priced = {
  price: CheckoutPrice
  plan: { row: catalog.CheckoutProduct['plans'][number]; plan: PricingPlan }
  ticket: catalog.CheckoutProduct['tickets'][number] | null
  quantity: number
  bumps: { facts: catalog.CheckoutProduct; plan: { row: catalog.CheckoutProduct['plans'][number]; plan: PricingPlan } }[]
}

export function priceSelection(facts: Facts, selection: {
  pricing_plan_id: number; ticket_id?: number | undefined; quantity?: number | undefined; addon_ids?: number[] | undefined
  country_code?: string | undefined; vat_id?: string | undefined
}, coupon: CheckoutCoupon | null, options: { discountCounted?: boolean } = {}): Priced {
  const isEvent = facts.product.form === 'eventTickets'
  const ticketId = selection.ticket_id ?? null
  if (isEvent && ticketId === null) throw new AppError('INVALID_INPUT', 'Choose a ticket type', [{ path: 'ticket_id', message: 'required' }])
  const ticket = ticketId === null ? null : facts.tickets.find((t) => t.id === ticketId && t.active) ?? null
  if (ticketId !== null && !ticket) throw new AppError('INVALID_INPUT', 'This ticket type is not offered', [{ path: 'ticket_id', message: 'invalid_value' }])
  const quantity = selection.quantity ?? 1
  if (!isEvent && quantity !== 1) throw new AppError('INVALID_INPUT', 'Only tickets are bought in quantities', [{ path: 'quantity', message: 'invalid_value' }])
  const plan = planOf(facts, selection.pricing_plan_id, ticketId)
  const currency = plan.plan.currencyId
  const country = (selection.country_code ?? facts.seller.country) as CountryCode
  const discount = options.discountCounted === false ? null : discountOf(facts)
  const lines: CheckoutLineInput[] = [{
    productId: facts.product.id, kind: 'main', name: ticket ? `${facts.product.name} – ${ticket.name}` : facts.product.name, plan: plan.plan, quantity,
    discount, supply: supplyOf(facts, facts.seller.country),
  }]
  const bumps: Priced['bumps'] = []
  for (const id of new Set(selection.addon_ids ?? [])) {
    const bump = facts.bumps.find((b) => b.product.id === id)
    const bp = bump ? bumpPlan(bump, currency) : null
    if (!bump || !bp) throw new AppError('INVALID_INPUT', 'This add-on is not offered', [{ path: 'addon_ids', message: 'invalid_value' }])
    bumps.push({ facts: bump, plan: bp })
    lines.push({ productId: bump.product.id, kind: 'bump', name: bump.product.name, plan: bp.plan, quantity: 1, discount: discountOf(bump), supply: supplyOf(bump, facts.seller.country) })
  }
  const free = facts.product.free
  const price = priceCheckout({
    lines: free ? lines.map((l) => ({ ...l, plan: { ...l.plan, price: 0, firstAmount: 0, nextAmount: 0, customIntervals: null, trialDays: null } })) : lines,
    coupon,
    seller: { country: facts.seller.country as CountryCode, vat: facts.seller.vat as never },
    payer: { country, vatId: selection.vat_id },
  })
  return { price, plan, ticket, quantity, bumps }
}

function vatNote(price: CheckoutPrice): string | null {
  const t = price.treatment
  switch (t.kind) {
    case 'exempt_seller': return `No VAT is charged: the seller is exempt (${t.reason.replaceAll('_', ' ')}).`
    case 'reverse_charge': return `Reverse charge: VAT is accounted for by the buyer (${t.vatId}, checked for format${t.verification === 'vies_valid' ? ' and in VIES' : ' only'}).`
    case 'export': return 'No EU VAT: the supply takes place outside the EU.'
    case 'charged': return t.vatIdNotApplied ? `The VAT id was not applied (${t.vatIdNotApplied.replaceAll('_', ' ')}).` : null
  }
}

export function quoteOf(price: CheckoutPrice, free: boolean, couponMessage: string | null): QuoteOutput {
  const t = price.treatment
  return {
    currency: price.currency,
    lines: price.lines.map((l) => ({
      product_id: l.productId, kind: l.kind, name: l.name, quantity: l.quantity, list_amount: l.listAmount, discount_amount: l.discountAmount,
      net_amount: l.netAmount, vat_amount: l.vatAmount, gross_amount: l.grossAmount, vat_rate_bps: l.vatRateBps,
    })),
    first_amount: price.dueNow,
    total_amount: price.totalAmount,
    vat_amount: price.vatAmount,
    discount_amount: price.discountAmount,
    price_kind: price.priceKind,
    vat: {
      treatment: t.kind, country: 'country' in t ? t.country : null, note: vatNote(price),
      breakdown: price.breakdown.map((b) => ({ rate_bps: b.rateBps, net: b.net, vat: b.vat, gross: b.gross })),
    },
    coupon: price.coupon ? { code: price.coupon.code, applied: price.coupon.applied, message: couponMessage } : null,
    // A trial charges 0 now but is not free: the payer's method is kept for the first charge.
    free: free || (price.dueNow === 0 && price.trialDays === null),
    trial: price.trialDays === null ? null : { days: price.trialDays, first_charge_amount: price.firstAmount },
  }
}

/** The product's seller's coupons feature (spec 001 feature flags), not the visitor's. */
function couponsEnabled(facts: Facts): boolean {
  return featureEnabled({ sellerFeatures: facts.seller.features }, 'coupons')
}

async function couponFor(ctx: Ctx, facts: Facts, code: string | undefined): Promise<(CheckoutCoupon & { id: number }) | null> {
  if (!code) return null
  if (!couponsEnabled(facts)) throw new AppError('coupon_invalid', 'This coupon code is not valid')
  const found = await coupons.checkCouponCode(ctx, { sellerId: facts.seller.id, productId: facts.product.id, code })
  return { id: found.id, code: found.code, discount: found.discount, amountBase: found.amountBase }
}

function sellable(facts: Facts): string | null {
  if (!facts.product.canBeSoldViaShop) return 'not_on_sale'
  if (!facts.product.free && !sellerCanSell(facts.seller)) return 'cannot_sell'
  if (facts.product.limit !== null && facts.product.soldCount + facts.product.reservedCount >= facts.product.limit) return 'sold_out'
  if (facts.product.form === 'eventTickets' && !facts.tickets.some((t) => t.active)) return 'not_on_sale'
  return null
}

// ------------------------------------------------------------------ the page and the quote

export async function checkoutPage(ctx: Ctx, username: string, slug: string, password?: string): Promise<CheckoutPageOutput> {
  const facts = await catalog.checkoutFacts(ctx.db, { username }, { slug })
  await assertPassword(ctx, facts.product, password)
  const config = await checkoutSettings.checkoutConfigFor(ctx.db, facts.seller.id, facts.product.id)
  const methods = facts.product.free ? [] : await paymentSettings.activeMethods(ctx.db, ctx.deps, facts.seller.id, config.product.payment_methods ?? null)
  const terms = await checkoutSettings.cancellationTermsFor(ctx.db, facts.seller.id, facts.product.form)
  const mainCurrency = facts.plans[0]?.currencyId ?? 'eur'
  const offers = facts.bumps.flatMap((b) => {
    const bp = bumpPlan(b, mainCurrency)
    if (!bp) return []
    const { first } = planAmounts(bp.plan)
    const withDiscount = priceWithDiscount(first, discountInCurrency(discountOf(b), bp.row.currencyId))
    return [{
      product_id: b.product.id, name: b.product.name, description: b.product.description, cover_url: null, pricing_plan_id: bp.row.id,
      amount: withDiscount, old_amount: withDiscount !== first ? first : null, currency: bp.row.currencyId,
    }]
  })
  let unavailable = sellable(facts)
  if (!unavailable && !facts.product.free && methods.length === 0) unavailable = 'no_active_pay_method'
  const bump = config.product.bump as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null)
  return {
    seller: { id: facts.seller.id, username: facts.seller.username, name: facts.seller.name },
    settings: {
      layout: config.settings.layout as CheckoutPageOutput['settings']['layout'],
      theme: config.settings.theme as Record<string, unknown>,
      trust_seals: config.settings.trust_seals as Record<string, unknown>,
      buyer_information: config.settings.buyer_information as CheckoutPageOutput['settings']['buyer_information'],
      buy_button_text: config.settings.buy_button_text as CheckoutPageOutput['settings']['buy_button_text'],
    },
    payment_methods: methods.map((m) => m.method),
    bump: {
      position: text(bump.position) ?? 'belowPaymentMethods', placement: text(bump.placement) ?? 'below_payment_options', layout: text(bump.layout) ?? 'one_column',
      border_animation: text(bump.border_animation) ?? 'none', price_animation: text(bump.price_animation) ?? 'none',
      headline: text(bump.headline), text: text(bump.text), offers,
    },
    questions: (config.product.questions as CheckoutPageOutput['questions']).map((q) => ({
      id: q.id, type: q.type, label: q.label, required: q.required, select_style: q.select_style ?? null, option_group: q.option_group ?? null,
      options: (q.options ?? []).map((o) => ({ id: o.id, label: o.label, group: o.group ?? null })),
    })),
    terms_required: config.product.terms_required,
    cancellation_terms_url: terms ? `/s/${encodeURIComponent(facts.seller.username)}/document/cancellation_terms?ct_id=${terms.id}&product_type=${facts.product.form}` : null,
    coupons_enabled: couponsEnabled(facts) && await coupons.sellerHasActiveCoupons(ctx.db, facts.seller.id),
    unavailable_reason: unavailable,
  }
}

/** POST /shop/orders/quote: the price for a selection, as the order would charge it. */
export async function quote(ctx: Ctx, selection: CheckoutSelection): Promise<QuoteOutput> {
  const facts = await catalog.checkoutFacts(ctx.db, {}, { id: selection.product_id })
  let coupon: (CheckoutCoupon & { id: number }) | null = null
  let message: string | null = null
  if (selection.coupon_code) {
    try {
      coupon = await couponFor(ctx, facts, selection.coupon_code)
    } catch (error) {
      if (!(error instanceof AppError) || error.type !== 'coupon_invalid') throw error
      message = 'This coupon code is not valid'
    }
  }
  const priced = priceSelection(facts, selection, coupon)
  const out = quoteOf(priced.price, facts.product.free, message)
  if (selection.coupon_code && !coupon) out.coupon = { code: selection.coupon_code, applied: false, message }
  return out
}

// ------------------------------------------------------------------ idempotency

export type Answer<T> = { status: number; body: T }

function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical)
    if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]))
    return value
  }
  return createHash('sha256').update(JSON.stringify(canonical(body))).digest('hex')
}

const lockSeconds = 60

/** Runs a function in its turn (the checkout slots); without one, at once. */
type Gate = <R>(fn: () => Promise<R>) => Promise<R>

/** The stages of an idempotent request whose first part waits its turn (see idempotentStaged). */
type Stages<T, P> = {
  gate?: Gate
  /**
   * An answer that may be known before any work (a sold-out hint): when `ask()` says so at the payer's turn,
   * the turn is given back and `store` stores the answer as the key's in the write that checks it (`answer`
   * gives the key's row for it) and returns it, to be thrown; null takes a turn again and goes on.
   */
  refuse?: { ask(): boolean; store(answer: (error: AppError) => orders.IdempotentAnswer): Promise<AppError | null> }
  /** Runs in the gate, right after the claim. */
  prepare: (resume: Record<string, unknown> | null) => Promise<P>
  /** Runs after the gate (a provider's call need not hold a turn). */
  finish: (prepared: P) => Promise<Answer<T>>
}

const errorBodyOf = (error: AppError) => ({ error: { message: error.message, type: error.type, ...(error.fields ? { fields: error.fields } : {}) } })

/**
 * Runs `work` once per key (QUALITY "idempotency"): the first request claims the key; a replay after it
 * finished gets the stored status and body; a replay while it runs gets 409 idempotency_in_progress; the
 * same key with another body 422 idempotency_key_reused. Expected failures (4xx) are stored like answers;
 * an unexpected failure frees the key so the payer can retry. A holder that died is taken over when its
 * lock runs out, and `work` receives what it stored so far (`resume`) to finish rather than start again.
 */
export async function idempotent<T>(ctx: Ctx, scope: string, key: string, body: unknown, work: (resume: Record<string, unknown> | null) => Promise<Answer<T>>): Promise<Answer<T>> {
  return idempotentStaged(ctx, scope, key, body, { prepare: work, finish: async (answer) => answer })
}

/**
 * idempotent() in stages: the claim and `prepare` run inside `gate` (so in a rush the payers after the last
 * ticket are claimed after the ones who got it), `finish` after it. With `refuse`, an answer known before
 * any work is stored as the key's answer in the claim's own write.
 */
async function idempotentStaged<T, P>(ctx: Ctx, scope: string, key: string, body: unknown, stages: Stages<T, P>): Promise<Answer<T>> {
  if (!/^[A-Za-z0-9_.:-]{8,200}$/.test(key)) throw new AppError('idempotency_key_required', 'An Idempotency-Key header (8 to 200 letters, digits, -_.:) is required')
  const hash = requestHash(body)
  const now = ctx.deps.now()
  const until = new Date(now.getTime() + lockSeconds * 1000)

  /** The claim: this request's to work on (with what a dead holder stored), or a finished answer to replay. */
  const claim = async (): Promise<{ resume: Record<string, unknown> | null } | { answer: Answer<T> }> => {
    for (;;) {
      if (await orders.claimIdempotencyKey(ctx.db, { scope, key, requestHash: hash, lockedUntil: until, createdAt: now })) return { resume: null }
      const row = await orders.findIdempotencyKey(ctx.db, scope, key)
      if (!row) continue // freed meanwhile
      if (row.requestHash !== hash) throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with another request')
      if (row.state === 'done') return { answer: { status: row.responseStatus ?? 200, body: row.responseBody as T } }
      if (!(await orders.takeOverIdempotencyKey(ctx.db, scope, key, now, until))) {
        throw new AppError('idempotency_in_progress', 'This request is still being processed')
      }
      return { resume: (row.responseBody as Record<string, unknown> | null) ?? null }
    }
  }
  /** After a failure of the work: an expected one is the key's answer; an unexpected one frees the key. */
  const settleFailure = async (error: unknown) => {
    if (error instanceof AppError && error.status < 500) {
      await orders.updateIdempotencyKey(ctx.db, scope, key, { state: 'done', responseStatus: error.status, responseBody: errorBodyOf(error) })
      return
    }
    const row = await orders.findIdempotencyKey(ctx.db, scope, key)
    // Keep the key while an order exists for it: a retry must finish that order, not make a second.
    if (row && row.responseBody === null) await orders.deleteIdempotencyKey(ctx.db, scope, key)
    else await orders.updateIdempotencyKey(ctx.db, scope, key, { lockedUntil: new Date(0) })
  }

  const gate: Gate = stages.gate ?? ((fn) => fn())
  const turn = async (): Promise<{ answer: Answer<T> } | { prepared: P }> => {
    const claimed = await claim()
    if ('answer' in claimed) return claimed
    try {
      return { prepared: await stages.prepare(claimed.resume) }
    } catch (error) {
      await settleFailure(error)
      throw error
    }
  }
  // A payer whose answer may be known already gives the turn back at once: in a rush the payers waiting
  // after the last ticket are all asked together, not a few turns at a time.
  const refuse = stages.refuse
  let staged = await gate(async () => (refuse?.ask() ? null : turn()))
  if (staged === null) {
    const refusal = await refuse!.store((error) => ({ scope, key, requestHash: hash, responseStatus: error.status, responseBody: errorBodyOf(error), createdAt: now }))
    if (refusal) throw refusal
    staged = await gate(turn)
  }
  if ('answer' in staged) return staged.answer
  try {
    const answer = await stages.finish(staged.prepared)
    await orders.updateIdempotencyKey(ctx.db, scope, key, { state: 'done', responseStatus: answer.status, responseBody: answer.body as object })
    return answer
  } catch (error) {
    await settleFailure(error)
    throw error
  }
}

// ------------------------------------------------------------------ the order

function payerIssues(input: CreateOrderInput, buyerInformation: string): FieldError[] {
  const issues: FieldError[] = []
  if (buyerInformation === 'full') {
    for (const field of fullBuyerFields) if (!input.payer[field]) issues.push({ path: `payer.${field}`, message: 'required' })
    if (['US', 'CA', 'MX', 'IN'].includes(input.payer.country_code) && !input.payer.state) issues.push({ path: 'payer.state', message: 'required' })
  }
  return issues
}

function answerIssues(input: CreateOrderInput, questions: CheckoutPageOutput['questions']): FieldError[] {
  const issues: FieldError[] = []
  const answers = new Map((input.answers ?? []).map((a) => [a.question_id, a.value]))
  for (const id of answers.keys()) if (!questions.some((q) => q.id === id)) issues.push({ path: 'answers', message: 'invalid_value' })
  for (const q of questions) {
    const value = answers.get(q.id)
    const empty = value === undefined || value === '' || value === false || (Array.isArray(value) && value.length === 0)
    if (q.required && empty) issues.push({ path: `answers.${q.id}`, message: 'required' })
    if (Array.isArray(value) && value.some((v) => !q.options.some((o) => o.id === v))) issues.push({ path: `answers.${q.id}`, message: 'invalid_value' })
  }
  return issues
}

function nextActionOf(action: NextAction, paymentToken: string): NextActionOutput {
  if (action.type === 'redirect') return { type: 'redirect', url: action.url, payment_id: paymentToken }
  if (action.type === 'bank_wire') return { type: 'bank_wire', payment_id: paymentToken, ...action.details }
  return { type: 'none' }
}

/** An order just written (or resumed) with its payment; a new order carries what it wrote, so the answer reads nothing again. */
export type Made = {
  order: orders.OrderRow; payment: orders.PaymentRow; saveMethod: boolean
  written?: { items: orders.OrderItemRow[]; product: { id: number; name: string; slug: string; form: string }; username: string }
}

/**
 * POST /shop/orders. `key` is the Idempotency-Key header. The claim and the order are made in the process's
 * checkout slots; the provider is asked after. Once this process met "sold out" for the product (or ticket
 * type), a payer's request first reads the stock and, still sold out, is answered with one more write.
 */
export async function createOrder(ctx: Ctx, input: CreateOrderInput, key: string): Promise<Answer<CreateOrderOutput>> {
  const stockKey = `${input.product_id}:${input.ticket_id ?? ''}`
  const seen = soldOutSeen(ctx.deps)
  return idempotentStaged(ctx, ordersScope, key, input, {
    gate: checkoutSlots(ctx.deps),
    refuse: {
      ask: () => seen.has(stockKey),
      store: async (answer) => {
        const soldOut = new AppError('sold_out', 'Sold out')
        const ticketId = input.ticket_id ?? null
        const store = ticketId === null ? storeSoldOutAnswer.product : storeSoldOutAnswer.ticket
        // Not stored: stock is left (the order finds out for sure) or the key has an answer already.
        return await store(ctx.db, { productId: input.product_id, ticketId, quantity: input.quantity ?? 1 }, answer(soldOut)) ? soldOut : null
      },
    },
    prepare: async (resume) => {
      if (resume?.order_id) return resumeOrder(ctx, Number(resume.order_id))
      try {
        const made = await makeOrder(ctx, input, key)
        seen.delete(stockKey) // stock came back (a reservation ended)
        return made
      } catch (error) {
        if (error instanceof AppError && error.type === 'sold_out') rememberSoldOut(seen, stockKey)
        throw error
      }
    },
    finish: (made) => startPayment(ctx, made, key, 201),
  })
}

/** A sold-out answer stored only while the stock read in the same statement says sold out. */
const storeSoldOutAnswer = { product: orders.storeIdempotentAnswerWhen(stock.soldOutCondition(false)), ticket: orders.storeIdempotentAnswerWhen(stock.soldOutCondition(true)) }

/** How many products and ticket types a process remembers as met sold out (a hint to read before claiming). */
const soldOutSeenMax = 10_000
const soldOutSeenOf = new WeakMap<Ctx['deps'], Set<string>>()

function soldOutSeen(deps: Ctx['deps']): Set<string> {
  let seen = soldOutSeenOf.get(deps)
  if (!seen) soldOutSeenOf.set(deps, seen = new Set())
  return seen
}

function rememberSoldOut(seen: Set<string>, stockKey: string) {
  if (seen.size >= soldOutSeenMax) seen.clear()
  seen.add(stockKey)
}

const slotsOf = new WeakMap<Ctx['deps'], LimitFunction>()

/**
 * At most CHECKOUT_CONCURRENCY orders are claimed and made at once per process; the others wait their
 * turn. In a rush this is what keeps answers fast: taken one group after another, the payers after the last
 * ticket meet the sold-out read before their claim instead of all racing through the whole checkout together.
 */
function checkoutSlots(deps: Ctx['deps']): LimitFunction {
  let slots = slotsOf.get(deps)
  if (!slots) slotsOf.set(deps, slots = pLimit(deps.config.CHECKOUT_CONCURRENCY))
  return slots
}

/** Keep the payer's method when later rates or one-click offers will charge it. */
function keepsMethod(planForm: string | undefined, upsells: readonly unknown[]): boolean {
  return planForm !== 'one_time' || upsells.length > 0
}

async function resumeOrder(ctx: Ctx, orderId: number): Promise<Made> {
  const order = (await orders.findOrder(ctx.db, orderId))!
  const payment = (await orders.paymentsOf(ctx.db, orderId)).find((p) => p.kind === 'charge')!
  const config = await checkoutSettings.checkoutConfigFor(ctx.db, order.sellerId, order.productId)
  return { order, payment, saveMethod: keepsMethod((order.planSnapshot as { form?: string } | null)?.form, config.product.upsells ?? []) }
}

async function makeOrder(ctx: Ctx, input: CreateOrderInput, key: string): Promise<Made> {
  // The first read answers the payers who come after the last ticket (the transaction below decides for the rest).
  const facts = await catalog.checkoutFacts(ctx.db, {}, { id: input.product_id }, { ticketId: input.ticket_id ?? null, quantity: input.quantity ?? 1 })
  await assertPassword(ctx, facts.product, input.password)
  const reason = sellable(facts)
  if (reason === 'sold_out') throw new AppError('sold_out', 'Sold out')
  if (reason) throw new AppError('not_on_sale', 'This product cannot be bought now')
  const config = await checkoutSettings.checkoutConfigFor(ctx.db, facts.seller.id, facts.product.id)
  const page = { questions: (config.product.questions ?? []) as CheckoutPageOutput['questions'] }
  const issues = [...payerIssues(input, config.settings.buyer_information), ...answerIssues(input, page.questions.map((q) => ({ ...q, options: q.options ?? [] })))]
  if (config.product.terms_required && input.terms_accepted !== true) issues.push({ path: 'terms_accepted', message: 'required' })
  if (facts.product.form === 'eventTickets' && input.attendees && input.attendees.length !== (input.quantity ?? 1)) issues.push({ path: 'attendees', message: 'invalid_value' })
  if (issues.length > 0) throw new AppError('INVALID_INPUT', 'Please check the highlighted fields', issues)

  const coupon = await couponFor(ctx, facts, input.coupon_code)
  const selection = { ...input, country_code: input.payer.country_code, vat_id: input.payer.vat_id }
  // The first price decides the method; the transaction prices again with what it could count.
  const preview = priceSelection(facts, selection, coupon)
  const free = facts.product.free || preview.price.firstAmount === 0
  let method: CheckoutMethod | 'free' = 'free'
  let provider: PaymentProvider = 'free'
  if (!free) {
    if (!isCheckoutMethod(input.payment_method)) throw new AppError('no_payment_method', 'Choose a payment method', [{ path: 'payment_method', message: 'required' }])
    const methods = await paymentSettings.activeMethods(ctx.db, ctx.deps, facts.seller.id, config.product.payment_methods ?? null)
    const chosen = methods.find((m) => m.method === input.payment_method)
    if (!chosen) throw new AppError('no_payment_method', 'This payment method is not offered', [{ path: 'payment_method', message: 'invalid_value' }])
    method = chosen.method
    provider = chosen.provider
  }
  // A sold-out ticket type answers before any transaction (the transaction checks again under the lock).
  const ticket = preview.ticket
  if (ticket && ticket.limit !== null && ticket.soldCount + ticket.reservedCount + preview.quantity > ticket.limit) throw new AppError('sold_out', 'Sold out')
  if (facts.product.limit !== null && facts.product.soldCount + facts.product.reservedCount + preview.quantity > facts.product.limit) throw new AppError('sold_out', 'Sold out')
  const recurring = preview.plan.plan.form !== 'one_time'
  if (recurring && !free && !reusableMethods.includes(method as CheckoutMethod) && method !== 'bank_wire') {
    throw new AppError('no_payment_method', 'This payment method cannot pay later rates', [{ path: 'payment_method', message: 'invalid_value' }])
  }
  // A trial charges nothing now: only a method the provider keeps without a charge can pay its first rate.
  const trial = !free && preview.price.trialDays !== null
  if (trial && !isTrialMethod(method)) {
    throw new AppError('no_payment_method', 'A free trial needs a card, a wallet or a SEPA direct debit that can be charged when it ends', [{ path: 'payment_method', message: 'invalid_value' }])
  }
  const now = ctx.deps.now()
  const reservedUntil = new Date(now.getTime() + ctx.deps.config.RESERVATION_MINUTES * 60_000)

  return ctx.db.transaction(async (tx) => {
    const { made, hold } = await ctx.deps.jobs.batch(tx, () => writeOrder(tx))
    // The hot rows last, after the jobs' insert, with the commit sent behind them: their row locks last for
    // the updates and the commit only (sold out throws, and nothing is committed).
    await stock.reserveStockAndCommit(tx, [{ productId: hold.productId, ticketId: hold.ticketId, quantity: hold.quantity }, ...hold.bumps.map((id) => ({ productId: id, ticketId: null, quantity: 1 }))])
    return made
  })

  async function writeOrder(tx: Executor) {
    const discountCounted = facts.discount ? await stock.countDiscountUse(tx, facts.product.id) : false
    if (coupon) await coupons.redeemCoupon(tx, coupon.id)
    const priced = priceSelection(facts, selection, coupon, { discountCounted })
    const price = priced.price
    if (!isCurrencyId(price.currency)) throw new AppError('INVALID_INPUT', 'Unknown currency')
    // Only rows with a limit are held; they are taken last (below), so their row locks last only until commit.
    const held = {
      product: facts.product.limit !== null, ticket: (priced.ticket?.limit ?? null) !== null,
      bumps: priced.bumps.filter((b) => b.facts.product.limit !== null).map((b) => b.facts.product.id),
    }
    const holds = held.product || held.ticket || held.bumps.length > 0
    const payerUserId = await accounts.ensurePayer(tx, { email: input.payer.email, firstName: input.payer.first_name, lastName: input.payer.last_name, locale: ctx.locale })
    const versionId = priced.plan.row.currentVersionId
    const snapshot = planSnapshot(priced.plan.plan)
    const order = await orders.insertOrder(tx, {
      token: token(), sellerId: facts.seller.id, productId: facts.product.id, payerUserId, orderType: 'standard',
      pricingPlanId: priced.plan.row.id, pricingPlanVersionId: versionId, planSnapshot: { ...snapshot, id: priced.plan.row.id, version_id: versionId } as Record<string, unknown>,
      ticketId: priced.ticket?.id ?? null, quantity: priced.quantity, currency: price.currency, priceKind: price.priceKind,
      totalAmount: price.totalAmount ?? price.firstAmount, vatAmount: price.vatAmount, firstAmount: price.dueNow, discountAmount: price.discountAmount,
      trialEndsAt: trial ? trialEndsAt(priced.plan.plan, now) : null,
      couponId: coupon?.id ?? null, couponCode: coupon?.code ?? null, productDiscountApplied: discountCounted,
      paymentState: 'payment_waiting', paymentMethod: method, provider,
      payer: { ...input.payer }, attendees: (input.attendees ?? []).map((a) => ({ ...a })), answers: (input.answers ?? []).map((a) => ({ ...a })),
      vat: { ...quoteOf(price, free, null).vat },
      campaignId: input.campaign_id ?? null, referrer: input.referrer ?? null, successPageUrl: config.product.success_page_url ?? null,
      termsAcceptedAt: input.terms_accepted ? now : null,
      reservationState: holds ? 'held' : 'none', reservedUntil: holds ? reservedUntil : null, heldStock: holds ? held : null,
      createdAt: now, updatedAt: now,
    })
    const items = await orders.insertOrderItems(tx, price.lines.map((l) => ({
      orderId: order.id, productId: l.productId, kind: l.kind, name: l.name, quantity: l.quantity,
      pricingPlanVersionId: l.kind === 'main' ? versionId : (priced.bumps.find((b) => b.facts.product.id === l.productId)?.plan.row.currentVersionId ?? null),
      ticketId: l.kind === 'main' ? (priced.ticket?.id ?? null) : null,
      listAmount: l.listAmount, discountAmount: l.discountAmount, netAmount: l.netAmount, vatAmount: l.vatAmount, grossAmount: l.grossAmount, vatRateBps: l.vatRateBps,
    })))
    if (facts.product.form === 'licenseKey') await stock.reserveLicenseKeys(tx, facts.product.id, order.id, priced.quantity)
    if (recurring && !free) {
      const schedule = rateSchedule(priced.plan.plan, now, 24)
      // With a trial, rate 1 is due at its end (rateSchedule) and waits as `future` for the billing engine.
      await orders.insertRates(tx, schedule.map((c) => ({ orderId: order.id, number: c.number, dueDate: c.dueDate, amount: c.number === 1 ? price.firstAmount : price.laterRate(c.number), state: c.number === 1 && !trial ? 'unpaid' : 'future' })))
    }
    const payment = await orders.insertPayment(tx, {
      // A trial's payment is 0 and keeps the method; it pays no rate.
      token: token(), orderId: order.id, sellerId: facts.seller.id, rateNumber: recurring && !trial ? 1 : null, kind: 'charge', provider, method,
      state: 'waiting', amount: price.dueNow, currency: price.currency, createdAt: now, updatedAt: now,
    })
    if (order.reservationState === 'held' || facts.product.form === 'licenseKey') {
      await ctx.deps.jobs.enqueue(tx, orders.expireReservationJob, { orderId: order.id }, { startAfter: reservedUntil, singletonKey: `expire-${order.id}` })
    }
    await notifications.notifyOrderEvent(ctx.deps, tx, { sellerId: facts.seller.id, type: 'order_created', orderId: order.id, amount: price.firstAmount, currency: price.currency })
    // A crash after this commit and before the answer is stored resumes this order on the retry.
    await orders.updateIdempotencyKey(tx, ordersScope, key, { responseBody: { order_id: order.id } })
    const product = { id: facts.product.id, name: facts.product.name, slug: facts.product.slug, form: facts.product.form }
    return {
      made: { order, payment, saveMethod: keepsMethod(priced.plan.plan.form, config.product.upsells ?? []), written: { items, product, username: facts.seller.username } },
      hold: { productId: held.product ? facts.product.id : null, ticketId: held.ticket ? (priced.ticket?.id ?? null) : null, quantity: priced.quantity, bumps: held.bumps },
    }
  }
}

function upsellOffersOf(order: orders.OrderRow, upsells: Record<string, unknown>[], taken: orders.OrderRow[], offerPrices: Map<number, { name: string; amount: number; currency: string }>): PublicOrderOutput['upsell_offers'] {
  if (order.paymentState !== 'paid' && order.paymentState !== 'paying') return []
  if (order.upsellType !== null) return []
  // One offer at a time: an accepted upsell ends the funnel; a declined one (the page hides it) shows the next.
  if (taken.some((o) => o.upsellType !== null && (o.paymentState === 'paid' || o.paymentState === 'paying'))) return []
  return upsells.flatMap((u, index) => {
    const info = offerPrices.get(index)
    if (!info) return []
    return [{
      index, kind: (u.kind === 'downsell' ? 'downsell' : 'upsell') as 'upsell' | 'downsell', product_id: Number(u.product_id), pricing_plan_id: Number(u.pricing_plan_id),
      name: info.name, headline: typeof u.headline === 'string' ? u.headline : null, amount: info.amount, currency: info.currency,
    }]
  })
}

async function offerPricesOf(ctx: Ctx, order: orders.OrderRow, upsells: Record<string, unknown>[]) {
  const prices = new Map<number, { name: string; amount: number; currency: string }>()
  for (const [index, u] of upsells.entries()) {
    try {
      const facts = await catalog.checkoutFacts(ctx.db, { id: order.sellerId }, { id: Number(u.product_id) })
      const priced = priceSelection(facts, { pricing_plan_id: Number(u.pricing_plan_id), country_code: (order.payer as { country_code?: string }).country_code, vat_id: (order.payer as { vat_id?: string }).vat_id }, null)
      if (priced.price.currency === order.currency) prices.set(index, { name: facts.product.name, amount: priced.price.firstAmount, currency: priced.price.currency })
    } catch (error) {
      if (!(error instanceof AppError)) throw error // an offer that cannot be bought now is not shown
    }
  }
  return prices
}

/** GET /shop/orders/{token}: the order as its payer sees it, with the open one-click offers. */
export async function getPublicOrder(ctx: Ctx, orderToken: string): Promise<PublicOrderOutput> {
  const order = await orders.findOrderByToken(ctx.db, orderToken)
  // Offers exist only after a payment that kept its method; the success page polls, so ask no more before.
  const mayOffer = order.savedMethod !== null && order.upsellType === null && (order.paymentState === 'paid' || order.paymentState === 'paying')
  const upsells = mayOffer ? ((await checkoutSettings.checkoutConfigFor(ctx.db, order.sellerId, order.productId)).product.upsells ?? []) as Record<string, unknown>[] : []
  const offers = upsells.length > 0
    ? upsellOffersOf(order, upsells, await orders.childOrders(ctx.db, order.id), await offerPricesOf(ctx, order, upsells))
    : []
  return { ...(await orders.publicOrder(ctx.db, order, offers)), deliverables: await delivery.deliverablesOf(ctx.db, ctx.deps, order) }
}

/** Asks the provider for the payment (outside any transaction) and records its first answer. */
export async function startPayment(ctx: Ctx, made: Made, key: string, status: number): Promise<Answer<CreateOrderOutput>> {
  const { order, payment } = made
  if (payment.provider === 'free') {
    if (payment.state === 'waiting') await orders.recordPaymentOutcome(ctx.deps, payment.token, { providerRef: `free_${payment.token}`, state: 'successful', amount: { amount: 0, currency: payment.currency as CurrencyId } })
    return { status, body: { order: await getPublicOrder(ctx, order.token), next_action: { type: 'none' } } }
  }
  const adapter = await paymentSettings.providerAdapter(ctx.db, ctx.deps, order.sellerId, payment.provider)
  const payer = order.payer as { email: string; first_name: string; last_name: string; country_code: string }
  const { product, username } = made.written ?? await orders.productAndSeller(ctx.db, order.productId)
  const appUrl = ctx.deps.config.appUrl
  let result
  try {
    result = await adapter.createPayment({
      paymentToken: payment.token, orderToken: order.token, amount: { amount: payment.amount, currency: payment.currency as CurrencyId },
      method: payment.method as CheckoutMethod, description: product.name,
      payer: { email: payer.email, firstName: payer.first_name, lastName: payer.last_name, countryCode: payer.country_code },
      returnUrl: `${appUrl}/api/v1/shop/payments/${payment.token}/return`,
      cancelUrl: `${appUrl}/s/${encodeURIComponent(username)}/payment/${order.token}`,
      saveMethod: made.saveMethod && reusableMethods.includes(payment.method as CheckoutMethod), idempotencyKey: `${key}:${payment.token}`,
    })
  } catch (error) {
    // The provider refused or failed: the order ends unpaid and gives its holds back; the payer may retry
    // with a new submit.
    await orders.recordPaymentOutcome(ctx.deps, payment.token, { providerRef: payment.providerRef ?? `failed_${payment.token}`, state: 'error', failureReason: error instanceof AppError ? error.type : 'provider_error' })
    throw error instanceof AppError ? error : new AppError('provider_error', 'The payment provider is not reachable; please try again')
  }
  const nextAction = result.nextAction
  const started = nextAction.type === 'bank_wire'
    ? await ctx.db.transaction(async (tx) => {
      const row = await orders.updatePayment(tx, payment.id, { providerRef: result.providerRef, reference: nextAction.details.reference, updatedAt: ctx.deps.now() })
      const fresh = (await orders.findOrder(tx, order.id))!
      await orders.updateOrder(tx, order.id, { vat: { ...fresh.vat, bank_wire: { ...nextAction.details } } })
      return row
    })
    : await orders.updatePayment(ctx.db, payment.id, { providerRef: result.providerRef, reference: null, updatedAt: ctx.deps.now() }) // one statement: no transaction needed
  if (result.state !== 'waiting') await orders.recordPaymentOutcome(ctx.deps, payment.token, result)
  // A new order still waiting for its payer is answered from the rows just written; anything else is read.
  const unchanged = made.written && result.state === 'waiting' && result.nextAction.type !== 'bank_wire'
  const view = unchanged
    ? { ...(await orders.publicOrder(ctx.db, order, [], { ...made.written, payments: [started] })), deliverables: await delivery.deliverablesOf(ctx.db, ctx.deps, order) }
    : await getPublicOrder(ctx, order.token)
  return { status, body: { order: view, next_action: nextActionOf(result.nextAction, payment.token) } }
}

// ------------------------------------------------------------------ one-click upsells

/**
 * POST /shop/orders/{token}/upsells: the payer accepts offer `index` after paying; it becomes its own
 * standard order with upsell_type set (SPEC-NOTES 8), charged to the method the first payment saved
 * (SPEC-NOTES 28 autopay), without entering it again.
 */
export async function acceptUpsell(ctx: Ctx, orderToken: string, index: number, key: string): Promise<Answer<CreateOrderOutput>> {
  return idempotent(ctx, upsellsScope, key, { orderToken, index }, async () => {
    const parent = await orders.findOrderByToken(ctx.db, orderToken)
    const view = await getPublicOrder(ctx, orderToken)
    const offer = view.upsell_offers.find((o) => o.index === index)
    if (!offer || !parent.savedMethod) throw new AppError('conflict', 'This offer is not open')
    const facts = await catalog.checkoutFacts(ctx.db, { id: parent.sellerId }, { id: offer.product_id })
    const payer = parent.payer as CreateOrderInput['payer']
    const now = ctx.deps.now()
    const made = await ctx.db.transaction(async (tx) => {
      const discountCounted = facts.discount ? await stock.countDiscountUse(tx, facts.product.id) : false
      const priced = priceSelection(facts, { pricing_plan_id: offer.pricing_plan_id, country_code: payer.country_code, vat_id: payer.vat_id }, null, { discountCounted })
      const price = priced.price
      const limited = facts.product.limit !== null
      if (limited) await stock.reserveStock(tx, facts.product.id, null, 1)
      const heldStock = limited ? { product: true, ticket: false, bumps: [] } : null
      const snapshot = planSnapshot(priced.plan.plan)
      const order = await orders.insertOrder(tx, {
        token: token(), sellerId: parent.sellerId, productId: facts.product.id, payerUserId: parent.payerUserId, orderType: 'standard',
        upsellType: offer.kind, parentOrderId: parent.id, pricingPlanId: priced.plan.row.id, pricingPlanVersionId: priced.plan.row.currentVersionId,
        planSnapshot: { ...snapshot, id: priced.plan.row.id } as Record<string, unknown>, quantity: 1, currency: price.currency, priceKind: price.priceKind,
        totalAmount: price.totalAmount ?? price.firstAmount, vatAmount: price.vatAmount, firstAmount: price.firstAmount, discountAmount: price.discountAmount,
        productDiscountApplied: discountCounted, paymentState: 'payment_waiting', paymentMethod: parent.paymentMethod, provider: parent.provider,
        payer: parent.payer, vat: { ...quoteOf(price, false, null).vat }, campaignId: parent.campaignId, referrer: parent.referrer,
        termsAcceptedAt: parent.termsAcceptedAt, reservationState: limited ? 'held' : 'none', reservedUntil: null, heldStock, savedMethod: parent.savedMethod, createdAt: now, updatedAt: now,
      })
      await orders.insertOrderItems(tx, price.lines.map((l) => ({
        orderId: order.id, productId: l.productId, kind: l.kind, name: l.name, quantity: l.quantity, pricingPlanVersionId: priced.plan.row.currentVersionId,
        listAmount: l.listAmount, discountAmount: l.discountAmount, netAmount: l.netAmount, vatAmount: l.vatAmount, grossAmount: l.grossAmount, vatRateBps: l.vatRateBps,
      })))
      if (facts.product.form === 'licenseKey') await stock.reserveLicenseKeys(tx, facts.product.id, order.id, 1)
      const payment = await orders.insertPayment(tx, {
        token: token(), orderId: order.id, sellerId: parent.sellerId, kind: 'charge', provider: parent.provider, method: parent.paymentMethod,
        state: 'waiting', amount: price.firstAmount, currency: price.currency, createdAt: now, updatedAt: now,
      })
      return { order, payment }
    })
    const adapter = await paymentSettings.providerAdapter(ctx.db, ctx.deps, parent.sellerId, parent.provider)
    const payer2 = { email: payer.email, firstName: payer.first_name, lastName: payer.last_name, countryCode: payer.country_code }
    try {
      const result = await adapter.chargeSavedMethod({
        paymentToken: made.payment.token, orderToken: made.order.token, amount: { amount: made.payment.amount, currency: made.payment.currency as CurrencyId },
        method: made.payment.method as CheckoutMethod, description: facts.product.name, payer: payer2, idempotencyKey: `${key}:${made.payment.token}`,
        savedMethod: parent.savedMethod as never,
      })
      await orders.recordPaymentOutcome(ctx.deps, made.payment.token, result)
    } catch (error) {
      await orders.recordPaymentOutcome(ctx.deps, made.payment.token, { providerRef: `failed_${made.payment.token}`, state: 'denied', failureReason: error instanceof AppError ? error.type : 'provider_error' })
      throw error instanceof AppError ? error : new AppError('provider_error', 'The payment provider is not reachable; please try again')
    }
    return { status: 201, body: { order: await getPublicOrder(ctx, made.order.token), next_action: { type: 'none' } } }
  })
}

// ------------------------------------------------------------------ provider answers

/** GET /shop/payments/{token}/return: the provider sent the payer back; ask it (never trust the URL). */
export async function paymentReturn(ctx: Ctx, paymentToken: string): Promise<string> {
  const payment = await orders.findPayment(ctx.db, paymentToken)
  const order = (await orders.findOrder(ctx.db, payment.orderId))!
  if (payment.providerRef && payment.state !== 'successful' && payment.provider !== 'sandbox' && payment.provider !== 'bank_wire' && payment.provider !== 'free') {
    const adapter = await paymentSettings.providerAdapter(ctx.db, ctx.deps, order.sellerId, payment.provider)
    const outcome = await adapter.retrievePayment(payment.providerRef)
    await orders.recordPaymentOutcome(ctx.deps, payment.token, outcome)
  }
  const username = await orders.sellerUsername(ctx.db, order.sellerId)
  return `/s/${encodeURIComponent(username)}/payment/${order.token}`
}

/**
 * POST /shop/webhooks/{provider}/{seller}: verified by the provider's own code, then stored and applied
 * exactly once in any order of delivery (refunds module, docs/decisions/0028): payments through
 * orders.recordPaymentOutcome, refunds, chargebacks and won chargebacks through the refunds module.
 */
export async function providerWebhook(ctx: Ctx, provider: PaymentProvider, sellerId: number | null, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<{ received: number }> {
  const adapter = sellerId === null
    ? createProvider(provider, { config: ctx.deps.config })
    : await paymentSettings.providerAdapter(ctx.db, ctx.deps, sellerId, provider)
  const events = await adapter.parseWebhook(rawBody, headers)
  return providerEvents.receiveProviderEvents(ctx.deps, provider, sellerId, events)
}

/** The sandbox provider's test page: what it shows. */
export async function getSandboxPayment(ctx: Ctx, paymentToken: string) {
  return (await sandboxPayment(ctx, paymentToken)).page
}

/** The shape of a payment's token (a path parameter): anything else is no payment, without a read. */
const isPaymentToken = (token: string) => /^[A-Za-z0-9_-]{16,64}$/.test(token)

async function sandboxPayment(ctx: Ctx, paymentToken: string) {
  const found = isPaymentToken(paymentToken) ? await orders.paymentWithLabels(ctx.db, paymentToken) : undefined
  if (!found || found.payment.provider !== 'sandbox') throw new AppError('not_found', 'This payment does not exist')
  return { page: sandboxPage(found), providerRef: found.payment.providerRef }
}

function sandboxPage({ payment, username, orderToken, productName }: orders.PaymentLabels) {
  return {
    payment_id: payment.token, state: payment.state as string, amount: payment.amount, currency: payment.currency, method: payment.method,
    product_name: productName, seller_username: username, order_token: orderToken,
    return_url: `/s/${encodeURIComponent(username)}/payment/${orderToken}`,
  }
}

/**
 * The sandbox page's buttons: complete the payment as the provider's webhook would, for exactly its amount.
 * An open payment's page is built from the rows the outcome locked; a final one's is read.
 */
export async function completeSandboxPayment(ctx: Ctx, paymentToken: string, outcome: SandboxChoice) {
  const missing = () => new AppError('not_found', 'This payment does not exist')
  if (!ctx.deps.config.PAYMENTS_TEST_MODE || !isPaymentToken(paymentToken)) throw missing()
  // The test card is kept on every sandbox success: harmless in test mode, and it lets one-click offers
  // and later rates charge it as a real provider's saved method would.
  const recorded = await orders.recordPaymentOutcomeOf(ctx.deps, paymentToken, (payment) => {
    if (payment.provider !== 'sandbox') throw missing()
    const amount = { amount: payment.amount, currency: payment.currency as CurrencyId }
    return sandboxOutcome(outcome, payment.providerRef ?? `sbx_${paymentToken}`, amount, { saveMethod: true, now: ctx.deps.now() })
  })
  const page = recorded.labels ? sandboxPage(recorded.labels) : (await sandboxPayment(ctx, paymentToken)).page
  return { ...page, state: recorded.state }
}

/** The refund of a payment that arrived after its reservation ran out and found nothing left to sell. */
export async function refundLatePayment(deps: Ctx['deps'], data: { paymentToken: string }): Promise<void> {
  const ctx = systemContext(deps)
  await orders.refundLatePayment(deps, data, async (payment) => {
    if (payment.provider === 'free' || payment.amount === 0) return
    const adapter = await paymentSettings.providerAdapter(deps.db, ctx.deps, payment.sellerId, payment.provider)
    await adapter.refund({ providerRef: payment.providerRef ?? '', amount: { amount: payment.amount, currency: payment.currency as CurrencyId }, idempotencyKey: `late-refund:${payment.token}`, reason: 'reservation_expired' })
  })
}
