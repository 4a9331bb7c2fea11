import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isCurrencyId, parseMoneyInput } from '../../../../shared/money'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FormError } from '../../../components/form-error'
import { initialListState, wholeNumberFilter, withFilter, type ListState } from '../../../components/list-state'
import { Modal } from '../../../components/modal'
import { StatusBadge } from '../../../components/status-badge'
import { formatDateTime, money } from '../../../lib/format'
import { adminOrdersKey, adminOrdersQuery, adminRefundOrder, type AdminOrder } from '../api/admin-orders'

// /admin/orders: every seller's orders (GET /admin/orders, the sellers' filters) and the managers' refund
// (POST /admin/orders/{id}/refund, all that is left or an amount; one Idempotency-Key per opened form).

function RefundForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const { t } = useTranslation()
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [key] = useState(() => crypto.randomUUID())
  const refundable = order.paidAmount - order.refundedAmount
  const refund = useMutation({
    mutationFn: () => {
      const minor = amount.trim() === '' || !isCurrencyId(order.currency) ? undefined : parseMoneyInput(amount, order.currency) ?? undefined
      return adminRefundOrder(order.id, minor, reason.trim() || undefined, key)
    },
    onSuccess: onDone,
  })
  return (
    <Stack gap="md" data-testid="admin-refund-form">
      <Text size="sm">{t('ordersArea.admin.refund.left', { amount: money(refundable, order.currency) })}</Text>
      <FormError error={refund.error} />
      <TextInput label={t('ordersArea.admin.refund.amount')} placeholder={money(refundable, order.currency)} value={amount} onChange={(e) => setAmount(e.currentTarget.value)} />
      <TextInput label={t('ordersArea.admin.refund.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
      <Group><Button color="red" onClick={() => refund.mutate()} loading={refund.isPending} data-testid="admin-refund-submit">{t('ordersArea.admin.refund.submit')}</Button></Group>
    </Stack>
  )
}

export function AdminOrdersPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(adminOrdersQuery(state))
  const [refunding, setRefunding] = useState<AdminOrder | null>(null)
  const filter = (key: string, value: string | undefined) => setState((s) => withFilter(s, key, value))

  const columns: DataTableColumn<AdminOrder>[] = [
    { key: 'id', title: t('ordersArea.admin.columns.id'), sortable: true, width: 80, render: (o) => <Text size="sm" data-testid="admin-order-row">#{o.id}</Text> },
    { key: 'product', title: t('ordersArea.admin.columns.product'), render: (o) => o.productName },
    { key: 'payer', title: t('ordersArea.admin.columns.payer'), render: (o) => <Stack gap={0}><Text size="sm">{o.payerName}</Text><Anchor size="xs" href={`mailto:${o.payerEmail}`}>{o.payerEmail}</Anchor></Stack> },
    { key: 'total', title: t('ordersArea.admin.columns.total'), render: (o) => money(o.totalAmount, o.currency) },
    { key: 'refunded', title: t('ordersArea.admin.columns.refunded'), render: (o) => money(o.refundedAmount, o.currency) },
    { key: 'payment_state', title: t('ordersArea.admin.columns.state'), render: (o) => <StatusBadge status={o.paymentState} label={o.paymentState} /> },
    { key: 'created_at', title: t('ordersArea.admin.columns.created'), sortable: true, render: (o) => formatDateTime(o.createdAt, i18n.language) },
    {
      key: 'actions', title: '', render: (o) => (o.paidAmount - o.refundedAmount > 0
        ? <Button size="xs" variant="default" color="red" onClick={() => setRefunding(o)} data-testid="admin-refund-open">{t('ordersArea.admin.refund.open')}</Button>
        : null),
    },
  ]

  return (
    <Stack gap="lg" data-testid="admin-orders-page">
      <Stack gap={4}>
        <Title order={2}>{t('ordersArea.admin.ordersTitle')}</Title>
        <Text size="sm" c="dimmed">{t('ordersArea.admin.ordersIntro')}</Text>
      </Stack>
      <Group align="end" wrap="wrap">
        <TextInput label={t('ordersArea.admin.filters.productId')} w={120} onChange={(e) => filter('product_id', wholeNumberFilter(e.currentTarget.value))} />
      </Group>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(o) => o.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={t('ordersArea.admin.search')} emptyText={t('ordersArea.admin.empty')}
      />
      <Modal opened={refunding !== null} onClose={() => setRefunding(null)} title={refunding ? t('ordersArea.admin.refund.title', { id: refunding.id }) : ''}>
        {refunding && (
          <RefundForm key={refunding.id} order={refunding} onDone={() => {
            setRefunding(null)
            void queryClient.invalidateQueries({ queryKey: adminOrdersKey })
          }} />
        )}
      </Modal>
    </Stack>
  )
}
