import { describe, expect, test } from 'vitest'
import { lessonInput } from '../../../../shared/schemas/courses'
import { lessonDraft, lessonInputOf, newQuestion, withKind } from './lesson-draft'

const lesson = {
  id: 1, moduleId: 1, title: 'Welcome', position: 0,
  blocks: [{ kind: 'text', html: '<p>Hi</p>' }, { kind: 'audio', key: 'media-abc.mp3', title: 'Intro' }],
  quiz: null, publishState: 'published' as const, accessMode: 'immediately' as const, accessAfterDays: null, accessFrom: null,
}

describe('lesson draft', () => {
  test('drip by days or from a date and a kept-back lesson go into the lesson input', () => {
    const days = lessonInputOf({ ...lessonDraft(lesson), access_mode: 'duration', access_after_days: '7' })
    expect(days).toMatchObject({ access_mode: 'duration', access_after_days: 7, access_from: null })
    const date = lessonInputOf({ ...lessonDraft(lesson), access_mode: 'endDate', access_from: '2030-01-15', published: false })
    expect(date).toMatchObject({ access_mode: 'endDate', access_from: '2030-01-15T00:00:00.000Z', publish_state: 'not_for_publish' })
    expect(lessonInput.safeParse(date).success).toBe(true)
  })

  test('a lesson without a quiz keeps its blocks and sends no quiz', () => {
    const input = lessonInputOf(lessonDraft(lesson))
    expect(input).toEqual({ title: 'Welcome', blocks: [{ kind: 'text', html: '<p>Hi</p>' }, { kind: 'audio', key: 'media-abc.mp3', title: 'Intro' }], quiz: null,
      publish_state: 'published', access_mode: 'immediately', access_after_days: null, access_from: null,
    })
    expect(lessonInput.safeParse(input).success).toBe(true)
  })

  test('questions of the three kinds make a quiz the shared schema accepts', () => {
    const draft = lessonDraft(lesson)
    const single = { ...newQuestion(), text: 'Pick one', options: [{ text: 'A', correct: true }, { text: 'B', correct: false }] }
    const multiple = { ...withKind(single, 'multiple_choice'), text: 'Pick some', points: '2' }
    const open = { ...withKind(single, 'open_answer'), text: 'Say it', accepted: ' yes \n\nsure ' }
    const input = lessonInputOf({ ...draft, quiz: true, pass_percent: '50', questions: [single, multiple, open] })
    expect(input.quiz?.questions[2]).toMatchObject({ kind: 'open_answer', options: [], accepted_answers: ['yes', 'sure'] })
    expect(lessonInput.safeParse(input).success).toBe(true)
  })

  test('switching to single choice leaves exactly one correct option', () => {
    const q = { ...newQuestion('multiple_choice'), options: [{ text: 'A', correct: false }, { text: 'B', correct: true }, { text: 'C', correct: true }] }
    expect(withKind(q, 'single_choice').options.map((o) => o.correct)).toEqual([false, true, false])
  })
})
