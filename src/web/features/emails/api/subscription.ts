import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { subscriptionOutput } from '../../../../shared/schemas/email'
import { api } from '../../../lib/api'

export type Subscription = z.output<typeof subscriptionOutput>

/** GET /common/emails/unsubscribe/:token: which address and mail category the link is for. */
export function subscriptionQuery(token: string) {
  return queryOptions({
    queryKey: ['common', 'emails', 'unsubscribe', token],
    queryFn: ({ signal }) => api.get<Subscription>(`/common/emails/unsubscribe/${encodeURIComponent(token)}`, { signal, auth: false, silent: true }),
  })
}
