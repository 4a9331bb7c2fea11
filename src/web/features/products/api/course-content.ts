import { queryOptions } from '@tanstack/react-query'
import type { CourseOutput, LessonOutput, ModuleOutput } from '../../../../shared/schemas/courses'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type Course = Camelize<CourseOutput>
export type CourseModule = Camelize<ModuleOutput>
export type Lesson = Camelize<LessonOutput>
export const courseKey = (productId: number) => ['cabinet', 'products', 'item', productId, 'course'] as const

/** GET /cabinet/products/{id}/course: the content tree (modules with their lessons). */
export function courseQuery(productId: number) {
  return queryOptions({
    queryKey: courseKey(productId),
    queryFn: ({ signal }) => api.get<Course>(`/cabinet/products/${productId}/course`, { signal }),
  })
}
