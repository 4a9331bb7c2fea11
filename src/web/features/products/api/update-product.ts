import type { UpdateProductInput } from '../../../../shared/schemas/catalog'
import { api } from '../../../lib/api'
import type { Product } from './types'

/** PATCH /cabinet/products/{id}: any product field but the form. */
export function updateProduct(id: number, input: UpdateProductInput): Promise<Product> {
  return api.patch<Product>(`/cabinet/products/${id}`, input, { silent: true })
}
