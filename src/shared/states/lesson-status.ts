import type { Transitions } from './transitions'

// A lesson's status for one payer (docs/reference/accounts-and-orders.md §4 "Lesson status"). not_for_publish: the seller keeps the lesson
// from payers; pending: published but not yet open to this payer (drip); published: open, not opened yet;
// viewed: opened; finished: done (a lesson with a quiz finishes when the quiz is passed). Only viewed and
// finished are stored (lesson_progress.status); the other three follow from the lesson and the drip date.
// A seller hiding or re-dripping a lesson does not take a payer's progress back, so finished is final.

export const lessonStatuses = ['not_for_publish', 'pending', 'published', 'viewed', 'finished'] as const
export type LessonStatus = (typeof lessonStatuses)[number]
export type StoredLessonStatus = Extract<LessonStatus, 'viewed' | 'finished'>

export const lessonStatusTransitions = {
  not_for_publish: ['pending', 'published'],
  pending: ['published', 'not_for_publish'],
  published: ['viewed', 'finished', 'pending', 'not_for_publish'],
  viewed: ['finished'],
  finished: [],
} as const satisfies Transitions<LessonStatus>

/** The lesson publish states a seller sets (the other statuses are per payer). */
export const lessonPublishStates = ['published', 'not_for_publish'] as const
export type LessonPublishState = (typeof lessonPublishStates)[number]

/** Lesson-access (drip) modes, docs/reference/accounts-and-orders.md §9 ("duration, endDate") plus the default: open at once. */
export const lessonAccessModes = ['immediately', 'duration', 'endDate'] as const
export type LessonAccessMode = (typeof lessonAccessModes)[number]

/** When a lesson opens for a payer whose access began at `grantedAt`. */
export function lessonOpensAt(lesson: { accessMode: string; accessAfterDays: number | null; accessFrom: Date | null }, grantedAt: Date): Date {
  if (lesson.accessMode === 'duration' && lesson.accessAfterDays) return new Date(grantedAt.getTime() + lesson.accessAfterDays * 86_400_000)
  if (lesson.accessMode === 'endDate' && lesson.accessFrom) return lesson.accessFrom
  return grantedAt
}

/** The status a payer sees, from the lesson, its drip date and what the payer stored. */
export function lessonStatusFor(publishState: string, opensAt: Date, now: Date, stored: StoredLessonStatus | null): LessonStatus {
  if (publishState === 'not_for_publish') return 'not_for_publish'
  if (stored) return stored
  return opensAt.getTime() > now.getTime() ? 'pending' : 'published'
}
