import { Button, Group, Select, Stack, Text, Title } from '@mantine/core'
import { IconBan } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { paymentAuthorizationStates } from '../../../../shared/schemas/payers'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { Modal } from '../../../components/modal'
import { StatusBadge } from '../../../components/status-badge'
import { formatDateTime } from '../../../lib/format'
import {
  paymentAuthorizationListQuery, paymentAuthorizationsKey, revokePaymentAuthorization, type PaymentAuthorization,
} from '../api/payment-authorizations'

// /cabinet/payment_authorizations: the saved mandates and cards behind the seller's orders (brand, last
// four, expiry, state) and revoking one after a confirmation: later rates of its orders then need the
// payer's pay link.

export function PaymentAuthorizationsPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState())
  const [confirming, setConfirming] = useState<PaymentAuthorization | null>(null)
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(paymentAuthorizationListQuery(state))
  const tr = (key: string, options?: Record<string, unknown>) => t(`orderRates.authorizations.${key}`, options ?? {})
  const revoking = useMutation({
    mutationFn: (id: number) => revokePaymentAuthorization(id),
    onSuccess: async () => {
      setConfirming(null)
      await queryClient.invalidateQueries({ queryKey: paymentAuthorizationsKey })
    },
  })
  const counts = list.data?.counts

  const columns: DataTableColumn<PaymentAuthorization>[] = [
    { key: 'id', title: tr('columns.id'), sortable: true, width: 70, render: (x) => <span data-testid="authorization-row" data-state={x.state}>{x.id}</span> },
    {
      key: 'method', title: tr('columns.method'), render: (x) => (
        <Stack gap={0}>
          <Text size="sm">{x.brand ? `${x.brand.toUpperCase()} •••• ${x.last4 ?? ''}` : x.method}</Text>
          <Text size="xs" c="dimmed">{x.method} · {x.provider}</Text>
        </Stack>
      ),
    },
    { key: 'expiry', title: tr('columns.expiry'), render: (x) => (x.expMonth && x.expYear ? `${String(x.expMonth).padStart(2, '0')}/${x.expYear}` : '–') },
    { key: 'payer', title: tr('columns.payer'), render: (x) => <Stack gap={0}><Text size="sm">{x.payerName}</Text><Text size="xs" c="dimmed">{x.payerEmail}</Text></Stack> },
    {
      key: 'orders', title: tr('columns.orders'), render: (x) => (
        <Stack gap={0}>{x.orders.map((o) => <Text key={o.id} size="xs">#{o.id} {o.productName}</Text>)}</Stack>
      ),
    },
    {
      key: 'state', title: tr('columns.state'), render: (x) => (
        <Stack gap={0}>
          <StatusBadge status={x.state} label={tr(`states.${x.state}`)} />
          {x.revokedAt && <Text size="xs" c="dimmed">{formatDateTime(x.revokedAt, i18n.language)}</Text>}
        </Stack>
      ),
    },
    { key: 'created_at', title: tr('columns.createdAt'), sortable: true, render: (x) => formatDateTime(x.createdAt, i18n.language) },
    {
      key: 'actions', title: '', render: (x) => (x.state === 'revoked' ? null : (
        <Button size="xs" variant="light" color="red" leftSection={<IconBan size={14} />} onClick={() => setConfirming(x)} data-testid="revoke">
          {tr('revoke')}
        </Button>
      )),
    },
  ]

  return (
    <Stack gap="lg" data-testid="payment-authorizations-page">
      <Title order={2}>{tr('title')}</Title>
      <Text c="dimmed" size="sm">{tr('lead')}</Text>
      <Group align="end">
        <Select
          label={tr('filters.state')} placeholder={tr('filters.all')} clearable w={200} value={state.filters.state ?? null} data-testid="filter-state"
          data={paymentAuthorizationStates.map((s) => ({ value: s, label: `${tr(`states.${s}`)}${counts ? ` (${counts[s] ?? 0})` : ''}` }))}
          onChange={(v) => setState((s) => withFilter(s, 'state', v ?? undefined))}
        />
      </Group>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(x) => x.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={tr('search')} emptyText={tr('empty')}
      />
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={tr('confirm.title')}>
        {confirming && (
          <Stack>
            <Text size="sm">
              {tr('confirm.text', {
                method: confirming.brand ? `${confirming.brand.toUpperCase()} •••• ${confirming.last4 ?? ''}` : confirming.method,
                count: confirming.orders.length,
              })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)}>{tr('confirm.cancel')}</Button>
              <Button color="red" loading={revoking.isPending} onClick={() => revoking.mutate(confirming.id)} data-testid="confirm-revoke">{tr('confirm.submit')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  )
}
