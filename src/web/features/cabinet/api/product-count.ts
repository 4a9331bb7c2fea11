import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'

/** GET /cabinet/products?per=1: only the count of the seller's products (archived ones included). */
export function productCountQuery() {
  return queryOptions({
    queryKey: ['cabinet', 'products', 'count'],
    queryFn: async ({ signal }) => (await api.get<{ totalCount: number }>('/cabinet/products', { signal, query: { per: 1 } })).totalCount,
  })
}
