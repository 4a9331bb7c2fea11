import { queryOptions } from '@tanstack/react-query'
import type { DownloadSettingsInput, DownloadSettingsOutput } from '../../../../shared/schemas/downloads'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type DownloadSettings = Camelize<DownloadSettingsOutput>

/** GET /cabinet/products/{id}/download_settings: PDF stamping and the downloads per file and order. */
export function downloadSettingsQuery(productId: number) {
  return queryOptions({
    queryKey: ['cabinet', 'products', 'item', productId, 'download_settings'],
    queryFn: ({ signal }) => api.get<DownloadSettings>(`/cabinet/products/${productId}/download_settings`, { signal }),
  })
}

/** PUT /cabinet/products/{id}/download_settings. */
export async function saveDownloadSettings(productId: number, input: DownloadSettingsInput): Promise<void> {
  await api.put(`/cabinet/products/${productId}/download_settings`, input, { silent: true })
}
