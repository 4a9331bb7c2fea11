import { Anchor, Badge, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { parseMoneyInput } from '../../../../shared/money'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { initialListState, wholeNumberFilter, withFilter, type ListState } from '../../../components/list-state'
import { StatusBadge } from '../../../components/status-badge'
import { formatDate, money } from '../../../lib/format'
import { pastDueOrdersQuery, type PastDueOrder } from '../api/past-due-orders'

// /cabinet/past_due_orders (docs/decisions/0057-orders-area-remains.md): the orders whose owed rates are past
// their due date, the oldest first, with the overdue amount per order and the totals per currency.

const amountParam = (text: string) => {
  if (text.trim() === '') return undefined
  const amount = parseMoneyInput(text, 'eur')
  return amount === null ? undefined : String(amount)
}

export function PastDueOrdersPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState({ sortKey: 'oldest_due_at', sortDir: 'asc' }))
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(pastDueOrdersQuery(state))
  const filter = (key: string, value: string | undefined) => setState((s) => withFilter(s, key, value))

  const columns: DataTableColumn<PastDueOrder>[] = [
    {
      key: 'order_id', title: t('ordersArea.pastDue.columns.order'), sortable: true, render: (o) => (
        <Anchor component={Link} to={`/cabinet/orders/${o.orderId}`} size="sm" data-testid="past-due-row" data-order-id={o.orderId}>#{o.orderId}</Anchor>
      ),
    },
    { key: 'product', title: t('ordersArea.pastDue.columns.product'), render: (o) => o.productName },
    { key: 'payer', title: t('ordersArea.pastDue.columns.payer'), render: (o) => <Stack gap={0}><Text size="sm">{o.payerName}</Text><Text size="xs" c="dimmed">{o.payerEmail}</Text></Stack> },
    { key: 'overdue_rates_count', title: t('ordersArea.pastDue.columns.rates'), sortable: true, render: (o) => o.overdueRatesCount },
    { key: 'overdue_amount', title: t('ordersArea.pastDue.columns.amount'), sortable: true, render: (o) => money(o.overdueAmount, o.currency) },
    { key: 'oldest_due_at', title: t('ordersArea.pastDue.columns.oldestDue'), sortable: true, render: (o) => formatDate(o.oldestDueAt, i18n.language) },
    { key: 'days', title: t('ordersArea.pastDue.columns.days'), render: (o) => <Badge color={o.daysOverdue > 30 ? 'red' : 'yellow'} variant="light">{o.daysOverdue}</Badge> },
    { key: 'state', title: t('ordersArea.pastDue.columns.state'), render: (o) => <StatusBadge status={o.paymentState} label={t(`orderLists.states.${o.paymentState}`, { defaultValue: o.paymentState })} /> },
  ]

  return (
    <Stack gap="lg" data-testid="past-due-orders-page">
      <Stack gap={4}>
        <Title order={2}>{t('ordersArea.pastDue.title')}</Title>
        <Text size="sm" c="dimmed">{t('ordersArea.pastDue.intro')}</Text>
      </Stack>
      <Group gap="lg" data-testid="past-due-totals">
        {(list.data?.totals ?? []).map((total) => (
          <Stack key={total.currency} gap={0}>
            <Text fw={700} size="lg">{money(total.amount, total.currency)}</Text>
            <Text size="xs" c="dimmed">{t('ordersArea.pastDue.total', { orders: total.ordersCount, rates: total.ratesCount })}</Text>
          </Stack>
        ))}
      </Group>
      <Group align="end" wrap="wrap">
        <TextInput label={t('ordersArea.pastDue.filters.daysFrom')} w={130} onChange={(e) => filter('days_overdue_from', wholeNumberFilter(e.currentTarget.value))} />
        <TextInput label={t('ordersArea.pastDue.filters.daysTo')} w={130} onChange={(e) => filter('days_overdue_to', wholeNumberFilter(e.currentTarget.value))} />
        <TextInput label={t('ordersArea.pastDue.filters.amountFrom')} w={130} onChange={(e) => filter('amount_from', amountParam(e.currentTarget.value))} />
        <TextInput label={t('ordersArea.pastDue.filters.amountTo')} w={130} onChange={(e) => filter('amount_to', amountParam(e.currentTarget.value))} />
        <TextInput label={t('ordersArea.pastDue.filters.productId')} w={120} onChange={(e) => filter('product_id', wholeNumberFilter(e.currentTarget.value))} />
      </Group>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(o) => o.orderId} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={t('ordersArea.pastDue.search')} emptyText={t('ordersArea.pastDue.empty')}
      />
    </Stack>
  )
}
