import { Button, Group, MultiSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { chargesCountMax, daysOverdueMax, ratePeriodTypes } from '../../../../shared/schemas/order-rates'
import { checkoutMethods } from '../../../../shared/payments/methods'
import { orderRateStates } from '../../../../shared/states/order-rate'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FilterPanel, activeFilterCount } from '../../../components/filter-panel'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { NumberField } from '../../../components/number-field'
import { StatusBadge } from '../../../components/status-badge'
import { dayBound, formatDateTime, money } from '../../../lib/format'
import { exportOrderRatesCsv, orderRateListQuery, type OrderRate } from '../api/order-rates'
import { snakeToCamelKey } from '../../../lib/api-client'

// /cabinet/order_rates: every charge of the seller's installment and subscription orders, with the
// spec's rate states, overdue days (0..365) and charges count (0..10000) filters, and the CSV export.
// `?order_id=` (and `?payer_id=`) narrow it to one order or payer.

function initialState(): ListState {
  const params = new URLSearchParams(window.location.search)
  const filters: Record<string, string> = {}
  for (const key of ['order_id', 'payer_id', 'product_id']) {
    const value = params.get(key)
    if (value && /^\d+$/.test(value)) filters[key] = value
  }
  const state = params.get('state')
  if (state && (orderRateStates as readonly string[]).includes(state)) filters.state = state
  return initialListState({ filters })
}

export function OrderRatesPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(initialState)
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(orderRateListQuery(state))
  const exporting = useMutation({ mutationFn: () => exportOrderRatesCsv(state) })
  const filter = (key: string, value: string | null | undefined) => setState((s) => withFilter(s, key, value ?? undefined))
  const counts = list.data?.counts
  const tr = (key: string, options?: Record<string, unknown>) => t(`orderRates.rates.${key}`, options ?? {})

  const columns: DataTableColumn<OrderRate>[] = [
    { key: 'id', title: tr('columns.id'), sortable: true, width: 70, render: (x) => <span data-testid="rate-row" data-state={x.state} data-number={x.number}>{x.id}</span> },
    {
      key: 'order', title: tr('columns.order'), render: (x) => (
        <Stack gap={0}>
          <Text size="sm">#{x.orderId}</Text>
          <Text size="xs" c="dimmed" ff="monospace">{x.orderToken.slice(0, 10)}…</Text>
        </Stack>
      ),
    },
    { key: 'number', title: tr('columns.number'), sortable: true, width: 70, render: (x) => `${x.number} / ${x.ratesCount}` },
    {
      key: 'product', title: tr('columns.product'), render: (x) => (
        <Stack gap={0}>
          <Text size="sm">{x.productName}</Text>
          <Text size="xs" c="dimmed">{x.periodType ? tr(`periodTypes.${x.periodType}`, { defaultValue: x.periodType }) : ''} · {x.paymentForm}</Text>
        </Stack>
      ),
    },
    { key: 'payer', title: tr('columns.payer'), render: (x) => <Stack gap={0}><Text size="sm">{x.payerName}</Text><Text size="xs" c="dimmed">{x.payerEmail}</Text></Stack> },
    { key: 'amount', title: tr('columns.amount'), sortable: true, render: (x) => money(x.amount, x.currency) },
    { key: 'due_at', title: tr('columns.dueAt'), sortable: true, render: (x) => formatDateTime(x.dueAt, i18n.language) },
    { key: 'state', title: tr('columns.state'), sortable: true, render: (x) => <StatusBadge status={x.state} label={tr(`states.${x.state}`)} /> },
    {
      key: 'days_overdue', title: tr('columns.daysOverdue'),
      render: (x) => (x.daysOverdue === null ? '–' : <Text size="sm" c="red" fw={600}>{tr('daysOverdue', { count: x.daysOverdue })}</Text>),
    },
    { key: 'charges_count', title: tr('columns.chargesCount'), render: (x) => x.chargesCount },
    { key: 'attempts', title: tr('columns.attempts'), sortable: true, render: (x) => x.attempts },
    { key: 'paid_at', title: tr('columns.paidAt'), sortable: true, render: (x) => (x.paidAt ? formatDateTime(x.paidAt, i18n.language) : '–') },
  ]

  const selectedStates = state.filters.state ? state.filters.state.split(',') : []

  return (
    <Stack gap="lg" data-testid="order-rates-page">
      <Group justify="space-between">
        <Title order={2}>{tr('title')}</Title>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting.isPending} onClick={() => exporting.mutate()} data-testid="export-csv">
          {tr('export')}
        </Button>
      </Group>
      {state.filters.order_id && (
        <Group gap="xs">
          <Text size="sm">{tr('forOrder', { id: state.filters.order_id })}</Text>
          <Button size="compact-xs" variant="subtle" onClick={() => filter('order_id', undefined)}>{tr('filters.clear')}</Button>
        </Group>
      )}
      <FilterPanel active={activeFilterCount(state.filters, ['order_id'])}>
        <Group align="end" wrap="wrap">
          <MultiSelect
            label={tr('filters.state')} placeholder={selectedStates.length === 0 ? tr('filters.all') : undefined} clearable w={260} data-testid="filter-state"
            value={selectedStates} data={orderRateStates.map((s) => ({ value: s, label: `${tr(`states.${s}`)}${counts ? ` (${counts[snakeToCamelKey(s)] ?? 0})` : ''}` }))}
            onChange={(values) => filter('state', values.join(','))}
          />
          <Select
            label={tr('filters.overdue')} placeholder={tr('filters.all')} clearable w={150} value={state.filters.overdue ?? null}
            data={[{ value: 'true', label: tr('filters.yes') }, { value: 'false', label: tr('filters.no') }]} onChange={(v) => filter('overdue', v)}
          />
          <NumberField
            label={tr('filters.daysOverdueFrom')} w={130} min={0} max={daysOverdueMax} allowEmptyValue value={state.filters.days_overdue_from ?? ''}
            onChange={(v) => filter('days_overdue_from', v)} data-testid="filter-days-overdue-from"
          />
          <NumberField
            label={tr('filters.daysOverdueTo')} w={130} min={0} max={daysOverdueMax} allowEmptyValue value={state.filters.days_overdue_to ?? ''}
            onChange={(v) => filter('days_overdue_to', v)}
          />
          <NumberField
            label={tr('filters.chargesCountFrom')} w={130} min={0} max={chargesCountMax} allowEmptyValue value={state.filters.charges_count_from ?? ''}
            onChange={(v) => filter('charges_count_from', v)}
          />
          <NumberField
            label={tr('filters.chargesCountTo')} w={130} min={0} max={chargesCountMax} allowEmptyValue value={state.filters.charges_count_to ?? ''}
            onChange={(v) => filter('charges_count_to', v)}
          />
          <Select
            label={tr('filters.periodType')} placeholder={tr('filters.all')} clearable w={200} value={state.filters.period_type ?? null}
            data={ratePeriodTypes.map((p) => ({ value: p, label: tr(`periodTypes.${p}`) }))} onChange={(v) => filter('period_type', v)}
          />
          <Select
            label={tr('filters.paymentForm')} placeholder={tr('filters.all')} clearable w={160} value={state.filters.payment_form ?? null}
            data={checkoutMethods.map((m) => ({ value: m, label: m }))} onChange={(v) => filter('payment_form', v)}
          />
          <TextInput type="date" label={tr('filters.dueFrom')} w={170} onChange={(e) => filter('charge_from_time', dayBound(e.currentTarget.value, false))} />
          <TextInput type="date" label={tr('filters.dueTill')} w={170} onChange={(e) => filter('charge_till_time', dayBound(e.currentTarget.value, true))} />
        </Group>
      </FilterPanel>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(x) => x.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={tr('search')} emptyText={tr('empty')}
      />
    </Stack>
  )
}
