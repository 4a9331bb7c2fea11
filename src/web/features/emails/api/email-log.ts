import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { emailLogOutput } from '../../../../shared/schemas/email'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type EmailLog = Camelize<z.output<typeof emailLogOutput>>

/** GET /common/email_logs/:token: one stored mail, opened through the link only. */
export function emailLogQuery(token: string) {
  return queryOptions({
    queryKey: ['common', 'email_logs', token],
    queryFn: ({ signal }) => api.get<EmailLog>(`/common/email_logs/${encodeURIComponent(token)}`, { signal, auth: false, silent: true }),
  })
}
