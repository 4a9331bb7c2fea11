import type { AddonInput } from '../../../../shared/schemas/catalog'
import { api } from '../../../lib/api'
import type { Product } from './types'

/** PUT /cabinet/products/{id}/addons: the products a membership or bundle includes, in order. */
export function replaceAddons(productId: number, addons: AddonInput[]): Promise<Product> {
  return api.put<Product>(`/cabinet/products/${productId}/addons`, { addons }, { silent: true })
}
