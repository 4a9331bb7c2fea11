import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  AffiliateNodeOutput, AffiliateProgramOutput, AffiliateStatisticsOutput, CreateAffiliateProgramInput, UpdateAffiliateProgramInput,
  affiliateStatisticsQuery, updateAffiliateNodeInput,
} from '../../../../shared/schemas/affiliates'
import { listParams, type ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The seller's affiliate calls (docs/decisions/0048-affiliates.md; schemas in src/shared/schemas/affiliates.ts):
// programs, the publishers' participations (nodes), the statistics, and a product's program.

export type AffiliateProgram = Camelize<AffiliateProgramOutput>
export type AffiliateNode = Camelize<AffiliateNodeOutput>
export type AffiliateStatistics = Camelize<AffiliateStatisticsOutput>
export type StatisticsQuery = Omit<z.input<typeof affiliateStatisticsQuery>, 'affiliate_program_id'> & { affiliate_program_id?: number }
type ListAnswer<T> = { list: T[]; totalCount: number; totalCountMax: number }

export const affiliatesKey = ['cabinet', 'affiliates'] as const
const programsKey = [...affiliatesKey, 'programs'] as const
const nodesKey = [...affiliatesKey, 'nodes'] as const

/** GET /cabinet/affiliate_programs: one page of the seller's programs. */
export function programListQuery(state: ListState) {
  return queryOptions({
    queryKey: [...programsKey, 'list', state],
    queryFn: ({ signal }) => api.get<ListAnswer<AffiliateProgram>>('/cabinet/affiliate_programs', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

/** Every program (names, levels and products) for selects, the products tab and the counts. */
export function allProgramsQuery() {
  return queryOptions({
    queryKey: [...programsKey, 'all'],
    queryFn: ({ signal }) => api.get<ListAnswer<AffiliateProgram>>('/cabinet/affiliate_programs', { signal, query: { per: 500, sortKey: 'name', sortDir: 'asc' } }),
    staleTime: 30_000,
  })
}

export function createProgram(input: CreateAffiliateProgramInput): Promise<{ affiliateProgram: AffiliateProgram }> {
  return api.post('/cabinet/affiliate_programs', input, { silent: true })
}

export function updateProgram(id: number, input: UpdateAffiliateProgramInput): Promise<{ affiliateProgram: AffiliateProgram }> {
  return api.patch(`/cabinet/affiliate_programs/${id}`, input, { silent: true })
}

/** DELETE /cabinet/affiliate_programs/{id}: archives the program. */
export async function archiveProgram(id: number): Promise<void> {
  await api.delete(`/cabinet/affiliate_programs/${id}`)
}

/** GET /cabinet/affiliate_nodes with the list state (filters `state`, `affiliate_program_id`). */
export function nodeListQuery(state: ListState) {
  return queryOptions({
    queryKey: [...nodesKey, 'list', state],
    queryFn: ({ signal }) => api.get<ListAnswer<AffiliateNode>>('/cabinet/affiliate_nodes', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

/** PATCH /cabinet/affiliate_nodes/{id}: accept, reject or end a participation. */
export function updateNode(id: number, state: z.input<typeof updateAffiliateNodeInput>['state']): Promise<{ affiliateNode: AffiliateNode }> {
  return api.patch(`/cabinet/affiliate_nodes/${id}`, { state })
}

/** GET /cabinet/affiliate_statistics: totals, a series per period and rows per group. */
export function statisticsQuery(query: StatisticsQuery) {
  return queryOptions({
    queryKey: [...affiliatesKey, 'statistics', query],
    queryFn: ({ signal }) => api.get<AffiliateStatistics>('/cabinet/affiliate_statistics', { signal, query: { ...query } }),
    placeholderData: keepPreviousData,
  })
}

type ProductItem = { id: number; name: string }

/** GET /cabinet/products (names only): the products a program may contain. */
export function productNamesQuery() {
  return queryOptions({
    queryKey: ['cabinet', 'products', 'list', 'affiliate-options'],
    queryFn: ({ signal }) => api.get<ListAnswer<ProductItem>>('/cabinet/products', { signal, query: { per: 500, sortKey: 'name', sortDir: 'asc', isArchived: 'false' } }),
    staleTime: 30_000,
  })
}

/** PUT /cabinet/products/{id}/affiliate_program: moves a product into a program, or out of any (null). */
export async function setProductProgram(productId: number, programId: number | null): Promise<void> {
  await api.put(`/cabinet/products/${productId}/affiliate_program`, { affiliate_program_id: programId })
}
