import { queryOptions } from '@tanstack/react-query'
import type { TicketDesignOutput } from '../../../../shared/schemas/ticket-designs'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type TicketDesign = Camelize<TicketDesignOutput>

export const ticketDesignKey = (productId: number) => ['cabinet', 'products', 'item', productId, 'ticket_design'] as const

/** GET /cabinet/products/{id}/ticket_design: the saved design, or the defaults (`saved: false`). */
export function ticketDesignQuery(productId: number) {
  return queryOptions({
    queryKey: ticketDesignKey(productId),
    queryFn: ({ signal }) => api.get<TicketDesign>(`/cabinet/products/${productId}/ticket_design`, { signal }),
  })
}
