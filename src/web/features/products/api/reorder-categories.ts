import { api } from '../../../lib/api'
import type { ReorderItem } from '../components/categories/category-tree'
import type { Category } from './list-categories'

/** POST /cabinet/categories/reorder: every node's parent and position; answers the saved tree. */
export function reorderCategories(items: ReorderItem[]): Promise<{ list: Category[] }> {
  return api.post<{ list: Category[] }>('/cabinet/categories/reorder', { items })
}
