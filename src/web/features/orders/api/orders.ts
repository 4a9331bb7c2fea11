import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { OrderCommissionOutput } from '../../../../shared/schemas/affiliates'
import type { SaveCsvExportFormInput, ScheduledCsvExportOutput } from '../../../../shared/schemas/csv-exports'
import type {
  OrderCsvColumn, OrderDetailOutput, OrderRelation, SellerOrderOutput,
} from '../../../../shared/schemas/order-lists'
import { listParams, type ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The seller's orders area: the list with filters and counts, the detail, the CSV export and scheduled
// exports (docs/decisions/0030-orders-list-detail-and-csv-exports.md), and the order actions other modules serve (refund, cancel, pause, resume).

export type SellerOrder = Camelize<SellerOrderOutput>
export type OrderCommission = Camelize<OrderCommissionOutput>
/** The detail; the publisher and commissions (docs/decisions/0048-affiliates.md) may be absent from older answers. */
export type OrderDetail = Camelize<OrderDetailOutput> & { publisherId?: number | null; commissions?: OrderCommission[] }
export type CsvExport = Camelize<ScheduledCsvExportOutput>
export type OrderList = { list: SellerOrder[]; totalCount: number; totalCountMax: number; counts?: Record<string, number>; orderTypeCounts?: Record<string, number> }

export const ordersKey = ['cabinet', 'orders'] as const

/** GET /cabinet/orders with the list state's filters and the counts per payment state. */
export function orderListQuery(state: ListState) {
  return queryOptions({
    queryKey: [...ordersKey, 'list', state],
    queryFn: ({ signal }) => api.get<OrderList>('/cabinet/orders', { signal, query: { ...listParams(state), counts: true } }),
    placeholderData: keepPreviousData,
  })
}

const detailRelations: OrderRelation[] = ['product', 'deal', 'sellables', 'credit_card', 'payer', 'cancellation_term', 'invoices', 'transfers', 'claim_data', 'dunning', 'rates']

export function orderDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...ordersKey, 'detail', id],
    queryFn: ({ signal }) => api.get<OrderDetail>(`/cabinet/orders/${id}`, { signal, query: { expand: detailRelations.join(',') } }),
  })
}

/** The filtered list as CSV with the chosen columns and decimal separator, saved as orders.csv. */
export async function exportOrdersCsv(state: ListState, columns: OrderCsvColumn[], decimalSeparator: '.' | ','): Promise<void> {
  const { page: _page, per: _per, ...query } = listParams(state)
  const csv = await api.get<string>('/cabinet/orders/export.csv', { query: { ...query, columns: columns.join(','), decimalSeparator } })
  const blob = new Blob([typeof csv === 'string' ? csv : ''], { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = 'orders.csv'
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

// ------------------------------------------------------------------ pickers for the filters (read-only calls)

export type Option = { value: string; label: string }


type CategoryNode = { id: number; name: string; children: CategoryNode[] }
export function categoryOptionsQuery() {
  return queryOptions({
    queryKey: [...ordersKey, 'categories'],
    queryFn: async ({ signal }) => {
      const flat: Option[] = []
      const walk = (nodes: CategoryNode[], depth: number) => {
        for (const n of nodes) {
          flat.push({ value: String(n.id), label: `${'– '.repeat(depth)}${n.name}` })
          walk(n.children, depth + 1)
        }
      }
      walk((await api.get<{ list: CategoryNode[] }>('/cabinet/categories', { signal })).list, 0)
      return flat
    },
    staleTime: 60_000,
  })
}

export function couponOptionsQuery() {
  return queryOptions({
    queryKey: [...ordersKey, 'coupons'],
    queryFn: async ({ signal }) => (await api.get<{ list: { id: number; code: string }[] }>('/cabinet/coupons', { signal, query: { per: 500 } }))
      .list.map((c): Option => ({ value: String(c.id), label: c.code })),
    staleTime: 60_000,
  })
}

// ------------------------------------------------------------------ scheduled exports

export function csvExportsQuery() {
  return queryOptions({
    queryKey: [...ordersKey, 'csv_exports'],
    queryFn: ({ signal }) => api.get<{ list: CsvExport[] }>('/cabinet/csv_exports', { signal }),
  })
}

export function createCsvExport(input: SaveCsvExportFormInput) {
  return api.post<CsvExport>('/cabinet/csv_exports', input)
}

export function updateCsvExport(id: number, input: SaveCsvExportFormInput) {
  return api.put<CsvExport>(`/cabinet/csv_exports/${id}`, input)
}

export function deleteCsvExport(id: number) {
  return api.delete<null>(`/cabinet/csv_exports/${id}`)
}

// ------------------------------------------------------------------ actions (served by the refunds and billing modules)

/** POST /cabinet/orders/{id}/refund with the form's Idempotency-Key: a retried submission refunds once. */
export function refundOrder(id: number, amount: number | undefined, idempotencyKey: string) {
  return api.post<unknown>(`/cabinet/orders/${id}/refund`, amount === undefined ? {} : { amount }, { idempotencyKey })
}

export function orderAction(id: number, action: 'cancel' | 'pause' | 'resume') {
  return api.post<unknown>(`/cabinet/orders/${id}/${action}`, {})
}

/** The invoice PDF (GET /cabinet/invoices/{id}/pdf needs the bearer token), opened in a new tab. */
export async function openInvoicePdf(pdfUrl: string): Promise<void> {
  const blob = await api.get<Blob>(pdfUrl.replace(/^\/api\/v1/, ''), { responseType: 'blob' })
  const url = URL.createObjectURL(blob)
  window.open(url, '_blank', 'noopener')
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
