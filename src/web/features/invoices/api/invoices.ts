import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { InvoiceOutput, InvoiceSettingsInput, InvoiceSettingsOutput } from '../../../../shared/schemas/invoices'
import { listParams, type ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { saveListCsv } from '../../../lib/csv-download'

// The seller's invoices and reversals (/cabinet/invoices): the list with its filters, the CSV, the PDF of
// one invoice, and the numbering settings.

export type Invoice = Camelize<InvoiceOutput>
export type InvoiceSettings = Camelize<InvoiceSettingsOutput>

export const invoicesKey = ['cabinet', 'invoices'] as const

export function invoiceListQuery(state: ListState) {
  return queryOptions({
    queryKey: [...invoicesKey, 'list', state],
    queryFn: ({ signal }) => api.get<{ list: Invoice[]; totalCount: number; totalCountMax: number; counts?: Record<string, number> }>(
      '/cabinet/invoices', { signal, query: { ...listParams(state), counts: true } },
    ),
    placeholderData: keepPreviousData,
  })
}

export function exportInvoicesCsv(state: ListState): Promise<void> {
  return saveListCsv('/cabinet/invoices/export.csv', state, 'invoices.csv')
}

/** Fetches the PDF with the session (the route needs the bearer token) and opens it in a new tab. */
export async function openInvoicePdf(id: number): Promise<void> {
  const blob = await api.get<Blob>(`/cabinet/invoices/${id}/pdf`, { responseType: 'blob' })
  const url = URL.createObjectURL(blob)
  window.open(url, '_blank', 'noopener')
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

export function invoiceSettingsQuery() {
  return queryOptions({
    queryKey: [...invoicesKey, 'settings'],
    queryFn: ({ signal }) => api.get<InvoiceSettings>('/cabinet/invoice_settings', { signal }),
  })
}

export function saveInvoiceSettings(input: InvoiceSettingsInput) {
  return api.put<InvoiceSettings>('/cabinet/invoice_settings', input, { silent: true })
}
