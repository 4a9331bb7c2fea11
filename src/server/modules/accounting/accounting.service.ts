import { AppError } from '../../../shared/errors'
import {
  datevMaxPeriodDays, type CreateDatevExportInput, type DatevBookingType, type DatevChart, type DatevExportListQuery, type DatevExportOutput,
  type DatevLogListQuery, type DatevLogOutput, type DatevSettingsInput as DatevSettingsBody, type DatevSettingsOutput,
} from '../../../shared/schemas/accounting'
import type { ListAnswer } from '../../../shared/schemas/lists'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { AppDeps } from '../../deps'
import { assertTransition } from '../../../shared/states/transitions'
import { datevExportTransitions, type DatevExportState } from '../../../shared/states/datev-export'
import * as repo from './accounting.repository'
import * as orders from '../orders/orders.service'
import { buildDatevFile, type DatevBooking, type DatevHeader } from './datev.format'

// The DATEV export (docs/decisions/0076-datev-export.md): one booking per row of the seller's balance account in the
// ledger, the seller's clearing account against a counter account chosen by the booking type.

type BookingType = DatevBookingType

/**
 * The accounts per chart. clearing: the seller's balance with the platform (SKR03 1360 / SKR04 1460
 * "Geldtransit"); sale, refund and chargeback: revenue 8400 / 4400 (a refund or chargeback reverses the
 * revenue); fee: platform and provider fees 4970 / 6855 ("Nebenkosten des Geldverkehrs"); commission:
 * affiliate, sales team and reseller commissions 4760 / 6770 ("Verkaufsprovisionen"); payout: bank 1200 / 1800.
 */
export const DATEV_ACCOUNTS: Record<DatevChart, { clearing: string } & Record<BookingType, string>> = {
  SKR03: { clearing: '1360', sale: '8400', refund: '8400', chargeback: '8400', fee: '4970', commission: '4760', payout: '1200' },
  SKR04: { clearing: '1460', sale: '4400', refund: '4400', chargeback: '4400', fee: '6855', commission: '6770', payout: '1800' },
}

/** The booking type of a seller balance ledger row, from its transaction kind (orders' writeLedger / bookPartyTransaction callers). */
export function bookingTypeOf(kind: string, amount: number): BookingType {
  // A sale the seller's own provider collected: the money reached the seller's own account, as a payout does.
  if (kind === 'direct_collection') return 'payout'
  if (kind === 'charge' || kind === 'renewal') return amount <= 0 ? 'sale' : 'refund'
  if (kind === 'refund' || kind === 'reservation_refund') return 'refund'
  if (kind === 'chargeback' || kind === 'chargeback_reversal') return 'chargeback'
  if (kind.startsWith('payout')) return 'payout'
  if (kind.includes('commission') || kind.includes('reseller') || kind.includes('team')) return 'commission'
  if (kind.includes('fee')) return 'fee'
  // Anything else moving the seller's balance: a credit reads as a sale, a debit as a fee.
  return amount < 0 ? 'sale' : 'fee'
}

/** The kinds whose transaction is a sale or its refund: their fees and commissions are booked apart. */
const splitKinds = new Set(['charge', 'renewal', 'refund', 'reservation_refund'])

const bookingTexts: Record<BookingType, string> = {
  sale: 'Verkauf', refund: 'Erstattung', chargeback: 'Rückbuchung', fee: 'Gebühr', commission: 'Provision', payout: 'Auszahlung',
}

export interface LedgerRowForDatev {
  id: number
  kind: string
  /** signed as in the ledger: negative credits the seller's balance */
  amount: number
  currency: string
  createdAt: Date
  orderToken: string | null
  /** The fees (platform and provider) and commissions the row's transaction booked, signed as in the ledger. */
  fees?: number
  commissions?: number
  /** How many rows of the transaction are the seller's: the split is exact only when this row is the one. */
  sellerRows?: number
}

export interface MappedBooking {
  eventKey: string
  eventDate: Date
  bookingType: BookingType
  /** minor units, positive */
  amount: number
  currency: string
  /** the counter account (Gegenkonto) */
  genAccount: string
  /** the seller's clearing account (Konto) */
  sellerAccount: string
  documentField1: string
  debitCredit: 'S' | 'H'
}

/**
 * The bookings of one seller balance ledger row. A sale or its refund is booked gross of what the platform
 * kept: the revenue (net of VAT) against the revenue account, the fees against the fee account and the
 * commissions against the commission account, which together move the clearing account by exactly the row's
 * amount. Any other row is one booking. On the clearing account a credited balance (negative) is S, else H.
 */
export function mapLedgerRow(row: LedgerRowForDatev, chart: DatevChart): MappedBooking[] {
  const accounts = DATEV_ACCOUNTS[chart]
  const split = splitKinds.has(row.kind) && (row.sellerRows ?? 1) === 1
  const fees = split ? row.fees ?? 0 : 0
  const commissions = split ? row.commissions ?? 0 : 0
  // Each part as it moves the seller's balance: the revenue before the fees and commissions were taken, then those.
  const parts: { key: string; type: BookingType; amount: number }[] = [
    { key: `ledger:${row.id}`, type: bookingTypeOf(row.kind, row.amount + fees + commissions), amount: row.amount + fees + commissions },
    { key: `ledger:${row.id}:fee`, type: 'fee', amount: -fees },
    { key: `ledger:${row.id}:commission`, type: 'commission', amount: -commissions },
  ]
  const documentField1 = (row.orderToken ?? `${repo.noDocumentPrefix}${row.id}`).slice(0, 36)
  return parts.filter((p, i) => i === 0 || p.amount !== 0).map((p) => ({
    eventKey: p.key, eventDate: row.createdAt, bookingType: p.type, amount: Math.abs(p.amount), currency: row.currency,
    genAccount: accounts[p.type], sellerAccount: accounts.clearing, documentField1, debitCredit: p.amount < 0 ? 'S' : 'H',
  }))
}

export function toDatevBooking(b: MappedBooking): DatevBooking {
  return {
    amount: b.amount, debitCredit: b.debitCredit, account: b.sellerAccount, counterAccount: b.genAccount,
    bookingDate: b.eventDate, documentField1: b.documentField1, text: `${bookingTexts[b.bookingType]} ${b.documentField1}`,
  }
}

export interface DatevSettingsInput {
  consultantNumber: number
  clientNumber: number
  chart: DatevChart
  fiscalYearStartMonth: number
}

/** The fiscal year start for a period: the latest start month on or before the period's first day. */
export function fiscalYearStart(periodFrom: Date, startMonth: number): Date {
  const year = periodFrom.getUTCMonth() + 1 >= startMonth ? periodFrom.getUTCFullYear() : periodFrom.getUTCFullYear() - 1
  return new Date(Date.UTC(year, startMonth - 1, 1))
}

/**
 * The period's files, one per currency, from its bookings. The header's created-at is the latest booking's
 * time, not the clock, so the same period gives the same bytes.
 */
export function periodFiles(bookings: repo.DatevBookingRow[], settings: Omit<DatevSettingsInput, 'chart'>, from: Date, till: Date): { currency: string; bytes: Buffer }[] {
  const currencies = [...new Set(bookings.map((b) => b.currency))].sort()
  return currencies.map((currency) => {
    const mine = bookings.filter((b) => b.currency === currency)
    const latest = mine.reduce((t, b) => Math.max(t, b.eventDate.getTime()), from.getTime())
    const header: DatevHeader = {
      consultantNumber: settings.consultantNumber, clientNumber: settings.clientNumber,
      fiscalYearStart: fiscalYearStart(from, settings.fiscalYearStartMonth), accountLength: 4,
      periodFrom: from, periodTill: till, description: 'Sellfront Buchungsstapel', currency, createdAt: new Date(latest),
    }
    const lines = mine.map((b) => toDatevBooking({
      eventKey: b.eventKey, eventDate: b.eventDate, bookingType: b.bookingType as BookingType, amount: b.amount, currency: b.currency,
      genAccount: b.genAccount, sellerAccount: b.sellerAccount, documentField1: b.documentField1, debitCredit: b.debitCredit as 'S' | 'H',
    }))
    return { currency, bytes: buildDatevFile(header, lines) }
  })
}

export const datevExportJob = 'accounting.datev-export'

const dayMs = 24 * 60 * 60 * 1000
const dayStart = (d: string) => new Date(`${d}T00:00:00Z`)

/**
 * The job `accounting.datev-export`: the period's ledger rows written as bookings (once each, by event
 * key), one file per currency from the period's bookings, stored; the bookings marked exported and the
 * export done, or failed with the error. Run again, it builds the same bytes (a done export is left alone).
 */
export async function runDatevExport(deps: AppDeps, exportId: number): Promise<void> {
  const started = await deps.db.transaction(async (tx) => {
    const row = await repo.findExport(tx, exportId, { lock: true })
    if (!row || row.state === 'done' || row.state === 'processing') return null
    assertTransition(datevExportTransitions, row.state as DatevExportState, 'processing')
    await repo.updateExport(tx, exportId, { state: 'processing', error: null })
    return row
  })
  if (!started) return
  try {
    await deps.db.transaction(async (tx) => {
      const settings = await repo.findSettings(tx, started.sellerId)
      if (!settings) throw new Error('DATEV settings missing')
      const chart = settings.chart as DatevChart
      const from = dayStart(started.periodFrom)
      const till = new Date(dayStart(started.periodTill).getTime() + dayMs - 1)
      const rows = await orders.sellerLedgerRows(tx, started.sellerId, from, till)
      await repo.insertBookings(tx, rows.flatMap((r) => mapLedgerRow(r, chart)).map((m) => ({
        sellerId: started.sellerId, eventKey: m.eventKey, eventDate: m.eventDate, bookingType: m.bookingType, amount: m.amount,
        debitCredit: m.debitCredit, currency: m.currency, genAccount: m.genAccount, sellerAccount: m.sellerAccount, documentField1: m.documentField1,
      })))
      const bookings = await repo.bookingsInPeriod(tx, started.sellerId, from, till)
      const files = periodFiles(bookings, settings, from, dayStart(started.periodTill))
        .map((f) => ({ currency: f.currency, bytes: f.bytes.toString('base64') }))
      await repo.markExported(tx, exportId, bookings.map((b) => b.id))
      await repo.updateExport(tx, exportId, { state: 'done', files, bookingCount: bookings.length, finishedAt: deps.now() })
    })
  } catch (error) {
    await repo.updateExport(deps.db, exportId, { state: 'failed', error: error instanceof Error ? error.message : String(error) })
  }
}

// ---- the cabinet's use cases (/api/v1/cabinet/datev_*): payouts.read to look, payouts.write to change ----

function settingsOutput(row: repo.DatevSettingsRow): DatevSettingsOutput {
  const chart = row.chart as DatevChart
  return {
    consultant_number: row.consultantNumber, client_number: row.clientNumber, chart, fiscal_year_start_month: row.fiscalYearStartMonth,
    accounts: DATEV_ACCOUNTS[chart], updated_at: row.updatedAt.toISOString(),
  }
}

function exportOutput(row: repo.DatevExportRow): DatevExportOutput {
  return {
    id: row.id, period_from: row.periodFrom, period_till: row.periodTill, state: row.state as DatevExportState, booking_count: row.bookingCount,
    currencies: row.files.map((f) => f.currency), error: row.error, created_at: row.createdAt.toISOString(), finished_at: row.finishedAt?.toISOString() ?? null,
  }
}

function logOutput(row: repo.DatevLogRow): DatevLogOutput {
  return {
    id: row.id, event_key: row.eventKey, event_date: row.eventDate.toISOString(), booking_type: row.bookingType as DatevBookingType, amount: row.amount,
    currency: row.currency, debit_credit: row.debitCredit as 'S' | 'H', gen_account: row.genAccount, seller_account: row.sellerAccount,
    document_field_1: row.documentField1, datev_state: row.datevState as DatevLogOutput['datev_state'], datev_export_id: row.exportId,
    datev_export_status: row.exportState as DatevExportState | null,
  }
}

export async function getDatevSettings(ctx: Ctx): Promise<{ datev_settings: DatevSettingsOutput | null }> {
  const sellerId = actingSellerId(ctx.actor, 'payouts.read')
  const row = await repo.findSettings(ctx.db, sellerId)
  return { datev_settings: row ? settingsOutput(row) : null }
}

export async function saveDatevSettings(ctx: Ctx, input: DatevSettingsBody): Promise<{ datev_settings: DatevSettingsOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'payouts.write')
  const row = await repo.upsertSettings(ctx.db, {
    sellerId, consultantNumber: input.consultant_number, clientNumber: input.client_number, chart: input.chart,
    fiscalYearStartMonth: input.fiscal_year_start_month ?? 1,
  })
  return { datev_settings: settingsOutput(row) }
}

const notFound = () => new AppError('not_found', 'No such DATEV export')

/** Asks for the period's export: the row pending and its job enqueued in one transaction. */
export async function createDatevExport(ctx: Ctx, input: CreateDatevExportInput): Promise<{ datev_export: DatevExportOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'payouts.write')
  const days = (dayStart(input.period_till).getTime() - dayStart(input.period_from).getTime()) / dayMs
  if (days < 0 || days > datevMaxPeriodDays) {
    const error = new AppError('validation_failed', `The period must end on or after its start and span at most ${datevMaxPeriodDays} days`)
    error.details = { period_till: days < 0 ? 'before_period_from' : 'too_long' }
    throw error
  }
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.findSettings(tx, sellerId))) {
      throw new AppError('datev_settings_missing', 'Save the DATEV settings (consultant and client number, chart) before the first export')
    }
    const row = await repo.insertExport(tx, { sellerId, periodFrom: input.period_from, periodTill: input.period_till })
    await ctx.deps.jobs.enqueue(tx, datevExportJob, { exportId: row.id })
    return { datev_export: exportOutput(row) }
  })
}

/** A failed export runs again (failed -> pending; the job takes it to processing). */
export async function retryDatevExport(ctx: Ctx, id: number): Promise<{ datev_export: DatevExportOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'payouts.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findExport(tx, id, { lock: true })
    if (!row || row.sellerId !== sellerId) throw notFound()
    if (row.state !== 'failed') throw new AppError('conflict', `The export is ${row.state}: only a failed export runs again`)
    assertTransition(datevExportTransitions, 'failed', 'pending')
    await repo.updateExport(tx, id, { state: 'pending', error: null })
    await ctx.deps.jobs.enqueue(tx, datevExportJob, { exportId: id })
    return { datev_export: exportOutput({ ...row, state: 'pending', error: null }) }
  })
}

export async function listDatevExports(ctx: Ctx, query: DatevExportListQuery): Promise<ListAnswer<DatevExportOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'payouts.read')
  const { rows, total, max } = await repo.listExports(ctx.db, sellerId, {
    state: query.datev_export_status, sortDir: query.sort_dir, offset: (query.page - 1) * query.per, limit: query.per,
  })
  return { list: rows.map(exportOutput), total_count: total, total_count_max: max }
}

export async function getDatevExport(ctx: Ctx, id: number): Promise<{ datev_export: DatevExportOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'payouts.read')
  const row = await repo.findExport(ctx.db, id)
  if (!row || row.sellerId !== sellerId) throw notFound()
  return { datev_export: exportOutput(row) }
}

/** One file of a done export: DATEV's file name and the Windows-1252 bytes. */
export async function datevExportFile(ctx: Ctx, id: number, currency: string | undefined): Promise<{ filename: string; bytes: Buffer }> {
  const sellerId = actingSellerId(ctx.actor, 'payouts.read')
  const row = await repo.findExport(ctx.db, id)
  if (!row || row.sellerId !== sellerId) throw notFound()
  if (row.state !== 'done') throw new AppError('conflict', `The export is ${row.state}: its files are there once it is done`)
  if (!currency && row.files.length > 1) {
    const error = new AppError('bad_request', `The export has a file per currency: name one (${row.files.map((f) => f.currency).join(', ')})`)
    error.details = { currencies: row.files.map((f) => f.currency).join(',') }
    throw error
  }
  const file = currency ? row.files.find((f) => f.currency === currency) : row.files[0]
  if (!file) throw new AppError('not_found', currency ? `The export has no ${currency.toUpperCase()} file` : 'The period has no bookings, so the export has no file')
  return { filename: `EXTF_Buchungsstapel_${row.periodFrom}_${row.periodTill}_${file.currency.toUpperCase()}.csv`, bytes: Buffer.from(file.bytes, 'base64') }
}

export async function listDatevLogs(ctx: Ctx, query: DatevLogListQuery): Promise<ListAnswer<DatevLogOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'payouts.read')
  const { rows, total, max } = await repo.listBookings(ctx.db, sellerId, {
    bookingType: query.booking_type, datevState: query.datev_state, exportState: query.datev_export_status, exportId: query.datev_export_id,
    eventKey: query.event_key, eventFrom: query.event_date_from ? dayStart(query.event_date_from) : undefined,
    eventTill: query.event_date_till ? new Date(dayStart(query.event_date_till).getTime() + dayMs - 1) : undefined,
    genAccount: query.gen_account, sellerAccount: query.seller_account, documentField1: query.document_field_1,
    documentField1Present: query.w_document_field_1_present, currency: query.currency, sortDir: query.sort_dir,
    offset: (query.page - 1) * query.per, limit: query.per,
  })
  return { list: rows.map(logOutput), total_count: total, total_count_max: max }
}

/** The demo seller's settings (src/server/db/seed.ts): an example consultant and client number on SKR03, made once. */
export async function ensureDemoDatevSettings(deps: AppDeps, sellerId: number): Promise<void> {
  if (await repo.findSettings(deps.db, sellerId)) return
  await repo.upsertSettings(deps.db, { sellerId, consultantNumber: 29098, clientNumber: 55003, chart: 'SKR03', fiscalYearStartMonth: 1 })
}
