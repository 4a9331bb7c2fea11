import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type {
  CreateDatevExportInput, DatevExportOutput, DatevLogOutput, DatevSettingsInput, DatevSettingsOutput,
} from '../../../../shared/schemas/accounting'
import type { ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The DATEV export (docs/decisions/0076-datev-export.md): /cabinet/datev_settings, /cabinet/datev_exports and
// /cabinet/datev_logs. The lists take pages, a direction and their filters (no search, no sort key).

export type DatevSettings = Camelize<DatevSettingsOutput>
export type DatevExport = Camelize<DatevExportOutput>
export type DatevLog = Camelize<DatevLogOutput>
type List<T> = { list: T[]; totalCount: number; totalCountMax: number }

export const datevKey = ['cabinet', 'datev'] as const

const pageParams = (state: ListState) => ({ page: state.page, per: state.per, sortDir: state.sortDir, ...state.filters })

export function datevSettingsQuery() {
  return queryOptions({
    queryKey: [...datevKey, 'settings'],
    queryFn: ({ signal }) => api.get<{ datevSettings: DatevSettings | null }>('/cabinet/datev_settings', { signal }),
  })
}

export function saveDatevSettings(input: DatevSettingsInput) {
  return api.put<{ datevSettings: DatevSettings }>('/cabinet/datev_settings', input, { silent: true })
}

/** Refetched every few seconds while an export is still being built. */
export function datevExportsQuery(state: ListState) {
  return queryOptions({
    queryKey: [...datevKey, 'exports', state],
    queryFn: ({ signal }) => api.get<List<DatevExport>>('/cabinet/datev_exports', { signal, query: pageParams(state) }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((e) => e.state === 'pending' || e.state === 'processing') ? 2000 : false),
  })
}

export function createDatevExport(input: CreateDatevExportInput) {
  return api.post<{ datevExport: DatevExport }>('/cabinet/datev_exports', input, { silent: true })
}

export function retryDatevExport(id: number) {
  return api.post<{ datevExport: DatevExport }>(`/cabinet/datev_exports/${id}/retry`, {})
}

export function datevLogsQuery(state: ListState) {
  return queryOptions({
    queryKey: [...datevKey, 'logs', state],
    queryFn: ({ signal }) => api.get<List<DatevLog>>('/cabinet/datev_logs', { signal, query: pageParams(state) }),
    placeholderData: keepPreviousData,
  })
}

/** Fetches one file of a done export with the session and saves it under DATEV's file name. */
export async function downloadDatevFile(exportRow: DatevExport, currency: string): Promise<void> {
  const blob = await api.get<Blob>(`/cabinet/datev_exports/${exportRow.id}/download`, { query: { currency }, responseType: 'blob' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `EXTF_Buchungsstapel_${exportRow.periodFrom}_${exportRow.periodTill}_${currency.toUpperCase()}.csv`
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
