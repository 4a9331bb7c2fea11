import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { AppError } from '../../../shared/errors'
import { csvExportFiltersOf, type CsvExportListKind, type SaveCsvExportInput, type ScheduledCsvExportOutput } from '../../../shared/schemas/csv-exports'
import { invoiceListQuery, transferListQuery } from '../../../shared/schemas/invoices'
import { orderRateListQuery } from '../../../shared/schemas/order-rates'
import { payerListQuery } from '../../../shared/schemas/payers'
import { paymentTicketListQuery } from '../../../shared/schemas/payment-tickets'
import { payoutListQuery } from '../../../shared/schemas/payouts'
import { actingSellerId, assertCan, type Action } from '../../auth/permissions'
import { systemContext, type Ctx } from '../../context'
import type { AppDeps } from '../../deps'
import * as email from '../email/email.service'
import * as invoices from '../invoices/invoices.service'
import * as transfers from '../invoices/transfers.service'
import * as orderRates from '../orders/order-rates.service'
import * as orderLists from '../orders/order-lists.service'
import * as payers from '../orders/payers.service'
import * as payouts from '../payouts/payouts.service'
import * as tickets from '../tickets/payment-tickets.service'
import * as repo from './csv-exports.repository'
import { nextRunAt, type ExportFrequency } from './csv-exports.schedule'

// Scheduled CSV exports (/cabinet/csv_exports, docs/decisions/0030-orders-list-detail-and-csv-exports.md): a seller saves a list's columns,
// decimal separator and filters with a frequency and a day; a sweep every 15 minutes (csv-exports.jobs.ts)
// mails each due export with the CSV attached. The mail is queued in the same transaction that moves next_run_at on, under the
// schedule's row lock, so a sweep run twice (or by two workers) sends each export once per due time.

/** At most this many exports per sweep; the next sweep takes the rest. */
const sweepBatch = 50

/** The action each list kind's own route needs: a team member schedules only what they may read. */
const readActionOf: Record<CsvExportListKind, Action> = {
  orders: 'orders.read', order_rates: 'orders.read', transfers: 'orders.read', invoices: 'orders.read',
  payment_tickets: 'tickets.read', payers: 'payers.read', payouts: 'payouts.read',
}

/** Where the mail's link leads, per list kind. */
const cabinetPathOf: Record<CsvExportListKind, string> = {
  orders: 'orders', order_rates: 'order_rates', transfers: 'transfers', invoices: 'invoices', payment_tickets: 'payment_tickets/details',
  payers: 'payers', payouts: 'payouts',
}

const listKindOf = (row: repo.CsvExportRow): CsvExportListKind => (row.list in readActionOf ? row.list as CsvExportListKind : 'orders')

function output(row: repo.CsvExportRow): ScheduledCsvExportOutput {
  return {
    id: row.id, list: listKindOf(row), frequency: row.frequency as ScheduledCsvExportOutput['frequency'], day: row.day, columns: row.columns,
    decimal_separator: row.decimalSeparator === ',' ? ',' : '.', filters: row.filters, email: row.email, active: row.active,
    next_run_at: row.nextRunAt.toISOString(), last_sent_at: row.lastSentAt?.toISOString() ?? null, created_at: row.createdAt.toISOString(),
  }
}

function checkFilters(list: CsvExportListKind, filters: Record<string, unknown>) {
  const parsed = csvExportFiltersOf[list].safeParse(filters)
  if (!parsed.success) {
    throw new AppError('validation_failed', `These filters are not filters of the ${list} list`,
      parsed.error.issues.map((i) => ({ path: ['filters', ...i.path.map(String)].join('.'), message: i.message })))
  }
}

function dayOf(input: SaveCsvExportInput): number | null {
  return input.frequency === 'daily' ? null : (input.day ?? null)
}

/** The seller the schedule is for; the actor must also be able to read the list it sends. */
function sellerFor(ctx: Ctx, input: SaveCsvExportInput): number {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  assertCan(ctx.actor, readActionOf[input.list])
  checkFilters(input.list, input.filters)
  return sellerId
}

export async function listExports(ctx: Ctx): Promise<{ list: ScheduledCsvExportOutput[] }> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  return { list: (await repo.listOfSeller(ctx.db, sellerId)).map(output) }
}

export async function createExport(ctx: Ctx, input: SaveCsvExportInput): Promise<ScheduledCsvExportOutput> {
  const sellerId = sellerFor(ctx, input)
  const day = dayOf(input)
  const row = await repo.insert(ctx.db, {
    sellerId, list: input.list, frequency: input.frequency, day, columns: input.columns, decimalSeparator: input.decimal_separator, filters: input.filters,
    email: input.email, active: input.active, nextRunAt: nextRunAt(input.frequency, day, ctx.now), createdAt: ctx.now, updatedAt: ctx.now,
  })
  return output(row)
}

export async function updateExport(ctx: Ctx, id: number, input: SaveCsvExportInput): Promise<ScheduledCsvExportOutput> {
  const sellerId = sellerFor(ctx, input)
  return ctx.db.transaction(async (tx) => {
    const existing = await repo.findOfSeller(tx, sellerId, id)
    if (!existing) throw new AppError('not_found', 'This export does not exist')
    const day = dayOf(input)
    const row = await repo.update(tx, id, {
      list: input.list, frequency: input.frequency, day, columns: input.columns, decimalSeparator: input.decimal_separator, filters: input.filters,
      email: input.email, active: input.active, nextRunAt: nextRunAt(input.frequency, day, ctx.now), updatedAt: ctx.now,
    })
    return output(row)
  })
}

export async function deleteExport(ctx: Ctx, id: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  if (!(await repo.remove(ctx.db, sellerId, id))) throw new AppError('not_found', 'This export does not exist')
}

/** The cron sweep: every due export mailed once; answers how many were sent. */
export async function sendDueExports(deps: AppDeps): Promise<number> {
  let sent = 0
  for (const schedule of await repo.due(deps.db, deps.now(), sweepBatch)) {
    if (await sendExport(deps, schedule)) sent++
  }
  return sent
}

async function sendExport(deps: AppDeps, schedule: repo.CsvExportRow): Promise<boolean> {
  // The file is made before the transaction (reads only), so the row lock is held for the writes alone.
  const list = listKindOf(schedule)
  const csv = await csvOf(deps, list, schedule)
  const account = await repo.sellerAccount(deps.db, schedule.sellerId)
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const row = await repo.lock(tx, schedule.id)
    // Another sweep sent it meanwhile (or the seller changed or stopped it): nothing to do.
    if (!row || !row.active || row.nextRunAt > now || row.updatedAt.getTime() !== schedule.updatedAt.getTime()) return false
    const next = nextRunAt(row.frequency as ExportFrequency, row.day, now)
    if (csv === null) {
      deps.logger.warn({ scheduleId: row.id }, 'scheduled export skipped: its saved filters no longer parse')
      await repo.update(tx, row.id, { nextRunAt: next })
      return false
    }
    const stamp = now.toISOString().slice(0, 10)
    await email.queueEmail(deps, tx, {
      to: row.email, kind: 'csv_export', locale: account?.locale ?? 'en', userId: account?.userId ?? null, firstName: account?.firstName ?? '',
      link: `${deps.config.appUrl}/cabinet/${cabinetPathOf[list]}`,
      attachments: [{ filename: `${list}-${stamp}.csv`, contentType: 'text/csv; charset=utf-8', content: Buffer.from(csv, 'utf8') }],
    })
    await repo.update(tx, row.id, { nextRunAt: next, lastSentAt: now })
    return true
  })
}

/** The list's export run as the seller who owns the schedule (the seller's own rights: the route's checks pass). */
function sellerContext(deps: AppDeps, sellerId: number, userId: number): Ctx {
  return systemContext(deps, {
    requestId: `csv-export-${sellerId}`,
    actor: { userId, sessionId: 'csv-export', profileId: null, profileType: 'seller', sellerId, permissions: [], confirmed: true },
  })
}

/** Keeps the wanted columns of a CSV made with all of them, in the wanted order (cells stay as made: already neutralised). */
export function pickColumns(csv: string, columns: readonly string[]): string {
  if (columns.length === 0) return csv
  const records = parse(csv, { columns: true, skip_empty_lines: true }) as Record<string, string>[]
  return stringify(records.map((r) => columns.map((c) => r[c] ?? '')), { header: true, columns: [...columns] })
}

/** The schedule's CSV; null when its saved filters no longer parse (the list changed since). */
async function csvOf(deps: AppDeps, list: CsvExportListKind, schedule: repo.CsvExportRow): Promise<string | null> {
  if (list === 'orders') {
    return orderLists.scheduledOrdersCsv(deps, schedule.sellerId, { filters: schedule.filters, columns: schedule.columns, decimalSeparator: schedule.decimalSeparator })
  }
  const account = await repo.sellerAccount(deps.db, schedule.sellerId)
  if (!account) return null
  const ctx = sellerContext(deps, schedule.sellerId, account.userId)
  const run = async <Q>(schema: { safeParse(v: unknown): { success: true; data: Q } | { success: false } }, make: (q: Q) => Promise<string>) => {
    const parsed = schema.safeParse(schedule.filters)
    return parsed.success ? pickColumns(await make(parsed.data), schedule.columns) : null
  }
  switch (list) {
    case 'order_rates': return run(orderRateListQuery, (q) => orderRates.exportOrderRatesCsv(ctx, q))
    case 'transfers': return run(transferListQuery, (q) => transfers.exportTransfersCsv(ctx, q))
    case 'invoices': return run(invoiceListQuery, (q) => invoices.exportInvoicesCsv(ctx, q))
    case 'payment_tickets': return run(paymentTicketListQuery, (q) => tickets.exportPaymentTicketsCsv(ctx, q))
    case 'payers': return run(payerListQuery, (q) => payers.exportPayersCsv(ctx, q))
    case 'payouts': return run(payoutListQuery, (q) => payouts.exportPayoutsCsv(ctx, 'cabinet', q))
  }
}
