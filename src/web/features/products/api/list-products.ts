import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { listParams, type ListState } from '../../../components/list-state'
import { productsKey, type ListAnswer, type Product } from './types'

/** GET /cabinet/products: the seller's products with the list parameters and the spec's filters. */
export function productListQuery(state: ListState) {
  return queryOptions({
    queryKey: [...productsKey, 'list', state],
    queryFn: ({ signal }) => api.get<ListAnswer<Product>>('/cabinet/products', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}
