import { Anchor, Badge, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { refundKinds } from '../../../../shared/schemas/invoices'
import { paymentStates } from '../../../../shared/states/payment'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { initialListState, wholeNumberFilter, withFilter, type ListState } from '../../../components/list-state'
import { StatusBadge } from '../../../components/status-badge'
import { formatDateTime, money } from '../../../lib/format'
import { adminRefundsQuery, type AdminRefund } from '../api/admin-orders'

// /admin/refunds: every seller's refunds and chargebacks (GET /admin/refunds) with their state, the order and
// the seller; counts per state; a refund itself is made on /admin/orders.

export function AdminRefundsPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(adminRefundsQuery(state))
  const filter = (key: string, value: string | undefined) => setState((s) => withFilter(s, key, value))
  const counts = list.data?.counts ?? {}

  const columns: DataTableColumn<AdminRefund>[] = [
    { key: 'id', title: t('ordersArea.admin.refunds.columns.id'), sortable: true, width: 80, render: (r) => <Text size="sm" data-testid="admin-refund-row">#{r.id}</Text> },
    { key: 'kind', title: t('ordersArea.admin.refunds.columns.kind'), render: (r) => <Badge variant="light" color={r.kind === 'chargeback' ? 'red' : 'gray'}>{t(`ordersArea.admin.refunds.kinds.${r.kind}`)}</Badge> },
    { key: 'seller', title: t('ordersArea.admin.refunds.columns.seller'), render: (r) => r.sellerUsername ?? `#${r.sellerId}` },
    { key: 'order', title: t('ordersArea.admin.refunds.columns.order'), render: (r) => <Stack gap={0}><Text size="sm">#{r.orderId}</Text><Text size="xs" c="dimmed">{r.productName}</Text></Stack> },
    { key: 'payer', title: t('ordersArea.admin.columns.payer'), render: (r) => <Stack gap={0}><Text size="sm">{r.payerName}</Text><Anchor size="xs" href={`mailto:${r.payerEmail}`}>{r.payerEmail}</Anchor></Stack> },
    { key: 'amount', title: t('ordersArea.admin.refunds.columns.amount'), sortable: true, render: (r) => money(r.amount, r.currency) },
    { key: 'state', title: t('ordersArea.admin.columns.state'), sortable: true, render: (r) => <StatusBadge status={r.state} label={r.state} /> },
    { key: 'provider', title: t('ordersArea.admin.refunds.columns.provider'), render: (r) => <Stack gap={0}><Text size="sm">{r.provider}</Text>{r.failureReason && <Text size="xs" c="red">{r.failureReason}</Text>}</Stack> },
    { key: 'created_at', title: t('ordersArea.admin.columns.created'), sortable: true, render: (r) => formatDateTime(r.createdAt, i18n.language) },
  ]

  return (
    <Stack gap="lg" data-testid="admin-refunds-page">
      <Stack gap={4}>
        <Title order={2}>{t('ordersArea.admin.refunds.title')}</Title>
        <Text size="sm" c="dimmed">{t('ordersArea.admin.refunds.intro')}</Text>
      </Stack>
      <Group align="end" wrap="wrap">
        <Select
          label={t('ordersArea.admin.refunds.columns.kind')} w={180} clearable placeholder={t('ordersArea.admin.refunds.all')}
          data={refundKinds.map((k) => ({ value: k, label: t(`ordersArea.admin.refunds.kinds.${k}`) }))}
          onChange={(value) => filter('transferable_type', value ?? undefined)} data-testid="admin-refunds-kind"
        />
        <Select
          label={t('ordersArea.admin.columns.state')} w={200} clearable placeholder={t('ordersArea.admin.refunds.all')}
          data={paymentStates.map((s) => ({ value: s, label: counts[s] !== undefined ? `${s} (${counts[s]})` : s }))}
          onChange={(value) => filter('state', value ?? undefined)} data-testid="admin-refunds-state"
        />
        <TextInput label={t('ordersArea.admin.filters.sellerId')} w={120} onChange={(e) => filter('seller_id', wholeNumberFilter(e.currentTarget.value))} />
      </Group>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(r) => r.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={t('ordersArea.admin.search')} emptyText={t('ordersArea.admin.refunds.empty')}
      />
    </Stack>
  )
}
