import { z } from 'zod'
import { zIdParam, zText } from '../validation/storable'
import { paymentStates } from '../states/payment'
import { zCountryCode } from '../validation'
import { listQuery } from './lists'

// Invoices, reversal (cancellation) invoices and transfers (docs/decisions/0029-invoices-and-transfers.md, docs/reference/readings.md 7 and 10): the seller's
// lists /cabinet/invoices and /cabinet/transfers with their filters and CSV exports, the invoice numbering
// settings, and the payer's own invoices. docs/decisions/0029-invoices-and-transfers.md.

/**
 * invoice: a successful charge (0 too: a free order, a trial's start); reversal: the cancellation invoice
 * of a refund or a chargeback; reissue: the invoice issued again when a dispute is won.
 */
export const invoiceKinds = ['invoice', 'reversal', 'reissue'] as const
export type InvoiceKind = (typeof invoiceKinds)[number]

/** A payment's kind as the transfers list filters it (the spec's `transferable_type`). */
export const transferableTypes = ['charge', 'refund', 'chargeback'] as const

const isoTime = z.iso.datetime({ offset: true })
const id = zIdParam()
/** Minor units; amounts filter on the invoice's gross (a reversal's magnitude) or the payment's amount. */
const amountParam = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER)

// ------------------------------------------------------------------ settings

/** The prefix printed before the number: letters, digits and a few separators, up to 20 characters. */
export const invoicePrefix = zText().trim().max(20).regex(/^[A-Za-z0-9/_.#-]*$/, 'invalid_value')

/** PUT /cabinet/invoice_settings. `start_number` may only be raised above the numbers already used. */
export const invoiceSettingsInput = z.strictObject({
  prefix: invoicePrefix,
  start_number: z.number().int().min(1).max(999_999_999),
  footer: zText().trim().max(500).nullable().optional(),
  /** Mail each invoice and reversal to the payer with its PDF attached. */
  email_to_payer: z.boolean().optional(),
})
export type InvoiceSettingsInput = z.infer<typeof invoiceSettingsInput>

export const invoiceSettingsOutput = z.object({
  prefix: z.string(),
  start_number: z.number().int(),
  /** The number the next invoice or reversal gets. */
  next_number: z.number().int(),
  /** The lowest start number the seller may set now (the next number once invoices exist). */
  min_start_number: z.number().int(),
  footer: z.string().nullable(),
  email_to_payer: z.boolean(),
  /** What the next document will be called, e.g. "INV-1". */
  next_invoice_number: z.string(),
})
export type InvoiceSettingsOutput = z.infer<typeof invoiceSettingsOutput>

// ------------------------------------------------------------------ invoices

export const invoiceSortKeys = ['id', 'issued_at', 'number', 'gross_amount'] as const

/** GET /cabinet/invoices and its CSV: the list parameters and the filters of docs/reference/accounts-and-orders.md §7. */
export const invoiceListQuery = listQuery.extend({
  sort_key: z.enum(invoiceSortKeys).optional(),
  invoice_number: zText().trim().max(60).optional(),
  kind: z.enum(invoiceKinds).optional(),
  order_id: id.optional(),
  product_id: id.optional(),
  invoice_created_from: isoTime.optional(),
  invoice_created_till: isoTime.optional(),
  amount: amountParam.optional(),
  amount_from: amountParam.optional(),
  amount_to: amountParam.optional(),
})
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>

export const invoiceLineOutput = z.object({
  name: z.string(),
  quantity: z.number().int(),
  net_amount: z.number().int(),
  vat_amount: z.number().int(),
  gross_amount: z.number().int(),
  vat_rate_bps: z.number().int(),
})
export type InvoiceLine = z.infer<typeof invoiceLineOutput>

export const invoiceOutput = z.object({
  id: z.number(),
  kind: z.enum(invoiceKinds),
  number: z.string(),
  order_id: z.number(),
  order_token: z.string(),
  payment_id: z.number(),
  reversed_invoice_id: z.number().nullable(),
  reversed_invoice_number: z.string().nullable(),
  product_id: z.number(),
  product_name: z.string(),
  payer_name: z.string(),
  payer_email: z.string(),
  currency: z.string(),
  net_amount: z.number().int(),
  vat_amount: z.number().int(),
  gross_amount: z.number().int(),
  lines: z.array(invoiceLineOutput),
  /** The document's statement: a trial's first charge, why it was reversed or re-issued. */
  note: z.string().nullable(),
  vat_note: z.string().nullable(),
  issued_at: z.string(),
  pdf_url: z.string(),
})
export type InvoiceOutput = z.infer<typeof invoiceOutput>

export const invoiceIdParams = z.object({ id: zIdParam() })

/** The CSV columns of the invoices list, in order. */
export const invoiceCsvColumns = [
  'id', 'number', 'kind', 'issued_at', 'order_id', 'transfer_id', 'reversed_invoice_number', 'product_id', 'product_name',
  'payer_name', 'payer_email', 'payer_company', 'payer_country', 'payer_vat', 'net', 'vat', 'gross', 'currency_key', 'vat_note', 'note',
] as const

// ------------------------------------------------------------------ transfers

export const transferSortKeys = ['id', 'created_at', 'amount', 'state'] as const

/** GET /cabinet/transfers and its CSV: the seller's payments (charges, refunds, chargebacks). */
export const transferListQuery = listQuery.extend({
  sort_key: z.enum(transferSortKeys).optional(),
  state: z.enum(paymentStates).optional(),
  transferable_type: z.enum(transferableTypes).optional(),
  provider: zText().trim().max(40).optional(),
  payment_method: zText().trim().max(40).optional(),
  order_id: id.optional(),
  product_id: id.optional(),
  transfer_country_code: zCountryCode.optional(),
  amount: amountParam.optional(),
  amount_from: amountParam.optional(),
  amount_to: amountParam.optional(),
})
export type TransferListQuery = z.infer<typeof transferListQuery>

export const transferOutput = z.object({
  id: z.number(),
  /** charge | refund | chargeback (transferable_type) */
  kind: z.string(),
  state: z.string(),
  order_id: z.number(),
  order_token: z.string(),
  rate_number: z.number().nullable(),
  parent_payment_id: z.number().nullable(),
  product_id: z.number(),
  product_name: z.string(),
  provider: z.string(),
  payment_method: z.string(),
  amount: z.number().int(),
  refunded_amount: z.number().int(),
  currency: z.string(),
  payer_name: z.string(),
  payer_email: z.string(),
  payer_country: z.string().nullable(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  failure_reason: z.string().nullable(),
  provider_ref: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
})
export type TransferOutput = z.infer<typeof transferOutput>

/** The payments that give money back: refunds and chargebacks. */
export const refundKinds = ['refund', 'chargeback'] as const

/** GET /admin/refunds: every seller's refunds and chargebacks (managers), with the transfers' filters and one seller. */
export const adminRefundListQuery = transferListQuery.omit({ transferable_type: true }).extend({
  transferable_type: z.enum(refundKinds).optional(),
  seller_id: id.optional(),
})
export type AdminRefundListQuery = z.infer<typeof adminRefundListQuery>

export const adminRefundOutput = transferOutput.extend({
  seller_id: z.number(),
  seller_username: z.string().nullable(),
})
export type AdminRefundOutput = z.infer<typeof adminRefundOutput>

export const transferCsvColumns = [
  'id', 'transferable_type', 'state', 'created_at', 'completed_at', 'order_id', 'rate_number', 'parent_transfer_id', 'product_id',
  'product_name', 'provider', 'payment_method', 'amount', 'refunded_amount', 'currency_key', 'payer_name', 'payer_email', 'payer_country',
  'card_brand', 'card_last4', 'failure_reason', 'provider_ref',
] as const

// ------------------------------------------------------------------ the payer's invoices

export const payerInvoicesQuery = z.object({ seller_id: zIdParam().optional() })

export const payerInvoiceOutput = z.object({
  id: z.number(),
  kind: z.enum(invoiceKinds),
  number: z.string(),
  seller_id: z.number(),
  order_token: z.string(),
  product_name: z.string(),
  reversed_invoice_number: z.string().nullable(),
  currency: z.string(),
  gross_amount: z.number().int(),
  issued_at: z.string(),
  pdf_url: z.string(),
})
export type PayerInvoiceOutput = z.infer<typeof payerInvoiceOutput>
export const payerInvoicesOutput = z.object({ list: z.array(payerInvoiceOutput) })
