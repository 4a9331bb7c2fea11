import type { z } from 'zod'
import type { shopCategoryInput } from '../../../../shared/schemas/catalog'
import { api } from '../../../lib/api'
import type { ShopCategory } from './list-shop-categories'

/** POST /cabinet/shop_categories (no id) or PATCH /cabinet/shop_categories/{id}. */
export function saveShopCategory(id: number | null, input: z.input<typeof shopCategoryInput>): Promise<ShopCategory> {
  return id === null
    ? api.post<ShopCategory>('/cabinet/shop_categories', input, { silent: true })
    : api.patch<ShopCategory>(`/cabinet/shop_categories/${id}`, input, { silent: true })
}
