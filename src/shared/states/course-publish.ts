import type { Transitions } from './transitions'

// Dripped lessons open per payer (docs/reference/accounts-and-orders.md §4 "Course access publish" and "Notify state"). One publication
// per payer and dripped lesson: publish_pending until its time, publishing while the job opens it,
// published once open; publish_paused while the seller pauses the course's drip; publish_canceled when the
// payer's access ended or the seller took the lesson back before it opened; a row canceled because access
// ended goes back to publish_pending (notify waiting) when the access returns. Its notify state says whether
// the payer gets the "a new lesson is available" mail: waiting until it opens, notified once the mail is
// written, no_need_email when the lesson was open already or the seller turned lesson mails off, outdate
// when it opened while the payer had no access. docs/decisions/0024-course-access-publishing.md

export const coursePublishStates = ['publish_pending', 'publishing', 'published', 'publish_paused', 'publish_canceled'] as const
export type CoursePublishState = (typeof coursePublishStates)[number]

export const coursePublishTransitions = {
  publish_pending: ['publishing', 'publish_paused', 'publish_canceled'],
  // a job that dies while publishing leaves the row to the next run, which claims it again (still publishing)
  publishing: ['published', 'publish_canceled'],
  publish_paused: ['publish_pending', 'publish_canceled'],
  published: [],
  // the payer's access returned: what its end canceled is scheduled again (from the original access start)
  publish_canceled: ['publish_pending', 'publish_paused'],
} as const satisfies Transitions<CoursePublishState>

export const lessonNotifyStates = ['waiting', 'notified', 'no_need_email', 'outdate'] as const
export type LessonNotifyState = (typeof lessonNotifyStates)[number]

export const lessonNotifyTransitions = {
  waiting: ['notified', 'no_need_email', 'outdate'],
  notified: [],
  no_need_email: [],
  // canceled while the payer had no access, then rescheduled when the access returned
  outdate: ['waiting'],
} as const satisfies Transitions<LessonNotifyState>

/** What a due publication becomes: canceled without the lesson or without access, else published (with or without its mail). */
export function publicationOutcome(input: { lessonShown: boolean; hasAccess: boolean; mailsOn: boolean }): { state: CoursePublishState; notify: LessonNotifyState } {
  if (!input.lessonShown) return { state: 'publish_canceled', notify: 'no_need_email' }
  if (!input.hasAccess) return { state: 'publish_canceled', notify: 'outdate' }
  return { state: 'published', notify: input.mailsOn ? 'notified' : 'no_need_email' }
}
