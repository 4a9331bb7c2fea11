import { sellerCanSell } from '../../../shared/accounts'
import { localizedProductTexts } from '../../../shared/catalog'
import { AppError } from '../../../shared/errors'
import type { LocaleCode } from '../../../shared/i18n/locales'
import { localizedTexts } from '../../../shared/i18n/text-translations'
import { convertAmountBack, isCurrencyId, type CurrencyId } from '../../../shared/money'
import {
  convertCoupon, convertDiscount, convertPlan, priceCheckout, type CheckoutCoupon, type CheckoutLineInput, type CheckoutPrice, type PriceConversion, type PricingPlan,
} from '../../../shared/pricing'
import type { CheckoutSelection, QuoteOutput } from '../../../shared/schemas/checkout'
import { supplyKindOfForm, type Supply, type VatIdVerification } from '../../../shared/tax'
import type { CountryCode } from '../../../shared/validation/countries'
import { featureEnabled, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import { verifyVatId } from '../../tax/vies'
import * as catalog from '../catalog/catalog.service'
import { applyCoupon } from '../coupons/apply-coupon.service'
import * as deals from '../deals/deals.service'
import * as exchangeRates from '../exchange-rates/exchange-rates.service'
import * as resellers from '../resellers/resellers.service'

// The checkout's prices: a selection (plan, ticket type, quantity, add-ons, coupon, the payer's country and
// VAT id) priced from the catalogue with the shared pricing (src/shared/pricing), the quote the payer sees,
// and whether a product can be sold now. The order prices again in its transaction (./place-order.service.ts).
// A product sold via a reseller is taxed under the reseller's registration (docs/decisions/0051-resellers.md "VAT").

export type Facts = catalog.CheckoutFacts

function planOf(facts: catalog.CheckoutProduct, planId: number, ticketId: number | null) {
  const row = facts.plans.find((p) => p.id === planId)
  if (!row || (ticketId !== null && row.ticketId !== ticketId) || (ticketId === null && row.ticketId !== null)) {
    throw new AppError('validation_failed', 'This pricing plan is not offered', [{ path: 'pricing_plan_id', message: 'invalid_value' }])
  }
  return { row, plan: catalog.planOfRow(row) }
}

/** Event admission is taxed where the event is: the seller's country (ticket types carry no country yet). */
export function supplyOf(facts: catalog.CheckoutProduct, sellerCountry: string): Supply {
  const kind = supplyKindOfForm(facts.product.form as Parameters<typeof supplyKindOfForm>[0])
  if (kind === 'event_admission') return { kind, eventCountry: sellerCountry as CountryCode }
  return { kind: 'electronic' }
}

export function discountOf(facts: catalog.CheckoutProduct) {
  const d = facts.discount
  if (!d) return null
  return { active: d.active, limit: d.limit, value: d.value, valueForm: d.valueForm as 'percents' | 'currency', ordersCount: d.ordersCount, currencyId: d.currencyId }
}

/**
 * The first active plan of a bump in the main line's currency (bumps are bought once, at their price); with a
 * conversion, a plan of its own in the payer's currency, else one in the plans' currency converted like the main line.
 */
export function bumpPlan(bump: catalog.CheckoutProduct, currency: string, conversion: PriceConversion | null = null) {
  const row = bump.plans.find((p) => p.ticketId === null && p.currencyId === currency)
  if (row) return { row, plan: catalog.planOfRow(row) }
  const base = conversion ? bump.plans.find((p) => p.ticketId === null && p.currencyId === conversion.from) : undefined
  return base && conversion ? { row: base, plan: convertPlan(catalog.planOfRow(base), conversion) } : null
}

/** A conversion into the payer's currency with where its rate came from (docs/decisions/0097-payer-currencies.md). */
export type Conversion = { conversion: PriceConversion; source: string; ratedAt: Date }

/**
 * The conversion a selection asks for: `currency` is the payer's, and the chosen plan is in another one. Refused
 * (422) when the shop does not take that currency, when the product has plans of its own in it (those win), or
 * when no usable rate exists (currency_unavailable: missing, or older than the manager's limit; never guessed).
 * Null when no conversion is needed.
 */
export async function conversionFor(ctx: Ctx, db: Executor, facts: Facts, selection: { pricing_plan_id: number; ticket_id?: number | undefined; currency?: string | undefined }): Promise<Conversion | null> {
  const wanted = selection.currency
  const row = facts.plans.find((p) => p.id === selection.pricing_plan_id)
  if (!wanted || !row || row.currencyId === wanted) return null
  const offered = featureEnabled({ sellerFeatures: facts.seller.features }, 'multicurrency') && facts.seller.payerCurrencies.includes(wanted)
  if (!offered || !isCurrencyId(wanted) || !isCurrencyId(row.currencyId)) {
    throw new AppError('validation_failed', `This shop does not take payments in ${wanted.toUpperCase()}`, [{ path: 'currency', message: 'invalid_value' }])
  }
  if (facts.plans.some((p) => p.currencyId === wanted && p.ticketId === row.ticketId)) {
    throw new AppError('validation_failed', `This product has its own prices in ${wanted.toUpperCase()}: choose one of those plans`, [{ path: 'pricing_plan_id', message: 'invalid_value' }])
  }
  const rate = await exchangeRates.rateBetween(ctx, db, row.currencyId, wanted)
  return { conversion: { from: row.currencyId, to: wanted as CurrencyId, rate: rate.rate }, source: rate.source, ratedAt: rate.ratedAt }
}

function convertedDiscountOf(facts: catalog.CheckoutProduct, conversion: PriceConversion | null) {
  const discount = discountOf(facts)
  return conversion ? convertDiscount(discount, conversion) : discount
}

export type Priced = {
  price: CheckoutPrice
  plan: { row: catalog.CheckoutProduct['plans'][number]; plan: PricingPlan }
  ticket: catalog.CheckoutProduct['tickets'][number] | null
  quantity: number
  bumps: { facts: catalog.CheckoutProduct; plan: { row: catalog.CheckoutProduct['plans'][number]; plan: PricingPlan } }[]
}

export function priceSelection(facts: Facts, selection: {
  pricing_plan_id: number; ticket_id?: number | undefined; quantity?: number | undefined; addon_ids?: number[] | undefined
  country_code?: string | undefined; vat_id?: string | undefined
  /** How far the VAT id was checked (src/server/tax/vies.ts); absent: for format only. */
  vat_verification?: VatIdVerification | undefined
}, coupon: CheckoutCoupon | null, options: {
  discountCounted?: boolean
  /** A reseller's registration to charge VAT under instead of the seller's (docs/decisions/0051-resellers.md "VAT"). */
  vatSeller?: { countryCode: string } | null
  /** Every amount into the payer's currency (conversionFor). */
  conversion?: PriceConversion | null
} = {}): Priced {
  const conversion = options.conversion ?? null
  if (conversion) coupon = convertCoupon(coupon, conversion)
  const isEvent = facts.product.form === 'eventTickets'
  const ticketId = selection.ticket_id ?? null
  if (isEvent && ticketId === null) throw new AppError('validation_failed', 'Choose a ticket type', [{ path: 'ticket_id', message: 'required' }])
  const ticket = ticketId === null ? null : facts.tickets.find((t) => t.id === ticketId && t.active) ?? null
  if (ticketId !== null && !ticket) throw new AppError('validation_failed', 'This ticket type is not offered', [{ path: 'ticket_id', message: 'invalid_value' }])
  const quantity = selection.quantity ?? 1
  if (!isEvent && quantity !== 1) throw new AppError('validation_failed', 'Only tickets are bought in quantities', [{ path: 'quantity', message: 'invalid_value' }])
  const chosen = planOf(facts, selection.pricing_plan_id, ticketId)
  const plan = conversion ? { row: chosen.row, plan: convertPlan(chosen.plan, conversion) } : chosen
  const currency = plan.plan.currencyId
  const country = (selection.country_code ?? facts.seller.country) as CountryCode
  const discount = options.discountCounted === false ? null : convertedDiscountOf(facts, conversion)
  const lines: CheckoutLineInput[] = [{
    productId: facts.product.id, kind: 'main', name: ticket ? `${facts.product.name} – ${ticket.name}` : facts.product.name, plan: plan.plan, quantity,
    discount, supply: supplyOf(facts, facts.seller.country),
  }]
  const bumps: Priced['bumps'] = []
  for (const id of new Set(selection.addon_ids ?? [])) {
    const bump = facts.bumps.find((b) => b.product.id === id)
    const bp = bump ? bumpPlan(bump, currency, conversion) : null
    if (!bump || !bp) throw new AppError('validation_failed', 'This add-on is not offered', [{ path: 'addon_ids', message: 'invalid_value' }])
    bumps.push({ facts: bump, plan: bp })
    lines.push({ productId: bump.product.id, kind: 'bump', name: bump.product.name, plan: bp.plan, quantity: 1, discount: convertedDiscountOf(bump, conversion), supply: supplyOf(bump, facts.seller.country) })
  }
  const free = facts.product.free
  const price = priceCheckout({
    lines: free ? lines.map((l) => ({ ...l, plan: { ...l.plan, price: 0, firstAmount: 0, nextAmount: 0, customIntervals: null, trialDays: null } })) : lines,
    coupon,
    // A reseller sells in its own name: it is VAT liable in its country, whatever the seller's status.
    seller: options.vatSeller
      ? { country: options.vatSeller.countryCode as CountryCode, vat: { payer: 'liable' } }
      : { country: facts.seller.country as CountryCode, vat: facts.seller.vat as never },
    payer: { country, vatId: selection.vat_id, verification: selection.vat_verification },
  })
  return { price, plan, ticket, quantity, bumps }
}

function vatNote(price: CheckoutPrice): string | null {
  const t = price.treatment
  switch (t.kind) {
    case 'exempt_seller': return `No VAT is charged: the seller is exempt (${t.reason.replaceAll('_', ' ')}).`
    case 'reverse_charge': return `Reverse charge: VAT is accounted for by the buyer (${t.vatId}, checked for format${t.verification === 'vies_valid' ? ' and in VIES' : ' only'}).`
    case 'export': return 'No EU VAT: the supply takes place outside the EU.'
    case 'charged':
      if (t.vatIdNotApplied === 'vies_invalid') return 'The VAT id was not applied: VIES reports it as not registered.'
      return t.vatIdNotApplied ? `The VAT id was not applied (${t.vatIdNotApplied.replaceAll('_', ' ')}).` : null
  }
}

/** The check behind the treatment: a reverse charge's, or VIES's refusal of the id; null when no VAT id counted. */
function verificationOf(price: CheckoutPrice): VatIdVerification | null {
  const t = price.treatment
  if (t.kind === 'reverse_charge') return t.verification
  if (t.kind === 'charged' && t.vatIdNotApplied === 'vies_invalid') return 'vies_invalid'
  return null
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
      verification: verificationOf(price),
    },
    coupon: price.coupon ? { code: price.coupon.code, applied: price.coupon.applied, message: couponMessage } : null,
    // A trial charges 0 now but is not free: the payer's method is kept for the first charge.
    free: free || (price.dueNow === 0 && price.trialDays === null),
    trial: price.trialDays === null ? null : { days: price.trialDays, first_charge_amount: price.firstAmount },
  }
}

/**
 * The facts with a deal's individual amounts in place of its plan's (docs/decisions/0054-sales-team-and-deals.md):
 * the rest of the pricing (VAT, currency, rates' schedule) is the plan's. A deal takes no coupon.
 */
export function withDealTerms<F extends Facts>(facts: F, terms: Pick<deals.DealTerms, 'pricingPlanId' | 'price' | 'firstAmount' | 'nextAmount'>): F {
  return {
    ...facts,
    plans: facts.plans.map((p) => (p.id !== terms.pricingPlanId ? p : {
      ...p, price: terms.price ?? p.price, firstAmount: terms.firstAmount ?? p.firstAmount, nextAmount: terms.nextAmount ?? p.nextAmount,
    })),
  }
}

export function sellable(facts: Facts): string | null {
  if (!facts.product.canBeSoldViaShop) return 'not_on_sale'
  if (!facts.product.free && !sellerCanSell(facts.seller)) return 'cannot_sell'
  if (facts.product.limit !== null && facts.product.soldCount + facts.product.reservedCount >= facts.product.limit) return 'sold_out'
  if (facts.product.form === 'eventTickets' && !facts.tickets.some((t) => t.active)) return 'not_on_sale'
  return null
}

/**
 * What an order and its quote keep of a conversion: the rate, its source and time, and the total in the plan's
 * currency (the whole plan, or the first charge of an open-ended subscription) converted back at that rate.
 */
export function exchangeOf(conversion: Conversion, price: CheckoutPrice): NonNullable<QuoteOutput['exchange']> {
  const { from, to, rate } = conversion.conversion
  return {
    base_currency: from, rate, source: conversion.source, rated_at: conversion.ratedAt.toISOString(),
    base_total_amount: convertAmountBack(price.totalAmount ?? price.firstAmount, from, to, rate),
  }
}

/**
 * POST /shop/orders/quote: the exact price of a selection. `locale` is the page's language (null: the base texts):
 * the lines name the products in it (docs/decisions/0095-product-translations.md); an order's own lines keep the base names.
 */
export async function quote(ctx: Ctx, selection: CheckoutSelection, locale: LocaleCode | null = null): Promise<QuoteOutput> {
  let facts = await catalog.checkoutFacts(ctx, ctx.db, {}, { id: selection.product_id })
  if (selection.deal_token) {
    facts = withDealTerms(facts, await deals.dealTermsForQuote(ctx, ctx.db, selection.deal_token, { productId: selection.product_id, pricingPlanId: selection.pricing_plan_id }))
    selection = { ...selection, coupon_code: undefined }
  }
  let coupon: (CheckoutCoupon & { id: number }) | null = null
  let message: string | null = null
  if (selection.coupon_code) {
    try {
      coupon = await applyCoupon(ctx, facts, selection.coupon_code)
    } catch (error) {
      if (!(error instanceof AppError) || error.type !== 'coupon_invalid') throw error
      message = 'This coupon code is not valid'
    }
  }
  // The order charges VAT under its reseller's registration when one sells for the seller: so does the quote.
  const resold = await resellers.quoteTermsOf(ctx.db, facts.seller.id)
  const vatVerification = await verifyVatId(ctx.deps, selection.vat_id)
  const conversion = await conversionFor(ctx, ctx.db, facts, selection)
  const priced = priceSelection(facts, { ...selection, vat_verification: vatVerification }, coupon, { vatSeller: resold?.vatSeller ?? null, conversion: conversion?.conversion ?? null })
  const out = quoteOf(priced.price, facts.product.free, message)
  out.exchange = conversion ? exchangeOf(conversion, priced.price) : null
  if (selection.coupon_code && !coupon) out.coupon = { code: selection.coupon_code, applied: false, message }
  if (locale) out.lines = out.lines.map((line) => ({ ...line, name: lineNameIn(facts, priced, line, locale) }))
  return out
}

/** A quote line's name in `locale`: its product's translated name (the main line with its ticket type's, translated too), else the line's own. */
function lineNameIn(facts: Facts, priced: Priced, line: QuoteOutput['lines'][number], locale: LocaleCode): string {
  const product = line.kind === 'main' ? facts.product : facts.bumps.find((b) => b.product.id === line.product_id)?.product
  if (!product) return line.name
  const name = localizedProductTexts({ name: product.name, description: product.description, descriptionHtml: product.descriptionHtml }, product.translations, locale).name
  if (line.kind !== 'main' || !priced.ticket) return name
  return `${name} – ${localizedTexts({ name: priced.ticket.name }, priced.ticket.translations, ['name'], locale).name}`
}
