import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import { assertTransition } from '../../../shared/states/transitions'
import { datevExportTransitions, type DatevExportState } from '../../../shared/states/datev-export'
import * as repo from './accounting.repository'
import * as orders from '../orders/orders.service'
import { buildDatevFile, type DatevBooking, type DatevHeader } from './datev.format'

// The DATEV export (docs/decisions/0076-datev-export.md): one booking per row of the seller's balance account in the
// ledger, the seller's clearing account against a counter account chosen by the booking type.

export const datevCharts = ['SKR03', 'SKR04'] as const
export type DatevChart = (typeof datevCharts)[number]

export const bookingTypes = ['sale', 'refund', 'chargeback', 'fee', 'commission', 'payout'] as const
export type BookingType = (typeof bookingTypes)[number]

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
  if (kind === 'charge' || kind === 'renewal' || kind === 'direct_collection') return amount <= 0 ? 'sale' : 'refund'
  if (kind === 'refund' || kind === 'reservation_refund') return 'refund'
  if (kind === 'chargeback' || kind === 'chargeback_reversal') return 'chargeback'
  if (kind.startsWith('payout')) return 'payout'
  if (kind.includes('commission') || kind.includes('reseller') || kind.includes('team')) return 'commission'
  if (kind.includes('fee')) return 'fee'
  // Anything else moving the seller's balance: a credit reads as a sale, a debit as a fee.
  return amount < 0 ? 'sale' : 'fee'
}

const bookingTexts: Record<BookingType, string> = {
  sale: 'Verkauf', refund: 'Erstattung', chargeback: 'Rückbuchung', fee: 'Gebühr', commission: 'Provision', payout: 'Auszahlung',
}

export interface LedgerRowForDatev {
  id: number
  kind: string
  amount: number
  currency: string
  createdAt: Date
  orderToken: string | null
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

/** One booking per seller balance ledger row: credited balance (negative amount) debits the clearing account (S), else H. */
export function mapLedgerRow(row: LedgerRowForDatev, chart: DatevChart): MappedBooking {
  const type = bookingTypeOf(row.kind, row.amount)
  const accounts = DATEV_ACCOUNTS[chart]
  return {
    eventKey: `ledger:${row.id}`,
    eventDate: row.createdAt,
    bookingType: type,
    amount: Math.abs(row.amount),
    currency: row.currency,
    genAccount: accounts[type],
    sellerAccount: accounts.clearing,
    documentField1: (row.orderToken ?? `ledger-${row.id}`).slice(0, 36),
    debitCredit: row.amount < 0 ? 'S' : 'H',
  }
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
 * The period's files, one per currency, built from the seller's ledger rows (no tables yet: the export
 * log, settings and bookings tables are still to come). The header's created-at is the latest booking's
 * time, so the same period gives the same bytes.
 */
export async function buildPeriodFiles(db: Executor, sellerId: number, settings: DatevSettingsInput, periodFrom: Date, periodTill: Date): Promise<{ currency: string; bookingCount: number; bytes: Buffer }[]> {
  const tillEnd = new Date(periodTill.getTime() + 24 * 60 * 60 * 1000 - 1)
  const rows = await orders.sellerLedgerRows(db, sellerId, periodFrom, tillEnd)
  const mapped = rows.map((r) => mapLedgerRow({ ...r, amount: Number(r.amount) }, settings.chart))
  const currencies = [...new Set(mapped.map((m) => m.currency))].sort()
  return currencies.map((currency) => {
    const bookings = mapped.filter((m) => m.currency === currency)
    const latest = bookings.reduce((t, b) => Math.max(t, b.eventDate.getTime()), periodFrom.getTime())
    const header: DatevHeader = {
      consultantNumber: settings.consultantNumber, clientNumber: settings.clientNumber,
      fiscalYearStart: fiscalYearStart(periodFrom, settings.fiscalYearStartMonth), accountLength: 4,
      periodFrom, periodTill, description: 'Sellfront Buchungsstapel', currency, createdAt: new Date(latest),
    }
    return { currency, bookingCount: bookings.length, bytes: buildDatevFile(header, bookings.map(toDatevBooking)) }
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
      await repo.insertBookings(tx, rows.map((r) => {
        const m = mapLedgerRow({ ...r, amount: Number(r.amount) }, chart)
        return {
          sellerId: started.sellerId, eventKey: m.eventKey, eventDate: m.eventDate, bookingType: m.bookingType, amount: m.amount,
          debitCredit: m.debitCredit, currency: m.currency, genAccount: m.genAccount, sellerAccount: m.sellerAccount, documentField1: m.documentField1,
        }
      }))
      const bookings = await repo.bookingsInPeriod(tx, started.sellerId, from, till)
      const currencies = [...new Set(bookings.map((b) => b.currency))].sort()
      const files = currencies.map((currency) => {
        const mine = bookings.filter((b) => b.currency === currency)
        const latest = mine.reduce((t, b) => Math.max(t, b.eventDate.getTime()), from.getTime())
        const header: DatevHeader = {
          consultantNumber: settings.consultantNumber, clientNumber: settings.clientNumber,
          fiscalYearStart: fiscalYearStart(from, settings.fiscalYearStartMonth), accountLength: 4,
          periodFrom: from, periodTill: dayStart(started.periodTill), description: 'Sellfront Buchungsstapel', currency, createdAt: new Date(latest),
        }
        const lines = mine.map((b) => toDatevBooking({
          eventKey: b.eventKey, eventDate: b.eventDate, bookingType: b.bookingType as BookingType, amount: b.amount, currency: b.currency,
          genAccount: b.genAccount, sellerAccount: b.sellerAccount, documentField1: b.documentField1, debitCredit: b.debitCredit as 'S' | 'H',
        }))
        return { currency, bytes: buildDatevFile(header, lines).toString('base64') }
      })
      await repo.markExported(tx, exportId, bookings.map((b) => b.id))
      await repo.updateExport(tx, exportId, { state: 'done', files, bookingCount: bookings.length, finishedAt: deps.now() })
    })
  } catch (error) {
    await repo.updateExport(deps.db, exportId, { state: 'failed', error: error instanceof Error ? error.message : String(error) })
  }
}
