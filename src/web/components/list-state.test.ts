import { describe, expect, test } from 'vitest'
import {
  clampToLastPage, initialListState, lastPage, listParams, pageSizeChoices, withFilter, withPage, withPer, withQuery, withSort,
} from './list-state'

describe('list behaviour (docs/reference/accounts-and-orders.md §4)', () => {
  test('defaults: page 1, 30 per page, id descending', () => {
    expect(initialListState()).toEqual({ page: 1, per: 30, query: '', sortKey: 'id', sortDir: 'desc', filters: {} })
  })
  test('page resets to 1 when a filter, the query or the page size changes', () => {
    const on3 = initialListState({ page: 3 })
    expect(withFilter(on3, 'state', 'paid').page).toBe(1)
    expect(withQuery(on3, 'ada').page).toBe(1)
    expect(withPer(on3, 100)).toMatchObject({ page: 1, per: 100 })
  })
  test('the page is clamped to the last page', () => {
    expect(lastPage(0, 30)).toBe(1)
    expect(lastPage(61, 30)).toBe(3)
    expect(clampToLastPage(initialListState({ page: 9 }), 61).page).toBe(3)
    expect(withPage(initialListState(), 0).page).toBe(1)
    expect(withPage(initialListState(), 5, 40).page).toBe(2)
  })
  test('the same sort key toggles the direction; a new key sorts ascending', () => {
    const s = initialListState()
    expect(withSort(s, 'id').sortDir).toBe('asc')
    expect(withSort(withSort(s, 'id'), 'id').sortDir).toBe('desc')
    expect(withSort(s, 'created_at')).toMatchObject({ sortKey: 'created_at', sortDir: 'asc' })
  })
  test('page size choices are the spec list plus the default', () => {
    expect(pageSizeChoices(30)).toEqual([10, 20, 30, 50, 100, 200, 500])
    expect(pageSizeChoices(50)).toEqual([10, 20, 50, 100, 200, 500])
  })
  test('an emptied filter is dropped from the query', () => {
    const s = withFilter(withFilter(initialListState(), 'state', 'sent'), 'state', '')
    expect(listParams(s)).toEqual({ page: 1, per: 30, query: undefined, sortKey: 'id', sortDir: 'desc' })
  })
})
