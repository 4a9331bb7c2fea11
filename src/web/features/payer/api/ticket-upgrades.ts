import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { createOrderOutput } from '../../../../shared/schemas/checkout'
import type { ticketUpgradeOptionsOutput } from '../../../../shared/schemas/ticket-upgrades'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type TicketUpgradeOptions = Camelize<z.output<typeof ticketUpgradeOptionsOutput>>
export type UpgradeOrder = Camelize<z.output<typeof createOrderOutput>>

/**
 * GET /payer/payment_tickets/{id}/upgrades. Silent: a seller without the ticket_upgrade flag answers 403 and
 * the button simply does not show.
 */
export function ticketUpgradeOptionsQuery(paymentTicketId: number) {
  return queryOptions({
    queryKey: ['payer', 'payment_tickets', paymentTicketId, 'upgrades'],
    queryFn: ({ signal }) => api.get<TicketUpgradeOptions>(`/payer/payment_tickets/${paymentTicketId}/upgrades`, { signal, silent: true }),
    retry: false,
  })
}

/** POST /payer/payment_tickets/{id}/upgrades; the key travels in the body (the client sets no custom headers). */
export function createTicketUpgrade(paymentTicketId: number, ticketId: number, idempotencyKey: string) {
  return api.post<UpgradeOrder>(`/payer/payment_tickets/${paymentTicketId}/upgrades`, { ticketId, idempotencyKey }, { silent: true })
}
