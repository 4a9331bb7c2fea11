import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { payerCommunityListOutput } from '../../../../shared/schemas/community'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type PayerCommunities = Camelize<z.output<typeof payerCommunityListOutput>>

/**
 * GET /payer/communities: the communities of the memberships the payer holds now (docs/decisions/0083-community.md);
 * each purchase of one links to its community page.
 */
export function payerCommunitiesQuery() {
  return queryOptions({
    queryKey: ['payer', 'communities'],
    queryFn: ({ signal }) => api.get<PayerCommunities>('/payer/communities', { signal, silent: true }),
  })
}
