import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'

type ProductItem = { id: number; name: string }

/** GET /cabinet/products (names only): the products a coupon may be limited to. */
export function productOptionsQuery() {
  return queryOptions({
    queryKey: ['cabinet', 'products', 'list', 'coupon-options'],
    queryFn: ({ signal }) => api.get<{ list: ProductItem[] }>('/cabinet/products', { signal, query: { per: 500, sortKey: 'name', sortDir: 'asc' } }),
    staleTime: 30_000,
  })
}
