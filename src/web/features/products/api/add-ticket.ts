import type { TicketInput } from '../../../../shared/schemas/catalog'
import { api } from '../../../lib/api'
import type { Product } from './types'

/** POST /cabinet/products/{id}/tickets: a ticket type of an eventTickets product. */
export function addTicket(productId: number, input: TicketInput): Promise<Product> {
  return api.post<Product>(`/cabinet/products/${productId}/tickets`, input, { silent: true })
}
