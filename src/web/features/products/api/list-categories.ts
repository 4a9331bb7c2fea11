import { queryOptions } from '@tanstack/react-query'
import type { CategoryNode } from '../../../../shared/schemas/catalog'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type Category = Camelize<CategoryNode>

/** GET /cabinet/categories: the seller's category tree (for the category filter). */
export function categoriesQuery() {
  return queryOptions({
    queryKey: ['cabinet', 'categories'],
    queryFn: ({ signal }) => api.get<{ list: Category[] }>('/cabinet/categories', { signal }),
    staleTime: 60_000,
  })
}

/** The tree as a flat list with indented names, for a select. */
export function flattenCategories(list: readonly Category[], depth = 0): { value: string; label: string }[] {
  return list.flatMap((node) => [
    { value: String(node.id), label: `${'— '.repeat(depth)}${node.name}` },
    ...flattenCategories(node.children, depth + 1),
  ])
}
