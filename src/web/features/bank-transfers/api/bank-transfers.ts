import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { BankStatementOutput, BankTransferOutput } from '../../../../shared/schemas/bank-transfers'
import type { ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The seller's bank statements (docs/decisions/0078-virtual-iban-bank-statements.md): /cabinet/bank_statements
// and /cabinet/bank_transfers, behind the virtual_iban flag.

export type BankTransfer = Camelize<BankTransferOutput>
export type BankStatement = Camelize<BankStatementOutput>
export type BankImport = { bankStatement: BankStatement; created: boolean; lines: { bankRef: string; state: string; decision: string }[] }

export const bankTransfersKey = ['cabinet', 'bank_transfers'] as const

export function bankTransfersQuery(state: ListState) {
  return queryOptions({
    queryKey: [...bankTransfersKey, 'list', state],
    queryFn: ({ signal }) => api.get<{ list: BankTransfer[]; totalCount: number; counts?: Record<string, number> }>('/cabinet/bank_transfers', {
      signal, query: { page: state.page, per: state.per, query: state.query || undefined, sortDir: state.sortDir, counts: true, ...state.filters },
    }),
    placeholderData: keepPreviousData,
  })
}

export function uploadBankStatement(file: File): Promise<BankImport> {
  const form = new FormData()
  form.append('file', file)
  return api.post<BankImport>('/cabinet/bank_statements', form, { silent: true })
}

export function assignBankTransfer(id: number, orderId: number, note: string): Promise<{ bankTransfer: BankTransfer }> {
  return api.post(`/cabinet/bank_transfers/${id}/assign`, { order_id: orderId, ...(note ? { note } : {}) }, { silent: true })
}

export function ignoreBankTransfer(id: number, note: string): Promise<{ bankTransfer: BankTransfer }> {
  return api.post(`/cabinet/bank_transfers/${id}/ignore`, note ? { note } : {})
}
