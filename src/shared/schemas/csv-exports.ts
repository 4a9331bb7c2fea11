import { z } from 'zod'
import { allRules, byValue } from '../validation/document-rules'
import { zText } from '../validation/storable'
import { invoiceCsvColumns, invoiceListQuery, transferCsvColumns, transferListQuery } from './invoices'
import { csvExportFrequencies, decimalSeparators, orderCsvColumns, orderListQuery } from './order-lists'
import { orderRateCsvColumns, orderRateListQuery } from './order-rates'
import { payerCsvColumns, payerListQuery } from './payers'
import { paymentTicketCsvColumns, paymentTicketListQuery } from './payment-tickets'
import { payoutCsvColumns, payoutListQuery } from './payouts'

// Scheduled CSV exports of every list that has a CSV (docs/decisions/0030-orders-list-detail-and-csv-exports.md,
// generalised in docs/decisions/0057-orders-area-remains.md): a schedule names its list kind (orders when
// absent, the original contract), the columns (all of the list's when absent) and the list's own filters.

export const csvExportListKinds = ['orders', 'order_rates', 'transfers', 'invoices', 'payment_tickets', 'payers', 'payouts'] as const
export type CsvExportListKind = (typeof csvExportListKinds)[number]

/** Each list kind's CSV columns (the columns of its export.csv route). */
export const csvExportColumnsOf: Record<CsvExportListKind, readonly string[]> = {
  orders: orderCsvColumns, order_rates: orderRateCsvColumns, transfers: transferCsvColumns, invoices: invoiceCsvColumns,
  payment_tickets: paymentTicketCsvColumns, payers: payerCsvColumns, payouts: payoutCsvColumns,
}

const withoutPaging = { page: true, per: true, counts: true, expand: true } as const

/** What a schedule may save as filters for each list kind: the list's query without paging (unknown keys refused). */
export const csvExportFiltersOf = {
  orders: z.strictObject(orderListQuery.omit(withoutPaging).shape),
  order_rates: z.strictObject(orderRateListQuery.omit(withoutPaging).shape),
  transfers: z.strictObject(transferListQuery.omit(withoutPaging).shape),
  invoices: z.strictObject(invoiceListQuery.omit(withoutPaging).shape),
  payment_tickets: z.strictObject(paymentTicketListQuery.omit(withoutPaging).shape),
  payers: z.strictObject(payerListQuery.omit(withoutPaging).shape),
  payouts: z.strictObject(payoutListQuery.omit(withoutPaging).shape),
} satisfies Record<CsvExportListKind, z.ZodType>

const csvExportFields = {
  /** The list sent; orders when absent. */
  list: z.enum(csvExportListKinds).default('orders'),
  frequency: z.enum(csvExportFrequencies),
  /** weekly: 1..7 (Monday = 1); monthly: 1..28 (every month has it); daily: none. */
  day: z.number().int().min(1).max(28).nullable().optional(),
  /** Columns of the list kind (csvExportColumnsOf), in the order wanted; all of them when absent or empty. */
  columns: z.array(zText().max(60)).max(200).default([]),
  /** Orders: the amounts' decimal separator. Other lists send amounts with a dot. */
  decimal_separator: z.enum(decimalSeparators).default('.'),
  /** The list's filters as the list route takes them (strings as in a query string). */
  filters: z.record(zText(), z.union([zText().max(300), z.array(zText().max(300)).max(50)])).default({}),
  email: z.email().max(254),
  active: z.boolean().default(true),
}

function check(value: { list?: CsvExportListKind; frequency?: string; day?: number | null | undefined; columns?: string[] }, ctx: z.RefinementCtx) {
  if (value.frequency === 'weekly' && (value.day == null || value.day > 7)) ctx.addIssue({ code: 'custom', path: ['day'], message: 'A weekly export needs a day from 1 (Monday) to 7 (Sunday)' })
  if (value.frequency === 'monthly' && value.day == null) ctx.addIssue({ code: 'custom', path: ['day'], message: 'A monthly export needs a day from 1 to 28' })
  const known = csvExportColumnsOf[value.list ?? 'orders']
  for (const [i, column] of (value.columns ?? []).entries()) {
    if (!known.includes(column)) ctx.addIssue({ code: 'custom', path: ['columns', i], message: `${column} is not a column of the ${value.list ?? 'orders'} list` })
  }
}

const dayRule = byValue('frequency', csvExportFrequencies, {
  weekly: { day: { type: 'integer', minimum: 1, maximum: 7 } },
  monthly: { day: { type: 'integer', minimum: 1, maximum: 28 } },
})

// The document names each list's columns: without `list` (orders, the original contract) only the orders
// branch applies, the others need their `list` named.
const columnsRule = {
  anyOf: csvExportListKinds.map((list) => ({
    properties: { list: { type: 'string', enum: [list] }, columns: { type: 'array', items: { type: 'string', enum: [...csvExportColumnsOf[list]] } } },
    ...(list === 'orders' ? {} : { required: ['list'] }),
  })),
}

/** POST /cabinet/csv_exports; PUT /cabinet/csv_exports/{id} takes the whole schedule again. */
export const saveCsvExportInput = z.strictObject(csvExportFields).superRefine(check).meta(allRules(dayRule, columnsRule))
export type SaveCsvExportInput = z.infer<typeof saveCsvExportInput>
export type SaveCsvExportFormInput = z.input<typeof saveCsvExportInput>

export const scheduledCsvExportOutput = z.object({
  id: z.number(),
  list: z.enum(csvExportListKinds),
  frequency: z.enum(csvExportFrequencies),
  day: z.number().nullable(),
  columns: z.array(z.string()),
  decimal_separator: z.enum(decimalSeparators),
  filters: z.record(z.string(), z.unknown()),
  email: z.string(),
  active: z.boolean(),
  next_run_at: z.string(),
  last_sent_at: z.string().nullable(),
  created_at: z.string(),
})
export type ScheduledCsvExportOutput = z.infer<typeof scheduledCsvExportOutput>
