import type { z } from 'zod'
import type { categoryInput, categoryOutput } from '../../../../shared/schemas/catalog'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type CategoryRecord = Camelize<z.output<typeof categoryOutput>>
export const categoriesKey = ['cabinet', 'categories'] as const

/** POST /cabinet/categories: a category at the top or under `parent_id`. */
export function createCategory(input: z.input<typeof categoryInput>): Promise<CategoryRecord> {
  return api.post<CategoryRecord>('/cabinet/categories', input, { silent: true })
}
