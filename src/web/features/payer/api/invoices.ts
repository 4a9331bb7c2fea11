import { queryOptions } from '@tanstack/react-query'
import type { PayerInvoiceOutput } from '../../../../shared/schemas/invoices'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The signed-in payer's invoices and reversals of one seller (GET /payer/invoices), and their PDFs.

export type PayerInvoice = Camelize<PayerInvoiceOutput>

export function payerInvoicesQuery(sellerId: number) {
  return queryOptions({
    queryKey: ['payer', 'invoices', sellerId],
    queryFn: ({ signal }) => api.get<{ list: PayerInvoice[] }>('/payer/invoices', { signal, query: { sellerId }, silent: true }),
  })
}

/** The PDF needs the session: fetched as a Blob and opened in a new tab. */
export async function openPayerInvoicePdf(id: number): Promise<void> {
  const blob = await api.get<Blob>(`/payer/invoices/${id}/pdf`, { responseType: 'blob' })
  const url = URL.createObjectURL(blob)
  window.open(url, '_blank', 'noopener')
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
