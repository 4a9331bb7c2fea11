import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '../../../components/confirm-modal'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { initialListState, type ListState } from '../../../components/list-state'
import { StatusBadge } from '../../../components/status-badge'
import { formatDateTime, money } from '../../../lib/format'
import { approveRequest, cancelByReseller, feePercent, resellerHomeQuery, resellersKey, resellerSalesQuery, type ResellerSale } from '../api/resellers'
import { ApprovalsTable } from '../components/approvals-table'
import { RejectRequestModal } from '../components/reject-request-modal'

// The reseller's area (docs/decisions/0051-resellers.md): /reseller lists the sellers' requests (approve, or
// reject with a reason) and the approved agreements (end them); /reseller/sales the orders sold for sellers
// with the fee of each. Money out (balance, payouts, bank accounts, identity) uses the payouts pages.

export function ResellerHomePage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const home = useQuery(resellerHomeQuery())
  const [rejecting, setRejecting] = useState<number | null>(null)
  const { confirm, modal } = useConfirm()
  const refresh = () => void queryClient.invalidateQueries({ queryKey: resellersKey })
  const approve = useMutation({
    mutationFn: approveRequest,
    onSuccess: () => {
      refresh()
      notifications.show({ color: 'green', autoClose: 4000, message: t('resellers.area.approved') })
    },
  })
  const end = useMutation({ mutationFn: (id: number) => cancelByReseller(id, {}), onSuccess: refresh })

  if (!home.data) return <Skeleton h={320} radius="md" />
  const { reseller, approvals } = home.data
  return (
    <Stack gap="lg" data-testid="reseller-home">
      <Stack gap={4}>
        <Title order={2}>{reseller.legalName}</Title>
        <Text c="dimmed">{t('resellers.area.intro', { fee: feePercent(reseller.feeBps, i18n.language) })}</Text>
      </Stack>
      <Paper withBorder p="md">
        <Title order={3} mb="sm">{t('resellers.area.sellers')}</Title>
        <ApprovalsTable approvals={approvals} side="reseller" actions={(a) => (
          <>
            {a.state === 'waiting' && (
              <>
                <Button size="xs" color="green" loading={approve.isPending && approve.variables === a.id} onClick={() => approve.mutate(a.id)} data-testid={`reseller-approve-${a.id}`}>{t('resellers.area.approve')}</Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => setRejecting(a.id)} data-testid={`reseller-reject-${a.id}`}>{t('resellers.area.reject')}</Button>
              </>
            )}
            {a.state === 'approved' && (
              <Button size="xs" variant="subtle" color="red" data-testid={`reseller-end-${a.id}`} onClick={() => confirm({
                name: a.sellerName, title: t('resellers.cabinet.endTitle'), text: t('resellers.area.endText', { name: a.sellerName }),
                confirmLabel: t('resellers.cabinet.end'), onConfirm: () => end.mutate(a.id),
              })}>{t('resellers.cabinet.end')}</Button>
            )}
          </>
        )} />
      </Paper>
      <RejectRequestModal approvalId={rejecting} onClose={() => setRejecting(null)} onDone={() => {
        setRejecting(null)
        refresh()
      }} />
      {modal}
    </Stack>
  )
}

export function ResellerSalesPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(resellerSalesQuery(state))
  const columns: DataTableColumn<ResellerSale>[] = [
    { key: 'created_at', title: t('resellers.columns.date'), render: (x) => formatDateTime(x.createdAt, i18n.language) },
    { key: 'seller', title: t('resellers.columns.seller'), render: (x) => x.sellerName },
    { key: 'product', title: t('resellers.columns.product'), render: (x) => x.productName },
    { key: 'total', title: t('resellers.columns.total'), render: (x) => money(x.totalAmount, x.currency) },
    { key: 'fee', title: t('resellers.columns.myFee'), render: (x) => (
      <Stack gap={0}>
        <Text size="sm" fw={500} data-testid={`reseller-sale-fee-${x.id}`}>{money(x.feeAmount, x.currency)}</Text>
        <Text size="xs" c="dimmed">{feePercent(x.resellerFeeBps, i18n.language)}</Text>
      </Stack>
    ) },
    { key: 'state', title: t('resellers.columns.state'), render: (x) => <StatusBadge status={x.paymentState} /> },
  ]
  return (
    <Stack gap="lg" data-testid="reseller-sales">
      <Title order={2}>{t('resellers.sales.title')}</Title>
      <Text c="dimmed" size="sm">{t('resellers.sales.lead')}</Text>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(x) => x.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchable={false} emptyText={t('resellers.sales.empty')}
      />
    </Stack>
  )
}
