import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { CreateThemeInput, PublicThemeOutput, ThemeKind, ThemeOutput } from '../../../../shared/schemas/themes'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// Themes, the template hub and shared links (docs/decisions/0061-fonts-and-themes.md): /cabinet/themes, /themes/shared.

export type Theme = Camelize<ThemeOutput>
export type PublicTheme = Camelize<PublicThemeOutput>
type List<T> = { list: T[]; totalCount: number; totalCountMax: number }

export const themesKey = ['cabinet', 'themes'] as const

export function themesQuery(kind: ThemeKind | null, page: number) {
  return queryOptions({
    queryKey: [...themesKey, 'own', kind, page],
    queryFn: ({ signal }) => api.get<List<Theme>>('/cabinet/themes', { signal, query: { page: String(page), per: '30', ...(kind ? { kind } : {}) } }),
    placeholderData: keepPreviousData,
  })
}

export function hubQuery(kind: ThemeKind | null, page: number) {
  return queryOptions({
    queryKey: [...themesKey, 'hub', kind, page],
    queryFn: ({ signal }) => api.get<List<PublicTheme>>('/cabinet/themes/hub', { signal, query: { page: String(page), per: '30', ...(kind ? { kind } : {}) } }),
    placeholderData: keepPreviousData,
  })
}

export function sharedThemeQuery(token: string) {
  return queryOptions({ queryKey: ['themes', 'shared', token], queryFn: ({ signal }) => api.get<{ theme: PublicTheme }>(`/themes/shared/${encodeURIComponent(token)}`, { signal }), retry: false })
}

export function createTheme(input: CreateThemeInput): Promise<{ theme: Theme }> {
  return api.post('/cabinet/themes', input, { silent: true })
}

export function updateThemeVisibility(id: number, visibility: Theme['visibility']): Promise<{ theme: Theme }> {
  return api.patch(`/cabinet/themes/${id}`, { visibility })
}

export function deleteTheme(id: number): Promise<void> {
  return api.delete(`/cabinet/themes/${id}`)
}

export function copyTheme(id: number): Promise<{ theme: Theme }> {
  return api.post(`/cabinet/themes/${id}/copy`, {})
}

export function applyTheme(id: number): Promise<{ theme: Theme }> {
  return api.post(`/cabinet/themes/${id}/apply`)
}

export function shareTheme(id: number, enabled: boolean): Promise<{ theme: Theme }> {
  return api.post(`/cabinet/themes/${id}/share`, { enabled })
}

export function applySharedTheme(token: string): Promise<{ theme: Theme }> {
  return api.post(`/cabinet/themes/shared/${encodeURIComponent(token)}/apply`)
}
