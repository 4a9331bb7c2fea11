import type { AddLicenseKeysInput } from '../../../../shared/schemas/catalog'
import { api } from '../../../lib/api'
import type { AddLicenseKeysAnswer } from './types'

/** POST /cabinet/products/{id}/license_keys: `{ keys }` or `{ format, count }` -> `{ added, duplicates }`. */
export function addLicenseKeys(productId: number, input: AddLicenseKeysInput): Promise<AddLicenseKeysAnswer> {
  return api.post<AddLicenseKeysAnswer>(`/cabinet/products/${productId}/license_keys`, input, { silent: true })
}
