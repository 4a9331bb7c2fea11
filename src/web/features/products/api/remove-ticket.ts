import { api } from '../../../lib/api'

/** DELETE /cabinet/products/{id}/tickets/{ticket_id}. */
export async function removeTicket(productId: number, ticketId: number): Promise<void> {
  await api.delete(`/cabinet/products/${productId}/tickets/${ticketId}`)
}
