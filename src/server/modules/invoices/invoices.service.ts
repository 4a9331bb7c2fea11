import { AppError } from '../../../shared/errors'
import { formatMoney, isCurrencyId, toMajorUnitsString, type CurrencyId } from '../../../shared/money'
import type {
  InvoiceKind, InvoiceLine, InvoiceListQuery, InvoiceOutput, InvoiceSettingsInput, InvoiceSettingsOutput, PayerInvoiceOutput,
} from '../../../shared/schemas/invoices'
import { invoiceCsvColumns } from '../../../shared/schemas/invoices'
import type { ListAnswer } from '../../../shared/schemas/lists'
import { chargesAgain } from '../../../shared/tax'
import { actingSellerId } from '../../auth/permissions'
import { requireActor, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import { csvFromPages } from '../../csv-export'
import * as email from '../email/email.service'
import {
  invoiceVatOf, payerDetailsOf, rateLineName, rateLines, ratesOf, reversalLines, sellerDetailsOf, trialLineName, trialNote,
  type InvoiceVat, type PayerDetails, type RateShareLine, type SellerDetails,
} from './invoice-document'
import { pdfLocaleOf } from '../../pdf/pdf-writer'
import { renderInvoicePdf } from './invoice-pdf'
import * as repo from './invoices.repository'

// Invoices for successful charges, reversal (cancellation) invoices for refunds and chargebacks, and
// re-issued invoices for won disputes, numbered per seller without gaps in one sequence
// (docs/decisions/0029-invoices-and-transfers.md). Other modules enqueue the jobs below in the transaction
// that records the payment; each job is one transaction that takes the numbering row's lock once
// (`lockNumbering`), so a rollback gives the numbers back and a second run does nothing.

/** Data `{ paymentId }`: the successful charge to invoice (of 0 too: a free order, a trial's start). */
export const issueInvoiceJob = 'invoices.issue'
/**
 * Data `{ reversalPaymentId }` (`{ refundPaymentId }` in jobs queued before chargebacks had documents): a
 * successful refund or chargeback to reverse on a cancellation invoice, or a won dispute
 * (`chargeback_reversal`) to re-invoice.
 */
export const issueReversalJob = 'invoices.issue-reversal'
export type IssueReversalData = { reversalPaymentId?: number; refundPaymentId?: number }

/** The frozen seller block also keeps the footer printed when it was issued. */
type FrozenSeller = SellerDetails & { footer?: string | null }

function currencyOf(value: string): CurrencyId {
  if (!isCurrencyId(value)) throw new Error(`unknown currency ${value}`)
  return value
}

function numberOf(settings: repo.InvoiceSettingsRow, sequence: number): string {
  return `${settings.prefix}${sequence}`
}

/** A seller's numbering, locked for the rest of the transaction: every document the transaction issues takes its number here. */
type Numbering = {
  settings: repo.InvoiceSettingsRow
  take(now: Date): Promise<{ sequence: number; number: string }>
}

/**
 * The one place that takes the numbering row's lock, once per issuing transaction and before the check
 * for an existing document (of two runs at once the second waits here, then finds the document). The
 * documents one payment needs first (a reversal's original invoice, a re-issue's cancellation) are issued
 * under the same handle, so the lock is never asked for twice.
 */
async function lockNumbering(tx: Executor, sellerId: number): Promise<Numbering> {
  const settings = await repo.lockSettings(tx, sellerId)
  return {
    settings,
    async take(now) {
      const { sequence, prefix } = await repo.takeNextNumber(tx, sellerId, now)
      return { sequence, number: `${prefix}${sequence}` }
    },
  }
}

type Issue = { deps: AppDeps; tx: Executor; numbering: Numbering }
type ChargeFacts = NonNullable<Awaited<ReturnType<typeof repo.chargeFacts>>>

/** The lines a charge pays for (and a note): the order's items for its first payment, the trial's start, or the rate's share of each line. */
function chargeLines(payment: repo.PaymentRow, facts: ChargeFacts, currency: CurrencyId): { lines: InvoiceLine[]; note: string | null } {
  const { order, items, productName, rates } = facts
  const plan = order.planSnapshot as { form?: unknown; paymentsCount?: unknown } | null
  const first = payment.rateNumber === null || payment.rateNumber === 1
  const itemsGross = items.reduce((sum, i) => sum + i.grossAmount, 0)
  if (payment.amount === 0 && payment.rateNumber === null && order.trialEndsAt !== null) {
    // A trial's start (docs/decisions/0033-trial-periods.md): the lines at 0, and when the first charge falls due.
    const rate1 = rates.find((r) => r.number === 1)
    const trialEnd = rate1?.dueDate ?? order.trialEndsAt
    return {
      lines: items.map((i) => ({ name: trialLineName(i.name, trialEnd), quantity: i.quantity, net_amount: 0, vat_amount: 0, gross_amount: 0, vat_rate_bps: i.vatRateBps })),
      note: trialNote(trialEnd, rate1 ? { amount: rate1.amount, currency } : null),
    }
  }
  if (first && items.length > 0 && itemsGross === payment.amount) {
    const count = typeof plan?.paymentsCount === 'number' ? plan.paymentsCount : null
    const ofPlan = payment.rateNumber === 1 && count !== null && (plan?.form === 'installment' || plan?.form === 'limited_subscription')
    return {
      lines: items.map((i) => ({
        name: ofPlan && i.kind === 'main' ? `${i.name}, rate 1 of ${count}` : i.name, quantity: i.quantity,
        net_amount: i.netAmount, vat_amount: i.vatAmount, gross_amount: i.grossAmount, vat_rate_bps: i.vatRateBps,
      })),
      note: null,
    }
  }
  // A later rate (or a first payment that differs from the lines): the charge split over the lines it
  // pays for (a later rate: those that charge again), each at its own VAT rate as frozen at purchase.
  const rate = rates.find((r) => r.number === payment.rateNumber)
  const next = rates.find((r) => r.number === (payment.rateNumber ?? 0) + 1)
  const ordered = [...items.filter((i) => i.kind === 'main'), ...items.filter((i) => i.kind !== 'main')]
  const shares: RateShareLine[] = ordered.map((i) => ({
    name: i.kind === 'main' ? productName : i.name, quantity: i.quantity, grossAmount: i.grossAmount, vatRateBps: i.vatRateBps,
    recurring: first || chargesAgain(i.kind, i.planForm),
  }))
  if (shares.length === 0) shares.push({ name: productName, quantity: 1, grossAmount: 0, vatRateBps: 0, recurring: true })
  const nameOf = (l: RateShareLine) => (rate ? rateLineName(l.name, plan, rate, next?.dueDate ?? null) : l.name)
  return { lines: rateLines(shares, payment.amount, currency, nameOf), note: null }
}

/**
 * Who issues the invoice: the seller, or for a resold order the reseller, in its own name, naming the seller
 * it sold for (docs/decisions/0051-resellers.md; its legal details through ports/resellers.ts).
 */
async function issuerOf(deps: AppDeps, tx: Executor, facts: NonNullable<Awaited<ReturnType<typeof repo.chargeFacts>>>): Promise<SellerDetails> {
  const seller = sellerDetailsOf(facts.sellerProfile, facts.sellerUsername, facts.sellerEmail)
  const reseller = facts.order.resellerId === null ? null : await deps.resellers.issuerOf(tx, facts.order.resellerId)
  if (!reseller) return seller
  return {
    name: reseller.legalName, company: reseller.legalName, street: reseller.street, street_number: null, zip: reseller.zip, city: reseller.city, region: null,
    country_code: reseller.countryCode, vat_id: reseller.vatId, tax_number: null, vat_payer: 'liable', vat_exempt_reason: null, email: reseller.email,
    on_behalf_of: seller.name,
  }
}

/** The invoice of a successful charge (0 included: a free order, a trial's start), once. */
async function chargeInvoice({ deps, tx, numbering }: Issue, payment: repo.PaymentRow): Promise<repo.InvoiceRow | null> {
  if (payment.kind !== 'charge' || payment.state !== 'successful' || payment.amount < 0) return null
  const existing = await repo.findByPaymentKind(tx, payment.id, 'invoice')
  if (existing) return existing
  const facts = await repo.chargeFacts(tx, payment)
  if (!facts) return null
  const currency = currencyOf(payment.currency)
  const now = deps.now()
  const { lines, note } = chargeLines(payment, facts, currency)
  const { rates, totals } = ratesOf(lines, currency)
  const { sequence, number } = await numbering.take(now)
  const seller: FrozenSeller = { ...await issuerOf(deps, tx, facts), footer: numbering.settings.footer }
  const payer = payerDetailsOf(facts.order.payer)
  const vat = invoiceVatOf(facts.order.vat, seller, payer, rates)
  const invoice = await repo.insertInvoice(tx, {
    sellerId: payment.sellerId, kind: 'invoice', number, sequence, orderId: facts.order.id, paymentId: payment.id, payerUserId: facts.order.payerUserId,
    currency, netAmount: totals.net, vatAmount: totals.vat, grossAmount: totals.gross, lines, seller, payer, vat, note, issuedAt: now, createdAt: now,
  })
  // The mail thanks for a payment: a document of 0 (free, trial) stays in the payer area only.
  if (numbering.settings.emailToPayer && payment.amount > 0) await mailInvoice(deps, tx, invoice, facts.order.token, facts.order.paidAt, null, facts.order.locale, facts.order.exchange)
  return invoice
}

const reversalNotes: Record<string, string> = {
  refund: 'Refund: the amount was paid back to the payer.',
  chargeback: 'Chargeback: the payer disputed the payment and it was taken back through the payment provider.',
}

/**
 * The reversal (cancellation) invoice of a successful refund or chargeback: negative amounts, the
 * original invoice (of the parent charge, issued first when its job has not run yet) referenced, the next
 * number of the same sequence. Partial reversals reverse their share; all reversals of a charge add up to
 * its invoice exactly.
 */
async function reversalInvoice(issue: Issue, payment: repo.PaymentRow): Promise<repo.InvoiceRow | null> {
  const { deps, tx, numbering } = issue
  const reversed = payment.amount // refunds and chargebacks are stored as positive amounts
  if (!(payment.kind === 'refund' || payment.kind === 'chargeback') || payment.state !== 'successful' || reversed <= 0 || payment.parentPaymentId === null) return null
  const existing = await repo.findByPaymentKind(tx, payment.id, 'reversal')
  if (existing) return existing
  const original = await repo.findByPaymentKind(tx, payment.parentPaymentId, 'invoice') ?? await chargeInvoiceOf(issue, payment.parentPaymentId)
  if (!original) return null
  const currency = currencyOf(original.currency)
  const before = await repo.reversedGross(tx, original.id)
  const lines = reversalLines(original.lines as InvoiceLine[], original.grossAmount, before, reversed, currency)
  const { rates, totals } = ratesOf(lines, currency)
  if (totals.gross === 0) return null // the invoice is reversed in full already
  const now = deps.now()
  const { sequence, number } = await numbering.take(now)
  const vat: InvoiceVat = { ...(original.vat as InvoiceVat), rates }
  const invoice = await repo.insertInvoice(tx, {
    sellerId: payment.sellerId, kind: 'reversal', number, sequence, orderId: original.orderId, paymentId: payment.id, reversedInvoiceId: original.id,
    payerUserId: original.payerUserId, currency, netAmount: totals.net, vatAmount: totals.vat, grossAmount: totals.gross, lines,
    seller: { ...original.seller }, payer: { ...original.payer }, vat, note: reversalNotes[payment.kind] ?? null, issuedAt: now, createdAt: now,
  })
  // The mail says the seller refunded: a chargeback's cancellation stays in the payer area only.
  if (numbering.settings.emailToPayer && payment.kind === 'refund') {
    const row = await repo.findListRow(tx, { id: invoice.id })
    await mailInvoice(deps, tx, invoice, row?.orderToken ?? '', null, original.number, row?.orderLocale ?? 'en', row?.orderExchange ?? null)
  }
  return invoice
}

/**
 * The re-issued invoice of a won dispute (a `chargeback_reversal`): the chargeback's cancellation
 * invoice (issued first when its job has not run yet) took the revenue and its VAT back, the money came
 * back, so the original's share of what was won is invoiced again, positive, with the next number and the
 * original referenced. Its lines are exactly what the cancellation took back of the won amount, so the
 * invoice, its reversals and re-issues always add up to what the seller keeps.
 */
async function reissueInvoice(issue: Issue, payment: repo.PaymentRow): Promise<repo.InvoiceRow | null> {
  const { deps, tx, numbering } = issue
  if (payment.kind !== 'chargeback_reversal' || payment.state !== 'successful' || payment.amount <= 0 || payment.parentPaymentId === null) return null
  const existing = await repo.findByPaymentKind(tx, payment.id, 'reissue')
  if (existing) return existing
  const chargeback = await repo.findPayment(tx, payment.parentPaymentId)
  if (!chargeback || chargeback.kind !== 'chargeback') return null
  const cancellation = await repo.findByPaymentKind(tx, chargeback.id, 'reversal') ?? await reversalInvoice(issue, chargeback)
  if (!cancellation || cancellation.reversedInvoiceId === null) return null
  const original = await repo.findInvoice(tx, cancellation.reversedInvoiceId)
  if (!original) return null
  const currency = currencyOf(original.currency)
  const before = await repo.reversedGross(tx, original.id)
  const won = Math.min(payment.amount, -cancellation.grossAmount, before)
  if (won <= 0) return null
  const lines = reversalLines(original.lines as InvoiceLine[], original.grossAmount, before - won, won, currency).map(negated)
  const { rates, totals } = ratesOf(lines, currency)
  const now = deps.now()
  const { sequence, number } = await numbering.take(now)
  const vat: InvoiceVat = { ...(original.vat as InvoiceVat), rates }
  const invoice = await repo.insertInvoice(tx, {
    sellerId: payment.sellerId, kind: 'reissue', number, sequence, orderId: original.orderId, paymentId: payment.id, reversedInvoiceId: original.id,
    payerUserId: original.payerUserId, currency, netAmount: totals.net, vatAmount: totals.vat, grossAmount: totals.gross, lines,
    seller: { ...original.seller }, payer: { ...original.payer }, vat,
    note: `Dispute won: the payment taken back by the chargeback was returned, so cancellation invoice ${cancellation.number} is offset by this invoice.`,
    issuedAt: now, createdAt: now,
  })
  return invoice
}

function negated(line: InvoiceLine): InvoiceLine {
  return { ...line, net_amount: 0 - line.net_amount, vat_amount: 0 - line.vat_amount, gross_amount: 0 - line.gross_amount }
}

async function chargeInvoiceOf(issue: Issue, chargeId: number): Promise<repo.InvoiceRow | null> {
  const charge = await repo.findPayment(issue.tx, chargeId)
  return charge ? chargeInvoice(issue, charge) : null
}

/** The document a payment needs, by its kind, under the numbering handle of this transaction. */
function documentOf(issue: Issue, payment: repo.PaymentRow): Promise<repo.InvoiceRow | null> {
  switch (payment.kind) {
    case 'charge': return chargeInvoice(issue, payment)
    case 'refund': case 'chargeback': return reversalInvoice(issue, payment)
    case 'chargeback_reversal': return reissueInvoice(issue, payment)
    default: return Promise.resolve(null)
  }
}

/**
 * Issues the document of a successful payment in the caller's transaction, once: its invoice (a charge),
 * its cancellation invoice (a refund or chargeback) or its re-issue (a won dispute), after the documents
 * of the order's earlier movements that lack theirs. Answers it (the one made before when it exists) or
 * null when the payment needs none. Takes the numbering lock once.
 */
export async function issueDocumentIn(deps: AppDeps, tx: Executor, paymentId: number, kinds?: readonly string[]): Promise<repo.InvoiceRow | null> {
  const payment = await repo.findPayment(tx, paymentId)
  if (!payment || payment.state !== 'successful' || (kinds && !kinds.includes(payment.kind))) return null
  const numbering = await lockNumbering(tx, payment.sellerId)
  // Jobs run in any order (retries, several workers): the order's earlier movements get their documents
  // first, so a won dispute's re-issue always follows its cancellation and a later chargeback's
  // cancellation follows the re-issue, and the documents add up to what the seller keeps.
  for (const earlier of await repo.earlierWithoutDocument(tx, payment)) await documentOf({ deps, tx, numbering }, earlier)
  return documentOf({ deps, tx, numbering }, payment)
}

/** The invoice of a successful charge, in the caller's transaction (`issueDocumentIn` for charges). */
export function issueInvoiceIn(deps: AppDeps, tx: Executor, paymentId: number): Promise<repo.InvoiceRow | null> {
  return issueDocumentIn(deps, tx, paymentId, ['charge'])
}

/** The cancellation invoice of a refund or chargeback, or a won dispute's re-issue, in the caller's transaction. */
export function issueReversalIn(deps: AppDeps, tx: Executor, reversalPaymentId: number): Promise<repo.InvoiceRow | null> {
  return issueDocumentIn(deps, tx, reversalPaymentId, ['refund', 'chargeback', 'chargeback_reversal'])
}

/** The job 'invoices.issue'. */
export async function issueInvoice(deps: AppDeps, data: { paymentId: number }): Promise<void> {
  await deps.db.transaction((tx) => issueInvoiceIn(deps, tx, data.paymentId))
}

/** The job 'invoices.issue-reversal'. */
export async function issueReversal(deps: AppDeps, data: IssueReversalData): Promise<void> {
  const paymentId = data.reversalPaymentId ?? data.refundPaymentId
  if (paymentId === undefined) return
  await deps.db.transaction((tx) => issueReversalIn(deps, tx, paymentId))
}

// ------------------------------------------------------------------ the PDF and the mail

/** The document's PDF in the order's language (`locale`, as stored on the order). */
function pdfOf(invoice: repo.InvoiceRow, orderToken: string, paidAt: Date | null, reversedNumber: string | null, locale: string, exchange: repo.OrderExchange | null): Promise<Buffer> {
  const seller = invoice.seller as FrozenSeller
  return renderInvoicePdf({
    kind: invoice.kind as InvoiceKind, number: invoice.number, issuedAt: invoice.issuedAt, orderId: invoice.orderId, orderToken, paidAt,
    reversedNumber, currency: invoice.currency, seller, payer: invoice.payer as PayerDetails, lines: invoice.lines as InvoiceLine[],
    vat: invoice.vat as InvoiceVat, totals: { net: invoice.netAmount, vat: invoice.vatAmount, gross: invoice.grossAmount }, footer: seller.footer ?? null,
    note: invoice.note, locale: pdfLocaleOf(locale), exchange,
  })
}

/** The payer's copy by mail with the PDF attached (the seller turned it on in the invoice settings). */
/** `locale`: the order's language (docs/decisions/0094-storefront-languages.md). */
async function mailInvoice(deps: AppDeps, tx: Executor, invoice: repo.InvoiceRow, orderToken: string, paidAt: Date | null, reversedNumber: string | null, locale: string, exchange: repo.OrderExchange | null) {
  const payer = invoice.payer as PayerDetails
  if (!payer.email) return
  const pdf = await pdfOf(invoice, orderToken, paidAt, reversedNumber, locale, exchange)
  const seller = invoice.seller as FrozenSeller
  await email.queueEmail(deps, tx, {
    to: payer.email, kind: invoice.kind === 'reversal' ? 'invoice_reversed' : 'invoice_issued', locale, userId: invoice.payerUserId, sellerId: invoice.sellerId,
    firstName: payer.name, productName: invoice.number, sellerName: seller.name,
    amount: formatMoney({ amount: invoice.grossAmount, currency: currencyOf(invoice.currency) }),
    attachments: [{ filename: `${invoice.number.replace(/[^A-Za-z0-9_.-]/g, '_')}.pdf`, contentType: 'application/pdf', content: pdf }],
  })
}

async function pdfOfRow(db: Executor, row: repo.InvoiceListRow): Promise<{ filename: string; pdf: Buffer }> {
  const inv = row.invoice
  const payment = inv.kind === 'invoice' ? await repo.findPayment(db, inv.paymentId) : undefined
  const pdf = await pdfOf(inv, row.orderToken, payment?.completedAt ?? null, row.reversedNumber, row.orderLocale, row.orderExchange)
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
    gross_amount: inv.grossAmount, lines: inv.lines as InvoiceLine[], note: inv.note, vat_note: (inv.vat as InvoiceVat).note ?? null, issued_at: inv.issuedAt.toISOString(),
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

/** GET /cabinet/invoices: invoices, reversals and re-issues with the filters, and counts per kind when asked. */
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
        payer_vat: payer.vat_id ?? '', currency_key: inv.currency, note: inv.note ?? '', vat_note: (inv.vat as InvoiceVat).note ?? '',
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
        throw new AppError('validation_failed', `The start number can only be raised to ${row.nextNumber} or above`, [{ path: 'start_number', message: 'too_small' }])
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

/** GET /payer/invoices: the signed-in payer's invoices, reversals and re-issues (of one seller when asked). */
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
