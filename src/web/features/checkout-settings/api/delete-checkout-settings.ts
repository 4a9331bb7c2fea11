import { api } from '../../../lib/api'

/** DELETE /cabinet/checkout_settings/{id} (not the default). */
export async function deleteCheckoutSettings(id: number): Promise<void> {
  await api.delete(`/cabinet/checkout_settings/${id}`)
}
