import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { shopCategoryOutput } from '../../../../shared/schemas/catalog'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type ShopCategory = Camelize<z.output<typeof shopCategoryOutput>>
export const shopCategoriesKey = ['cabinet', 'shop_categories'] as const

/** GET /cabinet/shop_categories: the groups the shop shows products in. */
export function shopCategoriesQuery() {
  return queryOptions({
    queryKey: shopCategoriesKey,
    queryFn: ({ signal }) => api.get<{ list: ShopCategory[] }>('/cabinet/shop_categories', { signal }),
  })
}
