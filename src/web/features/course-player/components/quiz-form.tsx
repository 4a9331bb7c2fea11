import { Alert, Badge, Button, Checkbox, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { IconCheck, IconClock, IconX } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../components/form-error'
import { submitQuiz, type CourseRef, type PlayerLesson, type QuizSubmitted } from '../api/course'

type Quiz = NonNullable<PlayerLesson['quiz']>
type Attempt = PlayerLesson['attempts'][number]
type Answers = Record<string, { optionIds: string[]; text: string }>

function ResultIcon({ correct }: { correct: boolean | null }) {
  if (correct === null) return <IconClock size={16} color="var(--mantine-color-yellow-7)" />
  return correct ? <IconCheck size={16} color="var(--mantine-color-teal-7)" /> : <IconX size={16} color="var(--mantine-color-red-7)" />
}

/** The result of an attempt: score, passed or not (or waiting for the seller's review), each answer right or wrong. */
export function AttemptResult({ attempt, quiz }: { attempt: Attempt; quiz: Quiz }) {
  const { t } = useTranslation()
  const color = attempt.result === 'passed' ? 'teal' : attempt.result === 'failed' ? 'red' : 'yellow'
  return (
    <Alert color={color} variant="light" title={t(`courseplayer.quiz.results.${attempt.result}`)} data-testid="quiz-result" data-result={attempt.result}>
      <Stack gap={4}>
        <Text size="sm">{t('courseplayer.quiz.score', { score: attempt.score, max: attempt.maxScore, percent: attempt.percent, pass: quiz.passPercent })}</Text>
        {quiz.questions.map((q, i) => {
          const answer = attempt.answers.find((a) => a.questionId === q.id)
          return (
            <Group key={q.id} gap={6} wrap="nowrap">
              <ResultIcon correct={answer?.correct ?? false} />
              <Text size="sm">{i + 1}. {q.text}</Text>
            </Group>
          )
        })}
      </Stack>
    </Alert>
  )
}

/** A lesson quiz: single choice as radios, multiple choice as checkboxes, open answers as text; graded by the server. */
export function QuizForm({ course, lessonId, quiz, attempts, onSubmitted }: {
  course: CourseRef; lessonId: number; quiz: Quiz; attempts: Attempt[]; onSubmitted: (result: QuizSubmitted) => void
}) {
  const { t } = useTranslation()
  const [answers, setAnswers] = useState<Answers>({})
  const [latest, setLatest] = useState<Attempt | null>(attempts.at(-1) ?? null)
  const [attemptsLeft, setAttemptsLeft] = useState(quiz.attemptsLeft)
  const passed = latest?.passed ?? attempts.some((a) => a.passed)
  const set = (id: string, value: Partial<Answers[string]>) => setAnswers((all) => ({ ...all, [id]: { optionIds: [], text: '', ...all[id], ...value } }))
  const submit = useMutation({
    mutationFn: () => submitQuiz(course, lessonId, quiz.questions.map((q) => ({
      questionId: q.id, ...(q.kind === 'open_answer' ? { text: answers[q.id]?.text ?? '' } : { optionIds: answers[q.id]?.optionIds ?? [] }),
    }))),
    onSuccess: (result) => {
      setLatest(result.attempt)
      setAttemptsLeft(result.attemptsLeft)
      onSubmitted(result)
    },
  })
  const noAttemptsLeft = attemptsLeft !== null && attemptsLeft <= 0
  return (
    <Paper withBorder p="md" radius="md" data-testid="quiz">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>{t('courseplayer.quiz.title')}</Title>
          <Group gap="xs">
            <Badge variant="light">{t('courseplayer.quiz.passAt', { percent: quiz.passPercent })}</Badge>
            {attemptsLeft !== null && <Badge variant="light" color={noAttemptsLeft ? 'red' : 'gray'}>{t('courseplayer.quiz.attemptsLeft', { count: attemptsLeft })}</Badge>}
          </Group>
        </Group>
        {latest && <AttemptResult attempt={latest} quiz={quiz} />}
        {!passed && !noAttemptsLeft && (
          <form onSubmit={(event) => {
            event.preventDefault()
            submit.mutate()
          }}>
            <Stack gap="md">
              {quiz.questions.map((q, i) => (
                <Stack key={q.id} gap={6} data-testid="quiz-question" data-kind={q.kind}>
                  <Text fw={500}>{i + 1}. {q.text} <Text span size="xs" c="dimmed">({t('courseplayer.quiz.points', { count: q.points })})</Text></Text>
                  {q.kind === 'single_choice' && (
                    <Radio.Group value={answers[q.id]?.optionIds[0] ?? null} onChange={(value) => set(q.id, { optionIds: [value] })}>
                      <Stack gap={4}>{q.options.map((o) => <Radio key={o.id} value={o.id} label={o.text} />)}</Stack>
                    </Radio.Group>
                  )}
                  {q.kind === 'multiple_choice' && (
                    <Checkbox.Group value={answers[q.id]?.optionIds ?? []} onChange={(value) => set(q.id, { optionIds: value })}>
                      <Stack gap={4}>{q.options.map((o) => <Checkbox key={o.id} value={o.id} label={o.text} />)}</Stack>
                    </Checkbox.Group>
                  )}
                  {q.kind === 'open_answer' && (
                    <Textarea autosize minRows={2} maxLength={5000} value={answers[q.id]?.text ?? ''} onChange={(e) => set(q.id, { text: e.currentTarget.value })}
                      aria-label={q.text} placeholder={t('courseplayer.quiz.yourAnswer')} />
                  )}
                </Stack>
              ))}
              <FormError error={submit.error} />
              <Button type="submit" w="fit-content" loading={submit.isPending} data-testid="quiz-submit">
                {latest ? t('courseplayer.quiz.tryAgain') : t('courseplayer.quiz.submit')}
              </Button>
            </Stack>
          </form>
        )}
        {!passed && noAttemptsLeft && <Text size="sm" c="dimmed">{t('courseplayer.quiz.noAttemptsLeft')}</Text>}
      </Stack>
    </Paper>
  )
}
