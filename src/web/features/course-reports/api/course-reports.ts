import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  courseCustomerItem, courseOverviewItem, courseSessionItem, courseSettingsOutput, lessonStatusItem, sellerCommentItem, sellerQuizAttemptItem,
} from '../../../../shared/schemas/course-player'
import { listParams, type ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type CourseOverviewItem = Camelize<z.output<typeof courseOverviewItem>>
export type CourseSessionItem = Camelize<z.output<typeof courseSessionItem>>
export type LessonStatusItem = Camelize<z.output<typeof lessonStatusItem>>
export type SellerQuizAttempt = Camelize<z.output<typeof sellerQuizAttemptItem>>
export type SellerComment = Camelize<z.output<typeof sellerCommentItem>>
export type CourseSettings = Camelize<z.output<typeof courseSettingsOutput>>
export type CourseCustomer = Camelize<z.output<typeof courseCustomerItem>>
type List<T> = { list: T[]; totalCount: number; totalCountMax: number }

export const courseReportsKey = ['cabinet', 'courses'] as const

function listQuery<T>(tab: string, state: ListState) {
  return queryOptions({
    queryKey: [...courseReportsKey, tab, state],
    queryFn: ({ signal }) => api.get<List<T>>(`/cabinet/courses/${tab}`, { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

/** GET /cabinet/courses/overview: per course its customers, average progress and completions. */
export const overviewQuery = (state: ListState) => listQuery<CourseOverviewItem>('overview', state)
/** GET /cabinet/courses/sessions (filters product_id, query). */
export const sessionsQuery = (state: ListState) => listQuery<CourseSessionItem>('sessions', state)
/** GET /cabinet/courses/lesson_statuses (filters product_id, status). */
export const lessonStatusesQuery = (state: ListState) => listQuery<LessonStatusItem>('lesson_statuses', state)
/** GET /cabinet/courses/quiz_attempts (filters product_id, result). */
export const quizAttemptsQuery = (state: ListState) => listQuery<SellerQuizAttempt>('quiz_attempts', state)
/** GET /cabinet/courses/comments (filters product_id, hidden). */
export const commentsQuery = (state: ListState) => listQuery<SellerComment>('comments', state)

/** Every course of the seller, for the course filter (at most 300 at once, docs/reference/readings.md 11). */
export function courseChoicesQuery() {
  return queryOptions({
    queryKey: [...courseReportsKey, 'choices'],
    queryFn: ({ signal }) => api.get<List<CourseOverviewItem>>('/cabinet/courses/overview', { signal, query: { per: 300 } }),
    staleTime: 60_000,
  })
}

export const reviewAttempt = (id: number, accept: boolean) => api.post(`/cabinet/courses/quiz_attempts/${id}/review`, { accept })
export const moderateComment = (id: number, hidden: boolean) => api.patch(`/cabinet/courses/comments/${id}`, { hidden })

export function settingsQuery(productId: number) {
  return queryOptions({
    queryKey: [...courseReportsKey, 'settings', productId],
    queryFn: ({ signal }) => api.get<CourseSettings>(`/cabinet/products/${productId}/course/settings`, { signal }),
  })
}
export const saveSettings = (productId: number, input: Partial<CourseSettings>) => api.put<CourseSettings>(`/cabinet/products/${productId}/course/settings`, input)

/** The customers of a course with their access and progress (the access extension wizard). */
export function customersQuery(productId: number) {
  return queryOptions({
    queryKey: [...courseReportsKey, 'customers', productId],
    queryFn: ({ signal }) => api.get<List<CourseCustomer>>(`/cabinet/products/${productId}/course/customers`, { signal }),
  })
}
export const extendAccess = (productId: number, input: { until: string | null; customers: 'all' | 'selected'; payerUserIds: number[] }) =>
  api.post<{ changed: number }>(`/cabinet/products/${productId}/course/extend_access`, input)
