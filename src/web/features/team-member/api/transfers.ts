import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { publisherTransferOutput } from '../../../../shared/schemas/affiliates'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// GET /team_member/transfers: the ledger movements of the team member's own balance.

export type TeamMemberTransfer = Camelize<z.infer<typeof publisherTransferOutput>>
type ListAnswer<T> = { list: T[]; totalCount: number; totalCountMax: number }

export function teamMemberTransfersQuery(page: number, per: number) {
  return queryOptions({
    queryKey: ['team_member', 'transfers', page, per],
    queryFn: ({ signal }) => api.get<ListAnswer<TeamMemberTransfer>>('/team_member/transfers', { signal, query: { page, per } }),
    placeholderData: keepPreviousData,
  })
}
