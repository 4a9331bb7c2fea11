import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { CheckInOutput, PaymentTicketOverviewRow, SellerPaymentTicketOutput } from '../../../../shared/schemas/payment-tickets'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'
import { saveListCsv } from '../../../lib/csv-download'

// The seller's payment tickets: the overview per ticket type, the details list with its filters, the CSV
// export and check-in (POST /cabinet/payment_tickets/check_in).

export type SellerPaymentTicket = Camelize<SellerPaymentTicketOutput>
export type OverviewRow = Camelize<PaymentTicketOverviewRow>
export type CheckedIn = Camelize<CheckInOutput>

export const paymentTicketsKey = ['cabinet', 'payment_tickets'] as const

export function overviewQuery() {
  return queryOptions({
    queryKey: [...paymentTicketsKey, 'overview'],
    queryFn: ({ signal }) => api.get<{ list: OverviewRow[] }>('/cabinet/payment_tickets/overview', { signal }),
  })
}

/** GET /cabinet/payment_tickets: the list parameters and the filters (product_id, ticket_id, state, dates). */
export function ticketListQuery(state: ListState) {
  return queryOptions({
    queryKey: [...paymentTicketsKey, 'list', state],
    queryFn: ({ signal }) => api.get<{ list: SellerPaymentTicket[]; totalCount: number; totalCountMax: number; counts?: Record<string, number> }>(
      '/cabinet/payment_tickets', { signal, query: { ...listParams(state), counts: true } },
    ),
    placeholderData: keepPreviousData,
  })
}

/** The filtered list as CSV, saved as payment_tickets.csv. */
export function exportTicketsCsv(state: ListState): Promise<void> {
  return saveListCsv('/cabinet/payment_tickets/export.csv', state, 'payment_tickets.csv')
}

/** Check-in; the page shows refusals itself (silent), with the first used_at of an already used ticket. */
export function checkInTicket(code: string) {
  return api.post<CheckedIn>('/cabinet/payment_tickets/check_in', { code }, { silent: true })
}
