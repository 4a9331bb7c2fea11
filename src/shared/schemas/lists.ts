import { z } from 'zod'
import { int4Max, zText } from '../validation/storable'

// List parameters and answers of every list route (docs/DESIGN.md "API conventions", docs/reference/accounts-and-orders.md §7).
export const pageSizeOptions = [10, 20, 50, 100, 200, 500] as const
export const defaultPageSize = 30
export const maxPageSize = 500

const isoTime = z.iso.datetime({ offset: true })
const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(int4Max).default(1),
  per: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  query: zText().trim().max(200).optional(),
  sort_key: zText().max(60).optional(),
  sort_dir: z.enum(['asc', 'desc']).optional(),
  expand: zText().max(300).optional(),
  /** Answer counts per state as well. */
  counts: boolParam.optional(),
  created_from_time: isoTime.optional(),
  created_till_time: isoTime.optional(),
  success_from_time: isoTime.optional(),
  success_till_time: isoTime.optional(),
})
export type ListQuery = z.infer<typeof listQuery>

export function listOutput<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total_count: z.number().int(),
    /** The count before query and filters narrowed it. */
    total_count_max: z.number().int(),
    counts: z.record(z.string(), z.number().int()).optional(),
  })
}
export type ListAnswer<T> = { list: T[]; total_count: number; total_count_max: number; counts?: Record<string, number> }
