import { Button, Group, Stack, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { payoutCurrencies } from '../../../../shared/schemas/payouts'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FormError } from '../../../components/form-error'
import { initialListState, type ListState } from '../../../components/list-state'
import { SelectField } from '../../../components/select-field'
import { formatDateTime, money } from '../../../lib/format'
import { adminBatchesQuery, adminPayoutsKey, createBatch, downloadBatchFile, markBatch, type PayoutBatch } from '../api/payouts'
import { PayoutStateBadge } from './payout-state-badge'

// The managers' SEPA batches (docs/decisions/0049-money-out.md "Rails"): make one of the pending SEPA
// payouts of a currency, download its pain.001 file, mark it issued, then paid.

export function PayoutBatches() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const [currency, setCurrency] = useState<string>('eur')
  const batches = useQuery(adminBatchesQuery(state))
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminPayoutsKey })
  const create = useMutation({
    mutationFn: () => createBatch(currency),
    onSuccess: ({ batch }) => {
      notifications.show({ color: 'green', message: t('moneyPayouts.admin.batchMade', { count: batch.payoutsCount }) })
      void refresh()
    },
  })
  const mark = useMutation({
    mutationFn: ({ id, step }: { id: number; step: 'issued' | 'successful' }) => markBatch(id, step),
    onSuccess: () => void refresh(),
  })
  const download = useMutation({ mutationFn: (id: number) => downloadBatchFile(id) })
  const columns: DataTableColumn<PayoutBatch>[] = [
    { key: 'id', title: t('moneyPayouts.columns.id'), width: 70, render: (b) => <span data-testid={`admin-batch-row-${b.id}`}>{b.id}</span> },
    { key: 'message_id', title: t('moneyPayouts.columns.messageId'), render: (b) => b.messageId },
    { key: 'count', title: t('moneyPayouts.columns.count'), render: (b) => b.payoutsCount },
    { key: 'total', title: t('moneyPayouts.columns.amount'), render: (b) => money(b.totalAmount, b.currency) },
    { key: 'state', title: t('moneyPayouts.columns.state'), render: (b) => <PayoutStateBadge state={b.state} testId={`admin-batch-state-${b.id}`} /> },
    { key: 'created_at', title: t('moneyPayouts.columns.createdAt'), render: (b) => formatDateTime(b.createdAt, i18n.language) },
    {
      key: 'actions', title: '', render: (b) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => download.mutate(b.id)} data-testid={`admin-batch-download-${b.id}`}>{t('moneyPayouts.admin.download')}</Button>
          <Button size="xs" variant="light" disabled={b.state !== 'pending' && b.state !== 'mixed'} loading={mark.isPending && mark.variables?.id === b.id && mark.variables.step === 'issued'}
            onClick={() => mark.mutate({ id: b.id, step: 'issued' })} data-testid={`admin-batch-issued-${b.id}`}>{t('moneyPayouts.admin.markIssued')}</Button>
          <Button size="xs" color="green" variant="light" disabled={b.state !== 'issued' && b.state !== 'mixed'} loading={mark.isPending && mark.variables?.id === b.id && mark.variables.step === 'successful'}
            onClick={() => mark.mutate({ id: b.id, step: 'successful' })} data-testid={`admin-batch-successful-${b.id}`}>{t('moneyPayouts.admin.markPaid')}</Button>
        </Group>
      ),
    },
  ]
  return (
    <Stack gap="sm" data-testid="admin-payout-batches">
      <Title order={3} fz="lg">{t('moneyPayouts.admin.batchesTitle')}</Title>
      <Group align="flex-end">
        <SelectField label={t('moneyPayouts.request.currency')} searchable={false} w={140} value={currency} onChange={(v) => setCurrency(v ?? 'eur')}
          data={payoutCurrencies.map((c) => ({ value: c, label: c.toUpperCase() }))} data-testid="admin-batch-currency" />
        <Button onClick={() => create.mutate()} loading={create.isPending} data-testid="admin-batch-create">{t('moneyPayouts.admin.createBatch')}</Button>
      </Group>
      <FormError error={create.error ?? mark.error ?? download.error} />
      <DataTable
        columns={columns} rows={batches.data?.list ?? []} rowKey={(b) => b.id} totalCount={batches.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={batches.isPending || batches.isFetching} searchable={false}
        emptyText={t('moneyPayouts.admin.noBatches')}
      />
    </Stack>
  )
}
