import { AppError } from '../../../shared/errors'
import { formatMoney, isCurrencyId, toMajorUnitsString, type CurrencyId } from '../../../shared/money'
import type {
  InvoiceKind, InvoiceLine, InvoiceListQuery, InvoiceOutput, InvoiceSettingsInput, InvoiceSettingsOutput, PayerInvoiceOutput,
} from '../../../shared/schemas/invoices'
import { invoiceCsvColumns } from '../../../shared/schemas/invoices'
import type { ListAnswer } from '../../../shared/schemas/lists'
import { actingSellerId } from '../../auth/permissions'
import { requireActor, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import { csvFromPages } from '../../csv-export'
import * as email from '../email/email.service'
import {
  invoiceVatOf, payerDetailsOf, rateLine, rateLineName, ratesOf, reversalLines, sellerDetailsOf, type InvoiceVat, type PayerDetails, type SellerDetails,
} from './invoice-document'
import { renderInvoicePdf } from './invoice-pdf'
import * as repo from './invoices.repository'

// Invoices for paid charges and reversal (cancellation) invoices for refunds, numbered per seller
// without gaps (docs/decisions/0029-invoices-and-transfers.md). Other modules enqueue the jobs below in
// the transaction that records the payment; each job is one transaction that takes the seller's number
// under the numbering row's lock, so a rollback gives the number back and a second run does nothing.

/** Data `{ paymentId }`: the successful charge to invoice. */
export const issueInvoiceJob = 'invoices.issue'
/** Data `{ refundPaymentId }`: the successful refund to reverse on a cancellation invoice. */
export const issueReversalJob = 'invoices.issue-reversal'

/** The frozen seller block also keeps the footer printed when it was issued. */
type FrozenSeller = SellerDetails & { footer?: string | null }

function currencyOf(value: string): CurrencyId {
  if (!isCurrencyId(value)) throw new Error(`unknown currency ${value}`)
  return value
}

function numberOf(settings: repo.InvoiceSettingsRow, sequence: number): string {
  return `${settings.prefix}${sequence}`
}

/** Takes the next number under the lock the caller's transaction holds, and moves the counter on. */
async function takeNumber(tx: Executor, sellerId: number, now: Date): Promise<{ sequence: number; number: string; settings: repo.InvoiceSettingsRow }> {
  const settings = await repo.lockSettings(tx, sellerId)
  const sequence = settings.nextNumber
  await repo.updateSettings(tx, sellerId, { nextNumber: sequence + 1, updatedAt: now })
  return { sequence, number: numberOf(settings, sequence), settings }
}

/** The lines a charge pays for: the order's items for its first payment, else one line for the rate. */
function chargeLines(payment: repo.PaymentRow, facts: NonNullable<Awaited<ReturnType<typeof repo.chargeFacts>>>, currency: CurrencyId): InvoiceLine[] {
  const { order, items, productName, rates } = facts
  const plan = order.planSnapshot as { form?: unknown; paymentsCount?: unknown } | null
  const first = payment.rateNumber === null || payment.rateNumber === 1
  const itemsGross = items.reduce((sum, i) => sum + i.grossAmount, 0)
  if (first && items.length > 0 && itemsGross === payment.amount) {
    const count = typeof plan?.paymentsCount === 'number' ? plan.paymentsCount : null
    const ofPlan = payment.rateNumber === 1 && count !== null && (plan?.form === 'installment' || plan?.form === 'limited_subscription')
    return items.map((i) => ({
      name: ofPlan && i.kind === 'main' ? `${i.name}, rate 1 of ${count}` : i.name, quantity: i.quantity,
      net_amount: i.netAmount, vat_amount: i.vatAmount, gross_amount: i.grossAmount, vat_rate_bps: i.vatRateBps,
    }))
  }
  // A later rate (or a first payment that differs from the lines): the charged amount at the order's rate.
  const rateBps = items.find((i) => i.kind === 'main')?.vatRateBps ?? 0
  const rate = rates.find((r) => r.number === payment.rateNumber)
  const next = rates.find((r) => r.number === (payment.rateNumber ?? 0) + 1)
  const name = rate ? rateLineName(productName, plan, rate, next?.dueDate ?? null) : productName
  return [rateLine(name, payment.amount, rateBps, currency)]
}

/**
 * Issues the invoice of a successful charge in the caller's transaction; answers it (the one made before
 * when it exists) or null when the payment is no successful charge of an amount.
 */
export async function issueInvoiceIn(deps: AppDeps, tx: Executor, paymentId: number): Promise<repo.InvoiceRow | null> {
  const payment = await repo.findPayment(tx, paymentId)
  if (!payment || payment.kind !== 'charge' || payment.state !== 'successful' || payment.amount <= 0) return null
  // The lock first, then the check: of two runs at once the second waits here and then finds the invoice.
  await repo.lockSettings(tx, payment.sellerId)
  const existing = await repo.findByPaymentKind(tx, payment.id, 'invoice')
  if (existing) return existing
  const facts = await repo.chargeFacts(tx, payment)
  if (!facts) return null
  const currency = currencyOf(payment.currency)
  const now = deps.now()
  const lines = chargeLines(payment, facts, currency)
  const { rates, totals } = ratesOf(lines, currency)
  const { sequence, number, settings } = await takeNumber(tx, payment.sellerId, now)
  const seller: FrozenSeller = { ...sellerDetailsOf(facts.sellerProfile, facts.sellerUsername, facts.sellerEmail), footer: settings.footer }
  const payer = payerDetailsOf(facts.order.payer)
  const vat = invoiceVatOf(facts.order.vat, seller, payer, rates)
  const invoice = await repo.insertInvoice(tx, {
    sellerId: payment.sellerId, kind: 'invoice', number, sequence, orderId: facts.order.id, paymentId: payment.id, payerUserId: facts.order.payerUserId,
    currency, netAmount: totals.net, vatAmount: totals.vat, grossAmount: totals.gross, lines, seller, payer, vat, issuedAt: now, createdAt: now,
  })
  if (settings.emailToPayer) await mailInvoice(deps, tx, invoice, facts.order.token, facts.order.paidAt, null)
  return invoice
}

/** The job 'invoices.issue'. */
export async function issueInvoice(deps: AppDeps, data: { paymentId: number }): Promise<void> {
  await deps.db.transaction((tx) => issueInvoiceIn(deps, tx, data.paymentId))
}

/**
 * Issues the reversal of a successful refund in the caller's transaction: negative amounts, the original
 * invoice (of the refund's charge, issued first if its job has not run yet) referenced, the next number
 * of the same sequence. Partial refunds reverse their share; all reversals of a charge add up to its
 * invoice exactly.
 */
export async function issueReversalIn(deps: AppDeps, tx: Executor, refundPaymentId: number): Promise<repo.InvoiceRow | null> {
  const refund = await repo.findPayment(tx, refundPaymentId)
  const refunded = refund?.amount ?? 0 // refunds are stored as positive amounts of kind refund
  if (!refund || refund.kind !== 'refund' || refund.state !== 'successful' || refunded === 0 || refund.parentPaymentId === null) return null
  await repo.lockSettings(tx, refund.sellerId)
  const existing = await repo.findByPaymentKind(tx, refund.id, 'reversal')
  if (existing) return existing
  const original = await repo.findByPaymentKind(tx, refund.parentPaymentId, 'invoice') ?? await issueInvoiceIn(deps, tx, refund.parentPaymentId)
  if (!original) return null
  const currency = currencyOf(original.currency)
  const before = await repo.reversedGross(tx, original.id)
  const lines = reversalLines(original.lines as InvoiceLine[], original.grossAmount, before, refunded, currency)
  const { rates, totals } = ratesOf(lines, currency)
  if (totals.gross === 0) return null // the invoice is reversed in full already
  const now = deps.now()
  const { sequence, number, settings } = await takeNumber(tx, refund.sellerId, now)
  const vat: InvoiceVat = { ...(original.vat as InvoiceVat), rates }
  const invoice = await repo.insertInvoice(tx, {
    sellerId: refund.sellerId, kind: 'reversal', number, sequence, orderId: original.orderId, paymentId: refund.id, reversedInvoiceId: original.id,
    payerUserId: original.payerUserId, currency, netAmount: totals.net, vatAmount: totals.vat, grossAmount: totals.gross, lines,
    seller: { ...original.seller }, payer: { ...original.payer }, vat, issuedAt: now, createdAt: now,
  })
  if (settings.emailToPayer) {
    const row = await repo.findListRow(tx, { id: invoice.id })
    await mailInvoice(deps, tx, invoice, row?.orderToken ?? '', null, original.number)
  }
  return invoice
}

/** The job 'invoices.issue-reversal'. */
export async function issueReversal(deps: AppDeps, data: { refundPaymentId: number }): Promise<void> {
  await deps.db.transaction((tx) => issueReversalIn(deps, tx, data.refundPaymentId))
}

// ------------------------------------------------------------------ the PDF and the mail

function pdfOf(invoice: repo.InvoiceRow, orderToken: string, paidAt: Date | null, reversedNumber: string | null): Promise<Buffer> {
  const seller = invoice.seller as FrozenSeller
  return renderInvoicePdf({
    kind: invoice.kind as InvoiceKind, number: invoice.number, issuedAt: invoice.issuedAt, orderId: invoice.orderId, orderToken, paidAt,
    reversedNumber, currency: invoice.currency, seller, payer: invoice.payer as PayerDetails, lines: invoice.lines as InvoiceLine[],
    vat: invoice.vat as InvoiceVat, totals: { net: invoice.netAmount, vat: invoice.vatAmount, gross: invoice.grossAmount }, footer: seller.footer ?? null,
  })
}

/** The payer's copy by mail with the PDF attached (the seller turned it on in the invoice settings). */
async function mailInvoice(deps: AppDeps, tx: Executor, invoice: repo.InvoiceRow, orderToken: string, paidAt: Date | null, reversedNumber: string | null) {
  const payer = invoice.payer as PayerDetails
  if (!payer.email) return
  const pdf = await pdfOf(invoice, orderToken, paidAt, reversedNumber)
  const seller = invoice.seller as FrozenSeller
  await email.queueEmail(deps, tx, {
    to: payer.email, kind: invoice.kind === 'reversal' ? 'invoice_reversed' : 'invoice_issued', locale: 'en', userId: invoice.payerUserId,
    firstName: payer.name, productName: invoice.number, sellerName: seller.name,
    amount: formatMoney({ amount: invoice.grossAmount, currency: currencyOf(invoice.currency) }),
    attachments: [{ filename: `${invoice.number.replace(/[^A-Za-z0-9_.-]/g, '_')}.pdf`, contentType: 'application/pdf', content: pdf }],
  })
}

async function pdfOfRow(db: Executor, row: repo.InvoiceListRow): Promise<{ filename: string; pdf: Buffer }> {
  const inv = row.invoice
  const payment = inv.kind === 'invoice' ? await repo.findPayment(db, inv.paymentId) : undefined
  const pdf = await pdfOf(inv, row.orderToken, payment?.completedAt ?? null, row.reversedNumber)
  return { filename: `${inv.number.replace(/[^A-Za-z0-9_.-]/g, '_')}.pdf`, pdf }
}

const notFound = () => new AppError('not_found', 'This invoice does not exist')

/** GET /cabinet/invoices/{id}/pdf: the seller's own invoice; another seller's answers 404. */
export async function sellerInvoicePdf(ctx: Ctx, id: number) {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  const row = await repo.findListRow(ctx.db, { id, sellerId })
  if (!row) throw notFound()
  return pdfOfRow(ctx.db, row)
}

/** GET /payer/invoices/{id}/pdf: the signed-in payer's own invoice; anyone else's answers 404. */
export async function payerInvoicePdf(ctx: Ctx, id: number) {
  const { userId } = requireActor(ctx)
  const row = await repo.findListRow(ctx.db, { id, payerUserId: userId })
  if (!row) throw notFound()
  return pdfOfRow(ctx.db, row)
}

// ------------------------------------------------------------------ the seller's list

function output(row: repo.InvoiceListRow): InvoiceOutput {
  const inv = row.invoice
  const payer = inv.payer as PayerDetails
  return {
    id: inv.id, kind: inv.kind as InvoiceKind, number: inv.number, order_id: inv.orderId, order_token: row.orderToken, payment_id: inv.paymentId,
    reversed_invoice_id: inv.reversedInvoiceId, reversed_invoice_number: row.reversedNumber, product_id: row.productId, product_name: row.productName,
    payer_name: payer.name ?? '', payer_email: payer.email ?? '', currency: inv.currency, net_amount: inv.netAmount, vat_amount: inv.vatAmount,
    gross_amount: inv.grossAmount, lines: inv.lines as InvoiceLine[], vat_note: (inv.vat as InvoiceVat).note ?? null, issued_at: inv.issuedAt.toISOString(),
    pdf_url: `/api/v1/cabinet/invoices/${inv.id}/pdf`,
  }
}

const date = (value: string | undefined) => (value ? new Date(value) : undefined)
const later = (a: Date | undefined, b: Date | undefined) => (a && b ? (a > b ? a : b) : a ?? b)
const earlier = (a: Date | undefined, b: Date | undefined) => (a && b ? (a < b ? a : b) : a ?? b)

function filtersOf(query: InvoiceListQuery): repo.InvoiceFilters {
  return {
    number: query.invoice_number, kind: query.kind, orderId: query.order_id, productId: query.product_id, query: query.query,
    // invoice_created_* and created_*_time both narrow the issue date; given together, both apply.
    issuedFrom: later(date(query.invoice_created_from), date(query.created_from_time)),
    issuedTill: earlier(date(query.invoice_created_till), date(query.created_till_time)),
    amount: query.amount, amountFrom: query.amount_from, amountTo: query.amount_to,
  }
}

/** GET /cabinet/invoices: invoices and reversals with the filters, and counts per kind when asked. */
export async function listInvoices(ctx: Ctx, query: InvoiceListQuery): Promise<ListAnswer<InvoiceOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  const filters = filtersOf(query)
  const { rows, total, totalMax } = await repo.listInvoices(ctx.db, sellerId, filters, {
    offset: (query.page - 1) * query.per, limit: query.per, sortKey: query.sort_key ?? 'id', sortDir: query.sort_dir ?? 'desc',
  })
  const answer: ListAnswer<InvoiceOutput> = { list: rows.map(output), total_count: total, total_count_max: totalMax }
  if (query.counts) answer.counts = await repo.kindCounts(ctx.db, sellerId, filters)
  return answer
}

/** The list as CSV (invoiceCsvColumns), filtered like the list; amounts in major units with '.'. */
export async function exportInvoicesCsv(ctx: Ctx, query: InvoiceListQuery): Promise<string> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  const filters = filtersOf(query)
  return csvFromPages(invoiceCsvColumns, async ({ offset, limit }) => {
    const { rows } = await repo.listInvoices(ctx.db, sellerId, filters, { offset, limit, sortKey: query.sort_key ?? 'id', sortDir: query.sort_dir ?? 'asc' })
    return rows.map((row) => {
      const inv = row.invoice
      const payer = inv.payer as PayerDetails
      const currency = currencyOf(inv.currency)
      const major = (amount: number) => toMajorUnitsString(amount, currency)
      return {
        id: String(inv.id), number: inv.number, kind: inv.kind, issued_at: inv.issuedAt.toISOString(), order_id: String(inv.orderId),
        transfer_id: String(inv.paymentId), reversed_invoice_number: row.reversedNumber ?? '', product_id: String(row.productId), product_name: row.productName,
        payer_name: payer.name ?? '', payer_email: payer.email ?? '', payer_company: payer.company ?? '', payer_country: payer.country_code ?? '',
        payer_vat: payer.vat_id ?? '', currency_key: inv.currency, vat_note: (inv.vat as InvoiceVat).note ?? '',
        net: major(inv.netAmount), vat: major(inv.vatAmount), gross: major(inv.grossAmount),
      }
    })
  }, { raw: ['net', 'vat', 'gross'] }) // our amounts: a leading minus is a reversal, not a formula
}

// ------------------------------------------------------------------ settings

function settingsOutput(row: repo.InvoiceSettingsRow, used: boolean): InvoiceSettingsOutput {
  return {
    prefix: row.prefix, start_number: row.startNumber, next_number: row.nextNumber, min_start_number: used ? row.nextNumber : 1, footer: row.footer,
    email_to_payer: row.emailToPayer, next_invoice_number: numberOf(row, row.nextNumber),
  }
}

const defaultSettings = (sellerId: number): repo.InvoiceSettingsRow => ({
  sellerId, prefix: 'INV-', startNumber: 1, nextNumber: 1, footer: null, emailToPayer: false, updatedAt: new Date(0),
})

export async function getInvoiceSettings(ctx: Ctx): Promise<InvoiceSettingsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const row = await repo.findSettings(ctx.db, sellerId) ?? defaultSettings(sellerId)
  return settingsOutput(row, await repo.hasInvoices(ctx.db, sellerId))
}

/**
 * PUT /cabinet/invoice_settings. A new start number moves the counter to it; once invoices exist it may
 * only be raised to the next number or above (numbers are never reused and never leave a gap behind).
 */
export async function saveInvoiceSettings(ctx: Ctx, input: InvoiceSettingsInput): Promise<InvoiceSettingsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.lockSettings(tx, sellerId)
    const used = await repo.hasInvoices(tx, sellerId)
    let nextNumber = row.nextNumber
    if (input.start_number !== row.startNumber) {
      if (used && input.start_number < row.nextNumber) {
        throw new AppError('INVALID_INPUT', `The start number can only be raised to ${row.nextNumber} or above`, [{ path: 'start_number', message: 'too_small' }])
      }
      nextNumber = input.start_number
    }
    const saved = await repo.updateSettings(tx, sellerId, {
      prefix: input.prefix, startNumber: input.start_number, nextNumber, updatedAt: ctx.now,
      ...(input.footer !== undefined ? { footer: input.footer === '' ? null : input.footer } : {}),
      ...(input.email_to_payer !== undefined ? { emailToPayer: input.email_to_payer } : {}),
    })
    return settingsOutput(saved, used)
  })
}

// ------------------------------------------------------------------ the payer's invoices

/** GET /payer/invoices: the signed-in payer's invoices and reversals (of one seller when asked). */
export async function payerInvoices(ctx: Ctx, sellerId?: number): Promise<{ list: PayerInvoiceOutput[] }> {
  const { userId } = requireActor(ctx)
  const rows = await repo.listOfPayer(ctx.db, userId, sellerId)
  return {
    list: rows.map((r) => ({
      id: r.invoice.id, kind: r.invoice.kind as InvoiceKind, number: r.invoice.number, seller_id: r.invoice.sellerId, order_token: r.orderToken,
      product_name: r.productName, reversed_invoice_number: r.reversedNumber, currency: r.invoice.currency, gross_amount: r.invoice.grossAmount,
      issued_at: r.invoice.issuedAt.toISOString(), pdf_url: `/api/v1/payer/invoices/${r.invoice.id}/pdf`,
    })),
  }
}
