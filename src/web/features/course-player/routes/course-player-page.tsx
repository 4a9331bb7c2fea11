import {
  Alert, Anchor, Box, Burger, Button, Center, Container, Drawer, Group, Loader, NavLink, Paper, Progress, ScrollArea, Stack, Text, Title,
} from '@mantine/core'
import { useDisclosure, useMediaQuery } from '@mantine/hooks'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useParams, useSearch } from '@tanstack/react-router'
import { IconArrowLeft, IconArrowRight, IconCheck, IconCircle, IconEye, IconLock, IconTrophy } from '@tabler/icons-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../components/form-error'
import { StatusBadge } from '../../../components/status-badge'
import { api } from '../../../lib/api'
import { isApiError } from '../../../lib/api-client'
import { formatDateTime } from '../../../lib/format'
import {
  coursePlayerKey, heartbeat, isAccessPending, lessonQuery, memberPageQuery, outlineQuery, saveProgress, type CourseOutline, type CourseRef, type MemberPage, type QuizSubmitted,
} from '../api/course'
import { LessonBlocks } from '../components/lesson-blocks'
import { MemberPageFrame } from '../components/member-page-frame'
import { LessonComments } from '../components/lesson-comments'
import { QuizForm } from '../components/quiz-form'

// /s/{seller}/courses/{product_slug}: the payer's course player (docs/reference/readings.md 14). Signed out, the payer goes
// to the seller's course sign-in (/s/{seller}/sign_in) and comes back here from the magic link. Outline with
// progress beside (a drawer on phones), the lesson with its blocks, quiz and comments, previous and next.
// A course with an active course page opens on it ("Overview", before the lessons); the same address of a
// membership shows its member page to members (docs/decisions/0069-member-pages.md).

/** The open player reports a course session every minute (the seller's sessions tab). */
const heartbeatMs = 60_000

type OutlineLesson = CourseOutline['modules'][number]['lessons'][number]

function StatusIcon({ status }: { status: OutlineLesson['status'] }) {
  if (status === 'finished') return <IconCheck size={16} color="var(--mantine-color-teal-7)" />
  if (status === 'viewed') return <IconEye size={16} color="var(--mantine-color-blue-6)" />
  if (status === 'pending') return <IconLock size={16} color="var(--mantine-color-gray-6)" />
  return <IconCircle size={16} color="var(--mantine-color-gray-5)" />
}

function Outline({ outline, current, onPick, overview }: {
  outline: CourseOutline; current: number | null; onPick: (id: number) => void; overview: { active: boolean; onOpen: () => void } | null
}) {
  const { t, i18n } = useTranslation()
  return (
    <Stack gap="sm" data-testid="course-outline">
      {overview && <NavLink label={t('courseplayer.player.overview')} active={overview.active} onClick={overview.onOpen} data-testid="outline-overview" />}
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm" fw={500}>{t('courseplayer.player.progress')}</Text>
          <Text size="sm" c="dimmed" data-testid="course-progress" data-percent={outline.progress.percent}>
            {t('courseplayer.player.progressText', { finished: outline.progress.finished, total: outline.progress.total, percent: outline.progress.percent })}
          </Text>
        </Group>
        <Progress value={outline.progress.percent} aria-label={t('courseplayer.player.progress')} />
      </Stack>
      {outline.modules.map((m) => (
        <Stack key={m.id} gap={2}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" mt="xs">{m.title}</Text>
          {m.lessons.map((l) => (
            <NavLink
              key={l.id} label={l.title} active={l.id === current} disabled={l.status === 'pending'} leftSection={<StatusIcon status={l.status} />}
              description={l.status === 'pending' ? t('courseplayer.player.opensAt', { date: formatDateTime(l.opensAt, i18n.language) }) : undefined}
              onClick={() => onPick(l.id)} data-testid="outline-lesson" data-lesson-id={l.id} data-status={l.status}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  )
}

function LessonPane({ course, lessonId, onOpen, onProgress }: {
  course: CourseRef; lessonId: number; onOpen: (id: number) => void; onProgress: () => Promise<void>
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const lesson = useQuery(lessonQuery(course, lessonId))
  const viewed = useRef<number | null>(null)
  const progress = useMutation({
    mutationFn: (input: { finished?: boolean; positionSeconds?: number }) => saveProgress(course, lessonId, input),
    onSuccess: async (_, input) => {
      if (input.positionSeconds !== undefined && !input.finished && viewed.current === lessonId) return
      await Promise.all([onProgress(), queryClient.invalidateQueries({ queryKey: lessonQuery(course, lessonId).queryKey })])
    },
  })
  const { mutate } = progress
  // Opening a lesson marks it viewed (once per lesson shown).
  useEffect(() => {
    if (lesson.data && viewed.current !== lessonId) {
      mutate({})
      viewed.current = lessonId
    }
  }, [lesson.data, lessonId, mutate])
  if (lesson.isPending) return <Center p="xl"><Loader /></Center>
  if (lesson.isError) {
    const locked = isApiError(lesson.error) && lesson.error.type === 'lesson_locked'
    return <Alert color={locked ? 'gray' : 'red'} variant="light">{locked ? t('courseplayer.player.locked') : t('courseplayer.player.lessonMissing')}</Alert>
  }
  const data = lesson.data
  const afterQuiz = async (_: QuizSubmitted) => {
    await onProgress()
    await queryClient.invalidateQueries({ queryKey: lessonQuery(course, lessonId).queryKey })
  }
  return (
    <Stack gap="lg" data-testid="lesson" data-lesson-id={data.id} data-status={data.status}>
      <Group justify="space-between" align="flex-start">
        <Title order={2}>{data.title}</Title>
        <StatusBadge status={data.status} label={t(`courseplayer.statuses.${data.status}`)} testId="lesson-status" />
      </Group>
      <LessonBlocks blocks={data.blocks} positionSeconds={data.positionSeconds} onPosition={(seconds) => progress.mutate({ positionSeconds: seconds })} />
      {data.quiz && <QuizForm key={data.id} course={course} lessonId={data.id} quiz={data.quiz} attempts={data.attempts} onSubmitted={afterQuiz} />}
      <FormError error={progress.error} />
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} disabled={data.previousLessonId === null}
            onClick={() => data.previousLessonId !== null && onOpen(data.previousLessonId)} data-testid="lesson-previous">
            {t('courseplayer.player.previous')}
          </Button>
          {!data.quiz && data.status !== 'finished' && (
            <Button color="teal" leftSection={<IconCheck size={16} />} loading={progress.isPending} onClick={() => progress.mutate({ finished: true })} data-testid="lesson-finish">
              {t('courseplayer.player.markFinished')}
            </Button>
          )}
          <Button rightSection={<IconArrowRight size={16} />} disabled={data.nextLessonId === null}
            onClick={() => data.nextLessonId !== null && onOpen(data.nextLessonId)} data-testid="lesson-next">
            {t('courseplayer.player.next')}
          </Button>
        </Group>
      </Paper>
      <LessonComments course={course} lessonId={data.id} />
    </Stack>
  )
}

export function CoursePlayerPage() {
  const { t, i18n } = useTranslation()
  const params = useParams({ strict: false }) as { seller: string; slug: string }
  const search = useSearch({ strict: false }) as { lesson?: number }
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const course: CourseRef = { seller: params.seller, slug: params.slug }
  const signedIn = api.hasSession()
  const outline = useQuery({ ...outlineQuery(course), enabled: signedIn })
  // After the outline (its call renews an expired token): the course's or membership's member page, if any.
  const pageWanted = signedIn && !outline.isPending && !(outline.isError && isAccessPending(outline.error))
  const memberPage = useQuery(memberPageQuery(course, pageWanted))
  const answered: MemberPage | 'pending' | null | undefined = memberPage.data
  const page: MemberPage | null = answered && answered !== 'pending' ? answered : null
  // Settled: answered, or not to be asked (signed out, the outline pending or waiting for the delivery).
  const pageSettled = !memberPage.isPending || !pageWanted
  const [drawer, { open: openDrawer, close: closeDrawer }] = useDisclosure(false)
  const wide = useMediaQuery('(min-width: 62em)', true)

  // Signed out: the seller's course sign-in, which brings the payer back here.
  useEffect(() => {
    if (signedIn) return
    const back = `/s/${encodeURIComponent(course.seller)}/courses/${encodeURIComponent(course.slug)}`
    window.location.replace(`/s/${encodeURIComponent(course.seller)}/sign_in?return_to=${encodeURIComponent(back)}`)
  }, [signedIn, course.seller, course.slug])

  useEffect(() => {
    if (!outline.data) return
    const beat = () => { if (document.visibilityState === 'visible') void heartbeat(course).catch(() => undefined) }
    beat()
    const timer = setInterval(beat, heartbeatMs)
    return () => clearInterval(timer)
    // the course, not the outline's every refresh, starts the session
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [Boolean(outline.data), course.seller, course.slug])

  // Without ?lesson= the player opens where the payer left off, and keeps that lesson in the address (so
  // finishing it does not move the page on by itself).
  const resumeId = outline.data ? (outline.data.resumeLessonId ?? outline.data.modules[0]?.lessons.find((l) => l.status !== 'pending')?.id ?? null) : null
  // A course page is the overview the player opens on; without one, the lesson to resume.
  const overviewFirst = page?.type === 'course'
  useEffect(() => {
    if (!pageSettled || overviewFirst) return
    if (search.lesson === undefined && resumeId !== null) void navigate({ to: '.', search: { lesson: resumeId } as never, replace: true })
  }, [search.lesson, resumeId, navigate, pageSettled, overviewFirst])

  if (!signedIn || outline.isPending) return <Center h="60vh"><Loader /></Center>
  if (outline.isError && (isAccessPending(outline.error) || answered === 'pending')) {
    return (
      <Container size="sm" py="xl">
        <Alert color="blue" variant="light" icon={<Loader size="sm" />} data-testid="course-access-pending">{t('courseplayer.player.preparing')}</Alert>
      </Container>
    )
  }
  if (outline.isError && !pageSettled) return <Center h="60vh"><Loader /></Center>
  if (outline.isError && page?.type === 'membership') {
    // A membership's member area: its page, shown to members only (the storefront checked the access).
    return (
      <Box data-testid="member-area">
        <Paper component="header" withBorder radius={0} px="md" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700}>{t('courseplayer.player.memberArea')}</Text>
            <Anchor href="/payer" size="sm">{t('courseplayer.player.toPurchases')}</Anchor>
          </Group>
        </Paper>
        <MemberPageFrame html={page.html} title={t('courseplayer.player.memberArea')} />
      </Box>
    )
  }
  if (outline.isError) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" variant="light" title={t('courseplayer.player.notFoundTitle')} data-testid="course-not-found">
          <Stack gap="xs">
            <Text size="sm">{t('courseplayer.player.notFoundText')}</Text>
            <Anchor href={`/s/${encodeURIComponent(course.seller)}/${encodeURIComponent(course.slug)}`} size="sm" data-testid="course-to-product">{t('courseplayer.player.toProduct')}</Anchor>
            <Anchor href="/payer" size="sm">{t('courseplayer.player.toPurchases')}</Anchor>
          </Stack>
        </Alert>
      </Container>
    )
  }
  const data = outline.data
  const lessonId = search.lesson ?? (overviewFirst ? null : resumeId)
  const open = (id: number) => {
    closeDrawer()
    void navigate({ to: '.', search: { lesson: id } as never })
    window.scrollTo({ top: 0 })
  }
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...coursePlayerKey, course.seller, course.slug, 'outline'] })
  const showOverview = () => {
    closeDrawer()
    void navigate({ to: '.', search: {} as never })
    window.scrollTo({ top: 0 })
  }
  const outlineView = <Outline outline={data} current={lessonId} onPick={open} overview={overviewFirst ? { active: lessonId === null, onOpen: showOverview } : null} />
  return (
    <Box data-testid="course-player">
      <Paper component="header" withBorder radius={0} px="md" py="sm" style={{ position: 'sticky', top: 0, zIndex: 10 }}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {!wide && <Burger opened={drawer} onClick={openDrawer} aria-label={t('courseplayer.player.outline')} size="sm" />}
            <Stack gap={0}>
              <Text fw={700} lineClamp={1}>{data.product.name}</Text>
              <Text size="xs" c="dimmed">{t('courseplayer.player.progressText', { finished: data.progress.finished, total: data.progress.total, percent: data.progress.percent })}</Text>
            </Stack>
          </Group>
          <Anchor href="/payer" size="sm">{t('courseplayer.player.toPurchases')}</Anchor>
        </Group>
      </Paper>
      {data.completedAt && (
        <Alert color="teal" variant="light" radius={0} icon={<IconTrophy size={18} />} data-testid="course-completed">
          {t('courseplayer.player.completed', { date: formatDateTime(data.completedAt, i18n.language) })}
        </Alert>
      )}
      {data.expiresAt && <Text size="xs" c="dimmed" ta="center" py={4}>{t('courseplayer.player.accessUntil', { date: formatDateTime(data.expiresAt, i18n.language) })}</Text>}
      <Group align="flex-start" gap={0} wrap="nowrap">
        {wide && (
          <Box component="nav" w={320} p="md" style={{ position: 'sticky', top: 64, borderRight: '1px solid var(--mantine-color-gray-3)', flexShrink: 0 }}>
            <ScrollArea.Autosize mah="calc(100vh - 96px)">{outlineView}</ScrollArea.Autosize>
          </Box>
        )}
        <Container size="md" py="lg" px="md" style={{ flex: 1, minWidth: 0 }}>
          {!pageSettled && search.lesson === undefined
            ? <Center p="xl"><Loader /></Center>
            : lessonId === null && overviewFirst
            ? (
                <Stack gap="md" data-testid="course-overview">
                  <MemberPageFrame html={page.html} title={t('courseplayer.player.pageTitle', { name: data.product.name })} />
                  {resumeId !== null && <Group justify="flex-end"><Button onClick={() => open(resumeId)} rightSection={<IconArrowRight size={16} />} data-testid="course-continue">{t('courseplayer.player.continue')}</Button></Group>}
                </Stack>
              )
            : lessonId === null
            ? <Text c="dimmed">{t('courseplayer.player.empty')}</Text>
            : <LessonPane key={lessonId} course={course} lessonId={lessonId} onOpen={open} onProgress={async () => { await refresh() }} />}
        </Container>
      </Group>
      <Drawer opened={drawer} onClose={closeDrawer} title={t('courseplayer.player.outline')} size="85%">{outlineView}</Drawer>
    </Box>
  )
}
