import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { LicenseSettingsInput, licenseSettingsOutput } from '../../../../shared/schemas/licenses'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type LicenseSettings = Camelize<z.output<typeof licenseSettingsOutput>>

/** GET /cabinet/products/{id}/license_settings: how many activations one key may have at once (null: no limit). */
export function licenseSettingsQuery(productId: number) {
  return queryOptions({
    queryKey: ['cabinet', 'products', 'item', productId, 'license_settings'],
    queryFn: ({ signal }) => api.get<LicenseSettings>(`/cabinet/products/${productId}/license_settings`, { signal }),
  })
}

/** PUT /cabinet/products/{id}/license_settings. */
export async function saveLicenseSettings(productId: number, input: LicenseSettingsInput): Promise<void> {
  await api.put(`/cabinet/products/${productId}/license_settings`, input, { silent: true })
}
