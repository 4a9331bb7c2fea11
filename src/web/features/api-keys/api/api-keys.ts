import { queryOptions } from '@tanstack/react-query'
import type { ApiKeyOutput, CreateApiKeyInput } from '../../../../shared/schemas/api-keys'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The seller's API keys (docs/decisions/0073-seller-api-keys.md): /cabinet/api_keys.

export type ApiKey = Camelize<ApiKeyOutput>
export type ApiKeyList = { list: ApiKey[]; totalCount: number }

export const apiKeysKey = ['cabinet', 'api_keys'] as const

export function apiKeysQuery() {
  return queryOptions({ queryKey: apiKeysKey, queryFn: ({ signal }) => api.get<ApiKeyList>('/cabinet/api_keys', { signal }) })
}

/** The answer holds the token, the only time it is shown. */
export function createApiKey(input: CreateApiKeyInput): Promise<{ apiKey: ApiKey & { token: string } }> {
  return api.post('/cabinet/api_keys', input, { silent: true })
}

export function revokeApiKey(id: number): Promise<{ apiKey: ApiKey }> {
  return api.post(`/cabinet/api_keys/${id}/revoke`, {})
}
