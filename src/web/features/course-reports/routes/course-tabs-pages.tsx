import { Anchor, Button, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate } from '@tanstack/react-router'
import { useCallback, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { Modal } from '../../../components/modal'
import { StatusBadge } from '../../../components/status-badge'
import { formatDateTime } from '../../../lib/format'
import {
  commentsQuery, courseChoicesQuery, courseReportsKey, lessonStatusesQuery, moderateComment, overviewQuery, quizAttemptsQuery, reviewAttempt,
  sessionsQuery, type CourseOverviewItem, type CourseSessionItem, type LessonStatusItem, type SellerComment, type SellerQuizAttempt,
} from '../api/course-reports'
import { publicationsQuery, type LessonPublication } from '../api/course-publishing'
import { CourseSettingsModal } from '../components/course-settings-modal'
import { ExtendAccessWizard } from '../components/extend-access-wizard'

// The seller's course tabs (docs/reference/readings.md 14): /cabinet/courses/overview, /sessions, /lesson_statuses and
// /quiz_attempts, each a server-side list with the course filter; the overview opens each course's player
// settings, comment moderation and the access extension wizard.

const tabs = ['overview', 'sessions', 'lesson_statuses', 'quiz_attempts'] as const

function CourseTabs({ children, filters }: { children: ReactNode; filters?: ReactNode }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const active = useLocation().pathname.split('/')[3] ?? 'overview'
  return (
    <Stack gap="lg" data-testid="course-tabs">
      <Group justify="space-between">
        <Title order={2}>{t('courseplayer.tabs.title')}</Title>
        {filters}
      </Group>
      <Tabs value={active} onChange={(value) => value && void navigate({ to: `/cabinet/courses/${value}` })}>
        <Tabs.List>
          {tabs.map((tab) => <Tabs.Tab key={tab} value={tab} data-testid={`course-tab-${tab}`}>{t(`courseplayer.tabs.${tab}`)}</Tabs.Tab>)}
        </Tabs.List>
      </Tabs>
      {children}
    </Stack>
  )
}

function useListState() {
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const setFilter = (key: string, value: string | null) => setState((s) => withFilter(s, key, value ?? undefined))
  return { state, onStateChange, setFilter }
}

function CourseFilter({ value, onChange }: { value: string | undefined; onChange: (value: string | null) => void }) {
  const { t } = useTranslation()
  const choices = useQuery(courseChoicesQuery())
  return (
    <Select
      aria-label={t('courseplayer.filters.course')} placeholder={t('courseplayer.filters.allCourses')} clearable searchable w={260} value={value ?? null} onChange={onChange}
      data={(choices.data?.list ?? []).map((c) => ({ value: String(c.productId), label: c.name }))} data-testid="course-filter"
    />
  )
}

const payerCell = (name: string, email: string) => <Stack gap={0}><Text size="sm">{name}</Text><Text size="xs" c="dimmed">{email}</Text></Stack>

function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  return h > 0 ? `${h} h ${m} min` : `${m} min`
}

// ------------------------------------------------------------------ overview

function CommentsModeration({ course }: { course: CourseOverviewItem }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState({ filters: { productId: String(course.productId) } }))
  const list = useQuery(commentsQuery(state))
  const toggle = useMutation({
    mutationFn: (c: SellerComment) => moderateComment(c.id, !c.hidden),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...courseReportsKey, 'comments'] }),
  })
  const columns: DataTableColumn<SellerComment>[] = [
    { key: 'lesson', title: t('courseplayer.columns.lesson'), render: (c) => c.lessonTitle },
    { key: 'author', title: t('courseplayer.columns.author'), render: (c) => c.authorName },
    { key: 'body', title: t('courseplayer.columns.comment'), render: (c) => <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={c.hidden ? 'dimmed' : undefined}>{c.body}</Text> },
    { key: 'created_at', title: t('courseplayer.columns.createdAt'), render: (c) => formatDateTime(c.createdAt, i18n.language) },
    {
      key: 'action', title: '', render: (c) => (
        <Button size="xs" variant="light" color={c.hidden ? 'blue' : 'red'} onClick={() => toggle.mutate(c)} loading={toggle.isPending && toggle.variables?.id === c.id}>
          {c.hidden ? t('courseplayer.comments.show') : t('courseplayer.comments.hide')}
        </Button>
      ),
    },
  ]
  return (
    <DataTable columns={columns} rows={list.data?.list ?? []} rowKey={(c) => c.id} totalCount={list.data?.totalCount ?? 0} state={state} onStateChange={setState}
      loading={list.isFetching} searchLabel={t('courseplayer.filters.search')} emptyText={t('courseplayer.comments.none')} />
  )
}

export function CoursesOverviewPage() {
  const { t } = useTranslation()
  const { state, onStateChange } = useListState()
  const list = useQuery(overviewQuery(state))
  const [open, setOpen] = useState<{ kind: 'settings' | 'extend' | 'comments'; course: CourseOverviewItem } | null>(null)
  const columns: DataTableColumn<CourseOverviewItem>[] = [
    {
      key: 'name', title: t('courseplayer.columns.course'), render: (c) => (
        <Stack gap={0} data-testid="course-overview-row" data-product-id={c.productId}>
          <Text size="sm" fw={500}>{c.name}</Text>
          <Group gap="xs">
            <Anchor size="xs" href={c.accessUrl} target="_blank" rel="noreferrer">{t('courseplayer.overview.openPlayer')}</Anchor>
            <Anchor size="xs" href={`/cabinet/courses/preview/${c.productId}`} data-testid="course-preview-open">{t('courseplayer.preview.open')}</Anchor>
          </Group>
        </Stack>
      ),
    },
    { key: 'lessons', title: t('courseplayer.columns.lessons'), render: (c) => c.lessonsCount },
    { key: 'customers', title: t('courseplayer.columns.customers'), render: (c) => <span data-testid="course-customers">{c.customers}</span> },
    { key: 'progress', title: t('courseplayer.columns.averageProgress'), render: (c) => `${c.averagePercent} %` },
    { key: 'completions', title: t('courseplayer.columns.completions'), render: (c) => c.completions },
    {
      key: 'actions', title: '', render: (c) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setOpen({ kind: 'extend', course: c })} data-testid="course-extend">{t('courseplayer.overview.extend')}</Button>
          <Button size="xs" variant="default" onClick={() => setOpen({ kind: 'settings', course: c })} data-testid="course-settings-open">{t('courseplayer.overview.settings')}</Button>
          <Button size="xs" variant="default" onClick={() => setOpen({ kind: 'comments', course: c })}>{t('courseplayer.overview.comments')}</Button>
        </Group>
      ),
    },
  ]
  return (
    <CourseTabs>
      <DataTable columns={columns} rows={list.data?.list ?? []} rowKey={(c) => c.productId} totalCount={list.data?.totalCount ?? 0} state={state} onStateChange={onStateChange}
        loading={list.isPending || list.isFetching} searchLabel={t('courseplayer.filters.searchCourse')} emptyText={t('courseplayer.overview.empty')} />
      {open?.kind === 'settings' && <CourseSettingsModal course={open.course} onClose={() => setOpen(null)} />}
      {open?.kind === 'extend' && <ExtendAccessWizard course={open.course} onClose={() => setOpen(null)} />}
      {open?.kind === 'comments' && (
        <CommentsModal course={open.course} onClose={() => setOpen(null)} />
      )}
    </CourseTabs>
  )
}

function CommentsModal({ course, onClose }: { course: CourseOverviewItem; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal opened onClose={onClose} title={t('courseplayer.comments.moderate', { name: course.name })} size="xl">
      <CommentsModeration course={course} />
    </Modal>
  )
}

// ------------------------------------------------------------------ sessions, lesson statuses, quiz attempts

export function CourseSessionsPage() {
  const { t, i18n } = useTranslation()
  const { state, onStateChange, setFilter } = useListState()
  const list = useQuery(sessionsQuery(state))
  const columns: DataTableColumn<CourseSessionItem>[] = [
    { key: 'payer', title: t('courseplayer.columns.payer'), render: (s) => payerCell(s.payerName, s.payerEmail) },
    { key: 'course', title: t('courseplayer.columns.course'), render: (s) => s.productName },
    { key: 'started_at', title: t('courseplayer.columns.startedAt'), render: (s) => formatDateTime(s.startedAt, i18n.language) },
    { key: 'last_seen_at', title: t('courseplayer.columns.lastSeenAt'), render: (s) => formatDateTime(s.lastSeenAt, i18n.language) },
    { key: 'duration', title: t('courseplayer.columns.duration'), render: (s) => duration(s.durationSeconds) },
  ]
  return (
    <CourseTabs filters={<CourseFilter value={state.filters.productId} onChange={(v) => setFilter('productId', v)} />}>
      <DataTable columns={columns} rows={list.data?.list ?? []} rowKey={(s) => s.id} totalCount={list.data?.totalCount ?? 0} state={state} onStateChange={onStateChange}
        loading={list.isPending || list.isFetching} searchLabel={t('courseplayer.filters.search')} emptyText={t('courseplayer.sessions.empty')} />
    </CourseTabs>
  )
}

export function LessonStatusesPage() {
  const { t, i18n } = useTranslation()
  const { state, onStateChange, setFilter } = useListState()
  const list = useQuery(lessonStatusesQuery(state))
  const columns: DataTableColumn<LessonStatusItem>[] = [
    { key: 'payer', title: t('courseplayer.columns.payer'), render: (s) => payerCell(s.payerName, s.payerEmail) },
    { key: 'course', title: t('courseplayer.columns.course'), render: (s) => s.productName },
    { key: 'lesson', title: t('courseplayer.columns.lesson'), render: (s) => s.lessonTitle },
    { key: 'status', title: t('courseplayer.columns.status'), render: (s) => <StatusBadge status={s.status} label={t(`courseplayer.statuses.${s.status}`)} /> },
    { key: 'viewed_at', title: t('courseplayer.columns.viewedAt'), render: (s) => formatDateTime(s.viewedAt, i18n.language) },
    { key: 'finished_at', title: t('courseplayer.columns.finishedAt'), render: (s) => (s.finishedAt ? formatDateTime(s.finishedAt, i18n.language) : '–') },
  ]
  return (
    <CourseTabs filters={(
      <Group gap="xs">
        <Select aria-label={t('courseplayer.columns.status')} placeholder={t('courseplayer.filters.allStatuses')} clearable w={180} value={state.filters.status ?? null}
          onChange={(v) => setFilter('status', v)} data={(['viewed', 'finished'] as const).map((s) => ({ value: s, label: t(`courseplayer.statuses.${s}`) }))} />
        <CourseFilter value={state.filters.productId} onChange={(v) => setFilter('productId', v)} />
      </Group>
    )}>
      <DataTable columns={columns} rows={list.data?.list ?? []} rowKey={(s) => s.id} totalCount={list.data?.totalCount ?? 0} state={state} onStateChange={onStateChange}
        loading={list.isPending || list.isFetching} searchLabel={t('courseplayer.filters.search')} emptyText={t('courseplayer.lessonStatuses.empty')} />
      <LessonPublications productId={state.filters.productId} />
    </CourseTabs>
  )
}

/** The dripped lessons per payer with their publish and notify states (decision 0024). */
function LessonPublications({ productId }: { productId: string | undefined }) {
  const { t, i18n } = useTranslation()
  const { state, onStateChange } = useListState()
  const list = useQuery(publicationsQuery(withFilter(state, 'productId', productId)))
  const columns: DataTableColumn<LessonPublication>[] = [
    { key: 'payer', title: t('courseplayer.columns.payer'), render: (p) => payerCell(p.payerName, p.payerEmail) },
    { key: 'course', title: t('courseplayer.columns.course'), render: (p) => p.productName },
    { key: 'lesson', title: t('courseplayer.columns.lesson'), render: (p) => p.lessonTitle },
    { key: 'opens_at', title: t('courseplayer.publications.opensAt'), render: (p) => formatDateTime(p.opensAt, i18n.language) },
    { key: 'state', title: t('courseplayer.publications.state'), render: (p) => <StatusBadge status={p.state} label={t(`courseplayer.publishStates.${p.state}`)} /> },
    { key: 'notify', title: t('courseplayer.publications.notify'), render: (p) => <StatusBadge status={p.notifyState} label={t(`courseplayer.notifyStates.${p.notifyState}`)} /> },
  ]
  return (
    <Stack gap="xs" data-testid="lesson-publications">
      <Title order={4}>{t('courseplayer.publications.title')}</Title>
      <DataTable columns={columns} rows={list.data?.list ?? []} rowKey={(p) => p.id} totalCount={list.data?.totalCount ?? 0} state={state} onStateChange={onStateChange}
        loading={list.isPending || list.isFetching} searchLabel={t('courseplayer.filters.search')} emptyText={t('courseplayer.publications.empty')} />
    </Stack>
  )
}

export function QuizAttemptsPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const { state, onStateChange, setFilter } = useListState()
  const list = useQuery(quizAttemptsQuery(state))
  const review = useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) => reviewAttempt(id, accept),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseReportsKey }),
  })
  // A quiz result in the spec's status colours: passed successful, failed an error, waiting for review pending.
  const tone = { passed: 'successful', failed: 'error', pending_review: 'pending' } as const
  const columns: DataTableColumn<SellerQuizAttempt>[] = [
    { key: 'payer', title: t('courseplayer.columns.payer'), render: (a) => payerCell(a.payerName, a.payerEmail) },
    { key: 'lesson', title: t('courseplayer.columns.lesson'), render: (a) => <Stack gap={0}><Text size="sm">{a.lessonTitle}</Text><Text size="xs" c="dimmed">{a.productName}</Text></Stack> },
    { key: 'attempt', title: t('courseplayer.columns.attempt'), render: (a) => a.attemptNumber },
    { key: 'score', title: t('courseplayer.columns.score'), render: (a) => `${a.score} / ${a.maxScore} (${a.percent} %)` },
    { key: 'result', title: t('courseplayer.columns.result'), render: (a) => <StatusBadge status={tone[a.result]} value={a.result} label={t(`courseplayer.quiz.results.${a.result}`)} /> },
    {
      key: 'answers', title: t('courseplayer.columns.openAnswers'), render: (a) => (
        <Stack gap={2}>
          {a.answers.filter((x) => x.text).map((x) => (
            <Text key={x.questionId} size="xs"><b>{a.questions.find((q) => q.id === x.questionId)?.text}</b>: {x.text}</Text>
          ))}
        </Stack>
      ),
    },
    { key: 'created_at', title: t('courseplayer.columns.createdAt'), render: (a) => formatDateTime(a.createdAt, i18n.language) },
    {
      key: 'review', title: '', render: (a) => a.result === 'pending_review' && (
        <Group gap={4} wrap="nowrap">
          <Button size="xs" color="teal" variant="light" onClick={() => review.mutate({ id: a.id, accept: true })}>{t('courseplayer.quiz.accept')}</Button>
          <Button size="xs" color="red" variant="light" onClick={() => review.mutate({ id: a.id, accept: false })}>{t('courseplayer.quiz.refuse')}</Button>
        </Group>
      ),
    },
  ]
  return (
    <CourseTabs filters={(
      <Group gap="xs">
        <Select aria-label={t('courseplayer.columns.result')} placeholder={t('courseplayer.filters.allResults')} clearable w={180} value={state.filters.result ?? null}
          onChange={(v) => setFilter('result', v)} data={(['passed', 'failed', 'pending_review'] as const).map((r) => ({ value: r, label: t(`courseplayer.quiz.results.${r}`) }))} />
        <CourseFilter value={state.filters.productId} onChange={(v) => setFilter('productId', v)} />
      </Group>
    )}>
      <DataTable columns={columns} rows={list.data?.list ?? []} rowKey={(a) => a.id} totalCount={list.data?.totalCount ?? 0} state={state} onStateChange={onStateChange}
        loading={list.isPending || list.isFetching} searchLabel={t('courseplayer.filters.search')} emptyText={t('courseplayer.quizAttempts.empty')} />
    </CourseTabs>
  )
}
