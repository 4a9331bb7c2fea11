import { Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../components/form-error'
import { formatDateTime } from '../../../lib/format'
import { addComment, commentsQuery, type CourseRef } from '../api/course'

/** The comments of a lesson when the seller enabled them; rendered as plain text. */
export function LessonComments({ course, lessonId }: { course: CourseRef; lessonId: number }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const comments = useQuery(commentsQuery(course, lessonId))
  const [body, setBody] = useState('')
  const send = useMutation({
    mutationFn: () => addComment(course, lessonId, body.trim()),
    onSuccess: async () => {
      setBody('')
      await queryClient.invalidateQueries({ queryKey: commentsQuery(course, lessonId).queryKey })
    },
  })
  if (!comments.data?.enabled) return null
  return (
    <Paper withBorder p="md" radius="md" data-testid="lesson-comments">
      <Stack gap="sm">
        <Title order={4}>{t('courseplayer.comments.title')}</Title>
        {comments.data.list.length === 0 && <Text size="sm" c="dimmed">{t('courseplayer.comments.empty')}</Text>}
        {comments.data.list.map((c) => (
          <Stack key={c.id} gap={2} data-testid="lesson-comment">
            <Text size="xs" c="dimmed">{c.authorName} · {formatDateTime(c.createdAt, i18n.language)}</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{c.body}</Text>
          </Stack>
        ))}
        <form onSubmit={(event) => {
          event.preventDefault()
          if (body.trim()) send.mutate()
        }}>
          <Stack gap="xs">
            <Textarea autosize minRows={2} maxLength={5000} value={body} onChange={(e) => setBody(e.currentTarget.value)} aria-label={t('courseplayer.comments.write')} placeholder={t('courseplayer.comments.write')} />
            <FormError error={send.error} />
            <Button type="submit" size="xs" w="fit-content" loading={send.isPending} disabled={!body.trim()}>{t('courseplayer.comments.send')}</Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  )
}
