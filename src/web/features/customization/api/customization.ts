import { queryOptions } from '@tanstack/react-query'
import type { CustomizationInput, CustomizationOutput } from '../../../../shared/schemas/customization'
import type { UploadOutput } from '../../../../shared/schemas/media'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The seller's branding on payer pages and mails (docs/decisions/0085-customization.md): /cabinet/customization.

export type Customization = Camelize<CustomizationOutput>

export const customizationKey = ['cabinet', 'customization'] as const

export function customizationQuery() {
  return queryOptions({ queryKey: customizationKey, queryFn: ({ signal }) => api.get<Customization>('/cabinet/customization', { signal }) })
}

export function saveCustomization(input: CustomizationInput): Promise<Customization> {
  return api.put<Customization>('/cabinet/customization', input, { silent: true })
}

/** POST /cabinet/uploads as an image: the logo's bytes, checked by the server; answers the key to save. */
export function uploadLogo(file: File): Promise<Camelize<UploadOutput>> {
  const form = new FormData()
  form.append('kind', 'image')
  form.append('file', file)
  return api.post('/cabinet/uploads', form, { silent: true })
}
