import type { ContentBlock, QuizKind } from '../../../../shared/schemas/courses'
import type { LessonAccessMode } from '../../../../shared/states/lesson-status'
import type { Lesson } from '../api/course-content'

// A lesson as its editor holds it (text, external video, attached media blocks, the quiz) and back to
// the request of PATCH /cabinet/products/{id}/course/lessons/{lesson_id}. Question and option ids are kept
// so later quiz attempts stay linked to their question.

export type OptionDraft = { id?: string; text: string; correct: boolean }
export type QuestionDraft = { key: string; id?: string; kind: QuizKind; text: string; points: string; options: OptionDraft[]; accepted: string }
export type MediaBlock = Exclude<ContentBlock, { kind: 'text' } | { source: 'external' }>
export type LessonDraft = {
  title: string
  html: string
  video_url: string
  media: MediaBlock[]
  quiz: boolean
  pass_percent: string
  questions: QuestionDraft[]
  /** Shown to payers (published) or kept back (not_for_publish). */
  published: boolean
  /** Drip: when the lesson opens for a payer (docs/reference/accounts-and-orders.md §9 lesson-access modes). */
  access_mode: LessonAccessMode
  access_after_days: string
  /** yyyy-mm-dd, the day the lesson opens (endDate mode), midnight UTC. */
  access_from: string
}

let nextKey = 0
const newKey = () => `q${++nextKey}`

export function newQuestion(kind: QuizKind = 'single_choice'): QuestionDraft {
  return {
    key: newKey(), kind, text: '', points: '1', accepted: '',
    options: kind === 'open_answer' ? [] : [{ text: '', correct: true }, { text: '', correct: false }],
  }
}

/** A question switched to another kind: options for the choice kinds (exactly one correct for single choice). */
export function withKind(question: QuestionDraft, kind: QuizKind): QuestionDraft {
  if (kind === 'open_answer') return { ...question, kind, options: [] }
  const options = question.options.length >= 2 ? question.options : newQuestion(kind).options
  if (kind === 'single_choice') {
    const first = Math.max(0, options.findIndex((o) => o.correct))
    return { ...question, kind, accepted: '', options: options.map((o, i) => ({ ...o, correct: i === first })) }
  }
  return { ...question, kind, accepted: '', options }
}

const isMedia = (b: Record<string, unknown>) => b.kind !== 'text' && !(b.kind === 'video' && b.source === 'external')

export function lessonDraft(lesson: Lesson): LessonDraft {
  const blocks = lesson.blocks as Record<string, unknown>[]
  const text = blocks.find((b) => b.kind === 'text')
  const video = blocks.find((b) => b.kind === 'video' && b.source === 'external')
  return {
    title: lesson.title,
    html: typeof text?.html === 'string' ? text.html : '',
    video_url: typeof video?.url === 'string' ? video.url : '',
    media: blocks.filter(isMedia) as MediaBlock[],
    quiz: lesson.quiz !== null,
    pass_percent: String(lesson.quiz?.passPercent ?? 80),
    questions: (lesson.quiz?.questions ?? []).map((q) => ({
      key: newKey(), id: q.id, kind: q.kind, text: q.text, points: String(q.points),
      options: q.options.map((o) => ({ id: o.id, text: o.text, correct: o.correct })), accepted: q.acceptedAnswers.join('\n'),
    })),
    published: lesson.publishState !== 'not_for_publish',
    access_mode: lesson.accessMode,
    access_after_days: lesson.accessAfterDays === null ? '' : String(lesson.accessAfterDays),
    access_from: lesson.accessFrom ? lesson.accessFrom.slice(0, 10) : '',
  }
}

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)

export function questionInput(q: QuestionDraft) {
  return {
    ...(q.id ? { id: q.id } : {}),
    kind: q.kind,
    text: q.text,
    points: whole(q.points),
    options: q.kind === 'open_answer' ? [] : q.options.map((o) => ({ ...(o.id ? { id: o.id } : {}), text: o.text, correct: o.correct })),
    accepted_answers: q.kind === 'open_answer' ? q.accepted.split('\n').map((a) => a.trim()).filter((a) => a !== '') : [],
  }
}

/** The PATCH body: text first, then the external video, then the attached media in their order; the quiz or null. */
export function lessonInputOf(d: LessonDraft) {
  const blocks: ContentBlock[] = [
    ...(d.html.trim() ? [{ kind: 'text' as const, html: d.html }] : []),
    ...(d.video_url.trim() ? [{ kind: 'video' as const, source: 'external' as const, url: d.video_url.trim() }] : []),
    ...d.media,
  ]
  return {
    title: d.title,
    blocks,
    quiz: d.quiz && d.questions.length > 0 ? { pass_percent: whole(d.pass_percent), questions: d.questions.map(questionInput) } : null,
    publish_state: d.published ? 'published' as const : 'not_for_publish' as const,
    access_mode: d.access_mode,
    access_after_days: d.access_mode === 'duration' ? whole(d.access_after_days) : null,
    access_from: d.access_mode === 'endDate' && d.access_from ? `${d.access_from}T00:00:00.000Z` : null,
  }
}
