import { api } from '../../../lib/api'

/** DELETE /cabinet/shop_categories/{id}. */
export async function deleteShopCategory(id: number): Promise<void> {
  await api.delete(`/cabinet/shop_categories/${id}`)
}
