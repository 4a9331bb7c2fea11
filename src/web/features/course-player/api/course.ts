import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  commentListOutput, commentOutput, courseOutlineOutput, heartbeatOutput, lessonProgressOutput, playerLessonOutput, quizSubmitOutput,
} from '../../../../shared/schemas/course-player'
import { api } from '../../../lib/api'
import { isApiError, type Camelize } from '../../../lib/api-client'

export type CourseOutline = Camelize<z.output<typeof courseOutlineOutput>>
export type PlayerLesson = Camelize<z.output<typeof playerLessonOutput>>
export type LessonProgress = Camelize<z.output<typeof lessonProgressOutput>>
export type QuizSubmitted = Camelize<z.output<typeof quizSubmitOutput>>
export type CommentList = Camelize<z.output<typeof commentListOutput>>
export type LessonComment = Camelize<z.output<typeof commentOutput>>
export type Heartbeat = Camelize<z.output<typeof heartbeatOutput>>

export type CourseRef = { seller: string; slug: string }

export const coursePlayerKey = ['course-player'] as const
export const coursePath = ({ seller, slug }: CourseRef) => `/payer/courses/${encodeURIComponent(seller)}/${encodeURIComponent(slug)}`

/** How often the player asks again while a payment made moments ago waits for its delivery. */
const accessPendingPollMs = 2_000

/** Whether an error says the course's access is being prepared (paid, not delivered yet). */
export const isAccessPending = (error: unknown): boolean => isApiError(error) && error.type === 'access_pending'

/**
 * GET /payer/courses/{seller}/{slug}: modules, lessons with this payer's status, progress. While the answer
 * is access_pending (409) the query asks again every two seconds until the delivery grants access.
 */
export function outlineQuery(course: CourseRef) {
  return queryOptions({
    queryKey: [...coursePlayerKey, course.seller, course.slug, 'outline'],
    queryFn: ({ signal }) => api.get<CourseOutline>(coursePath(course), { signal, silent: true }),
    retry: false,
    refetchInterval: (query) => (isAccessPending(query.state.error) ? accessPendingPollMs : false),
  })
}

/** GET .../lessons/{id}: the lesson's blocks (media as signed links) and its quiz without answers. */
export function lessonQuery(course: CourseRef, lessonId: number) {
  return queryOptions({
    queryKey: [...coursePlayerKey, course.seller, course.slug, 'lesson', lessonId],
    queryFn: ({ signal }) => api.get<PlayerLesson>(`${coursePath(course)}/lessons/${lessonId}`, { signal, silent: true }),
    retry: false,
  })
}

/** POST .../lessons/{id}/progress: viewed (always), finished when asked, the media position. */
export function saveProgress(course: CourseRef, lessonId: number, input: { finished?: boolean; positionSeconds?: number }) {
  return api.post<LessonProgress>(`${coursePath(course)}/lessons/${lessonId}/progress`, input)
}

/** POST .../lessons/{id}/quiz_attempts: graded on the server. */
export function submitQuiz(course: CourseRef, lessonId: number, answers: { questionId: string; optionIds?: string[]; text?: string }[]) {
  return api.post<QuizSubmitted>(`${coursePath(course)}/lessons/${lessonId}/quiz_attempts`, { answers })
}

export function commentsQuery(course: CourseRef, lessonId: number) {
  return queryOptions({
    queryKey: [...coursePlayerKey, course.seller, course.slug, 'comments', lessonId],
    queryFn: ({ signal }) => api.get<CommentList>(`${coursePath(course)}/lessons/${lessonId}/comments`, { signal }),
  })
}

export function addComment(course: CourseRef, lessonId: number, body: string) {
  return api.post<LessonComment>(`${coursePath(course)}/lessons/${lessonId}/comments`, { body })
}

/** POST .../sessions/heartbeat: the course session of the open player (spec "course sessions"). */
export function heartbeat(course: CourseRef) {
  return api.post<Heartbeat>(`${coursePath(course)}/sessions/heartbeat`, {}, { silent: true, exempt: true })
}

/** A course's or membership's member page (docs/decisions/0069-member-pages.md): the HTML document and its type. */
export type MemberPage = { type: 'course' | 'membership'; html: string }

/**
 * GET /s/{seller}/courses/{slug}/page: the storefront renders the product's active course or membership page for
 * the signed-in payer with access (the access token as the API takes it). null: none to show (no page, no
 * access, or it could not be rendered: 204), so the player keeps its own view; 'pending': paid moments ago, asked
 * again every two seconds until the delivery grants access. Asked after the outline, whose call renews an
 * expired token first.
 */
export function memberPageQuery(course: CourseRef, enabled: boolean) {
  return queryOptions<MemberPage | 'pending' | null>({
    queryKey: [...coursePlayerKey, course.seller, course.slug, 'member-page'],
    enabled,
    retry: false,
    staleTime: 60_000,
    refetchInterval: (query) => (query.state.data === 'pending' ? accessPendingPollMs : false),
    queryFn: async ({ signal }): Promise<MemberPage | 'pending' | null> => {
      const token = api.getTokens()?.accessToken
      if (!token) return null
      const res = await fetch(`/s/${encodeURIComponent(course.seller)}/courses/${encodeURIComponent(course.slug)}/page`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/html' }, signal,
      })
      if (res.status === 409) return 'pending'
      const type = res.headers.get('x-page-type')
      if (!res.ok || (type !== 'course' && type !== 'membership')) return null
      return { type, html: await res.text() }
    },
  })
}
