import type { CreateProductInput } from '../../../../shared/schemas/catalog'
import { api } from '../../../lib/api'
import type { Product } from './types'

/** POST /cabinet/products: a new product of one form (201 with the product). */
export function createProduct(input: CreateProductInput): Promise<Product> {
  return api.post<Product>('/cabinet/products', input, { silent: true })
}
