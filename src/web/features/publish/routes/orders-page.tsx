import { Select, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { StatusBadge } from '../../../components/status-badge'
import { formatDateTime, money } from '../../../lib/format'
import { publisherOrdersQuery, type PublisherOrder } from '../api/money'
import { allNodesQuery } from '../api/nodes'

// /publish/orders: the orders attributed to the publisher (GET /publish/orders) with their commission;
// the payer's data is never part of the answer.

export function PublisherOrdersPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(publisherOrdersQuery(state))
  const nodes = useQuery(allNodesQuery())
  const programs = new Map((nodes.data?.list ?? []).map((n) => [n.affiliateProgramId, n.affiliateProgramName]))

  const columns: DataTableColumn<PublisherOrder>[] = [
    { key: 'created_at', title: t('publisher.columns.date'), sortable: true, render: (x) => formatDateTime(x.createdAt, i18n.language) },
    { key: 'product', title: t('publisher.columns.product'), render: (x) => x.product.name },
    { key: 'seller', title: t('publisher.columns.seller'), render: (x) => x.seller.username },
    { key: 'program', title: t('publisher.columns.program'), render: (x) => programs.get(x.affiliateProgramId) ?? `#${x.affiliateProgramId}` },
    { key: 'level', title: t('publisher.columns.level'), render: (x) => t('publisher.levelN', { level: x.level }) },
    { key: 'total_amount', title: t('publisher.columns.total'), render: (x) => money(x.totalAmount, x.currency) },
    { key: 'commission', title: t('publisher.columns.myCommission'), render: (x) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>{money(x.commission.amount - x.commission.reversedAmount, x.currency)}</Text>
        {x.commission.reversedAmount > 0 && <Text size="xs" c="dimmed">{t('publisher.orders.reversed', { amount: money(x.commission.reversedAmount, x.currency) })}</Text>}
      </Stack>
    ) },
    { key: 'state', title: t('publisher.columns.state'), render: (x) => (
      <Stack gap={2}>
        <StatusBadge status={x.paymentState} />
        <Text size="xs" c="dimmed">{t(`publisher.commissionStates.${x.commission.state}`, { defaultValue: x.commission.state })}</Text>
      </Stack>
    ) },
  ]

  return (
    <Stack gap="lg" data-testid="publisher-orders">
      <Title order={2}>{t('publisher.orders.title')}</Title>
      <Text c="dimmed" size="sm">{t('publisher.orders.lead')}</Text>
      <Select
        label={t('publisher.columns.program')} placeholder={t('publisher.orders.allPrograms')} clearable w={280} searchable
        data={[...programs].map(([id, name]) => ({ value: String(id), label: name }))}
        value={state.filters.affiliate_program_id ?? null}
        onChange={(value) => setState((s) => withFilter(s, 'affiliate_program_id', value ?? undefined))}
        data-testid="publisher-orders-program"
      />
      <div data-testid="publisher-orders-table">
        <DataTable
          columns={columns} rows={list.data?.list ?? []} rowKey={(x) => x.id} totalCount={list.data?.totalCount ?? 0}
          state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
          searchLabel={t('publisher.orders.search')} emptyText={t('publisher.orders.empty')}
        />
      </div>
    </Stack>
  )
}
