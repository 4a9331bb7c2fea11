import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { cookieConsentCategoriesOutput } from '../../../../shared/schemas/common'
import { api } from '../../../lib/api'

export type ConsentCategoryItem = z.output<typeof cookieConsentCategoriesOutput>['list'][number]

/** GET /common/cookies_consent_categories: the categories the banner offers. */
export function consentCategoriesQuery() {
  return queryOptions({
    queryKey: ['common', 'cookies_consent_categories'],
    queryFn: ({ signal }) =>
      api.get<{ list: ConsentCategoryItem[] }>('/common/cookies_consent_categories', { signal, auth: false, silent: true }),
    staleTime: 60 * 60_000,
  })
}
