import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { acceptAffiliateProgramInput, marketplaceItem, publicAffiliateProgramOutput } from '../../../../shared/schemas/affiliates'
import { listParams, type ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import type { AffiliateNode } from './nodes'
import { invalidateParticipations } from './nodes'

// The marketplace (GET /common/affiliate_marketplace), a program's public detail
// (GET /common/affiliate_programs/{id}) and joining it (POST /common/affiliate_programs/{id}/accept).

export type MarketplaceTab = 'programs' | 'products' | 'sellers'
export type MarketplaceItem = Camelize<z.infer<typeof marketplaceItem>>
export type PublicProgram = Camelize<z.infer<typeof publicAffiliateProgramOutput>>
export type AcceptInput = z.input<typeof acceptAffiliateProgramInput>

export function marketplaceQuery(tab: MarketplaceTab, state: ListState) {
  return queryOptions({
    queryKey: ['common', 'affiliate_marketplace', tab, state],
    queryFn: ({ signal }) => api.get<{ list: MarketplaceItem[]; totalCount: number; totalCountMax: number }>(
      '/common/affiliate_marketplace', { signal, query: { tab, ...listParams(state) } },
    ),
    placeholderData: keepPreviousData,
  })
}

export function publicProgramQuery(id: number) {
  return queryOptions({
    queryKey: ['common', 'affiliate_programs', id],
    queryFn: ({ signal }) => api.get<{ affiliateProgram: PublicProgram }>(`/common/affiliate_programs/${id}`, { signal })
      .then((answer) => answer.affiliateProgram),
    enabled: id > 0,
  })
}

/** Joins a program; a 400 `birthday_required` asks the caller to ask the birthday and call again. */
export async function acceptProgram(id: number, input: AcceptInput): Promise<AffiliateNode> {
  const answer = await api.post<{ affiliateNode: AffiliateNode }>(`/common/affiliate_programs/${id}/accept`, input, { silent: true })
  await invalidateParticipations()
  return answer.affiliateNode
}
