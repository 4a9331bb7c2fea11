import { Alert, Anchor, Box, Button, Card, Code, Container, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { IconExternalLink, IconMailOff } from '@tabler/icons-react'
import { Link, useParams } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FormError, errorText } from '../../../components/form-error'
import { LoadingMask } from '../../../components/loading-mask'
import { StatusBadge } from '../../../components/status-badge'
import { humanizeStatus } from '../../../components/status-colors'
import { initialListState, type ListState } from '../../../components/list-state'
import { formatDateTime } from '../../../lib/format'
import { emailLogQuery } from '../api/email-log'
import { outboxQuery, type OutboxItem } from '../api/outbox'
import { subscriptionQuery } from '../api/subscription'
import { unsubscribe } from '../api/unsubscribe'

// Mails the platform stored: one mail by its link (/email_logs/$token), unsubscribing from a category
// (/emails/unsubscribe/$token), and the managers' outbox (/admin/emails).

function useToken(): string {
  const params = useParams({ strict: false }) as { token?: string }
  return params.token ?? ''
}

export function EmailLogPage() {
  const { t, i18n } = useTranslation()
  const token = useToken()
  const mail = useQuery(emailLogQuery(token))
  return (
    <Container size="md" py="xl">
      <LoadingMask visible={mail.isPending}>
        {mail.isError && (
          <Alert color="red" title={t('emailLog.notFoundTitle')}>
            {errorText(mail.error, i18n.language, t('emailLog.notFoundText'))}
          </Alert>
        )}
        {mail.data && (
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={1} fz={24}>{mail.data.subject}</Title>
              <Group gap="md">
                <Text size="sm"><Text span c="dimmed">{t('emailLog.to')}:</Text> {mail.data.to}</Text>
                <Text size="sm"><Text span c="dimmed">{t('emailLog.sentAt')}:</Text> {formatDateTime(mail.data.createdAt, i18n.language)}</Text>
                <StatusBadge status={mail.data.state} />
              </Group>
            </Stack>
            <Card withBorder padding={0} radius="md">
              {mail.data.html ? (
                <Box
                  component="iframe"
                  title={t('emailLog.frameTitle')}
                  sandbox=""
                  srcDoc={mail.data.html}
                  w="100%"
                  h="70vh"
                  style={{ border: 0, display: 'block', background: 'white' }}
                  data-testid="email-log-frame"
                />
              ) : (
                <Code block>{mail.data.text}</Code>
              )}
            </Card>
            {mail.data.attachments.length > 0 && (
              <Stack gap={4} data-testid="email-log-attachments">
                <Text size="sm" fw={500}>{t('payerArea.mailAttachments')}</Text>
                {mail.data.attachments.map((a) => (
                  <Anchor key={a.id} size="sm" href={a.url} download={a.filename}>{a.filename} ({Math.ceil(a.size / 1024)} KB)</Anchor>
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </LoadingMask>
    </Container>
  )
}

export function UnsubscribePage() {
  const { t, i18n } = useTranslation()
  const token = useToken()
  const subscription = useQuery(subscriptionQuery(token))
  const mutation = useMutation({ mutationFn: () => unsubscribe(token) })
  const category = subscription.data
    ? t(`emailCategories.${subscription.data.category}`, { defaultValue: humanizeStatus(subscription.data.category) })
    : ''
  const done = mutation.isSuccess || subscription.data?.unsubscribed === true
  return (
    <Container size={520} py="xl">
      <Card withBorder padding="xl" radius="md">
        <LoadingMask visible={subscription.isPending}>
          {subscription.isError && (
            <Alert color="red" title={t('unsubscribe.invalidTitle')}>
              {errorText(subscription.error, i18n.language, t('unsubscribe.invalidText'))}
            </Alert>
          )}
          {subscription.data && (
            <Stack>
              <Group gap="sm">
                <IconMailOff size={24} aria-hidden />
                <Title order={1} fz={22}>{done ? t('unsubscribe.doneTitle') : t('unsubscribe.title')}</Title>
              </Group>
              {done ? (
                <Text data-testid="unsubscribed">{t('unsubscribe.doneText', { email: subscription.data.email, category })}</Text>
              ) : (
                <>
                  <Text>{t('unsubscribe.text', { email: subscription.data.email, category })}</Text>
                  <FormError error={mutation.error} />
                  <Button onClick={() => mutation.mutate()} loading={mutation.isPending} w="fit-content">
                    {t('unsubscribe.confirm')}
                  </Button>
                </>
              )}
            </Stack>
          )}
        </LoadingMask>
      </Card>
    </Container>
  )
}

export function OutboxPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState({ sortKey: 'created_at' }))
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(outboxQuery(state))
  const columns: DataTableColumn<OutboxItem>[] = [
    { key: 'created_at', title: t('outbox.columns.sentAt'), sortable: true, render: (row) => formatDateTime(row.createdAt, i18n.language) },
    { key: 'to', title: t('outbox.columns.to'), sortable: true, render: (row) => row.to },
    { key: 'subject', title: t('outbox.columns.subject'), render: (row) => row.subject },
    { key: 'kind', title: t('outbox.columns.kind'), render: (row) => t(`emailKinds.${row.kind}`, { defaultValue: humanizeStatus(row.kind) }) },
    { key: 'state', title: t('outbox.columns.state'), render: (row) => <StatusBadge status={row.state} /> },
    {
      key: 'open',
      title: <VisuallyHidden>{t('outbox.columns.open')}</VisuallyHidden>,
      render: (row) => (
        <Anchor component={Link} to={`/email_logs/${row.token}`} target="_blank" size="sm">
          <Group gap={4} wrap="nowrap">{t('outbox.open')}<IconExternalLink size={14} aria-hidden /></Group>
        </Anchor>
      ),
    },
  ]
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{t('outbox.title')}</Title>
        <Text c="dimmed">{t('outbox.text')}</Text>
      </Stack>
      <DataTable
        columns={columns}
        rows={list.data?.list ?? []}
        rowKey={(row) => row.id}
        totalCount={list.data?.totalCount ?? 0}
        state={state}
        onStateChange={onStateChange}
        loading={list.isFetching}
        searchLabel={t('outbox.search')}
        emptyText={list.isError ? errorText(list.error, i18n.language, t('errors.generic')) : t('outbox.empty')}
      />
    </Stack>
  )
}
