import { api } from './api'
import { listParams, type ListState } from '../components/list-state'

/** GET a CSV (`path` with `query`) through the api client (token, renewal) and save it as `filename` with a Blob download. */
export async function saveCsv(path: string, query: Record<string, unknown>, filename: string): Promise<void> {
  const csv = await api.get<string>(path, { query: query as never })
  const blob = new Blob([typeof csv === 'string' ? csv : ''], { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** A list's CSV export (`path`) with the list's filters, saved as `filename`. */
export async function saveListCsv(path: string, state: ListState, filename: string): Promise<void> {
  const { page: _page, per: _per, ...query } = listParams(state)
  await saveCsv(path, query, filename)
}
