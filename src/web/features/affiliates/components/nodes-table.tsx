import { Button, Group, Select, SimpleGrid, Stack } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { affiliateNodeStates } from '../../../../shared/states/affiliate-node'
import { useConfirm } from '../../../components/confirm-modal'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { activeFilterCount, FilterPanel } from '../../../components/filter-panel'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { formatDateTime } from '../../../lib/format'
import { affiliatesKey, allProgramsQuery, nodeListQuery, updateNode, type AffiliateNode } from '../api/affiliates'
import { actionState, nodeActions, nodeStateLabelKey, type NodeAction } from './node-state'
import { NodeStateBadge } from './node-state-badge'

// The publishers of the seller's programs (their participations): filtered by state and program; a request is
// accepted or rejected, an active participation ended. Rejecting and ending ask first.

export function NodesTable() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(nodeListQuery(state))
  const programs = useQuery(allProgramsQuery())
  const { confirm, modal } = useConfirm()
  const change = useMutation({
    mutationFn: ({ node, action }: { node: AffiliateNode; action: NodeAction }) => updateNode(node.id, actionState[action]),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: affiliatesKey }),
  })
  const run = (node: AffiliateNode, action: NodeAction) => {
    if (action === 'accept') return change.mutate({ node, action })
    confirm({
      name: node.name,
      title: t(`affiliates.nodes.${action}Title`, { name: node.name }),
      text: t(`affiliates.nodes.${action}Text`, { program: node.affiliateProgramName }),
      confirmLabel: t(`affiliates.nodes.${action}`),
      onConfirm: () => change.mutate({ node, action }),
    })
  }
  const yesNo = (value: boolean) => (value ? t('affiliates.yes') : t('affiliates.no'))
  const columns: DataTableColumn<AffiliateNode>[] = [
    { key: 'id', title: t('affiliates.columns.id'), sortable: true, render: (n) => n.id },
    { key: 'affiliate_program_id', title: t('affiliates.columns.program'), render: (n) => `${n.affiliateProgramName} (${n.affiliateProgramId})` },
    { key: 'created_at', title: t('affiliates.columns.createdAt'), sortable: true, render: (n) => formatDateTime(n.createdAt, i18n.language) },
    { key: 'state', title: t('affiliates.columns.state'), render: (n) => <NodeStateBadge state={n.state} /> },
    { key: 'from_landing_page', title: t('affiliates.columns.fromLandingPage'), render: (n) => yesNo(n.fromLandingPage) },
    { key: 'bonus', title: t('affiliates.columns.bonusPaid'), render: (n) => yesNo(n.bonus) },
    { key: 'publisher_id', title: t('affiliates.columns.publisherId'), render: (n) => n.publisherId },
    { key: 'name', title: t('affiliates.columns.name'), render: (n) => n.name },
    { key: 'email', title: t('affiliates.columns.email'), render: (n) => n.email },
    {
      key: 'actions', title: '', render: (n) => (
        <Group gap={4} wrap="nowrap">
          {nodeActions(n.state).map((action) => (
            <Button key={action} size="compact-xs" variant={action === 'accept' ? 'light' : 'subtle'} color={action === 'accept' ? 'green' : 'red'}
              loading={change.isPending && change.variables?.node.id === n.id && change.variables.action === action}
              onClick={() => run(n, action)} data-testid={`affiliate-node-${action}-${n.id}`}>
              {t(`affiliates.nodes.${action}`)}
            </Button>
          ))}
        </Group>
      ),
    },
  ]
  const filter = (key: string, value: string | null) => setState((s) => withFilter(s, key, value ?? undefined))
  return (
    <Stack gap="md">
      <FilterPanel active={activeFilterCount(state.filters)} onReset={() => setState((s) => ({ ...s, filters: {}, page: 1 }))} testId="affiliate-nodes-filters">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label={t('affiliates.columns.state')} placeholder={t('affiliates.any')} clearable value={state.filters.state ?? null}
            data={affiliateNodeStates.map((s) => ({ value: s, label: t(nodeStateLabelKey(s)) }))} onChange={(v) => filter('state', v)} data-testid="affiliate-nodes-filter-state" />
          <Select label={t('affiliates.columns.program')} placeholder={t('affiliates.any')} clearable searchable value={state.filters.affiliateProgramId ?? null}
            data={(programs.data?.list ?? []).map((p) => ({ value: String(p.id), label: p.name }))} onChange={(v) => filter('affiliateProgramId', v)}
            nothingFoundMessage={t('common.nothingFound')} data-testid="affiliate-nodes-filter-program" />
        </SimpleGrid>
      </FilterPanel>
      <div data-testid="affiliate-nodes-table">
        <DataTable
          columns={columns} rows={list.data?.list ?? []} rowKey={(n) => n.id} totalCount={list.data?.totalCount ?? 0}
          state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
          searchLabel={t('affiliates.nodes.search')} emptyText={t('affiliates.nodes.empty')}
        />
      </div>
      {modal}
    </Stack>
  )
}
