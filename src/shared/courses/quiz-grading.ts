// Grading a lesson quiz (docs/reference/readings.md 9: single_choice, multiple_choice, open_answer). Pure, so the server
// grades with it and tests hold its rules. Choice questions score all or nothing: the chosen options must
// be exactly the correct ones. An open answer matches an accepted answer without regard to case and
// surrounding or repeated spaces; a question without accepted answers is the seller's to grade ("review",
// it waits and scores 0 until then) or counts as right ("accept"), as the course is configured.

export type GradableQuestion = {
  id: string
  kind: 'single_choice' | 'multiple_choice' | 'open_answer'
  points: number
  options: { id: string; correct: boolean }[]
  accepted_answers: string[]
}
export type QuizAnswer = { question_id: string; option_ids?: string[]; text?: string }
export type GradedAnswer = { question_id: string; option_ids: string[]; text: string | null; correct: boolean | null; points: number }
export type QuizResult = 'passed' | 'failed' | 'pending_review'
export type QuizGrade = { answers: GradedAnswer[]; score: number; max_score: number; percent: number; result: QuizResult; passed: boolean }
export type OpenAnswerMode = 'review' | 'accept'

const normalise = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase()

function gradeOne(question: GradableQuestion, answer: QuizAnswer | undefined, openAnswers: OpenAnswerMode): GradedAnswer {
  const optionIds = [...new Set(answer?.option_ids ?? [])]
  const text = answer?.text?.trim() ?? ''
  const base = { question_id: question.id, option_ids: question.kind === 'open_answer' ? [] : optionIds, text: question.kind === 'open_answer' ? text : null }
  if (question.kind === 'open_answer') {
    if (text === '') return { ...base, correct: false, points: 0 }
    if (question.accepted_answers.length > 0) {
      const correct = question.accepted_answers.some((a) => normalise(a) === normalise(text))
      return { ...base, correct, points: correct ? question.points : 0 }
    }
    return openAnswers === 'accept' ? { ...base, correct: true, points: question.points } : { ...base, correct: null, points: 0 }
  }
  const correctIds = new Set(question.options.filter((o) => o.correct).map((o) => o.id))
  const correct = optionIds.length === correctIds.size && optionIds.every((id) => correctIds.has(id))
    && (question.kind === 'multiple_choice' || optionIds.length === 1)
  return { ...base, correct, points: correct ? question.points : 0 }
}

/** The share of `max` that `score` is, in whole percent rounded down (a quiz with no points: 100). */
export function scorePercent(score: number, max: number): number {
  return max <= 0 ? 100 : Math.floor((score * 100) / max)
}

/**
 * Grades `answers` against the quiz. Passed when the score reaches `passPercent` of the points even with
 * the waiting answers at 0; otherwise pending_review while any answer waits for the seller, else failed.
 */
export function gradeQuiz(quiz: { pass_percent: number; questions: GradableQuestion[] }, answers: readonly QuizAnswer[], openAnswers: OpenAnswerMode): QuizGrade {
  const byQuestion = new Map(answers.map((a) => [a.question_id, a]))
  const graded = quiz.questions.map((q) => gradeOne(q, byQuestion.get(q.id), openAnswers))
  const score = graded.reduce((sum, a) => sum + a.points, 0)
  const max = quiz.questions.reduce((sum, q) => sum + q.points, 0)
  const percent = scorePercent(score, max)
  const passed = percent >= quiz.pass_percent
  const result: QuizResult = passed ? 'passed' : graded.some((a) => a.correct === null) ? 'pending_review' : 'failed'
  return { answers: graded, score, max_score: max, percent, result, passed }
}

/** A pending attempt after the seller's review: waiting answers become right (full points) or wrong. */
export function reviewGrade(quiz: { pass_percent: number; questions: GradableQuestion[] }, graded: readonly GradedAnswer[], accept: boolean): QuizGrade {
  const points = new Map(quiz.questions.map((q) => [q.id, q.points]))
  const answers = graded.map((a) => (a.correct === null ? { ...a, correct: accept, points: accept ? (points.get(a.question_id) ?? 0) : 0 } : a))
  const score = answers.reduce((sum, a) => sum + a.points, 0)
  const max = quiz.questions.reduce((sum, q) => sum + q.points, 0)
  const percent = scorePercent(score, max)
  const passed = percent >= quiz.pass_percent
  return { answers, score, max_score: max, percent, result: passed ? 'passed' : 'failed', passed }
}
