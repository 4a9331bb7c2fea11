import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { StatusBadge } from '../../../components/status-badge'
import { initialListState, type ListState } from '../../../components/list-state'
import { formatDateTime } from '../../../lib/format'
import { adminProductsKey } from '../api/list-products'
import { decideReview, type ReviewDecision } from '../api/review-decision'
import { reviewQueueKey, reviewQueueQuery, type ReviewItem } from '../api/review-queue'
import { RejectModal } from '../components/reject-modal'

// /admin/product_reviews: the managers' review queue of power sellers' products (docs/reference/readings.md 23):
// approve, reject with a reason, revoke. A seller's flags are set on /admin/sellers (the seller's name
// links there) and take-downs happen on /admin/products.

/** A review state in the spec's status colours: in review pending, reviewed successful, rejected an error. */
const reviewTone: Record<string, string> = { in_review: 'pending', reviewed: 'successful', rejected: 'error' }

export function ProductReviewsPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const queue = useQuery(reviewQueueQuery(state))
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null)
  const refresh = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewQueueKey }),
    queryClient.invalidateQueries({ queryKey: adminProductsKey }),
  ])
  const decide = useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: ReviewDecision }) => decideReview(id, decision),
    onSuccess: () => void refresh(),
  })
  const busy = (id: number, decision: ReviewDecision) => decide.isPending && decide.variables?.id === id && decide.variables.decision === decision
  const columns: DataTableColumn<ReviewItem>[] = [
    { key: 'id', title: t('review.columns.id'), sortable: true, width: 70, render: (r) => r.id },
    { key: 'name', title: t('review.columns.product'), sortable: true, render: (r) => <Text size="sm" fw={500}>{r.name}</Text> },
    { key: 'form', title: t('review.columns.form'), render: (r) => t(`products.forms.${r.form}`) },
    {
      key: 'seller', title: t('review.columns.seller'), render: (r) => (
        <Anchor
          size="sm" renderRoot={(props) => <Link {...props} to="/admin/sellers" search={{ query: r.sellerUsername }} />}
          aria-label={t('review.sellerFlags', { username: r.sellerUsername })} data-testid="review-seller"
        >
          {r.sellerUsername}
        </Anchor>
      ),
    },
    { key: 'state', title: t('review.columns.state'), render: (r) => <StatusBadge status={r.publishState} label={t(`products.publishStates.${r.publishState}`)} /> },
    { key: 'review', title: t('review.columns.review'), render: (r) => <StatusBadge status={reviewTone[r.reviewState] ?? r.reviewState} value={r.reviewState} label={t(`review.states.${r.reviewState}`)} /> },
    { key: 'updated_at', title: t('review.columns.updatedAt'), render: (r) => formatDateTime(r.updatedAt, i18n.language) },
    {
      key: 'actions', title: '', render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Button size="xs" color="green" variant="light" loading={busy(r.id, 'approve')} onClick={() => decide.mutate({ id: r.id, decision: 'approve' })}>{t('review.approve')}</Button>
          <Button size="xs" color="red" variant="light" onClick={() => setRejecting(r)}>{t('review.reject')}</Button>
          <Button size="xs" color="gray" variant="light" loading={busy(r.id, 'revoke')} onClick={() => decide.mutate({ id: r.id, decision: 'revoke' })}>{t('review.revoke')}</Button>
        </Group>
      ),
    },
  ]
  return (
    <Stack gap="lg" data-testid="product-reviews-page">
      <Stack gap={4}>
        <Title order={2}>{t('review.title')}</Title>
        <Text c="dimmed">{t('review.text')}</Text>
      </Stack>
      <DataTable
        columns={columns} rows={queue.data?.list ?? []} rowKey={(r) => r.id} totalCount={queue.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={queue.isPending || queue.isFetching}
        searchLabel={t('review.search')} emptyText={t('review.empty')}
      />
      <RejectModal item={rejecting} onClose={() => setRejecting(null)} onDone={() => {
        setRejecting(null)
        void refresh()
      }} />
    </Stack>
  )
}
