import { randomBytes } from 'node:crypto'
import { AppError, type FieldError } from '../../../shared/errors'
import { isCurrencyId, type CurrencyId } from '../../../shared/money'
import { isCheckoutMethod, providerKeepsMethod, reusableMethods, type CheckoutMethod, type PaymentProvider } from '../../../shared/payments'
import { isTrialMethod, planSnapshot, rateSchedule, trialEndsAt } from '../../../shared/pricing'
import { requiredPayerFields, type PayerFieldsSettings } from '../../../shared/validation/payer-fields'
import { type CheckoutPageOutput, type CreateOrderInput, type CreateOrderOutput, type NextActionOutput } from '../../../shared/schemas/checkout'
import { methodFlagOff } from '../../../shared/feature-gates'
import { assertFeature, type Ctx } from '../../context'
import { verifyVatId } from '../../tax/vies'
import type { Executor } from '../../db/client'
import type { NextAction } from '../../payments/providers/types'
import { idempotentStaged, recordProgress, type Answer } from '../../plugins/idempotency'
import * as accounts from '../accounts/accounts.service'
import * as attributionService from '../affiliates/attribution.service'
import * as catalog from '../catalog/catalog.service'
import * as rush from '../catalog/rush.service'
import { assertPassword } from '../catalog/shop.service'
import * as stock from '../catalog/stock.service'
import * as checkoutSettings from '../checkout-settings/checkout-settings.service'
import { applyCoupon, redeemCoupon } from '../coupons/apply-coupon.service'
import * as deals from '../deals/deals.service'
import * as delivery from '../delivery/delivery.service'
import * as notifications from '../notifications/notifications.service'
import * as orders from '../orders/orders.service'
import * as paymentSettings from '../payment-settings/payment-settings.service'
import * as resellers from '../resellers/resellers.service'
import { getPublicOrder } from './public-order.service'
import { conversionFor, exchangeOf, priceSelection, quoteOf, sellable, withDealTerms } from './quote.service'
import { funnelPurchaseOf, recordFunnelPurchase } from './upsell-offers'

// Placing an order (docs/DESIGN.md "The request path"; docs/decisions/0016-orders-exactly-once.md): the order is made
// in one transaction that counts what is limited (stock, ticket types, license keys, the coupon's and the
// discount's uses) with conditional updates, prices everything again from the catalogue (the body carries no
// amount), and writes the order, its lines, its rates and its payment. The provider is asked only after that
// commit (PGlite is one session), and its answer is recorded in a second short transaction. The
// Idempotency-Key makes a retried submit return the first answer (src/server/plugins/idempotency.ts); a
// rush's turns and sold-out memory are the stock's (../catalog/rush.service.ts).

export const ordersScope = 'shop.orders'

export function token(): string {
  return randomBytes(24).toString('base64url')
}

/** The checkout form's rule (src/shared/validation/payer-fields.ts): the address with `full` or a VAT id, the phone when asked. */
function payerIssues(input: CreateOrderInput, settings: PayerFieldsSettings): FieldError[] {
  const payer = input.payer as Record<string, string | undefined>
  return requiredPayerFields(settings, input.payer).filter((field) => !payer[field]).map((field) => ({ path: `payer.${field}`, message: 'required' }))
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
  const stockKey = rush.stockKeyOf(input.product_id, input.ticket_id)
  const seen = rush.soldOutSeen(ctx.deps)
  return idempotentStaged(ctx, ordersScope, key, input, {
    gate: rush.checkoutSlots(ctx.deps),
    refuse: {
      ask: () => seen.has(stockKey),
      store: async (answer) => {
        const soldOut = new AppError('sold_out', 'Sold out')
        // Not stored: stock is left (the order finds out for sure) or the key has an answer already.
        if (!await rush.storeSoldOutAnswer(ctx.db, { productId: input.product_id, ticketId: input.ticket_id ?? null, quantity: input.quantity ?? 1 }, answer(soldOut))) return null
        ctx.deps.metrics.checkout('refused')
        return soldOut
      },
    },
    prepare: async (resume) => {
      if (resume?.order_id) return resumeOrder(ctx, Number(resume.order_id))
      try {
        const made = await makeOrder(ctx, input, key)
        ctx.deps.metrics.checkout('placed')
        seen.delete(stockKey) // stock came back (a reservation ended)
        return made
      } catch (error) {
        if (error instanceof AppError) ctx.deps.metrics.checkout('refused')
        if (error instanceof AppError && error.type === 'sold_out') rush.rememberSoldOut(seen, stockKey)
        throw error
      }
    },
    finish: (made) => startPayment(ctx, made, key, 201),
  })
}


/**
 * Keep the payer's method when later rates or one-click offers will charge it; a provider that keeps none
 * (docs/decisions/0052-emoney-pay-ins.md) pays a one-time plan without keeping it, and its offers open the checkout.
 */
function keepsMethod(planForm: string | undefined, upsells: readonly unknown[], provider: string): boolean {
  return planForm !== 'one_time' || (upsells.length > 0 && providerKeepsMethod(provider))
}

async function resumeOrder(ctx: Ctx, orderId: number): Promise<Made> {
  const order = (await orders.findOrder(ctx.db, orderId))!
  const payment = (await orders.paymentsOf(ctx.db, orderId)).find((p) => p.kind === 'charge')!
  const config = await checkoutSettings.checkoutConfigFor(ctx.db, order.sellerId, order.productId)
  return { order, payment, saveMethod: keepsMethod((order.planSnapshot as { form?: string } | null)?.form, config.product.upsells ?? [], order.provider) }
}

async function makeOrder(ctx: Ctx, input: CreateOrderInput, key: string): Promise<Made> {
  // The first read answers the payers who come after the last ticket (the transaction below decides for the rest).
  const facts = await catalog.checkoutFacts(ctx, ctx.db, {}, { id: input.product_id }, { ticketId: input.ticket_id ?? null, quantity: input.quantity ?? 1 })
  await assertPassword(ctx, facts.product, input.password)
  const reason = sellable(facts)
  if (reason === 'sold_out') throw new AppError('sold_out', 'Sold out')
  if (reason) throw new AppError('not_on_sale', 'This product cannot be bought now')
  const config = await checkoutSettings.checkoutConfigFor(ctx.db, facts.seller.id, facts.product.id)
  const page = { questions: (config.product.questions ?? []) as CheckoutPageOutput['questions'] }
  const issues = [...payerIssues(input, config.settings), ...answerIssues(input, page.questions.map((q) => ({ ...q, options: q.options ?? [] })))]
  if (config.product.terms_required && input.terms_accepted !== true) issues.push({ path: 'terms_accepted', message: 'required' })
  if (facts.product.form === 'eventTickets' && input.attendees && input.attendees.length !== (input.quantity ?? 1)) issues.push({ path: 'attendees', message: 'invalid_value' })
  if (issues.length > 0) throw new AppError('INVALID_INPUT', 'Please check the highlighted fields', issues)

  // A deal's link (docs/decisions/0054-sales-team-and-deals.md): its amounts replace the plan's, no coupon; the
  // transaction below locks the deal, checks it again and uses it up.
  const dealTerms = input.deal_token ? await deals.dealTermsForQuote(ctx, ctx.db, input.deal_token, { productId: input.product_id, pricingPlanId: input.pricing_plan_id }) : null
  const coupon = dealTerms ? null : await applyCoupon(ctx, facts, input.coupon_code)
  // A funnel offer bought through its checkout (the payment before kept no method): the order is the node's offer.
  const fromFunnel = await funnelPurchaseOf(ctx, input.funnel_offer, { sellerId: facts.seller.id, productId: facts.product.id })
  // The VAT id is checked in VIES before the transaction (docs/decisions/0088-vies-check.md): no lock waits on the network.
  const selection = { ...input, country_code: input.payer.country_code, vat_id: input.payer.vat_id, vat_verification: await verifyVatId(ctx.deps, input.payer.vat_id) }
  // The payer's currency: the rate is read once, here, and the order keeps it (docs/decisions/0097-payer-currencies.md).
  const conversion = await conversionFor(ctx, ctx.db, facts, input)
  // The first price decides the method; the transaction prices again with what it could count.
  const preview = priceSelection(dealTerms ? withDealTerms(facts, dealTerms) : facts, selection, coupon, { conversion: conversion?.conversion ?? null })
  const free = facts.product.free || preview.price.firstAmount === 0
  let method: CheckoutMethod | 'free' = 'free'
  let provider: PaymentProvider = 'free'
  if (!free) {
    if (!isCheckoutMethod(input.payment_method)) throw new AppError('no_payment_method', 'Choose a payment method', [{ path: 'payment_method', message: 'required' }])
    // A recurring plan's method must be kept for later rates: a provider that keeps none falls back or is not offered.
    const laterRates = preview.plan.plan.form !== 'one_time'
    const productMethods = config.product.payment_methods ?? null
    // A method behind a flag the seller has off answers 403 feature_disabled naming the flag (docs/decisions/0077-feature-flags.md).
    const flagOff = methodFlagOff(facts.seller.features, input.payment_method, laterRates)
    if (flagOff) assertFeature({ sellerFeatures: facts.seller.features }, flagOff)
    const methods = await paymentSettings.activeMethods(ctx.db, ctx.deps, facts.seller.id, productMethods, { keepsMethod: laterRates })
    const chosen = methods.find((m) => m.method === input.payment_method)
    if (!chosen && laterRates && (await paymentSettings.activeMethods(ctx.db, ctx.deps, facts.seller.id, productMethods)).some((m) => m.method === input.payment_method)) {
      throw new AppError('no_payment_method', 'This payment method cannot pay later rates of this plan; choose another one', [{ path: 'payment_method', message: 'invalid_value' }])
    }
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
    if (coupon) await redeemCoupon(tx, coupon.id)
    // The reseller selling for the seller now, with its fee: frozen on the order, and VAT is charged under its
    // registration; a paused seller takes no new orders (docs/decisions/0051-resellers.md "Selling modes", "VAT").
    const resold = await resellers.checkoutTermsOf(tx, facts.seller.id)
    const deal = input.deal_token ? await deals.useDealForOrder(ctx, tx, input.deal_token, { productId: input.product_id, pricingPlanId: input.pricing_plan_id }) : null
    const priced = priceSelection(deal ? withDealTerms(facts, deal) : facts, selection, coupon, { discountCounted, vatSeller: resold?.vatSeller ?? null, conversion: conversion?.conversion ?? null })
    const price = priced.price
    if (!isCurrencyId(price.currency)) throw new AppError('INVALID_INPUT', 'Unknown currency')
    // Only rows with a limit are held; they are taken last (below), so their row locks last only until commit.
    const held = {
      product: facts.product.limit !== null, ticket: (priced.ticket?.limit ?? null) !== null,
      bumps: priced.bumps.filter((b) => b.facts.product.limit !== null).map((b) => b.facts.product.id),
    }
    // License keys are held too (reserved below), with or without a stock limit: the reservation's end gives
    // an unpaid order's keys back (orders.expireReservation acts on held reservations only).
    const holds = held.product || held.ticket || held.bumps.length > 0 || facts.product.form === 'licenseKey'
    const payerUserId = await accounts.ensurePayer(tx, { email: input.payer.email, firstName: input.payer.first_name, lastName: input.payer.last_name, locale: ctx.locale })
    const versionId = priced.plan.row.currentVersionId
    const snapshot = planSnapshot(priced.plan.plan)
    // The publisher this sale is attributed to (an invalid token is ignored: docs/decisions/0048-affiliates.md).
    const attribution = await attributionService.resolveAttribution(ctx.deps, tx, {
      token: input.affiliate, sellerId: facts.seller.id, productId: facts.product.id, payerEmail: input.payer.email, payerUserId, now,
    })
    const order = await orders.openOrder(tx, {
      token: token(), sellerId: facts.seller.id, productId: facts.product.id, payerUserId, orderType: 'standard',
      ...(fromFunnel ? { upsellType: fromFunnel.offer.kind, parentOrderId: fromFunnel.parent.id, funnelId: fromFunnel.funnelId, funnelNodeId: fromFunnel.node.id } : {}),
      resellerId: resold?.resellerId ?? null, resellerFeeBps: resold?.feeBps ?? null,
      dealId: deal?.dealId ?? null, salesTeamMemberId: deal?.salesTeamMemberId ?? null, salesTeamFeeBps: deal?.feeBps ?? null,
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
      // The payer's language (the shop page's, or the API client's Content-Language): its mails and documents use it.
      locale: ctx.locale,
      exchange: conversion ? exchangeOf(conversion, price) : null,
      publisherId: attribution?.publisherId ?? null, affiliateProgramId: attribution?.programId ?? null, affiliateNodeId: attribution?.nodeId ?? null,
      reservationState: holds ? 'held' : 'none', reservedUntil: holds ? reservedUntil : null, heldStock: holds ? held : null,
      createdAt: now, updatedAt: now,
    })
    const items = await orders.addOrderLines(tx, price.lines.map((l) => ({
      orderId: order.id, productId: l.productId, kind: l.kind, name: l.name, quantity: l.quantity,
      pricingPlanVersionId: l.kind === 'main' ? versionId : (priced.bumps.find((b) => b.facts.product.id === l.productId)?.plan.row.currentVersionId ?? null),
      ticketId: l.kind === 'main' ? (priced.ticket?.id ?? null) : null,
      listAmount: l.listAmount, discountAmount: l.discountAmount, netAmount: l.netAmount, vatAmount: l.vatAmount, grossAmount: l.grossAmount, vatRateBps: l.vatRateBps,
    })))
    if (deal) await deal.finalize(order.id)
    if (fromFunnel) await recordFunnelPurchase(tx, fromFunnel)
    if (facts.product.form === 'licenseKey') await stock.reserveLicenseKeys(tx, facts.product.id, order.id, priced.quantity)
    if (recurring && !free) {
      const schedule = rateSchedule(priced.plan.plan, now, 24)
      // With a trial, rate 1 is due at its end (rateSchedule) and waits as `future` for the billing engine.
      await orders.scheduleRates(tx, schedule.map((c) => ({ orderId: order.id, number: c.number, dueDate: c.dueDate, amount: c.number === 1 ? price.firstAmount : price.laterRate(c.number), state: c.number === 1 && !trial ? 'unpaid' : 'future' })))
    }
    const payment = await orders.openPayment(tx, {
      // A trial's payment is 0 and keeps the method; it pays no rate.
      token: token(), orderId: order.id, sellerId: facts.seller.id, rateNumber: recurring && !trial ? 1 : null, kind: 'charge', provider, method,
      state: 'waiting', amount: price.dueNow, currency: price.currency, createdAt: now, updatedAt: now,
    })
    if (order.reservationState === 'held' || facts.product.form === 'licenseKey') {
      await ctx.deps.jobs.enqueue(tx, orders.expireReservationJob, { orderId: order.id }, { startAfter: reservedUntil, singletonKey: `expire-${order.id}` })
    }
    await notifications.notifyOrderEvent(ctx.deps, tx, { sellerId: facts.seller.id, type: 'order_created', orderId: order.id, amount: price.firstAmount, currency: price.currency })
    await orders.emitOrderEvent(ctx.deps, tx, order.id, 'order.created')
    // A crash after this commit and before the answer is stored resumes this order on the retry.
    await recordProgress(tx, ordersScope, key, { order_id: order.id })
    const product = { id: facts.product.id, name: facts.product.name, slug: facts.product.slug, form: facts.product.form }
    return {
      made: { order, payment, saveMethod: keepsMethod(priced.plan.plan.form, config.product.upsells ?? [], provider), written: { items, product, username: facts.seller.username } },
      hold: { productId: held.product ? facts.product.id : null, ticketId: held.ticket ? (priced.ticket?.id ?? null) : null, quantity: priced.quantity, bumps: held.bumps },
    }
  }
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
      const row = await orders.recordProviderReference(tx, payment.id, { providerRef: result.providerRef, reference: nextAction.details.reference, at: ctx.deps.now() })
      await orders.keepBankWireDetails(tx, order.id, nextAction.details)
      return row
    })
    : await orders.recordProviderReference(ctx.db, payment.id, { providerRef: result.providerRef, reference: null, at: ctx.deps.now() }) // one statement: no transaction needed
  if (result.state !== 'waiting') await orders.recordPaymentOutcome(ctx.deps, payment.token, result)
  // A new order still waiting for its payer is answered from the rows just written; anything else is read.
  const unchanged = made.written && result.state === 'waiting' && result.nextAction.type !== 'bank_wire'
  const view = unchanged
    ? { ...(await orders.publicOrder(ctx.db, order, [], { ...made.written, payments: [started] })), deliverables: await delivery.deliverablesOf(ctx.db, ctx.deps, order) }
    : await getPublicOrder(ctx, order.token)
  return { status, body: { order: view, next_action: nextActionOf(result.nextAction, payment.token) } }
}
