import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { deletionStatusOutput } from '../../../../shared/schemas/accounts'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type DeletionStatus = Camelize<z.output<typeof deletionStatusOutput>>

/** GET /app/user/deletion: where the deletion questionnaire starts and what blocks deletion. */
export function deletionStatusQuery() {
  return queryOptions({
    queryKey: ['app', 'user', 'deletion'],
    queryFn: ({ signal }) => api.get<DeletionStatus>('/app/user/deletion', { signal }),
    staleTime: 0,
  })
}
