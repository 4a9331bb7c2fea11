import { Alert, Badge, Button, Card, Group, Pagination, SegmentedControl, Select, Stack, Switch, Table, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { communityPostStates, type CommunityPostState } from '../../../../shared/states/community-post'
import type { CommunityPostAction } from '../../../../shared/schemas/community'
import { FeatureGate } from '../../../components/feature-off'
import { FormError } from '../../../components/form-error'
import {
  cabinetPostsQuery, communitiesQuery, communityKey, deleteComment, deletePost, moderateComment, moderatePost, updateCommunity,
  type CabinetCommunityPost, type CommunitySettings,
} from '../api/community'
import { CommentLine, PostCard } from '../components/post-card'

// /cabinet/community: the seller's communities (docs/decisions/0083-community.md): per membership product the
// switch and whether new posts wait for review, the review queue (posts waiting, oldest first) with counts, and
// every post with its comments to approve, reject, hide, show, pin or delete. Behind the community flag.

const stateColors: Record<CommunityPostState, string> = { pending: 'orange', published: 'green', rejected: 'red', hidden: 'gray' }
type Filter = CommunityPostState | 'all'

export function CommunityPage() {
  return <FeatureGate flag="community"><CommunityPageContent /></FeatureGate>
}

function SettingsRow({ row }: { row: CommunitySettings }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const save = useMutation({
    mutationFn: (next: { enabled: boolean; reviewPosts: boolean }) => updateCommunity(row.productId, next),
    onSuccess: () => void client.invalidateQueries({ queryKey: communityKey }),
  })
  return (
    <Table.Tr data-testid="community-settings" data-product-id={row.productId}>
      <Table.Td><Text size="sm" fw={500}>{row.productName}</Text><FormError error={save.error} /></Table.Td>
      <Table.Td>
        <Switch checked={row.enabled} disabled={save.isPending} aria-label={t('community.enabled')} data-testid="community-enabled"
          onChange={(e) => save.mutate({ enabled: e.currentTarget.checked, reviewPosts: row.reviewPosts })} />
      </Table.Td>
      <Table.Td>
        <Switch checked={row.reviewPosts} disabled={save.isPending} aria-label={t('community.reviewPosts')} data-testid="community-review"
          onChange={(e) => save.mutate({ enabled: row.enabled, reviewPosts: e.currentTarget.checked })} />
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {row.counts.pending > 0 && <Badge color="orange" variant="light">{t('community.waiting', { count: row.counts.pending })}</Badge>}
          <Text size="xs" c="dimmed">{t('community.countsLine', { posts: row.counts.published, comments: row.commentCount })}</Text>
        </Group>
      </Table.Td>
    </Table.Tr>
  )
}

function PostActions({ post }: { post: CabinetCommunityPost }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: communityKey })
  const moderate = useMutation({ mutationFn: (action: CommunityPostAction) => moderatePost(post.id, action), onSuccess: () => void refresh() })
  const remove = useMutation({ mutationFn: () => deletePost(post.id), onSuccess: () => void refresh() })
  const button = (action: CommunityPostAction, color?: string) => (
    <Button key={action} size="compact-xs" variant="light" color={color} loading={moderate.isPending && moderate.variables === action}
      onClick={() => moderate.mutate(action)} data-testid={`community-${action}`}>{t(`community.actions.${action}`)}</Button>
  )
  return (
    <>
      {post.state === 'pending' && [button('approve', 'green'), button('reject', 'red')]}
      {post.state === 'rejected' && button('approve', 'green')}
      {post.state === 'published' && [button(post.pinned ? 'unpin' : 'pin'), button('hide', 'gray')]}
      {post.state === 'hidden' && button('show')}
      <Button size="compact-xs" variant="subtle" color="red" loading={remove.isPending} data-testid="community-delete"
        onClick={() => { if (window.confirm(t('community.confirmDelete'))) remove.mutate() }}>{t('community.actions.delete')}</Button>
    </>
  )
}

function CommentActions({ id, state }: { id: number; state: 'published' | 'hidden' }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: communityKey })
  const moderate = useMutation({ mutationFn: () => moderateComment(id, state === 'published' ? 'hide' : 'show'), onSuccess: () => void refresh() })
  const remove = useMutation({ mutationFn: () => deleteComment(id), onSuccess: () => void refresh() })
  return (
    <>
      <Button size="compact-xs" variant="subtle" loading={moderate.isPending} onClick={() => moderate.mutate()}>
        {t(state === 'published' ? 'community.actions.hide' : 'community.actions.show')}
      </Button>
      <Button size="compact-xs" variant="subtle" color="red" loading={remove.isPending}
        onClick={() => { if (window.confirm(t('community.confirmDeleteComment'))) remove.mutate() }}>{t('community.actions.delete')}</Button>
    </>
  )
}

function CommunityPageContent() {
  const { t } = useTranslation()
  const settings = useQuery(communitiesQuery())
  const [filter, setFilter] = useState<Filter>('pending')
  const [productId, setProductId] = useState<number | null>(null)
  const [page, setPage] = useState(1)
  const posts = useQuery(cabinetPostsQuery({ state: filter, productId, page }))
  const counts = posts.data?.counts ?? {}
  const all = Object.values(counts).reduce((a, b) => a + b, 0)
  const products = settings.data?.list ?? []

  return (
    <Stack gap="lg" data-testid="community-page">
      <Stack gap={4}>
        <Title order={2}>{t('community.title')}</Title>
        <Text c="dimmed" size="sm">{t('community.intro')}</Text>
      </Stack>

      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm">
          <Title order={3} fz="lg">{t('community.settingsTitle')}</Title>
          {settings.isSuccess && products.length === 0 && <Alert color="blue" variant="light">{t('community.noMemberships')}</Alert>}
          {products.length > 0 && (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('community.product')}</Table.Th>
                  <Table.Th>{t('community.enabled')}</Table.Th>
                  <Table.Th>{t('community.reviewPosts')}</Table.Th>
                  <Table.Th>{t('community.activity')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{products.map((row) => <SettingsRow key={row.productId} row={row} />)}</Table.Tbody>
            </Table>
          )}
          <Text size="xs" c="dimmed">{t('community.reviewHint')}</Text>
        </Stack>
      </Card>

      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="lg">{t('community.postsTitle')}</Title>
          {products.length > 1 && (
            <Select size="xs" clearable placeholder={t('community.allProducts')} value={productId ? String(productId) : null}
              data={products.map((p) => ({ value: String(p.productId), label: p.productName }))}
              onChange={(v) => { setProductId(v ? Number(v) : null); setPage(1) }} aria-label={t('community.product')} />
          )}
        </Group>
        <SegmentedControl value={filter} onChange={(v) => { setFilter(v as Filter); setPage(1) }} data-testid="community-filter"
          data={[...communityPostStates.map((s) => ({ value: s, label: `${t(`community.states.${s}`)} (${counts[s] ?? 0})` })), { value: 'all', label: `${t('community.all')} (${all})` }]} />
        {filter === 'pending' && posts.isSuccess && posts.data.list.length === 0 && <Text size="sm" c="dimmed" data-testid="community-queue-empty">{t('community.queueEmpty')}</Text>}
        {filter !== 'pending' && posts.isSuccess && posts.data.list.length === 0 && <Text size="sm" c="dimmed">{t('community.noPosts')}</Text>}
        {posts.data?.list.map((post) => (
          <PostCard key={post.id} author={`${post.authorName} · ${post.authorEmail}`} createdAt={post.createdAt} body={post.body} state={post.state}
            badges={(
              <>
                <Badge size="sm" variant="light" color={stateColors[post.state]}>{t(`community.states.${post.state}`)}</Badge>
                {post.pinned && <Badge size="sm" variant="outline">{t('community.pinned')}</Badge>}
                <Text size="xs" c="dimmed">{post.productName}</Text>
              </>
            )}
            actions={<PostActions post={post} />}>
            {post.comments.map((c) => <CommentLine key={c.id} comment={c} actions={<CommentActions id={c.id} state={c.state} />} />)}
          </PostCard>
        ))}
        {(posts.data?.totalCount ?? 0) > 20 && <Pagination value={page} onChange={setPage} total={Math.ceil(posts.data!.totalCount / 20)} />}
      </Stack>
    </Stack>
  )
}
