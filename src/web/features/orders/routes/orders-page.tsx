import { Anchor, Group, Select, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, isCurrencyId } from '../../../../shared/money'
import { orderPaymentStates } from '../../../../shared/states'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { StatusBadge } from '../../../components/status-badge'
import { initialListState, type ListState } from '../../../components/list-state'
import { formatDateTime } from '../../../lib/format'
import { orderListQuery, type SellerOrder } from '../api/list-orders'

// /cabinet/orders: the seller's first simple orders list (issue 4); the full orders area comes later.

export function OrdersPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const [paymentState, setPaymentState] = useState<string | null>(null)
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(orderListQuery(state, paymentState))
  const money = (amount: number, currency: string) => formatMoney({ amount, currency: isCurrencyId(currency) ? currency : 'eur' })
  const columns: DataTableColumn<SellerOrder>[] = [
    { key: 'id', title: t('orders.columns.id'), width: 70, render: (o) => o.id },
    {
      key: 'product', title: t('orders.columns.product'), render: (o) => (
        <Stack gap={0} data-testid="order-row" data-order-token={o.token} data-state={o.paymentState}>
          <Text size="sm" fw={500}>{o.productName}</Text>
          {o.upsellType && <Text size="xs" c="dimmed">{t(`orders.upsell.${o.upsellType}`)}</Text>}
        </Stack>
      ),
    },
    {
      key: 'payer', title: t('orders.columns.payer'), render: (o) => (
        <Stack gap={0}><Text size="sm">{o.payerName}</Text><Text size="xs" c="dimmed">{o.payerEmail}</Text></Stack>
      ),
    },
    { key: 'total', title: t('orders.columns.total'), render: (o) => <span data-testid="order-total">{money(o.totalAmount, o.currency)}</span> },
    { key: 'paid', title: t('orders.columns.paid'), render: (o) => money(o.paidAmount, o.currency) },
    { key: 'payment_state', title: t('orders.columns.state'), render: (o) => <StatusBadge status={o.paymentState} label={t(`orders.states.${o.paymentState}`)} /> },
    { key: 'method', title: t('orders.columns.method'), render: (o) => `${o.paymentMethod} · ${o.provider}` },
    { key: 'coupon', title: t('orders.columns.coupon'), render: (o) => o.couponCode ?? '–' },
    { key: 'created_at', title: t('orders.columns.createdAt'), render: (o) => formatDateTime(o.createdAt, i18n.language) },
    {
      key: 'link', title: '', render: (o) => (
        <Anchor size="sm" href={`/api/v1/shop/orders/${o.token}`} target="_blank" rel="noreferrer">{t('orders.open')}</Anchor>
      ),
    },
  ]
  return (
    <Stack gap="lg" data-testid="orders-page">
      <Group justify="space-between">
        <Title order={2}>{t('orders.title')}</Title>
        <Select
          aria-label={t('orders.filterState')} placeholder={t('orders.allStates')} clearable value={paymentState} onChange={setPaymentState} w={220}
          data={orderPaymentStates.map((s) => ({ value: s, label: t(`orders.states.${s}`) }))}
        />
      </Group>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(o) => o.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={t('orders.search')} emptyText={t('orders.empty')}
      />
    </Stack>
  )
}
