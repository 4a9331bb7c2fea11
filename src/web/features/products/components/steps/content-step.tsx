import { ActionIcon, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconLanguage, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { moduleInput } from '../../../../../shared/schemas/courses'
import { FormError } from '../../../../components/form-error'
import { LoadingMask } from '../../../../components/loading-mask'
import { textInputProps, useZodForm } from '../../../../lib/forms'
import { addLesson } from '../../api/add-lesson'
import { addModule } from '../../api/add-module'
import { courseKey, courseQuery } from '../../api/course-content'
import { useConfirm } from '../../../../components/confirm-modal'
import { deleteLesson } from '../../api/delete-lesson'
import { deleteModule } from '../../api/delete-module'
import { ModuleTranslations } from './course-translations'
import { LessonEditor } from './lesson-editor'
import type { StepProps } from './step-types'

// Step "content" (courses): modules and their lessons; a lesson opens in LessonEditor (text, video,
// attached media, quiz).

function NewItem({ label, schema, onAdd, testId }: { label: string; schema: typeof moduleInput; onAdd: (title: string) => Promise<void>; testId: string }) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(schema, { title: '' }, i18n.language)
  const add = useMutation({ mutationFn: onAdd, onSuccess: () => form.reset(), onError: (e) => form.fail(e) })
  return (
    <form onSubmit={(event) => {
      event.preventDefault()
      const data = form.validate()
      if (data) add.mutate(data.title)
    }} noValidate>
      <Group align="flex-start" gap="xs">
        <TextInput placeholder={label} aria-label={label} {...textInputProps(form.field('title'))} data-testid={`${testId}-title`} />
        <Button type="submit" variant="light" leftSection={<IconPlus size={16} />} loading={add.isPending} data-testid={`${testId}-add`}>{t('products.content.add')}</Button>
      </Group>
      <FormError error={form.formError} />
    </form>
  )
}

export function ContentStep({ product }: StepProps) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const course = useQuery(courseQuery(product.id))
  const [editing, setEditing] = useState<number | null>(null)
  const [languagesOf, setLanguagesOf] = useState<number | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKey(product.id) })
  const removeModule = useMutation({ mutationFn: (id: number) => deleteModule(product.id, id), onSuccess: refresh })
  const removeLesson = useMutation({ mutationFn: (id: number) => deleteLesson(product.id, id), onSuccess: refresh })
  const { confirm, modal } = useConfirm()
  return (
    <LoadingMask visible={course.isPending}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">{t('products.content.hint', { count: course.data?.lessonsCount ?? 0 })}</Text>
        {course.data?.modules.map((mod) => (
          <Card key={mod.id} withBorder padding="md" radius="md" data-testid="course-module">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={4} fz="md">{mod.title}</Title>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant={languagesOf === mod.id ? 'light' : 'subtle'} aria-label={t('products.courseTranslations.moduleLanguages')} aria-pressed={languagesOf === mod.id}
                    onClick={() => setLanguagesOf(languagesOf === mod.id ? null : mod.id)} data-testid="module-languages"><IconLanguage size={16} /></ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={t('products.content.removeModule')} onClick={() => confirm({ name: mod.title, text: t('products.content.removeModuleText', { count: mod.lessons.length }), onConfirm: () => removeModule.mutate(mod.id) })} data-testid="module-remove"><IconTrash size={16} /></ActionIcon>
                </Group>
              </Group>
              {languagesOf === mod.id && (
                <Card withBorder padding="sm">
                  <ModuleTranslations key={mod.id} productId={product.id} module={mod} onSaved={() => {
                    setLanguagesOf(null)
                    void refresh()
                  }} />
                </Card>
              )}
              {mod.lessons.map((lesson) => (editing === lesson.id ? (
                <Card key={lesson.id} withBorder padding="sm">
                  <LessonEditor productId={product.id} lesson={lesson} onDone={() => {
                    setEditing(null)
                    void refresh()
                  }} />
                </Card>
              ) : (
                <Group key={lesson.id} justify="space-between" wrap="nowrap" data-testid="course-lesson">
                  <Group gap="xs">
                    <Text size="sm">{lesson.title}</Text>
                    {(lesson.blocks as Record<string, unknown>[]).map((b, i) => <Badge key={i} size="xs" variant="light">{t(`products.content.kinds.${String(b.kind)}`)}</Badge>)}
                    {lesson.quiz && <Badge size="xs" color="grape" variant="light" data-testid="lesson-quiz-badge">{t('products.content.quiz', { count: lesson.quiz.questions.length })}</Badge>}
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={t('products.content.editLesson')} onClick={() => setEditing(lesson.id)} data-testid="lesson-edit"><IconPencil size={16} /></ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={t('products.content.removeLesson')} onClick={() => confirm({ name: lesson.title, onConfirm: () => removeLesson.mutate(lesson.id) })} data-testid="lesson-remove"><IconTrash size={16} /></ActionIcon>
                  </Group>
                </Group>
              )))}
              <NewItem label={t('products.content.newLesson')} schema={moduleInput} testId="lesson" onAdd={async (title) => {
                await addLesson(product.id, mod.id, { title })
                await refresh()
              }} />
            </Stack>
          </Card>
        ))}
        <NewItem label={t('products.content.newModule')} schema={moduleInput} testId="module" onAdd={async (title) => {
          await addModule(product.id, { title })
          await refresh()
        }} />
      </Stack>
      {modal}
    </LoadingMask>
  )
}
