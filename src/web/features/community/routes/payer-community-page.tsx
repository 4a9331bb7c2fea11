import { Alert, Anchor, Badge, Button, Group, Loader, Pagination, Stack, Text, Textarea, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { communityCommentMaxLength, communityPostMaxLength } from '../../../../shared/schemas/community'
import { errorText, FormError } from '../../../components/form-error'
import { isApiError } from '../../../lib/api-client'
import { communityKey, createComment, createPost, memberPostsQuery, type CommunityPost } from '../api/community'
import { CommentLine, PostCard } from '../components/post-card'

// /payer/s/$id/community/$productId: a membership's community for its members (docs/decisions/0083-community.md):
// write a post (it waits for the seller's review where the seller asks for one), read the published posts,
// pinned first, and comment on them. Texts are plain text. Without a current membership the server answers 403,
// with the seller's community off 403 feature_disabled, without a community 404: the page says it is not open.

function CommentForm({ productId, postId }: { productId: number; postId: number }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const [body, setBody] = useState('')
  const send = useMutation({
    mutationFn: () => createComment(productId, postId, body),
    onSuccess: () => { setBody(''); void client.invalidateQueries({ queryKey: communityKey }) },
  })
  return (
    <Stack gap={4} component="form" onSubmit={(e) => { e.preventDefault(); send.mutate() }}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea style={{ flex: 1 }} size="xs" autosize minRows={1} maxLength={communityCommentMaxLength} placeholder={t('community.member.commentPlaceholder')}
          aria-label={t('community.member.comment')} value={body} onChange={(e) => setBody(e.currentTarget.value)} data-testid="community-comment-input" />
        <Button type="submit" size="xs" variant="light" loading={send.isPending} disabled={!body.trim()} data-testid="community-comment-submit">{t('community.member.comment')}</Button>
      </Group>
      <FormError error={send.error} />
    </Stack>
  )
}

function MemberPost({ post, productId }: { post: CommunityPost; productId: number }) {
  const { t } = useTranslation()
  return (
    <PostCard author={post.authorName} createdAt={post.createdAt} body={post.body} state={post.state}
      badges={(
        <>
          {post.pinned && <Badge size="sm" variant="outline">{t('community.pinned')}</Badge>}
          {post.state === 'pending' && <Badge size="sm" color="orange" variant="light" data-testid="community-post-waiting">{t('community.member.waiting')}</Badge>}
          {post.state === 'rejected' && <Badge size="sm" color="red" variant="light">{t('community.member.rejected')}</Badge>}
        </>
      )}>
      {post.comments.map((c) => <CommentLine key={c.id} comment={c} />)}
      {post.state === 'published' && <CommentForm productId={productId} postId={post.id} />}
    </PostCard>
  )
}

export function PayerCommunityPage() {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const params = useParams({ strict: false }) as { id: string; productId: string }
  const productId = Number(params.productId)
  const [page, setPage] = useState(1)
  const [body, setBody] = useState('')
  const [sent, setSent] = useState<'pending' | 'published' | null>(null)
  const posts = useQuery(memberPostsQuery(productId, page))
  const send = useMutation({
    mutationFn: () => createPost(productId, body),
    onSuccess: (answer) => { setBody(''); setSent(answer.post.state === 'pending' ? 'pending' : 'published'); void client.invalidateQueries({ queryKey: communityKey }) },
  })
  const back = <Anchor component={Link} to={`/payer/s/${params.id}`}>{t('community.member.back')}</Anchor>

  if (posts.isPending) return <Loader size="sm" />
  if (posts.isError) {
    const closed = isApiError(posts.error) && [403, 404].includes(posts.error.status)
    return (
      <Stack gap="sm">
        <Alert color={closed ? 'gray' : 'red'} data-testid="community-closed">
          {closed ? t('community.member.closed') : errorText(posts.error, i18n.language, t('community.member.closed'))}
        </Alert>
        {back}
      </Stack>
    )
  }
  const { community, list, totalCount } = posts.data
  return (
    <Stack gap="lg" data-testid="payer-community">
      <Group justify="space-between">
        <Title order={2}>{t('community.member.title', { name: community.productName })}</Title>
        {back}
      </Group>
      <Stack gap="xs" component="form" onSubmit={(e) => { e.preventDefault(); send.mutate() }}>
        <Textarea label={t('community.member.newPost')} autosize minRows={3} maxLength={communityPostMaxLength} value={body}
          onChange={(e) => { setBody(e.currentTarget.value); setSent(null) }} data-testid="community-post-input"
          description={community.reviewPosts ? t('community.member.reviewNote') : undefined} />
        <FormError error={send.error} />
        {sent === 'pending' && <Alert color="blue" variant="light" data-testid="community-post-sent">{t('community.member.sentForReview')}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending} disabled={!body.trim()} data-testid="community-post-submit">{t('community.member.post')}</Button>
        </Group>
      </Stack>
      {list.length === 0 && <Text c="dimmed" size="sm">{t('community.member.empty')}</Text>}
      {list.map((post) => <MemberPost key={post.id} post={post} productId={productId} />)}
      {totalCount > 20 && <Pagination value={page} onChange={setPage} total={Math.ceil(totalCount / 20)} />}
    </Stack>
  )
}
