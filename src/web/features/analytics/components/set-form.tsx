import { ActionIcon, Button, Card, Group, NumberInput, Select, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  analyticsBuckets, analyticsChartKinds, analyticsPeriods, defaultRetentionMonths, maxChartsPerSet, maxRetentionMonths, type AnalyticsBucket,
  type AnalyticsChartKind, type AnalyticsPeriod,
} from '../../../../shared/analytics/charts'
import { currencyIds } from '../../../../shared/money'
import { saveAnalyticsSetInput, type SaveAnalyticsSetInput } from '../../../../shared/schemas/analytics'
import { FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { createAnalyticsSet, updateAnalyticsSet, type AnalyticsSet } from '../api/analytics'

// Create or change a set: its name, description and charts, each with its options (period, bucket for
// revenue, currency, months for retention). Checked with the route's own schema before it is sent.

type ChartDraft = { kind: AnalyticsChartKind; title: string; period: AnalyticsPeriod; from: string; till: string; bucket: AnalyticsBucket; currency: string | null; months: number }

const newChart = (kind: AnalyticsChartKind = 'revenue_by_product'): ChartDraft => ({
  kind, title: '', period: '90_days', from: '', till: '', bucket: 'month', currency: null, months: defaultRetentionMonths,
})

function draftOf(set: AnalyticsSet | null): { name: string; description: string; charts: ChartDraft[] } {
  if (!set) return { name: '', description: '', charts: analyticsChartKinds.map(newChart) }
  return {
    name: set.name, description: set.description ?? '',
    charts: set.charts.map((c) => ({ kind: c.kind, title: c.title ?? '', period: c.period, from: c.from ?? '', till: c.till ?? '', bucket: c.bucket, currency: c.currency, months: c.months })),
  }
}

export function SetForm({ set, onClose, onSaved }: { set: AnalyticsSet | null; onClose: () => void; onSaved: (saved: AnalyticsSet) => void }) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState(() => draftOf(set))
  const [invalid, setInvalid] = useState<string | null>(null)
  const setChart = (i: number, patch: Partial<ChartDraft>) => setDraft((d) => ({ ...d, charts: d.charts.map((c, j) => (j === i ? { ...c, ...patch } : c)) }))
  const save = useMutation({
    mutationFn: (input: SaveAnalyticsSetInput) => (set ? updateAnalyticsSet(set.id, input) : createAnalyticsSet(input)),
    onSuccess: (saved) => { onSaved(saved); onClose() },
  })
  const submit = () => {
    const parsed = saveAnalyticsSetInput.safeParse({
      name: draft.name, description: draft.description || null,
      charts: draft.charts.map((c) => ({
        kind: c.kind, title: c.title || null, period: c.period, bucket: c.bucket, currency: c.currency, months: c.months,
        ...(c.period === 'custom' ? { from: c.from || null, till: c.till || null } : {}),
      })),
    })
    if (!parsed.success) { setInvalid(parsed.error.issues[0]?.path.join('.') ?? ''); return }
    if (parsed.data.charts.some((c) => c.period === 'custom' && (!c.from || !c.till))) { setInvalid('custom'); return }
    setInvalid(null)
    save.mutate(parsed.data)
  }
  const periods = analyticsPeriods.map((p) => ({ value: p, label: t(`analytics.periods.${p}`) }))
  return (
    <Modal opened onClose={onClose} size="xl" title={set ? t('analytics.editTitle') : t('analytics.newTitle')}>
      <Stack component="form" gap="sm" onSubmit={(event) => { event.preventDefault(); submit() }} data-testid="analytics-set-form">
        <TextInput label={t('analytics.name')} required maxLength={120} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} data-testid="analytics-set-name" />
        <Textarea label={t('analytics.description')} maxLength={1000} autosize minRows={1} value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })} />
        <Text fw={600} size="sm">{t('analytics.charts')}</Text>
        {draft.charts.map((c, i) => (
          <Card key={i} withBorder padding="sm" data-testid="analytics-chart-draft">
            <Group align="end" gap="xs" wrap="wrap">
              <Select label={t('analytics.kind')} w={220} allowDeselect={false} value={c.kind} onChange={(v) => v && setChart(i, { kind: v as AnalyticsChartKind })}
                data={analyticsChartKinds.map((k) => ({ value: k, label: t(`analytics.kinds.${k}`) }))} />
              <TextInput label={t('analytics.chartTitle')} w={180} maxLength={120} value={c.title} onChange={(e) => setChart(i, { title: e.currentTarget.value })} />
              <Select label={t('analytics.period')} w={160} allowDeselect={false} value={c.period} onChange={(v) => v && setChart(i, { period: v as AnalyticsPeriod })} data={periods} />
              {c.period === 'custom' && (
                <>
                  <TextInput type="date" label={t('analytics.from')} value={c.from} onChange={(e) => setChart(i, { from: e.currentTarget.value })} />
                  <TextInput type="date" label={t('analytics.till')} value={c.till} onChange={(e) => setChart(i, { till: e.currentTarget.value })} />
                </>
              )}
              {c.kind === 'revenue_by_product' && (
                <Select label={t('analytics.bucket')} w={120} allowDeselect={false} value={c.bucket} onChange={(v) => v && setChart(i, { bucket: v as AnalyticsBucket })}
                  data={analyticsBuckets.map((b) => ({ value: b, label: t(`analytics.buckets.${b}`) }))} />
              )}
              {c.kind === 'subscription_retention' && (
                <NumberInput label={t('analytics.months')} w={110} min={1} max={maxRetentionMonths} allowDecimal={false} value={c.months} onChange={(v) => setChart(i, { months: typeof v === 'number' ? v : defaultRetentionMonths })} />
              )}
              <Select label={t('analytics.currencyOption')} w={130} searchable clearable placeholder={t('analytics.allCurrencies')} value={c.currency} onChange={(v) => setChart(i, { currency: v })}
                data={currencyIds.map((id) => ({ value: id, label: id.toUpperCase() }))} />
              <ActionIcon variant="subtle" color="red" aria-label={t('analytics.removeChart')} onClick={() => setDraft((d) => ({ ...d, charts: d.charts.filter((_, j) => j !== i) }))}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Card>
        ))}
        <Button variant="light" w="fit-content" leftSection={<IconPlus size={14} />} disabled={draft.charts.length >= maxChartsPerSet}
          onClick={() => setDraft((d) => ({ ...d, charts: [...d.charts, newChart()] }))}>{t('analytics.addChart')}</Button>
        {invalid !== null && <Text c="red" size="sm" role="alert">{invalid === 'custom' ? t('analytics.customNeedsDays') : t('analytics.invalid')}</Text>}
        <FormError error={save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" loading={save.isPending} data-testid="analytics-set-save">{t('common.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  )
}
