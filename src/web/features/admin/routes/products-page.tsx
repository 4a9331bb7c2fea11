import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { productForms, publishStates, reviewStates } from '../../../../shared/catalog'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { SelectField } from '../../../components/select-field'
import { StatusBadge } from '../../../components/status-badge'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { formatDateTime } from '../../../lib/format'
import { useSearchParam } from '../../../lib/search'
import { adminProductsKey, adminProductsQuery, type AdminProduct } from '../api/list-products'
import { restoreProduct } from '../api/moderate-product'
import { decideReview } from '../api/review-decision'
import { reviewQueueKey } from '../api/review-queue'
import { RejectModal, type ReviewTarget } from '../components/reject-modal'
import { TakeDownModal, type TakeDownTarget } from '../components/take-down-modal'

// /admin/products: every seller's products with their publish and review states. A published product is
// taken down with a reason the seller sees (admin_unpublished) and restored (unpublished); a product
// waiting for review is approved or rejected here as in the review queue. `?seller_id=` opens the list
// filtered to one seller (the product count on /admin/sellers links here).

/** A review state in the spec's status colours, as in the review queue: in review pending, reviewed successful, rejected an error. */
const reviewTone: Record<string, string> = { in_review: 'pending', reviewed: 'successful', rejected: 'error' }

const inReview = (p: AdminProduct) => p.publishState === 'publish_pending' || p.publishState === 'in_review'

function Filters({ state, onChange }: { state: ListState; onChange: (next: ListState) => void }) {
  const { t } = useTranslation()
  const set = (key: string, value: string | null) => onChange(withFilter(state, key, value ?? undefined))
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} maw={900} data-testid="admin-product-filters">
      <SelectField
        label={t('adminProducts.filters.publishState')}
        data={publishStates.map((s) => ({ value: s, label: t(`products.publishStates.${s}`) }))}
        value={state.filters.publishState ?? null} onChange={(v) => set('publishState', v)} clearable data-testid="admin-filter-publish-state"
      />
      <SelectField
        label={t('adminProducts.filters.reviewState')}
        data={reviewStates.map((s) => ({ value: s, label: t(`review.states.${s}`) }))}
        value={state.filters.reviewState ?? null} onChange={(v) => set('reviewState', v)} clearable data-testid="admin-filter-review-state"
      />
      <SelectField
        label={t('adminProducts.filters.form')}
        data={productForms.map((f) => ({ value: f, label: t(`products.forms.${f}`) }))}
        value={state.filters.form ?? null} onChange={(v) => set('form', v)} clearable data-testid="admin-filter-form"
      />
    </SimpleGrid>
  )
}

export function AdminProductsPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const sellerId = useSearchParam('seller_id')
  const [state, setState] = useState<ListState>(() => initialListState({ filters: /^\d+$/.test(sellerId ?? '') ? { sellerId } : {} }))
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const products = useQuery(adminProductsQuery(state))
  const [takingDown, setTakingDown] = useState<TakeDownTarget | null>(null)
  const [rejecting, setRejecting] = useState<ReviewTarget | null>(null)
  const refresh = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: adminProductsKey }),
    queryClient.invalidateQueries({ queryKey: reviewQueueKey }),
  ])
  const restore = useMutation({
    mutationFn: (p: AdminProduct) => restoreProduct(p.id),
    onSuccess: (_answer, p) => {
      void refresh()
      notifications.show({ color: 'green', autoClose: 4000, message: t('adminProducts.restored', { name: p.name }) })
    },
  })
  const approve = useMutation({ mutationFn: (p: AdminProduct) => decideReview(p.id, 'approve'), onSuccess: () => void refresh() })

  const columns: DataTableColumn<AdminProduct>[] = [
    { key: 'id', title: t('review.columns.id'), sortable: true, width: 70, render: (p) => p.id },
    {
      key: 'name', title: t('review.columns.product'), sortable: true, render: (p) => (
        <Stack gap={0} data-testid="admin-product-row" data-product-id={p.id} data-state={p.publishState}>
          <Text size="sm" fw={500}>{p.name}</Text>
          {p.reviewReason && <Text size="xs" c="dimmed" data-testid="admin-product-reason">{t('adminProducts.reasonShown', { reason: p.reviewReason })}</Text>}
        </Stack>
      ),
    },
    { key: 'form', title: t('review.columns.form'), render: (p) => t(`products.forms.${p.form}`) },
    {
      key: 'seller', title: t('review.columns.seller'), render: (p) => (
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/admin/sellers" search={{ query: p.sellerUsername }} />}>{p.sellerUsername}</Anchor>
      ),
    },
    {
      key: 'state', title: t('review.columns.state'), render: (p) => (
        <Group gap={4}>
          <StatusBadge status={p.publishState} label={t(`products.publishStates.${p.publishState}`)} />
          {p.reviewState !== 'not_for_review' && <StatusBadge status={reviewTone[p.reviewState] ?? p.reviewState} value={p.reviewState} label={t(`review.states.${p.reviewState}`)} />}
        </Group>
      ),
    },
    { key: 'created_at', title: t('adminProducts.createdAt'), sortable: true, render: (p) => formatDateTime(p.createdAt, i18n.language) },
    {
      key: 'actions', title: '', render: (p) => (
        <Group gap={4} wrap="nowrap">
          {p.publishState === 'published' && (
            <Button size="xs" color="red" variant="light" onClick={() => setTakingDown({ id: p.id, name: p.name, sellerUsername: p.sellerUsername })} data-testid="admin-product-take-down">
              {t('adminProducts.takeDown')}
            </Button>
          )}
          {p.publishState === 'admin_unpublished' && (
            <Button size="xs" variant="light" loading={restore.isPending && restore.variables?.id === p.id} onClick={() => restore.mutate(p)} data-testid="admin-product-restore">
              {t('adminProducts.restore')}
            </Button>
          )}
          {inReview(p) && (
            <>
              <Button size="xs" color="green" variant="light" loading={approve.isPending && approve.variables?.id === p.id} onClick={() => approve.mutate(p)} data-testid="admin-product-approve">
                {t('review.approve')}
              </Button>
              <Button size="xs" color="red" variant="light" onClick={() => setRejecting({ id: p.id, name: p.name })} data-testid="admin-product-reject">
                {t('review.reject')}
              </Button>
            </>
          )}
        </Group>
      ),
    },
  ]

  return (
    <Stack gap="lg" data-testid="admin-products-page">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>{t('adminProducts.title')}</Title>
          <Text c="dimmed">{t('adminProducts.text')}</Text>
        </Stack>
        <Button variant="subtle" renderRoot={(props) => <Link {...props} to="/admin/product_reviews" />}>{t('adminProducts.openQueue')}</Button>
      </Group>
      <Filters state={state} onChange={onStateChange} />
      {state.filters.sellerId && (
        <Group gap="xs">
          <Badge variant="light" data-testid="admin-filter-seller">{t('adminProducts.sellerFilter', { seller: products.data?.list[0]?.sellerUsername ?? `#${state.filters.sellerId}` })}</Badge>
          <Anchor size="sm" component="button" type="button" onClick={() => onStateChange(withFilter(state, 'sellerId', undefined))}>
            {t('adminProducts.allSellers')}
          </Anchor>
        </Group>
      )}
      <DataTable
        columns={columns} rows={products.data?.list ?? []} rowKey={(p) => p.id} totalCount={products.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={products.isPending || products.isFetching}
        searchLabel={t('adminProducts.search')} emptyText={t('adminProducts.empty')}
      />
      <TakeDownModal
        product={takingDown}
        onClose={() => setTakingDown(null)}
        onDone={() => {
          const name = takingDown?.name ?? ''
          setTakingDown(null)
          void refresh()
          notifications.show({ color: 'green', autoClose: 4000, message: t('adminProducts.takenDown', { name }) })
        }}
      />
      <RejectModal item={rejecting} onClose={() => setRejecting(null)} onDone={() => {
        setRejecting(null)
        void refresh()
      }} />
    </Stack>
  )
}
