import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { courseDripOutput, lessonPublicationItem } from '../../../../shared/schemas/course-publishing'
import { listParams, type ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { courseReportsKey } from './course-reports'

export type CourseDrip = Camelize<z.output<typeof courseDripOutput>>
export type LessonPublication = Camelize<z.output<typeof lessonPublicationItem>>

/** GET /cabinet/products/{id}/course/drip: paused, lesson mails, publications per state. */
export function dripQuery(productId: number) {
  return queryOptions({
    queryKey: [...courseReportsKey, 'drip', productId],
    queryFn: ({ signal }) => api.get<CourseDrip>(`/cabinet/products/${productId}/course/drip`, { signal }),
  })
}
export const saveDrip = (productId: number, input: { paused?: boolean; lessonMails?: boolean }) => api.put<CourseDrip>(`/cabinet/products/${productId}/course/drip`, input)

/** GET /cabinet/courses/lesson_publications (filters product_id, state, notify_state). */
export function publicationsQuery(state: ListState) {
  return queryOptions({
    queryKey: [...courseReportsKey, 'lesson_publications', state],
    queryFn: ({ signal }) => api.get<{ list: LessonPublication[]; totalCount: number; totalCountMax: number }>('/cabinet/courses/lesson_publications', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}
