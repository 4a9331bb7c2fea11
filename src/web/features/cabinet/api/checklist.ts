import { queryOptions } from '@tanstack/react-query'
import type { ChecklistOutput } from '../../../../shared/schemas/dashboard'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type Checklist = Camelize<ChecklistOutput>

/** GET /cabinet/dashboard/checklist: the start-selling steps, each done or not from the seller's data. */
export function checklistQuery() {
  return queryOptions({
    queryKey: ['cabinet', 'dashboard', 'checklist'],
    queryFn: ({ signal }) => api.get<Checklist>('/cabinet/dashboard/checklist', { signal }),
    // every step is done elsewhere (profile, wizard, shop): coming back to the dashboard shows it at once
    staleTime: 0,
  })
}
