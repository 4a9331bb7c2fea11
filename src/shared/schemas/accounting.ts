import { z } from 'zod'
import { datevBookingStates, datevExportStates } from '../states/datev-export'
import { zIdParam, zText } from '../validation/storable'
import { listOutput, listQuery } from './lists'

// The DATEV export (docs/decisions/0076-datev-export.md): the seller's settings, the exports of a period and
// their log of bookings, one per ledger row of the seller's balance.

export const datevCharts = ['SKR03', 'SKR04'] as const
export type DatevChart = (typeof datevCharts)[number]
export const datevBookingTypes = ['sale', 'refund', 'chargeback', 'fee', 'commission', 'payout'] as const
export type DatevBookingType = (typeof datevBookingTypes)[number]

/** The longest period one export covers: a fiscal year and a few days of overlap. */
export const datevMaxPeriodDays = 400

export const datevSettingsInput = z.object({
  consultant_number: z.number().int().min(1001).max(9_999_999).meta({ description: 'The tax consultant\'s DATEV number (Beraternummer), 1001..9999999.', example: 29098 }),
  client_number: z.number().int().min(1).max(99_999).meta({ description: 'The seller\'s client number at the consultant (Mandantennummer), 1..99999.', example: 55003 }),
  chart: z.enum(datevCharts).meta({ description: 'The chart of accounts: SKR03 or SKR04. It picks the accounts of every booking.' }),
  fiscal_year_start_month: z.number().int().min(1).max(12).optional().meta({ description: 'The month the fiscal year starts, 1..12 (default 1).' }),
}).strict()
export type DatevSettingsInput = z.infer<typeof datevSettingsInput>

/** The accounts the chart books on: the seller's clearing account and the counter account per booking type. */
const datevAccounts = z.object({ clearing: z.string() }).extend(Object.fromEntries(datevBookingTypes.map((t) => [t, z.string()])) as Record<DatevBookingType, z.ZodString>)

export const datevSettingsOutput = z.object({
  consultant_number: z.number().int(),
  client_number: z.number().int(),
  chart: z.enum(datevCharts),
  fiscal_year_start_month: z.number().int(),
  accounts: datevAccounts,
  updated_at: z.string(),
})
export type DatevSettingsOutput = z.infer<typeof datevSettingsOutput>
/** null until the seller saved settings: an export needs them. */
export const datevSettingsAnswer = z.object({ datev_settings: datevSettingsOutput.nullable() })

export const createDatevExportInput = z.object({
  period_from: z.iso.date().meta({ description: 'The first day of the period (YYYY-MM-DD, UTC).', example: '2026-10-01' }),
  period_till: z.iso.date().meta({ description: `The last day of the period, included; not before period_from, at most ${datevMaxPeriodDays} days after it.`, example: '2026-10-31' }),
}).strict()
export type CreateDatevExportInput = z.infer<typeof createDatevExportInput>

export const datevExportOutput = z.object({
  id: z.number().int(),
  period_from: z.string(),
  period_till: z.string(),
  /** pending | processing | done | failed (src/shared/states/datev-export.ts) */
  state: z.enum(datevExportStates),
  booking_count: z.number().int(),
  /** One file per currency; download each with ?currency=. */
  currencies: z.array(z.string()),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
})
export type DatevExportOutput = z.infer<typeof datevExportOutput>
export const datevExportAnswer = z.object({ datev_export: datevExportOutput })
export const datevExportListQuery = listQuery.pick({ page: true, per: true, sort_dir: true }).extend({
  datev_export_status: z.enum(datevExportStates).optional(),
}).strict()
export type DatevExportListQuery = z.infer<typeof datevExportListQuery>
export const datevExportList = listOutput(datevExportOutput)
export const datevExportParams = z.object({ id: zIdParam() })
export const datevDownloadQuery = z.object({
  currency: z.string().trim().toLowerCase().regex(/^[a-z]{3}$/).optional().meta({ description: 'The file\'s currency; may be left out when the export has one file.' }),
}).strict()

const booleanParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')
export const datevLogListQuery = listQuery.pick({ page: true, per: true, sort_dir: true }).extend({
  booking_type: z.enum(datevBookingTypes).optional(),
  datev_state: z.enum(datevBookingStates).optional(),
  /** The state of the export that took the booking. */
  datev_export_status: z.enum(datevExportStates).optional(),
  datev_export_id: zIdParam().optional(),
  event_key: zText().trim().max(100).optional(),
  event_date_from: z.iso.date().optional(),
  event_date_till: z.iso.date().optional(),
  gen_account: zText().trim().max(20).optional(),
  seller_account: zText().trim().max(20).optional(),
  document_field_1: zText().trim().max(36).optional(),
  /** true: bookings with an order's number in Belegfeld 1; false: those without (payouts, fees of no order). */
  w_document_field_1_present: booleanParam.optional(),
  currency: z.string().trim().toLowerCase().regex(/^[a-z]{3}$/).optional(),
}).strict()
export type DatevLogListQuery = z.infer<typeof datevLogListQuery>

export const datevLogOutput = z.object({
  id: z.number().int(),
  event_key: z.string(),
  event_date: z.string(),
  booking_type: z.enum(datevBookingTypes),
  /** minor units, positive; debit_credit says the direction on the seller's account */
  amount: z.number().int(),
  currency: z.string(),
  /** S: the seller's clearing account debited (money to the seller), H: credited. */
  debit_credit: z.enum(['S', 'H']),
  gen_account: z.string(),
  seller_account: z.string(),
  /** Belegfeld 1: the order's number, or `ledger-<entry id>` when the booking belongs to no order. */
  document_field_1: z.string(),
  datev_state: z.enum(datevBookingStates),
  datev_export_id: z.number().int().nullable(),
  datev_export_status: z.enum(datevExportStates).nullable(),
})
export type DatevLogOutput = z.infer<typeof datevLogOutput>
export const datevLogList = listOutput(datevLogOutput)
