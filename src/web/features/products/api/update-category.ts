import type { z } from 'zod'
import type { updateCategoryInput } from '../../../../shared/schemas/catalog'
import { api } from '../../../lib/api'
import type { CategoryRecord } from './create-category'

/** PATCH /cabinet/categories/{id}: rename or move under another parent. */
export function updateCategory(id: number, input: z.input<typeof updateCategoryInput>): Promise<CategoryRecord> {
  return api.patch<CategoryRecord>(`/cabinet/categories/${id}`, input, { silent: true })
}
