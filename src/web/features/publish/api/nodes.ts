import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { AffiliateNodeOutput } from '../../../../shared/schemas/affiliates'
import { listParams, type ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { queryClient } from '../../../lib/query-client'

// The publisher's participations: GET /publish/affiliate_nodes (every node), GET /publish/affiliate_programs
// (the programs taken part in, same shape), PATCH /publish/affiliate_nodes/{id} (end the participation).

export type AffiliateNode = Camelize<AffiliateNodeOutput>
export type NodeList = { list: AffiliateNode[]; totalCount: number; totalCountMax: number }

export function affiliateNodesQuery(state: ListState) {
  return queryOptions({
    queryKey: ['publish', 'affiliate_nodes', state],
    queryFn: ({ signal }) => api.get<NodeList>('/publish/affiliate_nodes', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

export function myProgramsQuery(state: ListState) {
  return queryOptions({
    queryKey: ['publish', 'affiliate_programs', state],
    queryFn: ({ signal }) => api.get<NodeList>('/publish/affiliate_programs', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

/** Every participation (up to 500), for selects. */
export function allNodesQuery() {
  return queryOptions({
    queryKey: ['publish', 'affiliate_nodes', 'all'],
    queryFn: ({ signal }) => api.get<NodeList>('/publish/affiliate_nodes', { signal, query: { per: 500 } }),
  })
}

export async function cancelNode(id: number): Promise<AffiliateNode> {
  const answer = await api.patch<{ affiliateNode: AffiliateNode }>(`/publish/affiliate_nodes/${id}`, { state: 'canceled' }, { silent: true })
  await invalidateParticipations()
  return answer.affiliateNode
}

export function invalidateParticipations(): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['publish', 'affiliate_nodes'] }),
    queryClient.invalidateQueries({ queryKey: ['publish', 'affiliate_programs'] }),
    queryClient.invalidateQueries({ queryKey: ['common', 'affiliate_programs'] }),
  ]).then(() => undefined)
}
