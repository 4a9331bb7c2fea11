import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { KycDocumentKind } from '../../../../shared/payouts/documents'
import type { adminLegitimationOutput, LegitimationOutput, refuseKycDocumentInput, UpdateLegitimationInput } from '../../../../shared/schemas/payouts'
import { listParams, type ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The identity check's calls (docs/decisions/0049-money-out.md "Identity"; schemas in
// src/shared/schemas/payouts.ts): the party's own check under /cabinet or /publish, the managers' review
// under /admin. Document files are private: they are fetched with the session as blobs, never linked.

export type PartyArea = 'cabinet' | 'publish' | 'reseller' | 'team_member'
export type Legitimation = Camelize<LegitimationOutput>
export type KycDocument = Legitimation['documents'][number]
export type AdminLegitimation = Camelize<z.infer<typeof adminLegitimationOutput>>
type ListAnswer<T> = { list: T[]; totalCount: number; totalCountMax: number; counts?: Record<string, number> }

export const legitimationKey = (area: PartyArea) => [area, 'legitimation'] as const
export const adminLegitimationsKey = ['admin', 'legitimations'] as const

/** The area of a party page from its path (/cabinet/identity or /publish/identity). */
export function areaOfPath(pathname: string): PartyArea {
  return pathname.startsWith('/publish') ? 'publish' : pathname.startsWith('/reseller') ? 'reseller' : pathname.startsWith('/team_member') ? 'team_member' : 'cabinet'
}

/** `silent`: no error toast (a notice on another page that simply stays away when it cannot load). */
export function legitimationQuery(area: PartyArea, options: { silent?: boolean } = {}) {
  return queryOptions({
    queryKey: legitimationKey(area),
    queryFn: ({ signal }) => api.get<Legitimation>(`/${area}/legitimation`, { signal, silent: options.silent }),
  })
}

export function updateLegitimation(area: PartyArea, input: UpdateLegitimationInput): Promise<Legitimation> {
  return api.put(`/${area}/legitimation`, input, { silent: true })
}

/** POST /{area}/legitimation/documents: one file of one kind (multipart). */
export function uploadDocument(area: PartyArea, kind: KycDocumentKind, file: File): Promise<Legitimation> {
  const form = new FormData()
  form.append('kind', kind)
  form.append('file', file)
  return api.post(`/${area}/legitimation/documents`, form, { silent: true })
}

export async function deleteDocument(area: PartyArea, id: number): Promise<void> {
  await api.delete(`/${area}/legitimation/documents/${id}`)
}

export function submitLegitimation(area: PartyArea): Promise<Legitimation> {
  return api.post(`/${area}/legitimation/submit`, undefined, { silent: true })
}

/** A document's file as a blob with the session (the party's own, or any for a manager). */
export function documentBlob(id: number, area: PartyArea | 'admin'): Promise<Blob> {
  const path = area === 'admin' ? `/admin/kyc_documents/${id}/file` : `/${area}/legitimation/documents/${id}/file`
  return api.get<Blob>(path, { responseType: 'blob' })
}

/** Opens a document in a new tab through an object URL (the file is never linked by address). */
export async function openDocument(id: number, area: PartyArea | 'admin'): Promise<void> {
  const target = window.open('', '_blank')
  const url = URL.createObjectURL(await documentBlob(id, area))
  if (target) target.location.href = url
  else window.location.assign(url)
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

// ------------------------------------------------------------------ managers

export function adminLegitimationListQuery(state: ListState) {
  return queryOptions({
    queryKey: [...adminLegitimationsKey, 'list', state],
    queryFn: ({ signal }) => api.get<ListAnswer<AdminLegitimation>>('/admin/legitimations', { signal, query: { ...listParams(state), counts: true } }),
    placeholderData: keepPreviousData,
  })
}

export function adminLegitimationQuery(id: number) {
  return queryOptions({
    queryKey: [...adminLegitimationsKey, 'one', id],
    queryFn: ({ signal }) => api.get<AdminLegitimation>(`/admin/legitimations/${id}`, { signal }),
  })
}

export function validateDocument(id: number): Promise<AdminLegitimation> {
  return api.post(`/admin/kyc_documents/${id}/validate`)
}

export function refuseDocument(id: number, input: z.input<typeof refuseKycDocumentInput>): Promise<AdminLegitimation> {
  return api.post(`/admin/kyc_documents/${id}/refuse`, input, { silent: true })
}

export function acceptLegitimation(id: number): Promise<AdminLegitimation> {
  return api.post(`/admin/legitimations/${id}/accept`)
}

export function rejectLegitimation(id: number, reason: string): Promise<AdminLegitimation> {
  return api.post(`/admin/legitimations/${id}/reject`, { reason }, { silent: true })
}
