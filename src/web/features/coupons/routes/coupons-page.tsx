import { ActionIcon, Alert, Button, Code, Group, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, isCurrencyId } from '../../../../shared/money'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { Modal } from '../../../components/modal'
import { StatusBadge } from '../../../components/status-badge'
import { initialListState, type ListState } from '../../../components/list-state'
import { formatDateTime } from '../../../lib/format'
import type { BulkAnswer } from '../api/bulk-create-coupons'
import { deleteCoupon } from '../api/delete-coupon'
import { couponListQuery } from '../api/list-coupons'
import { couponsKey, type Coupon } from '../api/types'
import { CouponForm, type CouponFormMode } from '../components/coupon-form'
import { FeatureGate } from '../../../components/feature-off'

// /cabinet/coupons: the seller's coupons; create one or many, edit, delete.

/** Behind the coupons flag: the notice of docs/decisions/0077-feature-flags.md when it is off. */
export function CouponsPage() {
  return <FeatureGate flag="coupons"><CouponsPageContent /></FeatureGate>
}

function CouponsPageContent() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(couponListQuery(state))
  const [open, setOpen] = useState<{ mode: CouponFormMode; coupon?: Coupon } | null>(null)
  const [deleting, setDeleting] = useState<Coupon | null>(null)
  const [bulk, setBulk] = useState<BulkAnswer | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: couponsKey })
  const remove = useMutation({ mutationFn: (id: number) => deleteCoupon(id), onSuccess: () => {
    setDeleting(null)
    void refresh()
  } })
  const discount = (c: Coupon) => (c.discountType === 'percents'
    ? `${c.value} %`
    : formatMoney({ amount: c.value, currency: c.currencyId && isCurrencyId(c.currencyId) ? c.currencyId : 'eur' }))
  const columns: DataTableColumn<Coupon>[] = [
    { key: 'code', title: t('coupons.columns.code'), sortable: true, render: (c) => <Code data-testid="coupon-row-code">{c.code}</Code> },
    { key: 'discount', title: t('coupons.columns.discount'), render: discount },
    { key: 'scope', title: t('coupons.columns.scope'), render: (c) => t(`coupons.scopes.${c.scope}`) },
    { key: 'orders_count', title: t('coupons.columns.used'), sortable: true, render: (c) => (c.limit ? `${c.ordersCount} / ${c.limit}` : c.ordersCount) },
    { key: 'active', title: t('coupons.columns.state'), render: (c) => <StatusBadge status={c.active ? 'active' : 'paused'} label={c.active ? t('coupons.active') : t('coupons.inactive')} /> },
    { key: 'window', title: t('coupons.columns.window'), render: (c) => [c.startsAt, c.endsAt].map((d) => (d ? formatDateTime(d, i18n.language) : '…')).join(' – ') },
    { key: 'created_at', title: t('coupons.columns.createdAt'), sortable: true, render: (c) => formatDateTime(c.createdAt, i18n.language) },
    {
      key: 'actions', title: '', width: 80, render: (c) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={t('coupons.edit')} onClick={() => setOpen({ mode: 'edit', coupon: c })}><IconPencil size={16} /></ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('coupons.delete')} onClick={() => setDeleting(c)}><IconTrash size={16} /></ActionIcon>
        </Group>
      ),
    },
  ]
  return (
    <Stack gap="lg" data-testid="coupons-page">
      <Group justify="space-between">
        <Title order={2}>{t('coupons.title')}</Title>
        <Group>
          <Button variant="default" onClick={() => setOpen({ mode: 'bulk' })} data-testid="coupon-bulk">{t('coupons.bulk')}</Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen({ mode: 'create' })} data-testid="coupon-new">{t('coupons.new')}</Button>
        </Group>
      </Group>
      {bulk && (
        <Alert color="green" withCloseButton onClose={() => setBulk(null)} title={t('coupons.bulkDone', { count: bulk.count })}>
          <Text size="sm" ff="monospace">{bulk.codes.join(', ')}</Text>
        </Alert>
      )}
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(c) => c.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={t('coupons.search')} emptyText={t('coupons.empty')}
      />
      <Modal opened={open !== null} onClose={() => setOpen(null)} size="lg"
        title={open?.mode === 'bulk' ? t('coupons.bulk') : open?.mode === 'edit' ? t('coupons.edit') : t('coupons.new')}>
        {open && (
          <CouponForm key={`${open.mode}-${open.coupon?.id ?? 0}`} mode={open.mode} coupon={open.coupon} onCancel={() => setOpen(null)} onDone={(answer) => {
            setOpen(null)
            if (answer) setBulk(answer)
            void refresh()
          }} />
        )}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('coupons.delete')}>
        <Stack>
          <Text>{t('coupons.deleteText', { code: deleting?.code ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>{t('coupons.delete')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
