import {
  ActionIcon, Alert, Badge, Button, Card, Checkbox, FileButton, Group, Radio, Stack, Switch, Text, TextInput, Textarea, Title,
} from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { IconPaperclip, IconPlus, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { lessonInput, questionInput as questionSchema, quizKinds, type QuizKind } from '../../../../../shared/schemas/courses'
import { lessonAccessModes, type LessonAccessMode } from '../../../../../shared/states/lesson-status'
import { FormError } from '../../../../components/form-error'
import { NumberField } from '../../../../components/number-field'
import { RichTextEditor } from '../../../../components/rich-text-editor'
import { SelectField } from '../../../../components/select-field'
import { useUploadMutation } from '../../../../components/upload-progress'
import { isApiError } from '../../../../lib/api-client'
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../../lib/forms'
import type { Lesson } from '../../api/course-content'
import { createUpload } from '../../api/create-upload'
import { updateLesson } from '../../api/update-lesson'
import {
  lessonDraft, lessonInputOf, newQuestion, questionInput, withKind, type LessonDraft, type MediaBlock, type OptionDraft, type QuestionDraft,
} from '../lesson-draft'
import { lessonDraftsOf, lessonTranslationsInputOf, type Drafts, type LessonTranslationDraft } from '../course-translation-draft'
import { LessonTranslations } from './course-translations'

// One lesson of a course (docs/reference/catalogue-and-selling.md §2 step "content", docs/reference/readings.md 9): its title, a text block (HTML the server
// sanitises, written in the shared rich text editor), an external video, attached audio, PDF, uploaded video and other files (sent to
// /cabinet/uploads with the kind their type names; the server checks the content), and the lesson
// quiz with single choice, multiple choice and open answer questions, their options, correct answers
// and points. Saved as one PATCH, validated first with the shared schema.

function QuestionEditor({ question, index, errors, onChange, onRemove }: {
  question: QuestionDraft; index: number; errors: FieldErrors | undefined; onChange: (q: QuestionDraft) => void; onRemove: () => void
}) {
  const { t } = useTranslation()
  const setOption = (i: number, patch: Partial<OptionDraft>) =>
    onChange({ ...question, options: question.options.map((o, j) => (j === i ? { ...o, ...patch } : patch.correct && question.kind === 'single_choice' ? { ...o, correct: false } : o)) })
  return (
    <Card withBorder padding="sm" radius="sm" data-testid="quiz-question">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">{t('products.quiz.question', { n: index + 1 })}</Text>
          <ActionIcon variant="subtle" color="red" aria-label={t('products.quiz.removeQuestion', { n: index + 1 })} onClick={onRemove}><IconTrash size={16} /></ActionIcon>
        </Group>
        <Group grow align="flex-start">
          <SelectField
            label={t('products.quiz.kind')} searchable={false}
            data={quizKinds.map((kind) => ({ value: kind, label: t(`products.quiz.kinds.${kind}`) }))}
            value={question.kind} onChange={(value) => value && onChange(withKind(question, value as QuizKind))}
            data-testid="question-kind"
          />
          <NumberField label={t('products.quiz.points')} value={question.points} min={0} max={1000} onChange={(points) => onChange({ ...question, points })} error={errors?.points} data-testid="question-points" />
        </Group>
        <Textarea label={t('products.quiz.text')} required autosize minRows={1} value={question.text} onChange={(e) => onChange({ ...question, text: e.currentTarget.value })} error={errors?.text} data-testid="question-text" />
        {question.kind === 'open_answer' ? (
          <Textarea
            label={t('products.quiz.accepted')} description={t('products.quiz.acceptedHelp')} autosize minRows={2}
            value={question.accepted} onChange={(e) => onChange({ ...question, accepted: e.currentTarget.value })} error={errors?.accepted_answers}
            data-testid="question-accepted"
          />
        ) : (
          <Stack gap={6}>
            <Text size="sm" fw={500}>{question.kind === 'single_choice' ? t('products.quiz.optionsSingle') : t('products.quiz.optionsMultiple')}</Text>
            {question.options.map((option, i) => (
              <Group key={i} gap="xs" wrap="nowrap" data-testid="question-option">
                {question.kind === 'single_choice'
                  ? <Radio checked={option.correct} onChange={() => setOption(i, { correct: true })} aria-label={t('products.quiz.correctNamed', { n: i + 1 })} data-testid="option-correct" />
                  : <Checkbox checked={option.correct} onChange={(e) => setOption(i, { correct: e.currentTarget.checked })} aria-label={t('products.quiz.correctNamed', { n: i + 1 })} data-testid="option-correct" />}
                <TextInput style={{ flex: 1 }} aria-label={t('products.quiz.optionNamed', { n: i + 1 })} placeholder={t('products.quiz.optionNamed', { n: i + 1 })} value={option.text} onChange={(e) => setOption(i, { text: e.currentTarget.value })} data-testid="option-text" />
                <ActionIcon variant="subtle" color="red" disabled={question.options.length <= 2} aria-label={t('products.quiz.removeOption', { n: i + 1 })} onClick={() => onChange({ ...question, options: question.options.filter((_, j) => j !== i) })}><IconTrash size={14} /></ActionIcon>
              </Group>
            ))}
            {errors?.options && <Text size="xs" c="red" role="alert">{errors.options}</Text>}
            <Button size="xs" variant="subtle" w="fit-content" leftSection={<IconPlus size={14} />} disabled={question.options.length >= 20} onClick={() => onChange({ ...question, options: [...question.options, { text: '', correct: false }] })} data-testid="option-add">
              {t('products.quiz.addOption')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  )
}

function MediaList({ media, onChange }: { media: MediaBlock[]; onChange: (media: MediaBlock[]) => void }) {
  const { t } = useTranslation()
  const attach = useUploadMutation((file: File, transfer) => createUpload(file, undefined, transfer), {
    name: (file) => file.name,
    onSuccess: (upload) => {
      const title = upload.name.slice(0, 200)
      const block: MediaBlock = upload.kind === 'video'
        ? { kind: 'video', source: 'upload', key: upload.key, title }
        : { kind: upload.kind === 'image' ? 'file' : upload.kind, key: upload.key, title }
      onChange([...media, block])
    },
  })
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>{t('products.content.media')}</Text>
      {media.length === 0 && <Text size="xs" c="dimmed">{t('products.content.noMedia')}</Text>}
      {media.map((block, i) => (
        <Group key={`${block.key}-${i}`} gap="xs" wrap="nowrap" data-testid="lesson-media">
          <Badge size="sm" variant="light">{t(`products.content.kinds.${block.kind}`)}</Badge>
          <Text size="sm" style={{ flex: 1 }} truncate>{block.title ?? block.key}</Text>
          <ActionIcon variant="subtle" color="red" aria-label={t('products.content.removeMedia', { name: block.title ?? block.key })} onClick={() => onChange(media.filter((_, j) => j !== i))}><IconTrash size={14} /></ActionIcon>
        </Group>
      ))}
      <FileButton onChange={(file) => file && attach.mutate(file)}>
        {(props) => (
          <Button {...props} size="xs" variant="light" w="fit-content" leftSection={<IconPaperclip size={14} />} disabled={attach.isPending} data-testid="lesson-attach">
            {t('products.content.attach')}
          </Button>
        )}
      </FileButton>
      {attach.progress}
      <Text size="xs" c="dimmed">{t('products.content.attachHelp')}</Text>
      <FormError error={attach.error} />
    </Stack>
  )
}

/** Whether payers see the lesson, and when it opens for them (drip, docs/reference/accounts-and-orders.md §9 lesson-access modes). */
function LessonAccess({ draft, errors, onChange }: { draft: LessonDraft; errors: FieldErrors; onChange: (next: Partial<LessonDraft>) => void }) {
  const { t } = useTranslation()
  return (
    <Stack gap="xs">
      <Title order={5}>{t('courseplayer.authoring.title')}</Title>
      <Switch label={t('courseplayer.authoring.published')} checked={draft.published} onChange={(e) => onChange({ published: e.currentTarget.checked })} data-testid="lesson-published" />
      <Group align="flex-start">
        <SelectField
          label={t('courseplayer.authoring.accessMode')} searchable={false} w={260}
          data={lessonAccessModes.map((mode) => ({ value: mode, label: t(`courseplayer.authoring.modes.${mode}`) }))}
          value={draft.access_mode} onChange={(value) => value && onChange({ access_mode: value as LessonAccessMode })} data-testid="lesson-access-mode"
        />
        {draft.access_mode === 'duration' && (
          <NumberField label={t('courseplayer.authoring.afterDays')} value={draft.access_after_days} min={1} max={3650} onChange={(v) => onChange({ access_after_days: v })} error={errors.access_after_days} w={200} />
        )}
        {draft.access_mode === 'endDate' && (
          <TextInput type="date" label={t('courseplayer.authoring.from')} value={draft.access_from} onChange={(e) => onChange({ access_from: e.currentTarget.value })} error={errors.access_from} w={200} />
        )}
      </Group>
    </Stack>
  )
}

export function LessonEditor({ productId, lesson, onDone }: { productId: number; lesson: Lesson; onDone: () => void }) {
  const { t, i18n } = useTranslation()
  const [draft, setDraft] = useState<LessonDraft>(() => lessonDraft(lesson))
  const [translations, setTranslations] = useState<Drafts<LessonTranslationDraft>>(() => lessonDraftsOf(lesson.translations, lesson.blocks as Record<string, unknown>[]))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [questionErrors, setQuestionErrors] = useState<Record<string, FieldErrors>>({})
  const set = <K extends keyof LessonDraft>(key: K, value: LessonDraft[K]) => setDraft((d) => ({ ...d, [key]: value }))
  const save = useMutation({
    // The languages go with the lesson, the whole set; its text block is sent first (index 0) when it has text.
    mutationFn: () => updateLesson(productId, lesson.id, { ...lessonInputOf(draft), translations: lessonTranslationsInputOf(translations, draft.html.trim() !== '') }),
    onSuccess: onDone,
    onError: (error) => {
      if (isApiError(error)) setErrors(serverFieldErrors(error.fields, i18n.language))
    },
  })
  const submit = () => {
    const perQuestion: Record<string, FieldErrors> = {}
    for (const q of draft.quiz ? draft.questions : []) {
      const result = questionSchema.safeParse(questionInput(q))
      if (!result.success) perQuestion[q.key] = zodFieldErrors(result.error.issues, i18n.language)
    }
    setQuestionErrors(perQuestion)
    const result = lessonInput.safeParse(lessonInputOf(draft))
    setErrors(result.success ? {} : zodFieldErrors(result.error.issues, i18n.language))
    if (result.success && Object.keys(perQuestion).length === 0) save.mutate()
  }
  const quizError = errors.quiz && Object.keys(questionErrors).length === 0 ? errors.quiz : undefined
  return (
    <form onSubmit={(event) => {
      event.preventDefault()
      submit()
    }} noValidate data-testid="lesson-editor">
      <Stack gap="sm">
        <TextInput label={t('products.content.lessonTitle')} required value={draft.title} onChange={(e) => set('title', e.currentTarget.value)} error={errors.title} data-testid="lesson-edit-title" />
        <RichTextEditor label={t('products.content.text')} value={draft.html} onChange={(html) => set('html', html)} error={errors.blocks} data-testid="lesson-editor-text" />
        <TextInput label={t('products.content.videoUrl')} description={t('products.content.videoHelp')} value={draft.video_url} onChange={(e) => set('video_url', e.currentTarget.value)} />
        <MediaList media={draft.media} onChange={(media) => set('media', media)} />
        <LessonTranslations drafts={translations} onChange={setTranslations} baseTitle={draft.title} baseHtml={draft.html} />
        <LessonAccess draft={draft} errors={errors} onChange={(next) => setDraft((d) => ({ ...d, ...next }))} />
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={5}>{t('products.quiz.title')}</Title>
            <Switch label={t('products.quiz.enabled')} checked={draft.quiz} onChange={(e) => {
              const on = e.currentTarget.checked
              setDraft((d) => ({ ...d, quiz: on, questions: on && d.questions.length === 0 ? [newQuestion()] : d.questions }))
            }} data-testid="quiz-enabled" />
          </Group>
          {draft.quiz && (
            <>
              <NumberField label={t('products.quiz.passPercent')} value={draft.pass_percent} min={0} max={100} onChange={(v) => set('pass_percent', v)} w={200} />
              {draft.questions.map((q, i) => (
                <QuestionEditor
                  key={q.key} question={q} index={i} errors={questionErrors[q.key]}
                  onChange={(next) => set('questions', draft.questions.map((x) => (x.key === q.key ? next : x)))}
                  onRemove={() => set('questions', draft.questions.filter((x) => x.key !== q.key))}
                />
              ))}
              {quizError && <Alert color="red" variant="light" role="alert">{quizError}</Alert>}
              <Button variant="light" size="xs" w="fit-content" leftSection={<IconPlus size={14} />} disabled={draft.questions.length >= 100} onClick={() => set('questions', [...draft.questions, newQuestion()])} data-testid="quiz-add-question">
                {t('products.quiz.addQuestion')}
              </Button>
            </>
          )}
        </Stack>
        <FormError error={save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>{t('common.cancel')}</Button>
          <Button type="submit" loading={save.isPending} data-testid="lesson-save">{t('common.save')}</Button>
        </Group>
      </Stack>
    </form>
  )
}
