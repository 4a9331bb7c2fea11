import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  CancelApprovalInput, CreateResellerInput, RejectApprovalInput, resellerApprovalOutput, resellerHomeOutput, resellerOutput, resellerSaleOutput,
  sellerResellerPageOutput, UpdateResellerInput,
} from '../../../../shared/schemas/resellers'
import { listParams, type ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'
import { percentOfBps } from '../../../lib/format'
import type { Camelize } from '../../../lib/api-client'

// Resellers (docs/decisions/0051-resellers.md): the seller's reseller page (/cabinet/reseller), the reseller's
// area (/reseller) and the managers' list (/admin/resellers).

export type ResellerApproval = Camelize<z.infer<typeof resellerApprovalOutput>>
export type SellerResellerPage = Camelize<z.infer<typeof sellerResellerPageOutput>>
export type ResellerHome = Camelize<z.infer<typeof resellerHomeOutput>>
export type ResellerSale = Camelize<z.infer<typeof resellerSaleOutput>>
export type Reseller = Camelize<z.infer<typeof resellerOutput>>
type List<T> = { list: T[]; totalCount: number; totalCountMax: number }

export const resellersKey = ['resellers'] as const

/** 1000 bps as "10 %" (the fee's own words: basis points of the net). */
export const feePercent = percentOfBps

// ------------------------------------------------------------------ the seller

export function sellerResellerQuery() {
  return queryOptions({ queryKey: [...resellersKey, 'cabinet'], queryFn: ({ signal }) => api.get<SellerResellerPage>('/cabinet/reseller', { signal, silent: true }) })
}

export function requestReseller(resellerId: number) {
  return api.post<ResellerApproval>('/cabinet/reseller_approvals', { resellerId })
}

export function cancelBySeller(id: number, input: CancelApprovalInput) {
  return api.post<ResellerApproval>(`/cabinet/reseller_approvals/${id}/cancel`, input)
}

export function setSellingPaused(paused: boolean) {
  return api.put<{ sellingMode: string }>('/cabinet/selling_mode', { paused })
}

// ------------------------------------------------------------------ the reseller

export function resellerHomeQuery() {
  return queryOptions({ queryKey: [...resellersKey, 'home'], queryFn: ({ signal }) => api.get<ResellerHome>('/reseller/home', { signal }) })
}

export function resellerSalesQuery(state: ListState) {
  return queryOptions({
    queryKey: [...resellersKey, 'sales', state],
    queryFn: ({ signal }) => api.get<List<ResellerSale>>('/reseller/sales', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

export function approveRequest(id: number) {
  return api.post<ResellerApproval>(`/reseller/approvals/${id}/approve`, {})
}

export function rejectRequest(id: number, input: RejectApprovalInput) {
  return api.post<ResellerApproval>(`/reseller/approvals/${id}/reject`, input, { silent: true })
}

export function cancelByReseller(id: number, input: CancelApprovalInput) {
  return api.post<ResellerApproval>(`/reseller/approvals/${id}/cancel`, input)
}

// ------------------------------------------------------------------ managers

export function adminResellersQuery(state: ListState) {
  return queryOptions({
    queryKey: [...resellersKey, 'admin', state],
    queryFn: ({ signal }) => api.get<List<Reseller>>('/admin/resellers', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

export function createReseller(input: CreateResellerInput) {
  return api.post<Reseller>('/admin/resellers', input, { silent: true })
}

export function updateReseller(id: number, input: UpdateResellerInput) {
  return api.patch<Reseller>(`/admin/resellers/${id}`, input)
}
