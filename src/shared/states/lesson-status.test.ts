import { describe, expect, test } from 'vitest'
import { lessonOpensAt, lessonStatuses, lessonStatusFor, lessonStatusTransitions } from './lesson-status'
import { canTransition, reachableStates, statesOf, terminalStates } from './transitions'

describe('lesson status machine', () => {
  test('the table holds exactly the spec statuses (finished, published, pending, viewed, not_for_publish); finished is the only terminal one', () => {
    expect(statesOf(lessonStatusTransitions).sort()).toEqual([...lessonStatuses].sort())
    expect(terminalStates(lessonStatusTransitions)).toEqual(['finished'])
  })

  test('a payer never goes back: viewed only moves to finished, finished moves nowhere', () => {
    expect(canTransition(lessonStatusTransitions, 'viewed', 'finished')).toBe(true)
    expect(canTransition(lessonStatusTransitions, 'viewed', 'published')).toBe(false)
    expect(canTransition(lessonStatusTransitions, 'finished', 'viewed')).toBe(false)
    expect(canTransition(lessonStatusTransitions, 'pending', 'viewed')).toBe(false)
  })

  test('every status can reach finished', () => {
    for (const status of lessonStatuses.filter((s) => s !== 'finished')) expect(reachableStates(lessonStatusTransitions, status).has('finished')).toBe(true)
  })
})

describe('drip', () => {
  const granted = new Date('2026-03-01T10:00:00Z')
  const lesson = (accessMode: string, accessAfterDays: number | null = null, accessFrom: Date | null = null) => ({ accessMode, accessAfterDays, accessFrom })

  test('immediately opens at the grant; duration N days after it; endDate on its date', () => {
    expect(lessonOpensAt(lesson('immediately'), granted)).toEqual(granted)
    expect(lessonOpensAt(lesson('duration', 7), granted)).toEqual(new Date('2026-03-08T10:00:00Z'))
    expect(lessonOpensAt(lesson('endDate', null, new Date('2026-04-01T00:00:00Z')), granted)).toEqual(new Date('2026-04-01T00:00:00Z'))
  })

  test('a lesson is pending until the second it opens; stored progress and not_for_publish win', () => {
    const opens = new Date('2026-03-08T10:00:00Z')
    expect(lessonStatusFor('published', opens, new Date('2026-03-08T09:59:59Z'), null)).toBe('pending')
    expect(lessonStatusFor('published', opens, opens, null)).toBe('published')
    expect(lessonStatusFor('published', opens, opens, 'viewed')).toBe('viewed')
    expect(lessonStatusFor('not_for_publish', opens, opens, 'finished')).toBe('not_for_publish')
  })
})
