import { api } from '../../../lib/api'
import type { AddLicenseKeysAnswer } from './types'

/** POST /cabinet/products/{id}/license_keys/upload: a CSV file (one key per line) as multipart form data. */
export function uploadLicenseKeys(productId: number, file: File): Promise<AddLicenseKeysAnswer> {
  const form = new FormData()
  form.append('file', file)
  return api.post<AddLicenseKeysAnswer>(`/cabinet/products/${productId}/license_keys/upload`, form, { silent: true })
}
