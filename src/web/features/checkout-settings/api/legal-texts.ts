import { queryOptions } from '@tanstack/react-query'
import type { LegalTextsOutput, SaveLegalTextInput } from '../../../../shared/schemas/checkout-settings'
import type { Camelize } from '../../../lib/api-client'
import { api } from '../../../lib/api'

export type LegalTexts = Camelize<LegalTextsOutput>
export const legalTextsKey = ['cabinet', 'legal-texts'] as const

/** GET /cabinet/legal_texts: terms, privacy and cancellation terms per form (saved or template) and the review date. */
export function legalTextsQuery() {
  return queryOptions({ queryKey: [...legalTextsKey, 'all'], queryFn: ({ signal }) => api.get<LegalTexts>('/cabinet/legal_texts', { signal }) })
}

/** PUT /cabinet/legal_texts/{kind}. */
export function saveLegalText(kind: 'terms' | 'privacy', input: SaveLegalTextInput): Promise<LegalTexts> {
  return api.put<LegalTexts>(`/cabinet/legal_texts/${kind}`, input, { silent: true })
}

/** POST /cabinet/legal_texts/review: the seller confirms having reviewed them. */
export function confirmLegalTexts(): Promise<{ reviewedAt: string }> {
  return api.post<{ reviewedAt: string }>('/cabinet/legal_texts/review', {})
}
