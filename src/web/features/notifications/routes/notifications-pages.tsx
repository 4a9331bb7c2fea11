import { Anchor, Badge, Button, Card, Group, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core'
import { notifications as toasts } from '@mantine/notifications'
import { IconSettings } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notificationTypes, type NotificationType } from '../../../../shared/schemas/notifications'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { formatDateTime } from '../../../lib/format'
import {
  markAllNotificationsRead, markNotificationRead, notificationListQuery, notificationsKey, notificationSettingsQuery, saveNotificationSettings,
  type SellerNotification, type Setting,
} from '../api/notifications'
import { useNotificationText } from '../components/use-notification-text'

// /cabinet/notifications (the list with filters) and /cabinet/settings/notifications (per type: in the
// app, by mail).

/** A date input's day as the start or the end of that day, as an ISO time for the created range. */
function dayBound(value: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined
  return new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}`).toISOString()
}

export function NotificationsPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(notificationListQuery(state))
  const textOf = useNotificationText()
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationsKey })
  const read = useMutation({ mutationFn: markNotificationRead, onSuccess: refresh })
  const readAll = useMutation({ mutationFn: markAllNotificationsRead, onSuccess: refresh })
  const filter = (key: string, value: string | null | undefined) => setState((s) => withFilter(s, key, value ?? undefined))
  const unread = list.data?.unreadCount ?? 0

  const columns: DataTableColumn<SellerNotification>[] = [
    {
      key: 'notification', title: t('notifications.page.columns.notification'), render: (n) => {
        const { title, text } = textOf(n)
        return (
          <Stack gap={0} data-testid="notification-row" data-type={n.type} data-read={n.readAt !== null}>
            <Text size="sm" fw={n.readAt === null ? 600 : 400}>{title}</Text>
            <Text size="xs" c="dimmed">{text}</Text>
          </Stack>
        )
      },
    },
    { key: 'type', title: t('notifications.page.columns.type'), render: (n) => <Badge variant="light" color="gray">{t(`notifications.types.${n.type}`)}</Badge> },
    { key: 'created_at', title: t('notifications.page.columns.createdAt'), sortable: true, render: (n) => formatDateTime(n.createdAt, i18n.language) },
    {
      key: 'read', title: t('notifications.page.columns.state'), render: (n) => (n.readAt === null
        ? <Button size="compact-xs" variant="light" onClick={() => read.mutate(n.id)} data-testid="notification-mark-read">{t('notifications.page.markRead')}</Button>
        : <Text size="xs" c="dimmed">{t('notifications.page.states.read')}</Text>),
    },
  ]

  return (
    <Stack gap="lg" data-testid="notifications-page">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Title order={2}>{t('notifications.title')}</Title>
          <Text c="dimmed" size="sm">{t('notifications.page.unread', { count: unread })}</Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" disabled={unread === 0} loading={readAll.isPending} onClick={() => readAll.mutate()} data-testid="notifications-read-all">
            {t('notifications.markAll')}
          </Button>
          <Button component={Link} to="/cabinet/settings/notifications" variant="light" leftSection={<IconSettings size={16} aria-hidden />}>
            {t('notifications.settings.title')}
          </Button>
        </Group>
      </Group>
      <Group align="end" wrap="wrap">
        <Select
          label={t('notifications.page.filters.type')} placeholder={t('notifications.page.filters.all')} clearable w={240}
          value={state.filters.type ?? null} onChange={(v) => filter('type', v)} data-testid="notifications-filter-type"
          data={notificationTypes.map((type) => ({ value: type, label: t(`notifications.types.${type}`) }))}
        />
        <Select
          label={t('notifications.page.filters.state')} placeholder={t('notifications.page.filters.all')} clearable w={160}
          value={state.filters.state ?? null} onChange={(v) => filter('state', v)} data-testid="notifications-filter-state"
          data={[{ value: 'unread', label: t('notifications.page.states.unread') }, { value: 'read', label: t('notifications.page.states.read') }]}
        />
        <TextInput type="date" label={t('notifications.page.filters.createdFrom')} w={170} onChange={(e) => filter('created_from_time', dayBound(e.currentTarget.value, false))} />
        <TextInput type="date" label={t('notifications.page.filters.createdTill')} w={170} onChange={(e) => filter('created_till_time', dayBound(e.currentTarget.value, true))} />
      </Group>
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(n) => n.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching} searchable={false}
        emptyText={t('notifications.page.empty')}
      />
    </Stack>
  )
}

export function NotificationSettingsPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const settings = useQuery(notificationSettingsQuery())
  const [draft, setDraft] = useState<Setting[] | null>(null)
  useEffect(() => {
    if (settings.data && draft === null) setDraft(settings.data.list)
  }, [settings.data, draft])
  const save = useMutation({
    mutationFn: (list: Setting[]) => saveNotificationSettings(list),
    onSuccess: (answer) => {
      setDraft(answer.list)
      queryClient.setQueryData(notificationSettingsQuery().queryKey, answer)
      toasts.show({ color: 'green', message: t('notifications.settings.saved') })
    },
  })
  const change = (type: NotificationType, key: 'inApp' | 'email', value: boolean) =>
    setDraft((list) => (list ?? []).map((s) => (s.type === type ? { ...s, [key]: value } : s)))

  return (
    <Stack gap="lg" maw={760} data-testid="notification-settings-page">
      <Stack gap={2}>
        <Title order={2}>{t('notifications.settings.title')}</Title>
        <Text c="dimmed" size="sm">{t('notifications.settings.lead')}</Text>
      </Stack>
      <Card withBorder padding="md" radius="md">
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('notifications.settings.type')}</Table.Th>
              <Table.Th w={110}>{t('notifications.settings.inApp')}</Table.Th>
              <Table.Th w={110}>{t('notifications.settings.email')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(draft ?? []).map((s) => (
              <Table.Tr key={s.type} data-testid="notification-setting" data-type={s.type}>
                <Table.Td>
                  <Text size="sm" fw={500}>{t(`notifications.types.${s.type}`)}</Text>
                  <Text size="xs" c="dimmed">{t(`notifications.typeHelp.${s.type}`)}</Text>
                </Table.Td>
                <Table.Td>
                  <Switch checked={s.inApp} onChange={(e) => change(s.type, 'inApp', e.currentTarget.checked)} aria-label={`${t(`notifications.types.${s.type}`)}: ${t('notifications.settings.inApp')}`} data-testid="setting-in-app" />
                </Table.Td>
                <Table.Td>
                  <Switch checked={s.email} onChange={(e) => change(s.type, 'email', e.currentTarget.checked)} aria-label={`${t(`notifications.types.${s.type}`)}: ${t('notifications.settings.email')}`} data-testid="setting-email" />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <Group justify="space-between">
        <Anchor component={Link} to="/cabinet/notifications" size="sm">{t('notifications.settings.back')}</Anchor>
        <Button onClick={() => draft && save.mutate(draft)} loading={save.isPending} disabled={!draft} data-testid="notification-settings-save">
          {t('notifications.settings.save')}
        </Button>
      </Group>
    </Stack>
  )
}
