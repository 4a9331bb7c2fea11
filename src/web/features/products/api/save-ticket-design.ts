import type { TicketDesignInput } from '../../../../shared/schemas/ticket-designs'
import { api } from '../../../lib/api'
import type { TicketDesign } from './ticket-design'

/** PUT /cabinet/products/{id}/ticket_design: the whole design; answers the saved design. */
export function saveTicketDesign(productId: number, input: TicketDesignInput): Promise<TicketDesign> {
  return api.put<TicketDesign>(`/cabinet/products/${productId}/ticket_design`, input, { silent: true })
}
