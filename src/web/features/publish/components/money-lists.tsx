import { Anchor, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { initialListState, type ListState } from '../../../components/list-state'
import { formatDate, formatDateTime, money } from '../../../lib/format'
import { creditMemosQuery, publisherTransfersQuery, type Balance, type CreditMemo, type PublisherTransfer } from '../api/money'
import { balanceCardRows } from './balance-cards'

// The publisher's ledger movements (GET /publish/transfers), credit memos (GET /publish/credit_memos) and
// balances as a table; shown on /publish/transfers and /publish/payouts_balance.

export function TransfersList() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(publisherTransfersQuery(state))
  const columns: DataTableColumn<PublisherTransfer>[] = [
    { key: 'created_at', title: t('publisher.columns.date'), sortable: true, render: (x) => formatDateTime(x.createdAt, i18n.language) },
    { key: 'kind', title: t('publisher.columns.kind'), render: (x) => t(`publisher.transferKinds.${x.kind}`, { defaultValue: x.kind }) },
    { key: 'order', title: t('publisher.columns.order'), render: (x) => (x.orderId === null ? '–' : `#${x.orderId}`) },
    { key: 'amount', title: t('publisher.columns.amount'), render: (x) => <Text size="sm" fw={500} c={x.amount < 0 ? 'red' : undefined}>{money(x.amount, x.currency)}</Text> },
  ]
  return (
    <div data-testid="publisher-transfers-table">
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(x) => x.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching} searchable={false}
        emptyText={t('publisher.transfers.empty')}
      />
    </div>
  )
}

export function CreditMemosSection() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(creditMemosQuery(state))
  const columns: DataTableColumn<CreditMemo>[] = [
    { key: 'number', title: t('publisher.columns.number'), render: (x) => x.number },
    { key: 'period', title: t('publisher.columns.period'), render: (x) => formatDate(x.periodStart, i18n.language) },
    { key: 'seller', title: t('publisher.columns.seller'), render: (x) => x.seller.username },
    { key: 'commissions', title: t('publisher.columns.commissions'), render: (x) => x.commissionsCount },
    { key: 'amount', title: t('publisher.columns.amount'), render: (x) => money(x.amount, x.currency) },
    { key: 'pdf', title: t('publisher.columns.pdf'), render: (x) => <Anchor href={x.pdfUrl} target="_blank" rel="noopener" size="sm">{t('publisher.creditMemos.download')}</Anchor> },
  ]
  return (
    <Stack gap="sm" data-testid="publisher-credit-memos">
      <Title order={3} fz="lg">{t('publisher.creditMemos.title')}</Title>
      <Text size="sm" c="dimmed">{t('publisher.creditMemos.lead')}</Text>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(x) => x.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching} searchable={false}
        emptyText={t('publisher.creditMemos.empty')}
      />
    </Stack>
  )
}

export function BalanceTable({ balances }: { balances: readonly Balance[] }) {
  const { t } = useTranslation()
  return (
    <Table withTableBorder striped data-testid="publisher-balance-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('publisher.columns.currency')}</Table.Th>
          <Table.Th>{t('publisher.balance.pending')}</Table.Th>
          <Table.Th>{t('publisher.balance.available')}</Table.Th>
          <Table.Th>{t('publisher.balance.total')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {balanceCardRows(balances).map((b) => (
          <Table.Tr key={b.currency}>
            <Table.Td>{b.currency.toUpperCase()}</Table.Td>
            <Table.Td>{money(b.pending, b.currency)}</Table.Td>
            <Table.Td fw={600}>{money(b.available, b.currency)}</Table.Td>
            <Table.Td>{money(b.pending + b.available, b.currency)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
