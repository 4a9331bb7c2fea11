import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { CourseOutline, PlayerLesson } from './course'

// The seller's preview of a course (GET /cabinet/products/{id}/course/preview...): every lesson open, nothing written.
const base = (productId: number) => `/cabinet/products/${productId}/course/preview`

export function previewOutlineQuery(productId: number) {
  return queryOptions({ queryKey: ['course-preview', productId, 'outline'], queryFn: ({ signal }) => api.get<CourseOutline>(base(productId), { signal }) })
}

export function previewLessonQuery(productId: number, lessonId: number) {
  return queryOptions({ queryKey: ['course-preview', productId, 'lesson', lessonId], queryFn: ({ signal }) => api.get<PlayerLesson>(`${base(productId)}/lessons/${lessonId}`, { signal }) })
}
