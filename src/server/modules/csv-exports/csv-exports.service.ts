import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { orderListQuery, type CreateCsvExportInput, type CsvExportOutput, type UpdateCsvExportInput } from '../../../shared/schemas/order-lists'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { AppDeps } from '../../deps'
import * as email from '../email/email.service'
import * as orderLists from '../orders/order-lists.service'
import * as repo from './csv-exports.repository'
import { nextRunAt, type ExportFrequency } from './csv-exports.schedule'

// Scheduled CSV exports (/cabinet/csv_exports, docs/decisions/0030-orders-list-detail-and-csv-exports.md): a seller saves a list's columns,
// decimal separator and filters with a frequency and a day; a sweep every 15 minutes (csv-exports.jobs.ts)
// mails each due export with the CSV attached. The mail is queued in the same transaction that moves next_run_at on, under the
// schedule's row lock, so a sweep run twice (or by two workers) sends each export once per due time.

/** At most this many exports per sweep; the next sweep takes the rest. */
const sweepBatch = 50

/** What a schedule may save as filters: the list's query without paging (unknown keys refused). */
const savedOrderFilters = z.strictObject(orderListQuery.omit({ page: true, per: true, counts: true, expand: true }).shape)

function output(row: repo.CsvExportRow): CsvExportOutput {
  return {
    id: row.id, list: row.list as CsvExportOutput['list'], frequency: row.frequency as CsvExportOutput['frequency'], day: row.day, columns: row.columns,
    decimal_separator: row.decimalSeparator === ',' ? ',' : '.', filters: row.filters, email: row.email, active: row.active,
    next_run_at: row.nextRunAt.toISOString(), last_sent_at: row.lastSentAt?.toISOString() ?? null, created_at: row.createdAt.toISOString(),
  }
}

function checkFilters(filters: Record<string, unknown>) {
  const parsed = savedOrderFilters.safeParse(filters)
  if (!parsed.success) {
    throw new AppError('validation_failed', 'These filters are not filters of the orders list',
      parsed.error.issues.map((i) => ({ path: ['filters', ...i.path.map(String)].join('.'), message: i.message })))
  }
}

function dayOf(input: CreateCsvExportInput): number | null {
  return input.frequency === 'daily' ? null : (input.day ?? null)
}

export async function listExports(ctx: Ctx): Promise<{ list: CsvExportOutput[] }> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  return { list: (await repo.listOfSeller(ctx.db, sellerId)).map(output) }
}

export async function createExport(ctx: Ctx, input: CreateCsvExportInput): Promise<CsvExportOutput> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  checkFilters(input.filters)
  const day = dayOf(input)
  const row = await repo.insert(ctx.db, {
    sellerId, list: input.list, frequency: input.frequency, day, columns: input.columns, decimalSeparator: input.decimal_separator, filters: input.filters,
    email: input.email, active: input.active, nextRunAt: nextRunAt(input.frequency, day, ctx.now), createdAt: ctx.now, updatedAt: ctx.now,
  })
  return output(row)
}

export async function updateExport(ctx: Ctx, id: number, input: UpdateCsvExportInput): Promise<CsvExportOutput> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  checkFilters(input.filters)
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
  const csv = await orderLists.scheduledOrdersCsv(deps, schedule.sellerId, { filters: schedule.filters, columns: schedule.columns, decimalSeparator: schedule.decimalSeparator })
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
      link: `${deps.config.appUrl}/cabinet/orders`,
      attachments: [{ filename: `orders-${stamp}.csv`, contentType: 'text/csv; charset=utf-8', content: Buffer.from(csv, 'utf8') }],
    })
    await repo.update(tx, row.id, { nextRunAt: next, lastSentAt: now })
    return true
  })
}
