import { Anchor, Badge, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core'
import { IconCalendarTime, IconDownload } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { orderPaymentStates } from '../../../../shared/states'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { StatusBadge } from '../../../components/status-badge'
import { snakeToCamelKey } from '../../../lib/api-client'
import { formatDateTime, money } from '../../../lib/format'
import { orderListQuery, type SellerOrder } from '../api/orders'
import { CsvExportDialog } from '../components/csv-export-dialog'
import { OrderFilters } from '../components/order-filters'
import { FilterPanel, activeFilterCount } from '../../../components/filter-panel'
import { ScheduledExportsDialog } from '../components/scheduled-exports-dialog'

// /cabinet/orders: the seller's orders with the payment-state tabs (counts for the other filters), the
// filter panel, search, sort, pages and page sizes (docs/reference/accounts-and-orders.md §4 and §9), the CSV export with a
// column picker and scheduled exports (docs/decisions/0030-orders-list-detail-and-csv-exports.md).

// the payment state is the tabs; a relative period's count and unit refine its period
const notCountedFilters = ['payment_state', 'created_count', 'created_unit', 'success_count', 'success_unit']

export function OrdersPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const [resetKey, setResetKey] = useState(0)
  const [csvOpen, setCsvOpen] = useState(false)
  const [schedulesOpen, setSchedulesOpen] = useState(false)
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(orderListQuery(state))
  // The client camelizes answer keys: the counts come keyed paymentWaiting, paid, ...
  const counts = list.data?.counts
  const allCount = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined
  const tab = state.filters.payment_state ?? 'all'

  const columns: DataTableColumn<SellerOrder>[] = [
    { key: 'id', title: t('orderLists.columns.id'), sortable: true, width: 70, render: (o) => o.id },
    {
      key: 'product', title: t('orderLists.columns.product'), sortable: true, render: (o) => (
        <Stack gap={0} data-testid="order-row" data-order-id={o.id} data-order-token={o.token} data-state={o.paymentState} data-product-id={o.productId}>
          <Anchor component={Link} to={`/cabinet/orders/${o.id}`} size="sm" fw={500} aria-label={t('orderLists.openOrder', { id: o.id })}>{o.productName}</Anchor>
          {o.upsellType && <Text size="xs" c="dimmed">{t(`orderLists.upsellTypes.${o.upsellType}`, { defaultValue: o.upsellType })}</Text>}
          {o.orderType !== 'standard' && <Text size="xs" c="dimmed">{t(`orderLists.orderTypes.${o.orderType}`)}</Text>}
        </Stack>
      ),
    },
    { key: 'payer', title: t('orderLists.columns.payer'), render: (o) => <Stack gap={0}><Text size="sm">{o.payerName}</Text><Text size="xs" c="dimmed">{o.payerEmail}</Text></Stack> },
    { key: 'total', title: t('orderLists.columns.total'), sortable: true, render: (o) => <span data-testid="order-total">{money(o.totalAmount, o.currency)}</span> },
    { key: 'paid', title: t('orderLists.columns.paid'), sortable: true, render: (o) => money(o.paidAmount, o.currency) },
    { key: 'payment_state', title: t('orderLists.columns.state'), sortable: true, render: (o) => <StatusBadge status={o.paymentState} label={t(`orderLists.states.${o.paymentState}`)} /> },
    { key: 'payment_form', title: t('orderLists.columns.form'), render: (o) => (o.paymentForm ? t(`orderLists.paymentForms.${o.paymentForm}`, { defaultValue: o.paymentForm }) : '–') },
    { key: 'created_at', title: t('orderLists.columns.createdAt'), sortable: true, render: (o) => formatDateTime(o.createdAt, i18n.language) },
    { key: 'success_at', title: t('orderLists.columns.paidAt'), sortable: true, render: (o) => (o.paidAt ? formatDateTime(o.paidAt, i18n.language) : '–') },
  ]

  return (
    <Stack gap="lg" data-testid="orders-page">
      <Group justify="space-between">
        <Title order={2}>{t('orderLists.title')}</Title>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconCalendarTime size={16} />} onClick={() => setSchedulesOpen(true)} data-testid="open-schedules">
            {t('orderLists.scheduled')}
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => setCsvOpen(true)} data-testid="export-csv">{t('orderLists.exportCsv')}</Button>
        </Group>
      </Group>
      <Tabs value={tab} onChange={(v) => setState((s) => withFilter(s, 'payment_state', v && v !== 'all' ? v : undefined))} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          <Tabs.Tab value="all" data-testid="state-tab-all" rightSection={allCount !== undefined ? <Badge size="xs" variant="light">{allCount}</Badge> : undefined}>
            {t('orderLists.all')}
          </Tabs.Tab>
          {orderPaymentStates.map((s) => (
            <Tabs.Tab key={s} value={s} data-testid={`state-tab-${s}`}
              rightSection={counts ? <Badge size="xs" variant="light" data-testid={`state-count-${s}`}>{counts[snakeToCamelKey(s)] ?? 0}</Badge> : undefined}>
              {t(`orderLists.states.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <FilterPanel
        testId="order-filters" active={activeFilterCount(state.filters, notCountedFilters)}
        onReset={() => { setState((s) => ({ ...s, filters: {}, page: 1 })); setResetKey((k) => k + 1) }}
      >
        <OrderFilters key={resetKey} filters={state.filters} onFilter={(key, value) => setState((s) => withFilter(s, key, value))} />
      </FilterPanel>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(o) => o.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={t('orderLists.search')} emptyText={t('orderLists.empty')}
      />
      <CsvExportDialog opened={csvOpen} onClose={() => setCsvOpen(false)} state={state} />
      <ScheduledExportsDialog opened={schedulesOpen} onClose={() => setSchedulesOpen(false)} filters={state.filters} />
    </Stack>
  )
}
