import { Alert, Badge, Button, Grid, Group, Loader, NavLink, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { previewLessonQuery, previewOutlineQuery } from '../api/course-preview'
import { LessonBlocks } from '../components/lesson-blocks'

// /cabinet/courses/preview/{productId}: the seller sees their course as a payer would, every lesson open;
// nothing is saved (no progress, quiz attempts, comments or sessions).

function PreviewLesson({ productId, lessonId, onOpen }: { productId: number; lessonId: number; onOpen: (id: number) => void }) {
  const { t } = useTranslation()
  const lesson = useQuery(previewLessonQuery(productId, lessonId))
  if (!lesson.data) return <Loader />
  const l = lesson.data
  return (
    <Stack gap="md" data-testid="preview-lesson">
      <Title order={3}>{l.title}</Title>
      <LessonBlocks blocks={l.blocks} positionSeconds={0} onPosition={() => undefined} />
      {l.quiz && (
        <Paper withBorder p="md">
          <Text fw={500} mb="xs">{t('courseplayer.preview.quiz', { count: l.quiz.questions.length })}</Text>
          {l.quiz.questions.map((q) => <Text key={q.id} size="sm">• {q.text}</Text>)}
        </Paper>
      )}
      <Group justify="space-between">
        <Button variant="default" disabled={!l.previousLessonId} onClick={() => l.previousLessonId && onOpen(l.previousLessonId)}>{t('courseplayer.player.previous')}</Button>
        <Button variant="default" disabled={!l.nextLessonId} onClick={() => l.nextLessonId && onOpen(l.nextLessonId)}>{t('courseplayer.player.next')}</Button>
      </Group>
    </Stack>
  )
}

export function CoursePreviewPage() {
  const { t } = useTranslation()
  const productId = Number(useParams({ strict: false }).productId)
  const outline = useQuery(previewOutlineQuery(productId))
  const [current, setCurrent] = useState<number | null>(null)
  if (!outline.data) return <Loader />
  const lessonId = current ?? outline.data.resumeLessonId
  return (
    <Stack gap="md" data-testid="course-preview">
      <Group gap="sm">
        <Title order={2}>{outline.data.product.name}</Title>
        <Badge color="violet">{t('courseplayer.preview.badge')}</Badge>
      </Group>
      <Alert color="violet">{t('courseplayer.preview.notice')}</Alert>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap={2}>
            {outline.data.modules.map((m) => (
              <Stack key={m.id} gap={2}>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed" mt="xs">{m.title}</Text>
                {m.lessons.map((l) => <NavLink key={l.id} label={l.title} active={l.id === lessonId} onClick={() => setCurrent(l.id)} data-testid="preview-outline-lesson" />)}
              </Stack>
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {lessonId ? <PreviewLesson productId={productId} lessonId={lessonId} onOpen={setCurrent} /> : <Text c="dimmed">{t('courseplayer.preview.empty')}</Text>}
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
