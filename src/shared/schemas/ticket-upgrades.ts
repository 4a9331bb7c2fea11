import { z } from 'zod'
import { zId, zIdParam, zText } from '../validation/storable'
import { zPaymentMethodInput } from '../payments'

// Ticket upgrades (docs/reference/readings.md 8, behind the seller's ticket_upgrade flag): the payer of an unused payment
// ticket sees the better ticket types of the same event with the difference to pay, and chooses one; that
// makes an order of type ticket_upgrade paid like a checkout. The signed-in payer uses /payer/...; whoever
// holds the ticket's order token uses /shop/orders/{token}/... . Amounts are integers of minor units.

const id = () => zIdParam()

export const ticketUpgradeParams = z.object({ id: id() })
export const ticketUpgradeTokenParams = z.object({ token: zText().min(1).max(100), id: id() })

export const ticketUpgradeOption = z.object({
  ticket_id: z.number(),
  name: z.string(),
  /** The better type's price for this payer (gross, VAT as a checkout computes it). */
  price_amount: z.number(),
  /** What the upgrade charges: price_amount minus what was paid for this ticket, never negative. */
  difference_amount: z.number(),
  net_amount: z.number(),
  vat_amount: z.number(),
  vat_rate_bps: z.number(),
  /** Left of the type's limit; null without a limit. */
  available: z.number().nullable(),
})

export const ticketUpgradeOptionsOutput = z.object({
  payment_ticket_id: z.number(),
  ticket_id: z.number(),
  ticket_name: z.string(),
  /** What was paid for this ticket so far (gross). */
  paid_amount: z.number(),
  currency: z.string(),
  options: z.array(ticketUpgradeOption),
  /** The methods the payer may pay the difference with (empty when every option is free). */
  payment_methods: z.array(z.string()),
})
export type TicketUpgradeOptionsOutput = z.infer<typeof ticketUpgradeOptionsOutput>

/**
 * POST .../upgrades: the better ticket type chosen. Without a method the order's own method is used while
 * the seller still offers it. The Idempotency-Key goes in the header, or in the body for clients that
 * cannot set headers (the web app's client).
 */
export const createTicketUpgradeInput = z.strictObject({
  ticket_id: zId(),
  payment_method: zPaymentMethodInput.optional(),
  idempotency_key: zText().min(8).max(200).optional(),
})
export type CreateTicketUpgradeInput = z.infer<typeof createTicketUpgradeInput>
