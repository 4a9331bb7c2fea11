import { paysWithCard, refundableOfPayments } from '../../../shared/payments'
import { AppError } from '../../../shared/errors'
import { isCurrencyId, toMajorUnitsString } from '../../../shared/money'
import {
  orderCsvColumns, orderListQuery, relativeRange, type OrderCsvColumn, type OrderDetailOutput, type OrderFilters, type OrderListOutput,
  type OrderListQuery, type OrderRelation, type SellerOrderOutput,
} from '../../../shared/schemas/order-lists'
import { canTransition, orderPaymentStates, orderPaymentTransitions, type OrderPaymentState, type OrderRateState } from '../../../shared/states'
import { reverseChargeOf } from '../../../shared/tax'
import { partyOfAccount } from '../../../shared/ledger'
import { actingSellerId, assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import { csvFromPages } from '../../csv-export'
import * as repo from './order-lists.repository'
import { ledgerOfOrder, paymentsOf, ratesOf, type OrderRow } from './orders.repository'

// The seller's orders area, read side (docs/decisions/0030-orders-list-detail-and-csv-exports.md): the list with the spec's filters and its
// counts, the order detail with the relations the spec says can be loaded, and the CSV export with the
// spec's columns (also what scheduled exports mail). Writes (refund, cancel, pause, resume) are other
// modules' use cases; the detail only says which of them apply now (`actions`).

type Payer = Record<string, unknown>
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

// ------------------------------------------------------------------ filters

/** The parsed query as the repository's filters: "one or several" lists, relative periods resolved at `now`. */
export function filtersOf(query: Partial<OrderFilters> & { query?: string | undefined; created_from_time?: string | undefined; created_till_time?: string | undefined; success_from_time?: string | undefined; success_till_time?: string | undefined }, now: Date): repo.OrderListFilters {
  const f: repo.OrderListFilters = {}
  const states = [...(query.payment_state ?? []), ...(query.state ?? [])]
  if (states.length > 0) f.paymentStates = [...new Set(states)]
  if (query.exclude_not_completed) f.excludeNotCompleted = true
  if (query.payment_form) f.paymentForms = query.payment_form
  if (query.period_type) f.periodTypes = query.period_type
  if (query.order_type) f.orderTypes = query.order_type
  if (query.upsell_type) f.upsellTypes = query.upsell_type
  if (query.product_id) f.productIds = query.product_id
  if (query.pricing_plan_id) f.pricingPlanIds = query.pricing_plan_id
  if (query.product_group_id) f.productGroupIds = query.product_group_id
  if (query.coupon_id) f.couponIds = query.coupon_id
  if (query.ticket_id) f.ticketIds = query.ticket_id
  if (query.payer_id) f.payerIds = query.payer_id
  if (query.internal_name) f.internalName = query.internal_name
  const campaign = query.campaign ?? query.campaign_id
  if (campaign) f.campaign = campaign
  if (query.publisher_id) f.publisherIds = query.publisher_id
  if (query.affiliate_program_id) f.affiliateProgramIds = query.affiliate_program_id
  if (query.sales_team_member_id) f.salesTeamMemberIds = query.sales_team_member_id
  if (query.deal_state) f.dealStates = query.deal_state
  if (query.funnel_id) f.funnelIds = query.funnel_id
  if (query.funnel_node_id) f.funnelNodeIds = query.funnel_node_id
  if (query.created_from_time) f.createdFrom = new Date(query.created_from_time)
  if (query.created_till_time) f.createdTill = new Date(query.created_till_time)
  if (query.success_from_time) f.successFrom = new Date(query.success_from_time)
  if (query.success_till_time) f.successTill = new Date(query.success_till_time)
  if (query.created_period) {
    const range = relativeRange(query.created_period, query.created_unit ?? 'day', query.created_count ?? 1, now)
    f.createdFrom = later(f.createdFrom, range.from)
    if (range.till) f.createdBefore = range.till
  }
  if (query.success_period) {
    const range = relativeRange(query.success_period, query.success_unit ?? 'day', query.success_count ?? 1, now)
    f.successFrom = later(f.successFrom, range.from)
    if (range.till) f.successBefore = range.till
  }
  if (query.amount_from !== undefined) f.amountFrom = query.amount_from
  if (query.amount_to !== undefined) f.amountTo = query.amount_to
  if (query.order_amount_from !== undefined) f.orderAmountFrom = query.order_amount_from
  if (query.order_amount_to !== undefined) f.orderAmountTo = query.order_amount_to
  if (query.buyer_country_code) f.buyerCountryCode = query.buyer_country_code
  if (query.cancellable !== undefined) f.cancellable = query.cancellable
  if (query.power_seller !== undefined) f.powerSeller = query.power_seller
  if (query.query) f.query = query.query
  return f
}

function later(a: Date | undefined, b: Date): Date {
  return a && a > b ? a : b
}

// ------------------------------------------------------------------ list

function planOf(order: repo.OrderRow): { form: string | null; interval: string | null; name: string | null; id: number | null } {
  const plan = (order.planSnapshot ?? {}) as Record<string, unknown>
  return {
    form: text(plan.form) ?? (order.planSnapshot ? null : 'one_time'),
    interval: text(plan.interval),
    name: text(plan.name),
    id: order.pricingPlanId,
  }
}

function listOutput(row: repo.OrderListRow): SellerOrderOutput {
  const o = row.order
  const payer = o.payer as Payer
  const plan = planOf(o)
  return {
    id: o.id, token: o.token, product_id: o.productId, product_name: row.productName, internal_name: row.internalName,
    order_type: o.orderType as SellerOrderOutput['order_type'], upsell_type: o.upsellType, payment_form: plan.form,
    period_type: plan.interval ? plan.interval.slice(-1) : null, pricing_plan_id: o.pricingPlanId, pricing_plan_name: plan.name,
    payer_id: o.payerUserId, payer_email: text(payer.email) ?? '', payer_name: [text(payer.first_name), text(payer.last_name)].filter(Boolean).join(' '),
    buyer_country_code: text(payer.country_code)?.toUpperCase() ?? null,
    total_amount: o.totalAmount, paid_amount: o.paidAmount, vat_amount: o.vatAmount, refunded_amount: o.refundedAmount, currency: o.currency,
    payment_state: o.paymentState as OrderPaymentState, payment_method: o.paymentMethod, provider: o.provider, coupon_code: o.couponCode,
    campaign_id: o.campaignId, created_at: o.createdAt.toISOString(), paid_at: o.paidAt?.toISOString() ?? null,
  }
}

async function list(db: Executor, scope: repo.OrderScope, query: OrderListQuery, now: Date): Promise<OrderListOutput> {
  const filters = filtersOf(query, now)
  const { rows, total, totalMax } = await repo.listOrders(db, scope, filters, {
    offset: (query.page - 1) * query.per, limit: query.per, sortKey: query.sort_key ?? 'id', sortDir: query.sort_dir ?? 'desc',
  })
  const answer: OrderListOutput = { list: rows.map(listOutput), total_count: total, total_count_max: totalMax }
  if (query.counts) {
    const counts = await repo.listCounts(db, scope, filters)
    answer.counts = Object.fromEntries(orderPaymentStates.map((s) => [s, counts.paymentStates[s] ?? 0]))
    answer.order_type_counts = Object.fromEntries(['standard', 'bundle', 'bump', 'ticket_upgrade'].map((s) => [s, counts.orderTypes[s] ?? 0]))
  }
  return answer
}

/** GET /cabinet/orders: the acting seller's orders. */
export async function listSellerOrders(ctx: Ctx, query: OrderListQuery): Promise<OrderListOutput> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  return list(ctx.db, { sellerId }, query, ctx.now)
}

/** GET /admin/orders: every seller's orders (managers; `power_seller` narrows to power sellers' orders). */
export async function listAllOrders(ctx: Ctx, query: OrderListQuery): Promise<OrderListOutput> {
  assertCan(ctx.actor, 'admin.read')
  return list(ctx.db, { sellerId: null }, query, ctx.now)
}

// ------------------------------------------------------------------ detail

type PaymentRow = Awaited<ReturnType<typeof paymentsOf>>[number]
type RateRow = Awaited<ReturnType<typeof ratesOf>>[number]

const refundableStates: readonly string[] = ['paid', 'paying', 'payment_paused', 'payment_canceled']
const runningStates: readonly string[] = ['paying', 'paid', 'payment_paused']

function actionsOf(order: repo.OrderRow, form: string | null, paymentRows: PaymentRow[], rates: RateRow[]): OrderDetailOutput['actions'] {
  const state = order.paymentState as OrderPaymentState
  const refundable = refundableStates.includes(state) ? refundableOfPayments(paymentRows) : 0
  const plan = form !== null && form !== 'one_time'
  const ratesToCome = rates.some((r) => r.state === 'future')
  return {
    refund: refundable > 0, refundable_amount: refundable,
    cancel: plan && order.canceledAt === null && runningStates.includes(state) && ratesToCome,
    pause: plan && ratesToCome && canTransition(orderPaymentTransitions, state, 'payment_paused'),
    resume: state === 'payment_paused',
  }
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null

/** The dispute fees the providers charged the order's chargebacks, less what they gave back with won ones. */
function disputeFeeOf(paymentRows: PaymentRow[]): number {
  const charged = paymentRows.filter((p) => p.kind === 'chargeback').reduce((sum, p) => sum + p.feeAmount, 0)
  return charged - paymentRows.filter((p) => p.kind === 'chargeback_reversal').reduce((sum, p) => sum + p.feeAmount, 0)
}

/**
 * The order's VAT note and reverse-charge check, worded as its invoice words them (src/shared/tax reverseChargeOf):
 * a reverse charge granted on a VAT id checked for format only says so on the order too.
 */
function vatOf(o: { vat: Record<string, unknown>; payer: unknown }): Pick<OrderDetailOutput, 'vat_note' | 'reverse_charge'> {
  const vat = o.vat ?? {}
  if (vat.treatment !== 'reverse_charge') return { vat_note: text(vat.note), reverse_charge: null }
  const { check, note } = reverseChargeOf(text((o.payer as Payer).vat_id), vat.verification)
  return { vat_note: note, reverse_charge: check }
}

/**
 * A resold order's reseller (through ports/resellers.ts) and the order's payout split from its ledger rows
 * (docs/decisions/0051-resellers.md): what the seller's and the reseller's balances took from it, and what went back to the payer.
 */
async function resellerOf(ctx: Ctx, o: OrderRow): Promise<Pick<OrderDetailOutput, 'reseller' | 'payout_split'>> {
  const issuer = o.resellerId === null ? null : await ctx.deps.resellers.issuerOf(ctx.db, o.resellerId)
  const entries = await ledgerOfOrder(ctx.db, o.id)
  const credited = (owner: 'seller' | 'reseller') => -entries.reduce((sum, e) => {
    const party = partyOfAccount(e.account)
    return party?.kind === owner && (owner === 'reseller' || party.id === String(o.sellerId)) ? sum + e.amount : sum
  }, 0)
  const split: OrderDetailOutput['payout_split'] = [{ participant: 'seller', amount: credited('seller'), currency: o.currency }]
  if (o.resellerId !== null) split.push({ participant: 'reseller', amount: credited('reseller'), currency: o.currency })
  split.push({ participant: 'payer', amount: o.refundedAmount + o.chargebackAmount, currency: o.currency })
  return {
    reseller: issuer && o.resellerFeeBps !== null ? { id: issuer.id, legal_name: issuer.legalName, fee_bps: o.resellerFeeBps } : null,
    payout_split: split,
  }
}

/** GET /cabinet/orders/{id}: the order with its amounts, what the seller can do, and the relations asked for. */
export async function orderDetail(ctx: Ctx, id: number, expand: OrderRelation[]): Promise<OrderDetailOutput> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  const row = await repo.findSellerOrder(ctx.db, { sellerId }, id)
  if (!row) throw new AppError('not_found', 'This order does not exist')
  const o = row.order
  const wants = new Set(expand)
  const [paymentRows, rates] = await Promise.all([paymentsOf(ctx.db, o.id), ratesOf(ctx.db, o.id)])
  const plan = planOf(o)
  const debt = rates.filter((r) => r.state === 'debt').reduce((sum, r) => sum + Math.max(0, r.amount - r.paidAmount), 0)
  const detail: OrderDetailOutput = {
    ...listOutput(row),
    quantity: o.quantity, first_amount: o.firstAmount, discount_amount: o.discountAmount, unpaid_amount: Math.max(0, o.totalAmount - o.paidAmount),
    debt_amount: debt, chargeback_amount: o.chargebackAmount, coupon_id: o.couponId, ticket_id: o.ticketId, parent_order_id: o.parentOrderId,
    plan: o.planSnapshot ?? null, price_kind: o.priceKind, success_page_url: o.successPageUrl, canceled_at: iso(o.canceledAt), canceled_by: o.canceledBy,
    paused_at: iso(o.pausedAt), trial_ends_at: iso(o.trialEndsAt), exchange: o.exchange ?? null, actions: actionsOf(o, plan.form, paymentRows, rates),
    dispute_fee_amount: disputeFeeOf(paymentRows), ...vatOf(o),
    // The affiliates module's figures, through its port (ports/commissions.ts): the orders module does not import it.
    publisher_id: o.publisherId, commissions: await ctx.deps.commissions.ofOrder(ctx.db, o.id, ctx.deps.now()),
    ...await resellerOf(ctx, o),
  }
  if (wants.has('product')) {
    detail.product = {
      id: o.productId, name: row.productName, slug: row.productSlug, form: row.productForm, internal_name: row.internalName, cost_center: row.costCenter,
      product_groups: row.productGroups,
    }
  }
  if (wants.has('publisher')) detail.publisher = o.publisherId === null ? null : await ctx.deps.commissions.publisherBrief(ctx.db, o.publisherId)
  if (wants.has('affiliate_program')) detail.affiliate_program = o.affiliateProgramId === null ? null : await ctx.deps.commissions.programBrief(ctx.db, o.affiliateProgramId)
  // The deal and the funnel, their modules' through their ports (ports/deals.ts, ports/funnels.ts).
  if (wants.has('deal')) detail.deal = o.dealId === null ? null : await ctx.deps.deals.dealBrief(ctx.db, o.dealId) as OrderDetailOutput['deal']
  if (wants.has('funnel')) detail.funnel = o.funnelId === null ? null : await ctx.deps.funnels.funnelBrief(ctx.db, o.funnelId, o.funnelNodeId)
  if (wants.has('sellables')) {
    detail.sellables = (await repo.itemsOf(ctx.db, o.id)).map((i) => ({
      id: i.id, product_id: i.productId, kind: i.kind, name: i.name, quantity: i.quantity, list_amount: i.listAmount, discount_amount: i.discountAmount,
      net_amount: i.netAmount, vat_amount: i.vatAmount, gross_amount: i.grossAmount, vat_rate_bps: i.vatRateBps,
    }))
  }
  if (wants.has('credit_card')) {
    const card = [...paymentRows].reverse().find((p) => p.kind === 'charge' && p.state === 'successful' && p.cardLast4 && paysWithCard(p.method))
    detail.credit_card = card ? { brand: card.cardBrand ?? '', last4: card.cardLast4 ?? '', exp_month: card.cardExpMonth, exp_year: card.cardExpYear } : null
  }
  if (wants.has('payer')) {
    const p = o.payer as Payer
    detail.payer = {
      id: o.payerUserId, email: text(p.email) ?? '', first_name: text(p.first_name) ?? '', last_name: text(p.last_name) ?? '', company: text(p.company),
      phone: text(p.phone), street: text(p.street), street_number: text(p.street_number), zip: text(p.zip), city: text(p.city), state: text(p.state),
      country_code: text(p.country_code), vat_id: text(p.vat_id),
    }
  }
  if (wants.has('cancellation_term')) {
    const term = await repo.cancellationTermOf(ctx.db, o.sellerId, row.productForm)
    detail.cancellation_term = term
      ? { id: term.id, title: term.title, body: term.body, url: `/s/${encodeURIComponent(row.sellerUsername)}/document/cancellation_terms?ct_id=${term.id}&product_type=${row.productForm}` }
      : null
  }
  if (wants.has('invoices')) {
    detail.invoices = (await repo.invoicesOf(ctx.db, o.id)).map((i) => ({
      id: i.id, kind: i.kind, number: i.number, payment_id: i.paymentId, currency: i.currency, net_amount: i.netAmount, vat_amount: i.vatAmount,
      gross_amount: i.grossAmount, issued_at: i.issuedAt.toISOString(), pdf_url: `/api/v1/cabinet/invoices/${i.id}/pdf`,
    }))
  }
  if (wants.has('transfers')) {
    detail.transfers = paymentRows.map((p) => ({
      id: p.id, token: p.token, kind: p.kind, state: p.state, amount: p.amount, currency: p.currency, provider: p.provider, method: p.method,
      rate_number: p.rateNumber, refunded_amount: p.refundedAmount, parent_payment_id: p.parentPaymentId, failure_reason: p.failureReason,
      created_at: p.createdAt.toISOString(), completed_at: iso(p.completedAt), fee_amount: p.feeAmount,
    }))
  }
  const claimRows = wants.has('claim_data') || wants.has('dunning') ? await repo.claimsOf(ctx.db, o.id) : []
  if (wants.has('claim_data')) {
    detail.claim_data = claimRows.map((c) => ({
      id: c.id, rate_id: c.rateId, dunning_id: c.dunningId, amount: c.amount, currency: c.currency, collected_amount: c.collectedAmount,
      written_off_amount: c.writtenOffAmount, is_written_off: c.isWrittenOff, written_off_at: iso(c.writtenOffAt),
      // Court stages are seen only by managers and power sellers (docs/reference/accounts-and-orders.md §6).
      inkasso_status: !row.sellerPower && (c.inkassoStatus === 'court' || c.inkassoStatus === 'post_court') ? 'pre_court' : c.inkassoStatus,
      outcome_status: c.outcomeStatus, date_resolved: iso(c.dateResolved), created_at: c.createdAt.toISOString(),
    }))
  }
  if (wants.has('dunning')) {
    const runs = await repo.dunningsOf(ctx.db, o.id)
    detail.dunning = {
      list: runs.map((d) => ({
        id: d.id, rate_id: d.rateId, state: d.state, step: d.step, reminders_sent: d.remindersSent, next_step_at: iso(d.nextStepAt), amount: d.amount,
        currency: d.currency, result: d.result, access_paused: d.accessPaused, started_at: d.startedAt.toISOString(), ended_at: iso(d.endedAt),
      })),
      amounts: {
        in_dunning: runs.filter((d) => d.state === 'in_progress').reduce((sum, d) => sum + d.amount, 0),
        debt,
        collected: claimRows.reduce((sum, c) => sum + c.collectedAmount, 0),
        written_off: claimRows.reduce((sum, c) => sum + c.writtenOffAmount, 0),
      },
    }
  }
  if (wants.has('rates')) {
    detail.rates = rates.map((r) => ({
      id: r.id, number: r.number, amount: r.amount, due_at: r.dueDate.toISOString(), state: r.state as OrderRateState, paid_amount: r.paidAmount,
      refunded_amount: r.refundedAmount, paid_at: iso(r.paidAt), attempts: r.attempts, next_attempt_at: iso(r.nextAttemptAt), last_failure_reason: r.lastFailureReason,
    }))
  }
  return detail
}

// ------------------------------------------------------------------ CSV


type CsvOptions = { columns?: OrderCsvColumn[] | undefined; decimalSeparator?: '.' | ',' | undefined }

/** The seller's orders as CSV: the list's filters and sort, the spec's columns (or the chosen subset, in the order given). */
export async function ordersCsv(db: Executor, scope: repo.OrderScope, query: OrderListQuery, now: Date, options: CsvOptions = {}): Promise<string> {
  const columns = options.columns ?? [...orderCsvColumns]
  const separator = options.decimalSeparator ?? '.'
  const filters = filtersOf(query, now)
  return csvFromPages(columns, async ({ offset, limit }) => {
    const rows = await repo.csvRows(db, scope, filters, { offset, limit, sortKey: query.sort_key ?? 'id', sortDir: query.sort_dir ?? 'asc' })
    return rows.map((row) => csvCells(row, separator))
  })
}

function csvCells(row: Awaited<ReturnType<typeof repo.csvRows>>[number], separator: '.' | ','): Record<OrderCsvColumn, string> {
  const o = row.order
  const p = o.payer as Payer
  const plan = planOf(o)
  const money = (amount: number) => (isCurrencyId(o.currency) ? toMajorUnitsString(amount, o.currency, separator) : String(amount))
  const s = (value: unknown) => text(value) ?? ''
  const date = (value: string | Date | null) => (value === null ? '' : new Date(value).toISOString())
  return {
    token: o.token, product: row.productName, created_at: o.createdAt.toISOString(), payment_state: o.paymentState, payment_form: plan.form ?? '',
    period_type: plan.interval ? plan.interval.slice(-1) : '', test_period: date(o.trialEndsAt), paid_count: String(row.paidCount), paid: money(o.paidAmount),
    product_id: String(o.productId), power_seller: String(row.sellerPower), total: money(o.totalAmount), currency_key: o.currency,
    seller_business: row.sellerCompany ?? row.sellerUsername,
    recurring: String(plan.form !== null && plan.form !== 'one_time'), pricing_plan_name: plan.name ?? '', pricing_plan_id: plan.id === null ? '' : String(plan.id),
    coupon_code: o.couponCode ?? '', campaign_id: o.campaignId ?? '',
    buyer_email: s(p.email), buyer_first_name: s(p.first_name), buyer_last_name: s(p.last_name), buyer_company: s(p.company), buyer_phone: s(p.phone),
    buyer_street: s(p.street), buyer_street_number: s(p.street_number), buyer_zip: s(p.zip), buyer_city: s(p.city), buyer_state: s(p.state),
    buyer_country_code: s(p.country_code).toUpperCase(), buyer_vat_id: s(p.vat_id),
    // The owner is the payer account holding the order; its address is the one the order was bought with.
    owner_email: row.ownerEmail ?? s(p.email), owner_first_name: row.ownerFirstName ?? s(p.first_name), owner_last_name: row.ownerLastName ?? s(p.last_name),
    owner_phone: s(p.phone), owner_street: s(p.street), owner_street_number: s(p.street_number), owner_zip: s(p.zip), owner_city: s(p.city),
    owner_state: s(p.state), owner_country_code: s(p.country_code).toUpperCase(),
    // The sales team member whose deal the order was (docs/decisions/0054-sales-team-and-deals.md): team_member is
    // their address, the fee their frozen percent of the net.
    team_member: row.salesTeamEmail ?? '', sales_team_member_name: [row.salesTeamFirstName, row.salesTeamLastName].filter(Boolean).join(' '),
    sales_team_member_id: o.salesTeamMemberId === null ? '' : String(o.salesTeamMemberId),
    sales_team_member_fee: o.salesTeamFeeBps === null ? '' : percentText(o.salesTeamFeeBps, separator),
    publisher_id: o.publisherId === null ? '' : String(o.publisherId),
    last_due_date: date(row.lastDueDate), due_date: date(row.nextDueDate), upsell_type: o.upsellType ?? '', product_groups: row.productGroups.join('; '),
    internal_name: row.internalName ?? '', cost_center: row.costCenter ?? '', success_page_url: o.successPageUrl ?? '',
  }
}

/** Basis points as a percent with two decimals: 1250 -> "12.50" (or "12,50"). */
function percentText(bps: number, separator: '.' | ','): string {
  return `${Math.trunc(bps / 100)}${separator}${String(bps % 100).padStart(2, '0')}`
}

/** GET /cabinet/orders/export.csv */
export async function exportSellerOrdersCsv(ctx: Ctx, query: OrderListQuery, options: CsvOptions): Promise<string> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  return ordersCsv(ctx.db, { sellerId }, query, ctx.now, options)
}

/**
 * A scheduled export's CSV: its saved filters read as the list route reads a query string. Answers null
 * when the saved filters no longer parse (a later change of the filters), so the caller can say so.
 */
export async function scheduledOrdersCsv(deps: AppDeps, sellerId: number, saved: { filters: Record<string, unknown>; columns: string[]; decimalSeparator: string }): Promise<string | null> {
  const parsed = orderListQuery.safeParse(saved.filters)
  if (!parsed.success) return null
  const columns = saved.columns.filter((c): c is OrderCsvColumn => (orderCsvColumns as readonly string[]).includes(c))
  return ordersCsv(deps.db, { sellerId }, parsed.data, deps.now(), {
    columns: columns.length > 0 ? columns : undefined, decimalSeparator: saved.decimalSeparator === ',' ? ',' : '.',
  })
}

/**
 * The orders a reseller sold for sellers, with the fee each paid it (docs/decisions/0051-resellers.md); the resellers
 * module names the reseller (the signed-in user's), never the request.
 */
export async function resellerSales(db: Executor, resellerId: number, query: { page: number; per: number }) {
  const { rows, total } = await repo.resellerSales(db, resellerId, { offset: (query.page - 1) * query.per, limit: query.per })
  return {
    list: rows.map((r) => ({
      id: r.id, seller_id: r.sellerId, seller_name: r.sellerCompany ?? r.sellerUsername, product_name: r.productName, payment_state: r.paymentState,
      currency: r.currency, total_amount: r.totalAmount, paid_amount: r.paidAmount, refunded_amount: r.refundedAmount,
      reseller_fee_bps: r.resellerFeeBps, fee_amount: r.fee, created_at: r.createdAt.toISOString(),
    })),
    total_count: total, total_count_max: total,
  }
}
