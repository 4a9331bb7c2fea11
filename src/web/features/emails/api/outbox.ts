import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { outboxItem } from '../../../../shared/schemas/email'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'

export type OutboxItem = Camelize<z.output<typeof outboxItem>>
export type OutboxList = { list: OutboxItem[]; totalCount: number; totalCountMax: number }

/** GET /admin/email_logs: the stored mails of the platform (managers only). */
export function outboxQuery(state: ListState) {
  return queryOptions({
    queryKey: ['admin', 'email_logs', state],
    queryFn: ({ signal }) => api.get<OutboxList>('/admin/email_logs', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}
