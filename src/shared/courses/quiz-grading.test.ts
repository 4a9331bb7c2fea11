import { describe, expect, test } from 'vitest'
import { gradeQuiz, reviewGrade, scorePercent, type GradableQuestion } from './quiz-grading'

const single: GradableQuestion = { id: 's', kind: 'single_choice', points: 2, options: [{ id: 's1', correct: true }, { id: 's2', correct: false }], accepted_answers: [] }
const multiple: GradableQuestion = {
  id: 'm', kind: 'multiple_choice', points: 3, options: [{ id: 'm1', correct: true }, { id: 'm2', correct: true }, { id: 'm3', correct: false }], accepted_answers: [],
}
const open: GradableQuestion = { id: 'o', kind: 'open_answer', points: 1, options: [], accepted_answers: ['Round brush'] }
const essay: GradableQuestion = { id: 'e', kind: 'open_answer', points: 4, options: [], accepted_answers: [] }
const quiz = (pass: number, ...questions: GradableQuestion[]) => ({ pass_percent: pass, questions })

describe('quiz grading', () => {
  test('single choice: exactly the correct option scores; two options or the wrong one score 0', () => {
    expect(gradeQuiz(quiz(100, single), [{ question_id: 's', option_ids: ['s1'] }], 'review')).toMatchObject({ score: 2, passed: true, result: 'passed' })
    expect(gradeQuiz(quiz(100, single), [{ question_id: 's', option_ids: ['s1', 's2'] }], 'review').score).toBe(0)
    expect(gradeQuiz(quiz(100, single), [{ question_id: 's', option_ids: ['s2'] }], 'review')).toMatchObject({ score: 0, result: 'failed' })
  })

  test('multiple choice is all or nothing: a missing or an extra option scores 0; order and repeats do not matter', () => {
    const grade = (ids: string[]) => gradeQuiz(quiz(100, multiple), [{ question_id: 'm', option_ids: ids }], 'review').score
    expect(grade(['m2', 'm1', 'm1'])).toBe(3)
    expect(grade(['m1'])).toBe(0)
    expect(grade(['m1', 'm2', 'm3'])).toBe(0)
  })

  test('an open answer matches an accepted answer without regard to case and spaces; an empty one is wrong', () => {
    const grade = (text: string) => gradeQuiz(quiz(100, open), [{ question_id: 'o', text }], 'review').answers[0]
    expect(grade('  round   BRUSH ')).toMatchObject({ correct: true, points: 1, text: 'round   BRUSH' })
    expect(grade('flat brush')).toMatchObject({ correct: false, points: 0 })
    expect(grade('')).toMatchObject({ correct: false, points: 0 })
  })

  test('an open answer without accepted answers waits for review (0 points) or counts as right, as configured', () => {
    const answers = [{ question_id: 's', option_ids: ['s1'] }, { question_id: 'e', text: 'My essay' }]
    expect(gradeQuiz(quiz(50, single, essay), answers, 'review')).toMatchObject({ score: 2, max_score: 6, percent: 33, result: 'pending_review', passed: false })
    expect(gradeQuiz(quiz(30, single, essay), answers, 'review')).toMatchObject({ result: 'passed', passed: true }) // passes even with the essay at 0
    expect(gradeQuiz(quiz(50, single, essay), answers, 'accept')).toMatchObject({ score: 6, result: 'passed' })
  })

  test('the pass mark is inclusive; a question left out scores 0; the percent rounds down', () => {
    expect(gradeQuiz(quiz(40, single, multiple), [{ question_id: 's', option_ids: ['s1'] }], 'review')).toMatchObject({ score: 2, max_score: 5, percent: 40, passed: true })
    expect(gradeQuiz(quiz(41, single, multiple), [{ question_id: 's', option_ids: ['s1'] }], 'review').passed).toBe(false)
    expect(scorePercent(2, 3)).toBe(66)
    expect(scorePercent(0, 0)).toBe(100)
  })

  test('answers to unknown questions are ignored', () => {
    expect(gradeQuiz(quiz(100, single), [{ question_id: 'x', option_ids: ['s1'] }, { question_id: 's', option_ids: ['s1'] }], 'review').answers).toHaveLength(1)
  })

  test('a review turns waiting answers right (full points) or wrong and decides the attempt', () => {
    const graded = gradeQuiz(quiz(50, single, essay), [{ question_id: 's', option_ids: ['s2'] }, { question_id: 'e', text: 'x' }], 'review')
    expect(graded.result).toBe('pending_review')
    expect(reviewGrade(quiz(50, single, essay), graded.answers, true)).toMatchObject({ score: 4, percent: 66, result: 'passed' })
    expect(reviewGrade(quiz(50, single, essay), graded.answers, false)).toMatchObject({ score: 0, result: 'failed' })
  })
})
