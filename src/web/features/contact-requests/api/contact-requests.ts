import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { ContactRequestOutput } from '../../../../shared/schemas/contact-requests'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'

// What payers sent through the contact forms of the seller's built pages (GET /cabinet/contact_requests).

export type ContactRequest = Camelize<ContactRequestOutput>

export function contactRequestListQuery(state: ListState) {
  return queryOptions({
    queryKey: ['cabinet', 'contact-requests', 'list', state],
    queryFn: ({ signal }) => api.get<{ list: ContactRequest[]; totalCount: number; totalCountMax: number }>('/cabinet/contact_requests', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}
