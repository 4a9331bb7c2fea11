import { queryOptions } from '@tanstack/react-query'
import { api } from './api'

// The seller's products as select options (value: the id as text, label: the name), for every picker that
// limits something to some products: order filters, webhook endpoints, integrations' lists per product.

export type ProductOption = { value: string; label: string }

export function productOptionsQuery() {
  return queryOptions({
    queryKey: ['cabinet', 'products', 'options'],
    queryFn: async ({ signal }) => (await api.get<{ list: { id: number; name: string }[] }>('/cabinet/products', { signal, query: { per: 500, sortKey: 'name', sortDir: 'asc' } }))
      .list.map((p): ProductOption => ({ value: String(p.id), label: p.name })),
    staleTime: 60_000,
  })
}
