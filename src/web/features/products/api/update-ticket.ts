import type { UpdateTicketInput } from '../../../../shared/schemas/catalog'
import { api } from '../../../lib/api'
import type { Product } from './types'

/** PATCH /cabinet/products/{id}/tickets/{ticket_id}. */
export function updateTicket(productId: number, ticketId: number, input: UpdateTicketInput): Promise<Product> {
  return api.patch<Product>(`/cabinet/products/${productId}/tickets/${ticketId}`, input, { silent: true })
}
