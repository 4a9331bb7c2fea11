import { defaultPageSize, pageSizeOptions } from '../../shared/schemas/lists'

// docs/reference/accounts-and-orders.md §4 "List behaviour": page resets to 1 when filters, query or page size change; the page
// is clamped to the last page; choosing the same sort key again toggles the direction. Default sort is
// id descending, default page size 30 (section 9).

export type SortDir = 'asc' | 'desc'
export type ListFilters = Record<string, string | undefined>

export type ListState = {
  page: number
  per: number
  query: string
  sortKey: string
  sortDir: SortDir
  filters: ListFilters
}

export function initialListState(overrides: Partial<ListState> = {}): ListState {
  return { page: 1, per: defaultPageSize, query: '', sortKey: 'id', sortDir: 'desc', filters: {}, ...overrides }
}

export function lastPage(totalCount: number, per: number): number {
  return Math.max(1, Math.ceil(totalCount / Math.max(1, per)))
}

export function withPage(state: ListState, page: number, totalCount?: number): ListState {
  const max = totalCount === undefined ? Number.POSITIVE_INFINITY : lastPage(totalCount, state.per)
  const next = Math.min(Math.max(1, Math.trunc(page)), max)
  return next === state.page ? state : { ...state, page: next }
}

export function clampToLastPage(state: ListState, totalCount: number): ListState {
  return withPage(state, state.page, totalCount)
}

export function withPer(state: ListState, per: number): ListState {
  return { ...state, per, page: 1 }
}

export function withQuery(state: ListState, query: string): ListState {
  return query === state.query ? state : { ...state, query, page: 1 }
}

export function withFilter(state: ListState, key: string, value: string | undefined): ListState {
  const filters = { ...state.filters }
  if (value === undefined || value === '') delete filters[key]
  else filters[key] = value
  return { ...state, filters, page: 1 }
}

/** A filter field's text as a whole number filter value, or undefined (no filter) for anything else. */
export function wholeNumberFilter(text: string): string | undefined {
  return /^\d+$/.test(text.trim()) ? text.trim() : undefined
}

export function withSort(state: ListState, key: string): ListState {
  if (key === state.sortKey) return { ...state, sortDir: state.sortDir === 'asc' ? 'desc' : 'asc' }
  return { ...state, sortKey: key, sortDir: 'asc' }
}

/** Page size choices (10, 20, 50, 100, 200, 500) plus the current size when it is another (the default 30). */
export function pageSizeChoices(current: number): number[] {
  return [...new Set<number>([...pageSizeOptions, current])].sort((a, b) => a - b)
}

/** The list query the API takes (docs/DESIGN.md "API conventions"); the client converts keys to snake_case. */
export function listParams(state: ListState): Record<string, string | number | undefined> {
  return { page: state.page, per: state.per, query: state.query || undefined, sortKey: state.sortKey, sortDir: state.sortDir, ...state.filters }
}
