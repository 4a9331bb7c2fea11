import type { CreateCancellationTermsInput } from '../../../../shared/schemas/checkout-settings'
import { api } from '../../../lib/api'
import type { CancellationTerms } from './types'

/** POST /cabinet/cancellation_terms: the terms of one product form. */
export function createCancellationTerms(input: CreateCancellationTermsInput): Promise<CancellationTerms> {
  return api.post<CancellationTerms>('/cabinet/cancellation_terms', input, { silent: true })
}
