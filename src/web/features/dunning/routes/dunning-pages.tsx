import { Anchor, Badge, Button, Card, Group, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core'
import { IconSettings } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { parseMoneyInput } from '../../../../shared/money'
import { dunningSettingsInput, scheduleOf } from '../../../../shared/schemas/dunning'
import {
  claimOutcomeStates, claimStrategyStatuses, claimStrategyTypes, dunningStates, inkassoStates, restrictedInkassoStates, visibleStrategyStages,
} from '../../../../shared/states/dunning'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FormError } from '../../../components/form-error'
import { initialListState, wholeNumberFilter, withFilter, type ListState } from '../../../components/list-state'
import { LoadingMask } from '../../../components/loading-mask'
import { Modal } from '../../../components/modal'
import { StatusBadge } from '../../../components/status-badge'
import { dayBound, formatDateTime, money } from '../../../lib/format'
import {
  claimListQuery, dunningKey, dunningListQuery, dunningSettingsQuery, saveDunningSettings, type Claim, type Dunning, type DunningSettings,
} from '../api/dunning'
import { ClaimActions } from '../components/claim-actions'
import { snakeToCamelKey } from '../../../lib/api-client'
import { FeatureGate } from '../../../components/feature-off'

// Dunning and collection in the cabinet: /cabinet/dunning (dunning runs with counts per state),
// /cabinet/claims (claims with their filters and actions) and /cabinet/settings/dunning (the schedule).

/** An amount typed as shown ("9,00") as minor units for the amount filters (two decimals). */
function amountParam(text: string): string | undefined {
  if (text.trim() === '') return undefined
  const amount = parseMoneyInput(text, 'eur')
  return amount === null ? undefined : String(amount)
}

/** A whole number typed into an id or days filter; anything else clears the filter. */

function Tabs({ current }: { current: 'runs' | 'claims' | 'settings' }) {
  const { t } = useTranslation()
  const tabs = [
    { key: 'runs', to: '/cabinet/dunning' },
    { key: 'claims', to: '/cabinet/claims' },
    { key: 'settings', to: '/cabinet/settings/dunning' },
  ] as const
  return (
    <Group gap="xs">
      {tabs.map((tab) => (
        <Button key={tab.key} component={Link} to={tab.to} size="xs" variant={tab.key === current ? 'filled' : 'default'} leftSection={tab.key === 'settings' ? <IconSettings size={14} /> : undefined}>
          {t(`dunning.tabs.${tab.key}`)}
        </Button>
      ))}
    </Group>
  )
}

// ------------------------------------------------------------------ dunning runs

/** Behind the dunning flag: the notice of docs/decisions/0077-feature-flags.md when it is off. */
export function DunningRunsPage() {
  return <FeatureGate flag="dunning"><DunningRunsPageContent /></FeatureGate>
}

function DunningRunsPageContent() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(dunningListQuery(state))
  const counts = list.data?.counts ?? {}
  const filter = (key: string, value: string | undefined) => setState((s) => withFilter(s, key, value))

  const columns: DataTableColumn<Dunning>[] = [
    { key: 'id', title: t('dunning.runs.columns.id'), sortable: true, width: 70, render: (d) => d.id },
    {
      key: 'order', title: t('dunning.runs.columns.order'), render: (d) => (
        <Stack gap={0} data-testid="dunning-row" data-state={d.state}>
          <Anchor component={Link} to={`/cabinet/orders/${d.orderId}`} size="sm">#{d.orderId}</Anchor>
          <Text size="xs" c="dimmed">{t('dunning.runs.rate', { number: d.rateNumber })}</Text>
        </Stack>
      ),
    },
    { key: 'product', title: t('dunning.runs.columns.product'), render: (d) => d.productName },
    { key: 'payer', title: t('dunning.runs.columns.payer'), render: (d) => <Stack gap={0}><Text size="sm">{d.payerName}</Text><Text size="xs" c="dimmed">{d.payerEmail}</Text></Stack> },
    { key: 'amount', title: t('dunning.runs.columns.amount'), sortable: true, render: (d) => money(d.amount, d.currency) },
    {
      key: 'state', title: t('dunning.runs.columns.state'), sortable: true, render: (d) => (
        <Group gap={4}>
          <StatusBadge status={d.state} label={t(`dunning.states.${d.state}`)} />
          {d.result && <Badge variant="outline" size="sm">{t(`dunning.results.${d.result}`)}</Badge>}
        </Group>
      ),
    },
    { key: 'step', title: t('dunning.runs.columns.step'), render: (d) => (d.state === 'skipped' ? '–' : `${d.step} / ${d.stepsTotal}`) },
    { key: 'next_step_at', title: t('dunning.runs.columns.nextStep'), sortable: true, render: (d) => (d.nextStepAt ? formatDateTime(d.nextStepAt, i18n.language) : '–') },
    { key: 'access', title: t('dunning.runs.columns.access'), render: (d) => (d.accessPaused ? <Badge color="red" variant="light" size="sm">{t('dunning.runs.paused')}</Badge> : '–') },
    { key: 'created_at', title: t('dunning.runs.columns.started'), sortable: true, render: (d) => formatDateTime(d.startedAt, i18n.language) },
  ]

  return (
    <Stack gap="lg" data-testid="dunning-runs-page">
      <Stack gap={4}>
        <Title order={2}>{t('dunning.title')}</Title>
        <Text size="sm" c="dimmed">{t('dunning.runs.intro')}</Text>
      </Stack>
      <Tabs current="runs" />
      <Group gap="xs" data-testid="dunning-counts">
        <Button size="xs" variant={state.filters.dunning_status ? 'default' : 'light'} onClick={() => filter('dunning_status', undefined)}>{t('dunning.runs.all')}</Button>
        {dunningStates.map((s) => (
          <Button key={s} size="xs" variant={state.filters.dunning_status === s ? 'light' : 'default'} onClick={() => filter('dunning_status', s)} data-testid={`dunning-count-${s}`}>
            {t(`dunning.states.${s}`)} ({counts[snakeToCamelKey(s)] ?? 0})
          </Button>
        ))}
      </Group>
      <Group align="end" wrap="wrap">
        <TextInput label={t('dunning.filters.orderId')} w={120} onChange={(e) => filter('order_id', wholeNumberFilter(e.currentTarget.value))} />
        <TextInput label={t('dunning.filters.productId')} w={120} onChange={(e) => filter('product_id', wholeNumberFilter(e.currentTarget.value))} />
        <TextInput label={t('dunning.filters.amountFrom')} w={130} onChange={(e) => filter('amount_from', amountParam(e.currentTarget.value))} />
        <TextInput label={t('dunning.filters.amountTo')} w={130} onChange={(e) => filter('amount_to', amountParam(e.currentTarget.value))} />
        <TextInput type="date" label={t('dunning.filters.createdFrom')} w={170} onChange={(e) => filter('created_from_time', dayBound(e.currentTarget.value, false))} />
        <TextInput type="date" label={t('dunning.filters.createdTill')} w={170} onChange={(e) => filter('created_till_time', dayBound(e.currentTarget.value, true))} />
      </Group>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(d) => d.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={t('dunning.search')} emptyText={t('dunning.runs.empty')}
      />
    </Stack>
  )
}

// ------------------------------------------------------------------ claims

/** Behind the dunning flag: the notice of docs/decisions/0077-feature-flags.md when it is off. */
export function ClaimsPage() {
  return <FeatureGate flag="dunning"><ClaimsPageContent /></FeatureGate>
}

function ClaimsPageContent() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(claimListQuery(state))
  const [open, setOpen] = useState<Claim | null>(null)
  const counts = list.data?.counts ?? {}
  // The server counts only the stages this user may see: court stages appear for managers and power sellers.
  const privileged = 'court' in counts
  const stages = inkassoStates.filter((s) => privileged || !(restrictedInkassoStates as readonly string[]).includes(s))
  const filter = (key: string, value: string | null | undefined) => setState((s) => withFilter(s, key, value ?? undefined))
  const withCount = (key: string, label: string) => `${label}${list.data?.counts ? ` (${counts[snakeToCamelKey(key)] ?? 0})` : ''}`

  const columns: DataTableColumn<Claim>[] = [
    { key: 'id', title: t('dunning.claims.columns.id'), sortable: true, width: 70, render: (c) => c.id },
    {
      key: 'order', title: t('dunning.claims.columns.order'), render: (c) => (
        <Stack gap={0} data-testid="claim-row" data-claim-id={c.id} data-inkasso={c.inkassoStatus}>
          <Anchor component={Link} to={`/cabinet/orders/${c.orderId}`} size="sm">#{c.orderId}</Anchor>
          {c.rateNumber !== null && <Text size="xs" c="dimmed">{t('dunning.runs.rate', { number: c.rateNumber })}</Text>}
        </Stack>
      ),
    },
    { key: 'product', title: t('dunning.claims.columns.product'), render: (c) => c.productName },
    { key: 'payer', title: t('dunning.claims.columns.payer'), render: (c) => <Stack gap={0}><Text size="sm">{c.payerName}</Text><Text size="xs" c="dimmed">{c.payerEmail}</Text></Stack> },
    { key: 'amount', title: t('dunning.claims.columns.amount'), sortable: true, render: (c) => money(c.amount, c.currency) },
    { key: 'open', title: t('dunning.claims.columns.open'), render: (c) => money(c.openAmount, c.currency) },
    { key: 'inkasso', title: t('dunning.claims.columns.inkasso'), render: (c) => <Badge variant="light" size="sm">{t(`dunning.inkasso.${c.inkassoStatus}`)}</Badge> },
    {
      key: 'outcome', title: t('dunning.claims.columns.outcome'), render: (c) => (
        <Group gap={4}>
          {c.outcomeStatus ? <StatusBadge status={c.outcomeStatus} label={t(`dunning.outcome.${c.outcomeStatus}`)} /> : <Text size="sm" c="dimmed">{t('dunning.outcome.open')}</Text>}
          {c.isWrittenOff && <Badge color="gray" variant="outline" size="sm">{t('dunning.claims.writtenOff', { amount: money(c.writtenOffAmount, c.currency) })}</Badge>}
        </Group>
      ),
    },
    {
      key: 'strategy', title: t('ordersArea.claims.strategy'), render: (c) => (
        <Stack gap={0} data-testid="claim-strategy" data-strategy-status={c.strategyStatus}>
          <Text size="sm">{t(`ordersArea.strategyType.${c.strategyType}`)} · {t(`ordersArea.strategyStatus.${c.strategyStatus}`)}</Text>
          <Text size="xs" c="dimmed">{t(`ordersArea.strategyStage.${c.strategyStage}`)}</Text>
        </Stack>
      ),
    },
    { key: 'days_overdue', title: t('dunning.claims.columns.daysOverdue'), sortable: true, render: (c) => c.daysOverdue },
    { key: 'date_resolved', title: t('dunning.claims.columns.resolved'), sortable: true, render: (c) => (c.dateResolved ? formatDateTime(c.dateResolved, i18n.language) : '–') },
    { key: 'created_at', title: t('dunning.claims.columns.created'), sortable: true, render: (c) => formatDateTime(c.createdAt, i18n.language) },
    { key: 'actions', title: '', render: (c) => <Button size="xs" variant="default" onClick={() => setOpen(c)} data-testid="claim-open">{t('dunning.claims.manage')}</Button> },
  ]

  return (
    <Stack gap="lg" data-testid="claims-page">
      <Stack gap={4}>
        <Title order={2}>{t('dunning.claims.title')}</Title>
        <Text size="sm" c="dimmed">{t('dunning.claims.intro')}</Text>
      </Stack>
      <Tabs current="claims" />
      <Group align="end" wrap="wrap">
        <Select
          label={t('dunning.filters.inkasso')} placeholder={t('dunning.filters.all')} clearable w={220} value={state.filters.inkasso_status ?? null}
          data={stages.map((s) => ({ value: s, label: withCount(s, t(`dunning.inkasso.${s}`)) }))} onChange={(v) => filter('inkasso_status', v)} data-testid="filter-inkasso"
        />
        <Select
          label={t('dunning.filters.outcome')} placeholder={t('dunning.filters.all')} clearable w={200} value={state.filters.outcome_status ?? null}
          data={['open', ...claimOutcomeStates].map((s) => ({ value: s, label: withCount(s, t(`dunning.outcome.${s}`)) }))} onChange={(v) => filter('outcome_status', v)}
        />
        <Select
          label={t('dunning.filters.writtenOff')} placeholder={t('dunning.filters.all')} clearable w={150} value={state.filters.is_written_off ?? null}
          data={[{ value: 'true', label: t('dunning.filters.yes') }, { value: 'false', label: t('dunning.filters.no') }]} onChange={(v) => filter('is_written_off', v)}
        />
        <Select
          label={t('ordersArea.filters.strategyStage')} placeholder={t('dunning.filters.all')} clearable w={190} value={state.filters.strategy_stage ?? null}
          data={visibleStrategyStages(false).map((s) => ({ value: s, label: t(`ordersArea.strategyStage.${s}`) }))} onChange={(v) => filter('strategy_stage', v)} data-testid="filter-strategy-stage"
        />
        <Select
          label={t('ordersArea.filters.strategyStatus')} placeholder={t('dunning.filters.all')} clearable w={190} value={state.filters.strategy_status ?? null}
          data={claimStrategyStatuses.map((s) => ({ value: s, label: t(`ordersArea.strategyStatus.${s}`) }))} onChange={(v) => filter('strategy_status', v)}
        />
        <Select
          label={t('ordersArea.filters.strategyType')} placeholder={t('dunning.filters.all')} clearable w={190} value={state.filters.strategy_type ?? null}
          data={claimStrategyTypes.map((s) => ({ value: s, label: t(`ordersArea.strategyType.${s}`) }))} onChange={(v) => filter('strategy_type', v)}
        />
        <Select
          label={t('ordersArea.filters.dunningStatus')} placeholder={t('dunning.filters.all')} clearable w={170} value={state.filters.dunning_status ?? null}
          data={dunningStates.map((s) => ({ value: s, label: t(`dunning.states.${s}`) }))} onChange={(v) => filter('dunning_status', v)}
        />
        <TextInput label={t('dunning.filters.daysOverdueFrom')} w={120} onChange={(e) => filter('days_overdue_from', wholeNumberFilter(e.currentTarget.value))} />
        <TextInput label={t('dunning.filters.daysOverdueTo')} w={120} onChange={(e) => filter('days_overdue_to', wholeNumberFilter(e.currentTarget.value))} />
        <TextInput label={t('dunning.filters.amountFrom')} w={130} onChange={(e) => filter('amount_from', amountParam(e.currentTarget.value))} />
        <TextInput label={t('dunning.filters.amountTo')} w={130} onChange={(e) => filter('amount_to', amountParam(e.currentTarget.value))} />
        <TextInput label={t('dunning.filters.orderId')} w={110} onChange={(e) => filter('order_id', wholeNumberFilter(e.currentTarget.value))} />
        <TextInput label={t('dunning.filters.payerId')} w={110} onChange={(e) => filter('payer_id', wholeNumberFilter(e.currentTarget.value))} />
      </Group>
      <Group align="end" wrap="wrap">
        <TextInput type="date" label={t('dunning.filters.createdFrom')} w={160} onChange={(e) => filter('created_from_time', dayBound(e.currentTarget.value, false))} />
        <TextInput type="date" label={t('dunning.filters.createdTill')} w={160} onChange={(e) => filter('created_till_time', dayBound(e.currentTarget.value, true))} />
        <TextInput type="date" label={t('dunning.filters.resolvedFrom')} w={160} onChange={(e) => filter('date_resolved_from_time', dayBound(e.currentTarget.value, false))} />
        <TextInput type="date" label={t('dunning.filters.resolvedTill')} w={160} onChange={(e) => filter('date_resolved_till_time', dayBound(e.currentTarget.value, true))} />
        <TextInput type="date" label={t('dunning.filters.writtenOffFrom')} w={160} onChange={(e) => filter('written_off_from_time', dayBound(e.currentTarget.value, false))} />
        <TextInput type="date" label={t('dunning.filters.writtenOffTill')} w={160} onChange={(e) => filter('written_off_till_time', dayBound(e.currentTarget.value, true))} />
      </Group>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(c) => c.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={t('dunning.search')} emptyText={t('dunning.claims.empty')}
      />
      <Modal opened={open !== null} onClose={() => setOpen(null)} size="lg" title={open ? t('dunning.claims.actions.title', { id: open.id }) : ''}>
        {open && (
          <ClaimActions key={open.id} claim={open} onDone={() => {
            setOpen(null)
            void queryClient.invalidateQueries({ queryKey: dunningKey })
          }} />
        )}
      </Modal>
    </Stack>
  )
}

// ------------------------------------------------------------------ settings

/** Behind the dunning flag: the notice of docs/decisions/0077-feature-flags.md when it is off. */
export function DunningSettingsPage() {
  return <FeatureGate flag="dunning"><DunningSettingsPageContent /></FeatureGate>
}

function DunningSettingsPageContent() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const settings = useQuery(dunningSettingsQuery())
  return (
    <Stack gap="lg" data-testid="dunning-settings-page">
      <Stack gap={4}>
        <Title order={2}>{t('dunning.settings.title')}</Title>
        <Text size="sm" c="dimmed">{t('dunning.settings.intro')}</Text>
      </Stack>
      <Tabs current="settings" />
      <LoadingMask visible={settings.isPending}>
        <FormError error={settings.error} />
        {settings.data && (
          <SettingsCard key={JSON.stringify(settings.data)} settings={settings.data} onSaved={() => void queryClient.invalidateQueries({ queryKey: dunningKey })} />
        )}
      </LoadingMask>
    </Stack>
  )
}

function SettingsCard({ settings, onSaved }: { settings: DunningSettings; onSaved: () => void }) {
  const { t } = useTranslation()
  const [enabled, setEnabled] = useState(settings.enabled)
  const [pauseAccess, setPauseAccess] = useState(settings.pauseAccess)
  const [createClaims, setCreateClaims] = useState(settings.createClaims)
  const [daysText, setDaysText] = useState(settings.retryDays.join(', '))
  const [saved, setSaved] = useState(false)
  useEffect(() => setSaved(false), [enabled, pauseAccess, createClaims, daysText])
  const days = daysText.split(/[,\s]+/).filter(Boolean).map(Number)
  const parsed = dunningSettingsInput.safeParse({ enabled, retry_days: days, pause_access: pauseAccess, create_claims: createClaims })
  const save = useMutation({
    mutationFn: () => saveDunningSettings(parsed.data!),
    onSuccess: () => {
      setSaved(true)
      onSaved()
    },
  })
  return (
    <Card withBorder padding="lg" radius="md" maw={720} data-testid="dunning-settings-card">
      <Stack gap="md">
        {settings.isDefault && <Text size="sm" c="dimmed">{t('dunning.settings.defaults')}</Text>}
        <Switch label={t('dunning.settings.enabled')} description={t('dunning.settings.enabledHelp')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} data-testid="dunning-enabled" />
        <TextInput
          label={t('dunning.settings.retryDays')} description={t('dunning.settings.retryDaysHelp')} value={daysText} disabled={!enabled}
          onChange={(e) => setDaysText(e.currentTarget.value)} error={!parsed.success && enabled ? t('dunning.settings.retryDaysInvalid') : undefined} data-testid="dunning-retry-days"
        />
        {enabled && parsed.success && (
          <Table withTableBorder data-testid="dunning-schedule">
            <Table.Thead>
              <Table.Tr><Table.Th>{t('dunning.settings.schedule.day')}</Table.Th><Table.Th>{t('dunning.settings.schedule.what')}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr><Table.Td>0</Table.Td><Table.Td>{t('dunning.settings.schedule.first')}</Table.Td></Table.Tr>
              {scheduleOf(parsed.data.retry_days).map((row) => (
                <Table.Tr key={row.retry}>
                  <Table.Td>{row.day}</Table.Td>
                  <Table.Td>{t(row.last ? 'dunning.settings.schedule.last' : 'dunning.settings.schedule.retry', { retry: row.retry })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Switch label={t('dunning.settings.pauseAccess')} description={t('dunning.settings.pauseAccessHelp')} checked={pauseAccess} onChange={(e) => setPauseAccess(e.currentTarget.checked)} />
        <Switch label={t('dunning.settings.createClaims')} description={t('dunning.settings.createClaimsHelp')} checked={createClaims} onChange={(e) => setCreateClaims(e.currentTarget.checked)} />
        <FormError error={save.error} />
        <Group>
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!parsed.success} data-testid="dunning-save">{t('dunning.settings.save')}</Button>
          {saved && <Text size="sm" c="green">{t('dunning.settings.saved')}</Text>}
        </Group>
      </Stack>
    </Card>
  )
}
