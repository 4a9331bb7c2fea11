import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { cancellationTermsKey, type CancellationTerms, type ListAnswer } from './types'

/** GET /cabinet/cancellation_terms: the seller's terms, one per product form at most. */
export function cancellationTermsQuery() {
  return queryOptions({
    queryKey: [...cancellationTermsKey, 'list'],
    queryFn: ({ signal }) => api.get<ListAnswer<CancellationTerms>>('/cabinet/cancellation_terms', { signal }),
  })
}
