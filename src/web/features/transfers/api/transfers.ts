import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { TransferOutput } from '../../../../shared/schemas/invoices'
import { listParams, type ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { saveListCsv } from '../../../lib/csv-download'

// The seller's transfers (/cabinet/transfers, docs/reference/readings.md 7): every payment with its state; read-only.

export type Transfer = Camelize<TransferOutput>

export function transferListQuery(state: ListState) {
  return queryOptions({
    queryKey: ['cabinet', 'transfers', 'list', state],
    queryFn: ({ signal }) => api.get<{ list: Transfer[]; totalCount: number; totalCountMax: number; counts?: Record<string, number> }>(
      '/cabinet/transfers', { signal, query: { ...listParams(state), counts: true } },
    ),
    placeholderData: keepPreviousData,
  })
}

export function exportTransfersCsv(state: ListState): Promise<void> {
  return saveListCsv('/cabinet/transfers/export.csv', state, 'transfers.csv')
}
