import { Badge, Card, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../lib/format'
import type { CommunityComment } from '../api/community'

// One post or comment as members and the seller see it: the author, the time, the text as plain text (line
// breaks kept; never HTML, docs/decisions/0083-community.md), badges and the actions beside it.

export function PostText({ body }: { body: string }) {
  return <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="community-post-body">{body}</Text>
}

export function PostCard({ author, createdAt, body, badges, actions, children, testId = 'community-post', state }: {
  author: string; createdAt: string; body: string; badges?: ReactNode; actions?: ReactNode; children?: ReactNode; testId?: string; state?: string
}) {
  const { i18n } = useTranslation()
  return (
    <Card withBorder padding="md" radius="md" data-testid={testId} data-state={state}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs">
            <Text fw={600} size="sm">{author}</Text>
            <Text size="xs" c="dimmed">{formatDateTime(createdAt, i18n.language)}</Text>
            {badges}
          </Group>
          {actions && <Group gap={4} wrap="nowrap">{actions}</Group>}
        </Group>
        <PostText body={body} />
        {children}
      </Stack>
    </Card>
  )
}

export function CommentLine({ comment, actions }: { comment: CommunityComment; actions?: ReactNode }) {
  const { t, i18n } = useTranslation()
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" pl="md" data-testid="community-comment" data-state={comment.state}
      style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
      <Stack gap={2} miw={0}>
        <Group gap="xs">
          <Text fw={500} size="xs">{comment.authorName}</Text>
          <Text size="xs" c="dimmed">{formatDateTime(comment.createdAt, i18n.language)}</Text>
          {comment.state === 'hidden' && <Badge size="xs" color="gray" variant="light">{t('community.states.hidden')}</Badge>}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{comment.body}</Text>
      </Stack>
      {actions && <Group gap={4} wrap="nowrap">{actions}</Group>}
    </Group>
  )
}
