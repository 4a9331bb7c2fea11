import { api } from '../../../lib/api'
import { listParams, type ListState } from '../../../components/list-state'

/**
 * GET /cabinet/products/export.csv with the list's filters, through the api client (token, renewal),
 * then saved as a file with a Blob download.
 */
export async function exportProductsCsv(state: ListState): Promise<void> {
  const { page: _page, per: _per, ...query } = listParams(state)
  const csv = await api.get<string>('/cabinet/products/export.csv', { query })
  const blob = new Blob([typeof csv === 'string' ? csv : ''], { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = 'products.csv'
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
