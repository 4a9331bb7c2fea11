import { Alert, Anchor, Badge, Card, Group, Loader, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { payerTypes } from '../../../../shared/schemas/payers'
import { errorText } from '../../../components/form-error'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FilterPanel, activeFilterCount } from '../../../components/filter-panel'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { StatusBadge } from '../../../components/status-badge'
import { dayBound, formatDateTime, money } from '../../../lib/format'
import { payerDetailQuery, payerListQuery, type Payer } from '../api/payers'

// /cabinet/payers: everyone who ordered from the seller with type, country, orders and totals per
// currency; /cabinet/payers/$payerId: one payer with their orders (links to their rates).

function Totals({ totals, field }: { totals: Payer['totals']; field: 'paid' | 'refunded' }) {
  if (totals.length === 0) return <>–</>
  return <Stack gap={0}>{totals.map((x) => <Text key={x.currency} size="sm">{money(x[field], x.currency)}</Text>)}</Stack>
}

export function PayersPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(payerListQuery(state))
  const filter = (key: string, value: string | null | undefined) => setState((s) => withFilter(s, key, value ?? undefined))
  const tr = (key: string, options?: Record<string, unknown>) => t(`orderRates.payers.${key}`, options ?? {})
  const counts = list.data?.counts

  const columns: DataTableColumn<Payer>[] = [
    { key: 'id', title: tr('columns.id'), sortable: true, width: 70, render: (x) => x.id },
    {
      key: 'email', title: tr('columns.payer'), sortable: true, render: (x) => (
        <Stack gap={0} data-testid="payer-row" data-payer-id={x.id}>
          <Anchor component={Link} to={`/cabinet/payers/${x.id}`} size="sm">{x.name || x.email}</Anchor>
          <Text size="xs" c="dimmed">{x.email}</Text>
        </Stack>
      ),
    },
    { key: 'type', title: tr('columns.type'), render: (x) => <Badge variant="light" color={x.payerType === 'business' ? 'blue' : 'gray'}>{tr(`types.${x.payerType}`)}</Badge> },
    { key: 'country', title: tr('columns.country'), render: (x) => x.countryCode ?? '–' },
    { key: 'orders_count', title: tr('columns.orders'), sortable: true, render: (x) => x.ordersCount },
    { key: 'paid', title: tr('columns.paid'), render: (x) => <Totals totals={x.totals} field="paid" /> },
    { key: 'refunded', title: tr('columns.refunded'), render: (x) => <Totals totals={x.totals} field="refunded" /> },
    { key: 'first_order_at', title: tr('columns.firstOrder'), sortable: true, render: (x) => formatDateTime(x.firstOrderAt, i18n.language) },
    { key: 'last_order_at', title: tr('columns.lastOrder'), sortable: true, render: (x) => formatDateTime(x.lastOrderAt, i18n.language) },
  ]

  return (
    <Stack gap="lg" data-testid="payers-page">
      <Title order={2}>{tr('title')}</Title>
      <FilterPanel active={activeFilterCount(state.filters)}>
        <Group align="end" wrap="wrap">
          <Select
            label={tr('filters.type')} placeholder={tr('filters.all')} clearable w={200} value={state.filters.payer_type ?? null} data-testid="filter-payer-type"
            data={payerTypes.map((p) => ({ value: p, label: `${tr(`types.${p}`)}${counts ? ` (${counts[p] ?? 0})` : ''}` }))}
            onChange={(v) => filter('payer_type', v)}
          />
          <TextInput
            label={tr('filters.country')} w={120} maxLength={2} value={state.filters.buyer_country_code ?? ''}
            onChange={(e) => filter('buyer_country_code', /^[A-Za-z]{2}$/.test(e.currentTarget.value) ? e.currentTarget.value.toUpperCase() : undefined)}
          />
          <TextInput type="date" label={tr('filters.firstOrderFrom')} w={170} onChange={(e) => filter('created_from_time', dayBound(e.currentTarget.value, false))} />
          <TextInput type="date" label={tr('filters.firstOrderTill')} w={170} onChange={(e) => filter('created_till_time', dayBound(e.currentTarget.value, true))} />
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

export function PayerDetailPage() {
  const { t, i18n } = useTranslation()
  const { payerId } = useParams({ strict: false }) as { payerId: string }
  const payer = useQuery(payerDetailQuery(Number(payerId)))
  const tr = (key: string, options?: Record<string, unknown>) => t(`orderRates.payers.${key}`, options ?? {})
  if (payer.isPending) return <Loader size="sm" />
  if (payer.isError) return <Alert color="red" data-testid="payer-missing">{errorText(payer.error, i18n.language, tr('notFound'))}</Alert>
  const p = payer.data
  return (
    <Stack gap="lg" data-testid="payer-detail-page">
      <Group justify="space-between">
        <Title order={2}>{p.name || p.email}</Title>
        <Anchor component={Link} to="/cabinet/payers">{tr('back')}</Anchor>
      </Group>
      <Card withBorder padding="lg" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Stack gap={2}><Text size="xs" c="dimmed">{tr('columns.payer')}</Text><Text>{p.email}</Text>{p.company && <Text size="sm">{p.company}</Text>}{p.vatId && <Text size="sm">{p.vatId}</Text>}</Stack>
          <Stack gap={2}><Text size="xs" c="dimmed">{tr('columns.type')}</Text><Text>{tr(`types.${p.payerType}`)} · {p.countryCode ?? '–'}</Text></Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">{tr('columns.paid')} / {tr('columns.refunded')}</Text>
            {p.totals.map((x) => <Text key={x.currency}>{money(x.paid, x.currency)} / {money(x.refunded, x.currency)}</Text>)}
          </Stack>
        </SimpleGrid>
      </Card>
      <Group justify="space-between">
        <Title order={3} fz="lg">{tr('orders')}</Title>
        <Anchor href={`/cabinet/order_rates?payer_id=${p.id}`} size="sm">{tr('rates')}</Anchor>
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table striped data-testid="payer-orders">
          <Table.Thead>
            <Table.Tr>
              {(['id', 'product', 'state', 'total', 'paidAmount', 'created'] as const).map((c) => <Table.Th key={c}>{tr(`orderColumns.${c}`)}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.orders.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td><Text size="sm">#{o.id}</Text><Text size="xs" c="dimmed" ff="monospace">{o.token.slice(0, 10)}…</Text></Table.Td>
                <Table.Td>
                  <Text size="sm">{o.productName}</Text>
                  {o.periodType && o.periodType !== 'one_time' && <Anchor href={`/cabinet/order_rates?order_id=${o.id}`} size="xs">{tr('rates')}</Anchor>}
                </Table.Td>
                <Table.Td><StatusBadge status={o.paymentState} /></Table.Td>
                <Table.Td>{money(o.totalAmount, o.currency)}</Table.Td>
                <Table.Td>{money(o.paidAmount, o.currency)}{o.refundedAmount > 0 ? ` (−${money(o.refundedAmount, o.currency)})` : ''}</Table.Td>
                <Table.Td>{formatDateTime(o.createdAt, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  )
}
