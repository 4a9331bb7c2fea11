import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { listParams, type ListState } from '../../../components/list-state'
import type { ListAnswer, LicenseKey } from './types'

export type LicenseKeyList = ListAnswer<LicenseKey> & { availableCount: number; usedCount: number }

/** GET /cabinet/products/{id}/license_keys: the keys with their state and the available / used counts. */
export function licenseKeysQuery(productId: number, state: ListState) {
  return queryOptions({
    queryKey: ['cabinet', 'products', 'item', productId, 'license_keys', state],
    queryFn: ({ signal }) => api.get<LicenseKeyList>(`/cabinet/products/${productId}/license_keys`, { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}
