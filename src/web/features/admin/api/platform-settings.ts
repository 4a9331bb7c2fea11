import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { PlatformSettingChangeOutput, PlatformSettingsInput, PlatformSettingsOutput } from '../../../../shared/schemas/platform-settings'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'

// The platform settings managers change at run time (docs/decisions/0062-platform-settings.md).

export type PlatformSettings = Camelize<PlatformSettingsOutput>
export type PlatformSettingChange = Camelize<PlatformSettingChangeOutput>
type List<T> = { list: T[]; totalCount: number; totalCountMax: number }

export const platformSettingsKey = ['admin', 'platform_settings'] as const

export function platformSettingsQuery() {
  return queryOptions({
    queryKey: platformSettingsKey,
    queryFn: ({ signal }) => api.get<PlatformSettings>('/admin/platform_settings', { signal }),
  })
}

/** PATCH /admin/platform_settings: only the settings named change; null returns one to the environment's value. */
export function updatePlatformSettings(input: PlatformSettingsInput): Promise<PlatformSettings> {
  return api.patch<PlatformSettings>('/admin/platform_settings', input, { silent: true })
}

export function platformSettingChangesQuery(state: ListState) {
  return queryOptions({
    queryKey: [...platformSettingsKey, 'changes', state],
    queryFn: ({ signal }) => api.get<List<PlatformSettingChange>>('/admin/platform_settings/changes', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}
