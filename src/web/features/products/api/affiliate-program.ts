import { queryOptions } from '@tanstack/react-query'
import type { AffiliateProgramOutput } from '../../../../shared/schemas/affiliates'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The market upsell step's affiliate program (docs/decisions/0048-affiliates.md): a product is in at most one
// of the seller's programs. The programs list names each program's products; the key is the affiliate
// pages' own, so both views share one cache.

export type ProgramChoice = Pick<Camelize<AffiliateProgramOutput>, 'id' | 'name' | 'commission' | 'products'>

export const affiliateProgramsKey = ['cabinet', 'affiliates'] as const

export function affiliateProgramChoicesQuery() {
  return queryOptions({
    queryKey: [...affiliateProgramsKey, 'programs', 'all'],
    queryFn: ({ signal }) => api.get<{ list: ProgramChoice[]; totalCount: number }>('/cabinet/affiliate_programs', { signal, query: { per: 500, sortKey: 'name', sortDir: 'asc' } }),
    staleTime: 30_000,
  })
}

/** PUT /cabinet/products/{id}/affiliate_program: into a program, or out of any (null). */
export async function setAffiliateProgram(productId: number, programId: number | null): Promise<void> {
  await api.put(`/cabinet/products/${productId}/affiliate_program`, { affiliate_program_id: programId }, { silent: true })
}
