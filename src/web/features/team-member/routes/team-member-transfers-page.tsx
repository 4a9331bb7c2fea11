import { Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { initialListState, type ListState } from '../../../components/list-state'
import { formatDateTime, money } from '../../../lib/format'
import { teamMemberTransfersQuery, type TeamMemberTransfer } from '../api/transfers'

// /team_member/transfers: every movement of the team member's own balance, newest first (what sellers paid
// them in, payouts out), from GET /team_member/transfers (docs/decisions/0057-orders-area-remains.md).

export function TeamMemberTransfersPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(teamMemberTransfersQuery(state.page, state.per))
  const columns: DataTableColumn<TeamMemberTransfer>[] = [
    { key: 'created_at', title: t('ordersArea.teamTransfers.columns.date'), render: (r) => formatDateTime(r.createdAt, i18n.language) },
    { key: 'kind', title: t('ordersArea.teamTransfers.columns.kind'), render: (r) => <Text size="sm" data-testid="team-transfer-row">{r.kind}</Text> },
    { key: 'amount', title: t('ordersArea.teamTransfers.columns.amount'), render: (r) => money(r.amount, r.currency) },
    { key: 'order', title: t('ordersArea.teamTransfers.columns.order'), render: (r) => (r.orderId === null ? '–' : `#${r.orderId}`) },
  ]
  return (
    <Stack gap="lg" data-testid="team-member-transfers">
      <Stack gap={4}>
        <Title order={2}>{t('ordersArea.teamTransfers.title')}</Title>
        <Text size="sm" c="dimmed">{t('ordersArea.teamTransfers.intro')}</Text>
      </Stack>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(r) => r.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching} searchable={false}
        emptyText={t('ordersArea.teamTransfers.empty')}
      />
    </Stack>
  )
}
