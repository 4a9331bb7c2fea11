import { Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconArrowLeft, IconChartBar, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { analyticsPeriods, type AnalyticsPeriod } from '../../../../shared/analytics/charts'
import { useConfirm } from '../../../components/confirm-modal'
import { FeatureGate } from '../../../components/feature-off'
import { FormError } from '../../../components/form-error'
import { analyticsSetQuery, analyticsSetsKey, analyticsSetsQuery, deleteAnalyticsSet, type PeriodFilter } from '../api/analytics'
import { ChartView } from '../components/chart-view'
import { SetForm } from '../components/set-form'

// /cabinet/analytics and /cabinet/analytics/{id} (docs/decisions/0087-analytics-sets.md): the seller's saved
// sets of charts over their own data, each set's charts for a period (each chart's own, or the filter's for
// all), with a CSV download per chart. Behind the metabase_analytics_sets flag: off, the page says so and
// which plans unlock it.

function SetsContent() {
  const { t } = useTranslation()
  const client = useQueryClient()
  const navigate = useNavigate()
  const sets = useQuery(analyticsSetsQuery())
  const [creating, setCreating] = useState(false)
  return (
    <Stack gap="lg" data-testid="analytics-page">
      <Group justify="space-between" align="start">
        <Stack gap={4}>
          <Title order={2}>{t('analytics.title')}</Title>
          <Text size="sm" c="dimmed" maw={720}>{t('analytics.intro')}</Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="analytics-new-set">{t('analytics.newSet')}</Button>
      </Group>
      <FormError error={sets.error} />
      {sets.data && sets.data.list.length === 0 && (
        <Card withBorder padding="xl" data-testid="analytics-no-sets"><Text size="sm" c="dimmed">{t('analytics.noSets')}</Text></Card>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {sets.data?.list.map((set) => (
          <Card key={set.id} withBorder padding="lg" radius="md" component={Link} to={`/cabinet/analytics/${set.id}`} data-testid="analytics-set">
            <Group gap="xs"><IconChartBar size={18} /><Text fw={600}>{set.name}</Text></Group>
            {set.description && <Text size="sm" c="dimmed" mt={4} lineClamp={2}>{set.description}</Text>}
            <Text size="xs" c="dimmed" mt="sm">{t('analytics.chartCount', { count: set.charts.length })}</Text>
          </Card>
        ))}
      </SimpleGrid>
      {creating && (
        <SetForm set={null} onClose={() => setCreating(false)} onSaved={(saved) => {
          void client.invalidateQueries({ queryKey: analyticsSetsKey })
          void navigate({ to: `/cabinet/analytics/${saved.id}` })
        }} />
      )}
    </Stack>
  )
}

export function AnalyticsSetsPage() {
  return <FeatureGate flag="metabase_analytics_sets"><SetsContent /></FeatureGate>
}

/** The period filter: each chart's saved period, a preset for all, or a custom range of days. */
function PeriodFilterBar({ value, onChange }: { value: PeriodFilter; onChange: (next: PeriodFilter) => void }) {
  const { t } = useTranslation()
  const [custom, setCustom] = useState({ from: value?.from ?? '', till: value?.till ?? '' })
  const [mode, setMode] = useState<string>(value?.period ?? 'saved')
  const choose = (next: string) => {
    setMode(next)
    if (next === 'saved') onChange(null)
    else if (next !== 'custom') onChange({ period: next as AnalyticsPeriod })
  }
  return (
    <Group align="end" gap="xs" data-testid="analytics-period-filter">
      <Select label={t('analytics.period')} w={200} allowDeselect={false} value={mode} onChange={(v) => v && choose(v)} data-testid="analytics-period"
        data={[{ value: 'saved', label: t('analytics.savedPeriods') }, ...analyticsPeriods.map((p) => ({ value: p, label: t(`analytics.periods.${p}`) }))]} />
      {mode === 'custom' && (
        <>
          <TextInput type="date" label={t('analytics.from')} value={custom.from} onChange={(e) => setCustom({ ...custom, from: e.currentTarget.value })} />
          <TextInput type="date" label={t('analytics.till')} value={custom.till} onChange={(e) => setCustom({ ...custom, till: e.currentTarget.value })} />
          <Button variant="light" disabled={!custom.from || !custom.till} onClick={() => onChange({ period: 'custom', from: custom.from, till: custom.till })}>{t('analytics.apply')}</Button>
        </>
      )}
    </Group>
  )
}

function SetContent() {
  const { t } = useTranslation()
  const client = useQueryClient()
  const navigate = useNavigate()
  const { setId } = useParams({ strict: false }) as { setId: string }
  const id = Number(setId)
  const set = useQuery(analyticsSetQuery(id))
  const [filter, setFilter] = useState<PeriodFilter>(null)
  const [editing, setEditing] = useState(false)
  const { confirm, modal } = useConfirm()
  const remove = useMutation({
    mutationFn: () => deleteAnalyticsSet(id),
    onSuccess: () => { void client.invalidateQueries({ queryKey: analyticsSetsKey }); void navigate({ to: '/cabinet/analytics' }) },
  })
  const data = set.data
  return (
    <Stack gap="lg" data-testid="analytics-set-page">
      <Anchor component={Link} to="/cabinet/analytics" size="sm"><Group gap={4}><IconArrowLeft size={14} />{t('analytics.back')}</Group></Anchor>
      <FormError error={set.error ?? remove.error} />
      {data && (
        <>
          <Group justify="space-between" align="start">
            <Stack gap={4}>
              <Title order={2}>{data.name}</Title>
              {data.description && <Text size="sm" c="dimmed">{data.description}</Text>}
            </Stack>
            <Group gap="xs">
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)} data-testid="analytics-edit-set">{t('analytics.edit')}</Button>
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} loading={remove.isPending}
                onClick={() => confirm({ name: data.name, onConfirm: () => remove.mutate() })}>{t('analytics.delete')}</Button>
            </Group>
          </Group>
          <PeriodFilterBar value={filter} onChange={setFilter} />
          {data.charts.length === 0 && <Text size="sm" c="dimmed">{t('analytics.noCharts')}</Text>}
          {data.charts.map((chart, index) => <ChartView key={`${index}-${chart.kind}-${data.updatedAt}`} set={data} index={index} filter={filter} />)}
          {editing && <SetForm set={data} onClose={() => setEditing(false)} onSaved={() => void client.invalidateQueries({ queryKey: analyticsSetsKey })} />}
        </>
      )}
      {modal}
    </Stack>
  )
}

export function AnalyticsSetPage() {
  return <FeatureGate flag="metabase_analytics_sets"><SetContent /></FeatureGate>
}
