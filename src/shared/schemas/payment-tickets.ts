import { z } from 'zod'
import { zIdParam, zText } from '../validation/storable'
import { ticketStates } from '../states/payment-ticket'
import { listQuery } from './lists'

// Payment tickets (docs/reference/catalogue-and-selling.md §3 "Payment ticket", docs/reference/accounts-and-orders.md §3): one per ticket bought, each with an
// unguessable code its QR code carries. The seller's lists /cabinet/payment_tickets/overview and /details,
// the CSV export, check-in, and the public ticket files whose secret is the code.

/** 20 random bytes in base64url are 27 characters; anything else is no code of ours. */
export const paymentTicketCodePattern = /^[A-Za-z0-9_-]{27}$/

/** The spec's CSV columns in order; "payer and attendee contact and address fields" spelled out. */
export const paymentTicketCsvColumns = [
  'id', 'event_date', 'qr_code_url', 'code', 'state', 'date', 'product_name', 'ticket_name', 'location', 'transfer_id', 'price',
  'phone_number', 'payer_email', 'payer_first_name', 'payer_last_name', 'payer_company', 'payer_street', 'payer_street_number',
  'payer_zip', 'payer_city', 'payer_state', 'payer_country', 'attendee_email', 'attendee_first_name', 'attendee_last_name',
  'payer_vat', 'order_id',
] as const

/** POST /api/v1/cabinet/payment_tickets/check_in: what a scanner read or a person typed. */
export const checkInInput = z.strictObject({
  code: zText().trim().min(1).max(200),
})
export type CheckInInput = z.infer<typeof checkInInput>

export const checkInOutput = z.object({
  state: z.literal('used'),
  used_at: z.string(),
  id: z.number(),
  code: z.string(),
  product_name: z.string(),
  ticket_name: z.string(),
  attendee_name: z.string(),
})
export type CheckInOutput = z.infer<typeof checkInOutput>

export const paymentTicketCodeParams = z.object({ code: zText().max(200) })

export const paymentTicketSortKeys = ['id', 'created_at', 'event_date', 'state'] as const

/** GET /cabinet/payment_tickets (the details list) and its CSV: the list parameters and the filters. */
export const paymentTicketListQuery = listQuery.extend({
  sort_key: z.enum(paymentTicketSortKeys).optional(),
  product_id: zIdParam().optional(),
  ticket_id: zIdParam().optional(),
  state: z.enum(ticketStates).optional(),
  event_from_time: z.iso.datetime({ offset: true }).optional(),
  event_till_time: z.iso.datetime({ offset: true }).optional(),
})
export type PaymentTicketListQuery = z.infer<typeof paymentTicketListQuery>

export const sellerPaymentTicketOutput = z.object({
  id: z.number(),
  code: z.string(),
  state: z.enum(ticketStates),
  order_id: z.number(),
  order_token: z.string(),
  position: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  ticket_id: z.number(),
  ticket_name: z.string(),
  location: z.string().nullable(),
  event_date: z.string().nullable(),
  price: z.number(),
  currency: z.string(),
  is_free: z.boolean(),
  payer_email: z.string(),
  payer_name: z.string(),
  attendee_name: z.string().nullable(),
  attendee_email: z.string().nullable(),
  used_at: z.string().nullable(),
  qr_url: z.string(),
  pdf_url: z.string(),
  created_at: z.string(),
})
export type SellerPaymentTicketOutput = z.infer<typeof sellerPaymentTicketOutput>

/** One ticket type of one event: how many tickets are in each state. */
export const paymentTicketOverviewRow = z.object({
  product_id: z.number(),
  product_name: z.string(),
  ticket_id: z.number(),
  ticket_name: z.string(),
  location: z.string().nullable(),
  event_date: z.string().nullable(),
  limit: z.number().nullable(),
  /** Every ticket issued except the invalidated ones (replaced by an upgrade). */
  sold: z.number(),
  unused: z.number(),
  used: z.number(),
  refunded: z.number(),
  expired: z.number(),
  invalidated: z.number(),
})
export const paymentTicketOverviewOutput = z.object({ list: z.array(paymentTicketOverviewRow) })
export type PaymentTicketOverviewRow = z.infer<typeof paymentTicketOverviewRow>
