import type { UpdateCancellationTermsInput } from '../../../../shared/schemas/checkout-settings'
import { api } from '../../../lib/api'
import type { CancellationTerms } from './types'

/** PATCH /cabinet/cancellation_terms/{id}. */
export function updateCancellationTerms(id: number, input: UpdateCancellationTermsInput): Promise<CancellationTerms> {
  return api.patch<CancellationTerms>(`/cabinet/cancellation_terms/${id}`, input, { silent: true })
}
