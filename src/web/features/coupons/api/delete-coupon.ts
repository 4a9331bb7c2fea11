import { api } from '../../../lib/api'

/** DELETE /cabinet/coupons/{id}. */
export async function deleteCoupon(id: number): Promise<void> {
  await api.delete(`/cabinet/coupons/${id}`)
}
