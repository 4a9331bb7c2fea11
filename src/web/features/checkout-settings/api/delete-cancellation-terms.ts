import { api } from '../../../lib/api'

/** DELETE /cabinet/cancellation_terms/{id}. */
export async function deleteCancellationTerms(id: number): Promise<void> {
  await api.delete(`/cabinet/cancellation_terms/${id}`)
}
