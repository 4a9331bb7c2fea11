import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'

/** GET /cabinet/legal_texts, only whether the seller reviewed them (the dashboard's warning; silent: a team member without the right sees no warning and no toast). */
export function legalTextsReviewQuery() {
  return queryOptions({
    queryKey: ['cabinet', 'legal-texts', 'review'],
    queryFn: async ({ signal }) => (await api.get<{ reviewedAt: string | null }>('/cabinet/legal_texts', { signal, silent: true })).reviewedAt,
  })
}
