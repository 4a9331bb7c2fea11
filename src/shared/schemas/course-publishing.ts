import { z } from 'zod'
import { coursePublishStates, lessonNotifyStates } from '../states/course-publish'
import { courseListQuery } from './course-player'

// Publishing dripped lessons (docs/reference/accounts-and-orders.md §4 course access publish and notify states): the course's drip
// controls at /api/v1/cabinet/products/{id}/course/drip and the list at /api/v1/cabinet/courses/lesson_publications.

export const courseDripInput = z.strictObject({
  /** Pause: lessons not open yet stay closed; resume: they open at their time (at once when it passed). */
  paused: z.boolean().optional(),
  /** The "a new lesson is available" mail when a dripped lesson opens. */
  lesson_mails: z.boolean().optional(),
})
export type CourseDripInput = z.infer<typeof courseDripInput>

export const courseDripOutput = z.object({
  paused: z.boolean(),
  lesson_mails: z.boolean(),
  /** False when the seller's drip_in feature is off: every lesson opens at once. */
  drip_enabled: z.boolean(),
  /** Publications per publish state. */
  counts: z.record(z.enum(coursePublishStates), z.number().int()),
})
export type CourseDripOutput = z.infer<typeof courseDripOutput>

export const lessonPublicationListQuery = courseListQuery.extend({
  state: z.enum(coursePublishStates).optional(),
  notify_state: z.enum(lessonNotifyStates).optional(),
})
export type LessonPublicationListQuery = z.infer<typeof lessonPublicationListQuery>

export const lessonPublicationItem = z.object({
  id: z.number(), product_id: z.number(), product_name: z.string(), lesson_id: z.number(), lesson_title: z.string(),
  payer_user_id: z.number(), payer_email: z.string(), payer_name: z.string(),
  state: z.enum(coursePublishStates), notify_state: z.enum(lessonNotifyStates),
  opens_at: z.string(), published_at: z.string().nullable(), notified_at: z.string().nullable(),
})
export type LessonPublicationItem = z.infer<typeof lessonPublicationItem>
