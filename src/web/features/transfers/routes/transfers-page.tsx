import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { parseMoneyInput } from '../../../../shared/money'
import { providerValues } from '../../../../shared/payments'
import { transferableTypes } from '../../../../shared/schemas/invoices'
import { paymentStates } from '../../../../shared/states/payment'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FilterPanel, activeFilterCount } from '../../../components/filter-panel'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { StatusBadge } from '../../../components/status-badge'
import { dayBound, formatDateTime, money } from '../../../lib/format'
import { exportTransfersCsv, transferListQuery, type Transfer } from '../api/transfers'
import { snakeToCamelKey } from '../../../lib/api-client'

// /cabinet/transfers (docs/reference/readings.md 7): every payment of the seller's orders (charges, refunds, chargebacks)
// with its state, the spec's filters (state, transferable_type, provider, payment method, order, product,
// payer country, created range, amount), counts per state and the CSV. Read-only.

export function TransfersPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(transferListQuery(state))
  const exporting = useMutation({ mutationFn: () => exportTransfersCsv(state) })
  const filter = (key: string, value: string | null | undefined) => setState((s) => withFilter(s, key, value ?? undefined))
  const amountFilter = (key: string, text: string) => {
    const minor = parseMoneyInput(text, 'eur')
    filter(key, minor === null ? undefined : String(Math.abs(minor)))
  }
  const counts = list.data?.counts

  const columns: DataTableColumn<Transfer>[] = [
    { key: 'id', title: t('invoices.transfers.columns.id'), sortable: true, width: 70, render: (x) => <span data-testid="transfer-row" data-kind={x.kind} data-state={x.state}>{x.id}</span> },
    { key: 'kind', title: t('invoices.transfers.columns.kind'), render: (x) => (
      <Stack gap={0}>
        <Text size="sm">{t(`invoices.transfers.kinds.${x.kind}`, { defaultValue: x.kind })}</Text>
        {x.rateNumber !== null && <Text size="xs" c="dimmed">{t('invoices.transfers.rate', { number: x.rateNumber })}</Text>}
        {x.parentPaymentId !== null && <Text size="xs" c="dimmed">{t('invoices.transfers.of', { id: x.parentPaymentId })}</Text>}
      </Stack>
    ) },
    { key: 'state', title: t('invoices.transfers.columns.state'), sortable: true, render: (x) => <StatusBadge status={x.state} label={t(`invoices.transfers.states.${x.state}`, { defaultValue: x.state })} /> },
    { key: 'created_at', title: t('invoices.transfers.columns.createdAt'), sortable: true, render: (x) => formatDateTime(x.createdAt, i18n.language) },
    { key: 'order', title: t('invoices.transfers.columns.order'), render: (x) => <Stack gap={0}><Text size="sm">#{x.orderId}</Text><Text size="xs" c="dimmed">{x.productName}</Text></Stack> },
    { key: 'payer', title: t('invoices.transfers.columns.payer'), render: (x) => <Stack gap={0}><Text size="sm">{x.payerName}</Text><Text size="xs" c="dimmed">{[x.payerEmail, x.payerCountry].filter(Boolean).join(' · ')}</Text></Stack> },
    { key: 'method', title: t('invoices.transfers.columns.method'), render: (x) => <Stack gap={0}><Text size="sm">{x.paymentMethod}{x.cardLast4 ? ` ·${x.cardLast4}` : ''}</Text><Text size="xs" c="dimmed">{x.provider}</Text></Stack> },
    { key: 'amount', title: t('invoices.transfers.columns.amount'), sortable: true, render: (x) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>{x.kind === 'charge' ? '' : '-'}{money(x.amount, x.currency)}</Text>
        {x.refundedAmount > 0 && <Text size="xs" c="dimmed">{t('invoices.transfers.refunded', { amount: money(x.refundedAmount, x.currency) })}</Text>}
      </Stack>
    ) },
  ]

  return (
    <Stack gap="lg" data-testid="transfers-page">
      <Group justify="space-between">
        <Title order={2}>{t('invoices.transfers.title')}</Title>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting.isPending} onClick={() => exporting.mutate()} data-testid="export-csv">
          {t('invoices.export')}
        </Button>
      </Group>
      <Text c="dimmed" size="sm">{t('invoices.transfers.lead')}</Text>
      <FilterPanel active={activeFilterCount(state.filters)}>
        <Group align="end" wrap="wrap">
          <Select
            label={t('invoices.transfers.filters.state')} placeholder={t('invoices.filters.all')} clearable w={190} value={state.filters.state ?? null} data-testid="filter-state"
            data={paymentStates.map((s) => ({ value: s, label: `${t(`invoices.transfers.states.${s}`)}${counts ? ` (${counts[snakeToCamelKey(s)] ?? 0})` : ''}` }))}
            onChange={(v) => filter('state', v)}
          />
          <Select
            label={t('invoices.transfers.filters.kind')} placeholder={t('invoices.filters.all')} clearable w={150} value={state.filters.transferable_type ?? null}
            data={transferableTypes.map((k) => ({ value: k, label: t(`invoices.transfers.kinds.${k}`) }))} onChange={(v) => filter('transferable_type', v)}
          />
          <Select
            label={t('invoices.transfers.filters.provider')} placeholder={t('invoices.filters.all')} clearable w={140} value={state.filters.provider ?? null}
            data={providerValues.map((p) => ({ value: p, label: p }))} onChange={(v) => filter('provider', v)}
          />
          <TextInput label={t('invoices.transfers.filters.method')} w={120} onChange={(e) => filter('payment_method', e.currentTarget.value.trim())} />
          <TextInput label={t('invoices.filters.orderId')} w={100} onChange={(e) => filter('order_id', /^\d+$/.test(e.currentTarget.value) ? e.currentTarget.value : undefined)} />
          <TextInput label={t('invoices.filters.productId')} w={100} onChange={(e) => filter('product_id', /^\d+$/.test(e.currentTarget.value) ? e.currentTarget.value : undefined)} />
          <TextInput label={t('invoices.transfers.filters.country')} w={90} maxLength={2} onChange={(e) => filter('transfer_country_code', /^[A-Za-z]{2}$/.test(e.currentTarget.value) ? e.currentTarget.value.toUpperCase() : undefined)} />
          <TextInput type="date" label={t('invoices.filters.from')} w={160} onChange={(e) => filter('created_from_time', dayBound(e.currentTarget.value, false))} />
          <TextInput type="date" label={t('invoices.filters.till')} w={160} onChange={(e) => filter('created_till_time', dayBound(e.currentTarget.value, true))} />
          <TextInput label={t('invoices.filters.amountFrom')} w={110} onBlur={(e) => amountFilter('amount_from', e.currentTarget.value)} />
          <TextInput label={t('invoices.filters.amountTo')} w={110} onBlur={(e) => amountFilter('amount_to', e.currentTarget.value)} />
        </Group>
      </FilterPanel>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(x) => x.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={t('invoices.transfers.search')} emptyText={t('invoices.transfers.empty')}
      />
    </Stack>
  )
}
