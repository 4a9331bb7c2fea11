import { AppError } from '../../../shared/errors'
import { paymentTicketCodePattern, type CheckInOutput } from '../../../shared/schemas/payment-tickets'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import * as repo from './payment-tickets.repository'
import { attendeeName } from './payment-tickets.service'

// Check in a ticket at the entrance (POST /api/v1/cabinet/payment_tickets/check_in): the scanner's and the
// check-in page's one use case. Admission is one conditional UPDATE on state = 'unused', so of two scans at
// once one wins (README.md of this module); an unused ticket of an ended event expires first
// (docs/decisions/0018-payment-tickets-expire-when-read.md).

/**
 * Admits the ticket once. The seller (or a team member with tickets.write) of the ticket's seller only;
 * another seller's or an unknown code is 404. A second scan is 409 already_used with the first used_at;
 * a refunded, expired or invalidated ticket is 409 ticket_not_valid with its state.
 */
export async function checkInTicket(ctx: Ctx, input: { code: string }): Promise<CheckInOutput> {
  const sellerId = actingSellerId(ctx.actor, 'tickets.write')
  const code = input.code.trim()
  if (!paymentTicketCodePattern.test(code)) throw new AppError('not_found', 'This ticket does not exist')
  const userId = ctx.actor!.userId
  return ctx.db.transaction(async (tx) => {
    await repo.expireEnded(tx, { sellerId, code }, ctx.now)
    const admitted = await repo.markUsed(tx, sellerId, code, userId, ctx.now)
    const detail = await repo.detailByCode(tx, code)
    if (!detail || detail.ticket.sellerId !== sellerId) throw new AppError('not_found', 'This ticket does not exist')
    const t = detail.ticket
    if (admitted) {
      await ctx.deps.platformEvents.emit(ctx.deps, tx, {
        type: 'payment_ticket.used', sellerId, orderId: t.orderId, productIds: [t.productId], occurredAt: ctx.now,
        data: { payment_ticket_id: t.id, code: t.code, order_id: t.orderId, product_id: t.productId, ticket_name: detail.ticketName, used_at: admitted.usedAt!.toISOString() },
      })
      return {
        state: 'used' as const, used_at: admitted.usedAt!.toISOString(), id: t.id, code: t.code, product_name: detail.productName,
        ticket_name: detail.ticketName, attendee_name: attendeeName(detail),
      }
    }
    if (t.state === 'used') {
      const error = new AppError('already_used', 'This ticket was already used')
      error.details = { state: 'used', used_at: t.usedAt?.toISOString() ?? null, attendee_name: attendeeName(detail), ticket_name: detail.ticketName }
      throw error
    }
    const error = new AppError('ticket_not_valid', `This ticket is ${t.state}`)
    error.details = { state: t.state, attendee_name: attendeeName(detail), ticket_name: detail.ticketName }
    throw error
  })
}
