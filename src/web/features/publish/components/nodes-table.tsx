import { Anchor, Button, Select, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { affiliateNodeStates } from '../../../../shared/states/affiliate-node'
import { useConfirm } from '../../../components/confirm-modal'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FormError } from '../../../components/form-error'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { formatDate } from '../../../lib/format'
import { affiliateNodesQuery, cancelNode, myProgramsQuery, type AffiliateNode } from '../api/nodes'
import { CopyField } from './copy-field'
import { NodeStateBadge } from './node-state-badge'

// The publisher's participations as a table: /publish/affiliate_programs (the programs taken part in,
// GET /publish/affiliate_programs) and /publish/affiliate_nodes (every request and participation,
// GET /publish/affiliate_nodes). A requested or accepted participation can be ended (canceled).

export function NodesTable({ source }: { source: 'programs' | 'nodes' }) {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(source === 'programs' ? myProgramsQuery(state) : affiliateNodesQuery(state))
  const { confirm, modal } = useConfirm()
  const end = useMutation({
    mutationFn: cancelNode,
    onSuccess: () => notifications.show({ color: 'teal', message: t('publisher.nodes.ended') }),
  })
  const endButton = (node: AffiliateNode) => (node.state === 'accepted' || node.state === 'requested') && (
    <Button
      size="xs" variant="subtle" color="red" data-testid={`end-participation-${node.id}`}
      onClick={() => confirm({
        name: node.affiliateProgramName,
        title: node.state === 'accepted' ? t('publisher.nodes.endTitle', { name: node.affiliateProgramName }) : t('publisher.nodes.withdrawTitle', { name: node.affiliateProgramName }),
        text: t('publisher.nodes.endText'),
        confirmLabel: node.state === 'accepted' ? t('publisher.nodes.end') : t('publisher.nodes.withdraw'),
        onConfirm: () => end.mutate(node.id),
      })}
    >
      {node.state === 'accepted' ? t('publisher.nodes.end') : t('publisher.nodes.withdraw')}
    </Button>
  )

  const columns: DataTableColumn<AffiliateNode>[] = [
    { key: 'program', title: t('publisher.columns.program'), render: (x) => (
      <Anchor component={Link} to={`/publish/affiliate_marketplace/${x.affiliateProgramId}`} fw={500} data-testid={`publisher-node-${x.id}`}>
        {x.affiliateProgramName}
      </Anchor>
    ) },
    { key: 'state', title: t('publisher.columns.state'), render: (x) => (
      <Stack gap={2}>
        <NodeStateBadge state={x.state} />
        {x.canceledBy && <Text size="xs" c="dimmed">{t(`publisher.nodes.canceledBy.${x.canceledBy}`)}</Text>}
      </Stack>
    ) },
    { key: 'created_at', title: t('publisher.columns.since'), sortable: true, render: (x) => formatDate(x.createdAt, i18n.language) },
    { key: 'links', title: t('publisher.columns.links'), width: '40%', render: (x) => (x.state === 'accepted' ? (
      <Stack gap={2} miw={0}>
        <CopyField label={t('publisher.nodes.link')} value={x.link} testId="publisher-node-link" />
        <CopyField label={t('publisher.nodes.recruitmentLink')} value={x.recruitmentLink} testId="publisher-recruitment-link" />
      </Stack>
    ) : <Text size="xs" c="dimmed">{t('publisher.nodes.linksWhenActive')}</Text>) },
    { key: 'actions', title: '', render: endButton },
  ]

  return (
    <Stack gap="sm">
      {source === 'nodes' && (
        <Select
          label={t('publisher.columns.state')} placeholder={t('publisher.nodes.allStates')} clearable w={220}
          data={affiliateNodeStates.map((s) => ({ value: s, label: t(`publisher.nodeStates.${s}`) }))}
          value={state.filters.state ?? null} onChange={(value) => setState((s) => withFilter(s, 'state', value ?? undefined))}
        />
      )}
      <FormError error={end.error} />
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(x) => x.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={t('publisher.nodes.search')} emptyText={source === 'programs' ? t('publisher.nodes.emptyPrograms') : t('publisher.nodes.empty')}
      />
      {modal}
    </Stack>
  )
}
