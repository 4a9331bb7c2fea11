import { Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isCurrencyId, parseMoneyInput } from '../../../../shared/money'
import {
  claimStrategyStages, claimStrategyStatuses, claimStrategyTypes, dunningStates, inkassoStates, type ClaimStrategyStage,
} from '../../../../shared/states/dunning'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FormError } from '../../../components/form-error'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { Modal } from '../../../components/modal'
import { formatDateTime, money } from '../../../lib/format'
import { adminClaimsQuery, adminHandoffsQuery, adminOrdersKey, adminRecordHandoffAnswer, type AdminClaim } from '../api/admin-orders'

// /admin/claims: every seller's claims with every inkasso and strategy stage (the legal ones are managers'
// only), their hand-offs to collection partners with the partner's answers, and an answer that came by
// letter recorded by hand (docs/decisions/0057-orders-area-remains.md).

const answerKinds = ['accepted', 'rejected', 'paid', 'closed'] as const

function Handoffs({ claim, onDone }: { claim: AdminClaim; onDone: () => void }) {
  const { t, i18n } = useTranslation()
  const handoffs = useQuery(adminHandoffsQuery(claim.id))
  const [kind, setKind] = useState<(typeof answerKinds)[number] | null>(null)
  const [stage, setStage] = useState<string | null>(null)
  const [amount, setAmount] = useState('')
  const record = useMutation({
    mutationFn: () => adminRecordHandoffAnswer(claim.id, {
      kind: kind!, ...(stage ? { stage: stage as ClaimStrategyStage } : {}),
      ...(kind === 'paid' && isCurrencyId(claim.currency) ? { amount: parseMoneyInput(amount, claim.currency) ?? 0 } : {}),
    }),
    onSuccess: () => {
      void handoffs.refetch()
      onDone()
    },
  })
  const list = handoffs.data?.list ?? []
  return (
    <Stack gap="md" data-testid="admin-claim-handoffs">
      {list.length === 0 && <Text size="sm" c="dimmed">{t('ordersArea.claims.noHandoff')}</Text>}
      {list.map((h) => (
        <Stack key={h.id} gap={4}>
          <Text fw={600} size="sm">{t('ordersArea.claims.handoffTitle', { partner: t(`ordersArea.strategyType.${h.partner}`), attempt: h.attempt })} · {t(`ordersArea.strategyStatus.${h.status}`)}</Text>
          <Table withTableBorder>
            <Table.Tbody>
              {h.events.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{formatDateTime(e.at, i18n.language)}</Table.Td>
                  <Table.Td>{t(`ordersArea.handoffEvent.${e.kind}`)}</Table.Td>
                  <Table.Td>{e.amount !== null ? money(e.amount, claim.currency) : ''}{e.stage ? ` ${t(`ordersArea.strategyStage.${e.stage}`)}` : ''}{e.note ? ` ${e.note}` : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ))}
      {list.length > 0 && (
        <Group align="end">
          <Select label={t('ordersArea.claims.answer')} w={160} value={kind} onChange={(v) => setKind(v as typeof kind)} data={answerKinds.map((k) => ({ value: k, label: t(`ordersArea.handoffEvent.${k}`) }))} />
          <Select label={t('ordersArea.filters.strategyStage')} w={180} clearable value={stage} onChange={setStage} data={claimStrategyStages.map((s) => ({ value: s, label: t(`ordersArea.strategyStage.${s}`) }))} />
          {kind === 'paid' && <TextInput label={t('ordersArea.claims.paidAmount')} w={130} value={amount} onChange={(e) => setAmount(e.currentTarget.value)} />}
          <Button onClick={() => record.mutate()} loading={record.isPending} disabled={!kind}>{t('ordersArea.claims.record')}</Button>
        </Group>
      )}
      <FormError error={record.error} />
    </Stack>
  )
}

export function AdminClaimsPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(adminClaimsQuery(state))
  const [open, setOpen] = useState<AdminClaim | null>(null)
  const filter = (key: string, value: string | null | undefined) => setState((s) => withFilter(s, key, value ?? undefined))
  const select = (key: string, label: string, values: readonly string[], prefix: string) => (
    <Select label={label} placeholder={t('dunning.filters.all')} clearable w={190} value={state.filters[key] ?? null}
      data={values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }))} onChange={(v) => filter(key, v)} data-testid={`admin-claims-filter-${key}`} />
  )

  const columns: DataTableColumn<AdminClaim>[] = [
    { key: 'id', title: t('dunning.claims.columns.id'), sortable: true, width: 70, render: (c) => <Text size="sm" data-testid="admin-claim-row">{c.id}</Text> },
    { key: 'seller', title: t('ordersArea.claims.seller'), render: (c) => `#${c.sellerId}` },
    { key: 'order', title: t('dunning.claims.columns.order'), render: (c) => `#${c.orderId}` },
    { key: 'payer', title: t('dunning.claims.columns.payer'), render: (c) => <Stack gap={0}><Text size="sm">{c.payerName}</Text><Text size="xs" c="dimmed">{c.payerEmail}</Text></Stack> },
    { key: 'amount', title: t('dunning.claims.columns.amount'), sortable: true, render: (c) => money(c.amount, c.currency) },
    { key: 'open', title: t('dunning.claims.columns.open'), render: (c) => money(c.openAmount, c.currency) },
    { key: 'inkasso', title: t('dunning.claims.columns.inkasso'), render: (c) => <Badge variant="light" size="sm">{t(`dunning.inkasso.${c.inkassoStatus}`)}</Badge> },
    {
      key: 'strategy', title: t('ordersArea.claims.strategy'), render: (c) => (
        <Stack gap={0}>
          <Text size="sm">{t(`ordersArea.strategyType.${c.strategyType}`)} · {t(`ordersArea.strategyStatus.${c.strategyStatus}`)}</Text>
          <Text size="xs" c="dimmed">{t(`ordersArea.strategyStage.${c.strategyStage}`)}</Text>
        </Stack>
      ),
    },
    { key: 'days_overdue', title: t('dunning.claims.columns.daysOverdue'), sortable: true, render: (c) => c.daysOverdue },
    { key: 'created_at', title: t('dunning.claims.columns.created'), sortable: true, render: (c) => formatDateTime(c.createdAt, i18n.language) },
    { key: 'actions', title: '', render: (c) => <Button size="xs" variant="default" onClick={() => setOpen(c)}>{t('ordersArea.claims.handoffs')}</Button> },
  ]

  return (
    <Stack gap="lg" data-testid="admin-claims-page">
      <Stack gap={4}>
        <Title order={2}>{t('ordersArea.admin.claimsTitle')}</Title>
        <Text size="sm" c="dimmed">{t('ordersArea.admin.claimsIntro')}</Text>
      </Stack>
      <Group align="end" wrap="wrap">
        {select('inkasso_status', t('dunning.filters.inkasso'), inkassoStates, 'dunning.inkasso')}
        {select('strategy_stage', t('ordersArea.filters.strategyStage'), claimStrategyStages, 'ordersArea.strategyStage')}
        {select('strategy_status', t('ordersArea.filters.strategyStatus'), claimStrategyStatuses, 'ordersArea.strategyStatus')}
        {select('strategy_type', t('ordersArea.filters.strategyType'), claimStrategyTypes, 'ordersArea.strategyType')}
        {select('dunning_status', t('ordersArea.filters.dunningStatus'), dunningStates, 'dunning.states')}
        <TextInput label={t('ordersArea.admin.filters.sellerId')} w={120} onChange={(e) => filter('seller_id', /^\d+$/.test(e.currentTarget.value.trim()) ? e.currentTarget.value.trim() : undefined)} />
      </Group>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(c) => c.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={t('dunning.search')} emptyText={t('dunning.claims.empty')}
      />
      <Modal opened={open !== null} onClose={() => setOpen(null)} size="lg" title={open ? t('dunning.claims.actions.title', { id: open.id }) : ''}>
        {open && <Handoffs key={open.id} claim={open} onDone={() => void queryClient.invalidateQueries({ queryKey: adminOrdersKey })} />}
      </Modal>
    </Stack>
  )
}
