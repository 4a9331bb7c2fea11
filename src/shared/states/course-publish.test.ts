import { describe, expect, test } from 'vitest'
import { coursePublishStates, coursePublishTransitions, lessonNotifyStates, lessonNotifyTransitions, publicationOutcome } from './course-publish'
import { canTransition, reachableStates, statesOf, terminalStates } from './transitions'

describe('course access publish machine', () => {
  test('the table holds exactly the spec states (publish_paused, publishing, publish_canceled, published, publish_pending); only published is terminal', () => {
    expect(statesOf(coursePublishTransitions).sort()).toEqual([...coursePublishStates].sort())
    expect(terminalStates(coursePublishTransitions).sort()).toEqual(['published'])
  })

  test('a row canceled because access ended is scheduled again when the access returns (pending, or paused with the drip)', () => {
    expect(canTransition(coursePublishTransitions, 'publish_canceled', 'publish_pending')).toBe(true)
    expect(canTransition(coursePublishTransitions, 'publish_canceled', 'publish_paused')).toBe(true)
    expect(canTransition(coursePublishTransitions, 'publish_canceled', 'publishing')).toBe(false)
    expect(canTransition(lessonNotifyTransitions, 'outdate', 'waiting')).toBe(true)
  })

  test('only the job publishes: pending -> publishing -> published; a paused row goes back to pending before it can open', () => {
    expect(canTransition(coursePublishTransitions, 'publish_pending', 'publishing')).toBe(true)
    expect(canTransition(coursePublishTransitions, 'publishing', 'published')).toBe(true)
    expect(canTransition(coursePublishTransitions, 'publish_pending', 'published')).toBe(false)
    expect(canTransition(coursePublishTransitions, 'publish_paused', 'publishing')).toBe(false)
    expect(canTransition(coursePublishTransitions, 'publish_paused', 'publish_pending')).toBe(true)
    expect(canTransition(coursePublishTransitions, 'published', 'publish_paused')).toBe(false)
  })

  test('every non-terminal state can still end published or canceled', () => {
    for (const state of ['publish_pending', 'publishing', 'publish_paused'] as const) {
      expect(reachableStates(coursePublishTransitions, state).has('publish_canceled')).toBe(true)
    }
    expect(reachableStates(coursePublishTransitions, 'publish_paused').has('published')).toBe(true)
  })
})

describe('notify machine', () => {
  test('the table holds exactly the spec states (no_need_email, outdate, waiting, notified); notified is final, so a mail is written at most once', () => {
    expect(statesOf(lessonNotifyTransitions).sort()).toEqual([...lessonNotifyStates].sort())
    expect(terminalStates(lessonNotifyTransitions).sort()).toEqual(['no_need_email', 'notified'])
    expect(canTransition(lessonNotifyTransitions, 'notified', 'waiting')).toBe(false)
  })

  test('a due publication: removed lesson cancels without mail, lost access cancels as outdate, otherwise it opens with the mail unless mails are off', () => {
    expect(publicationOutcome({ lessonShown: false, hasAccess: true, mailsOn: true })).toEqual({ state: 'publish_canceled', notify: 'no_need_email' })
    expect(publicationOutcome({ lessonShown: true, hasAccess: false, mailsOn: true })).toEqual({ state: 'publish_canceled', notify: 'outdate' })
    expect(publicationOutcome({ lessonShown: true, hasAccess: true, mailsOn: true })).toEqual({ state: 'published', notify: 'notified' })
    expect(publicationOutcome({ lessonShown: true, hasAccess: true, mailsOn: false })).toEqual({ state: 'published', notify: 'no_need_email' })
  })
})
