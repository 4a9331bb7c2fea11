import { ActionIcon, Anchor, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core'
import { IconBell } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../lib/format'
import { latestNotificationsQuery, markAllNotificationsRead, markNotificationRead, notificationsKey } from '../api/notifications'
import { useNotificationText } from './use-notification-text'

// The bell in the cabinet's header: the unread count, and the latest notifications in a popover; opening
// one marks it read.

export function NotificationBell() {
  const { t, i18n } = useTranslation()
  const [opened, setOpened] = useState(false)
  const queryClient = useQueryClient()
  const latest = useQuery(latestNotificationsQuery())
  const textOf = useNotificationText()
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationsKey })
  const read = useMutation({ mutationFn: markNotificationRead, onSuccess: refresh })
  const readAll = useMutation({ mutationFn: markAllNotificationsRead, onSuccess: refresh })
  const unread = latest.data?.unreadCount ?? 0
  const items = latest.data?.list ?? []

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withinPortal>
      <Indicator label={unread > 99 ? '99+' : unread} size={16} disabled={unread === 0} offset={4} color="red" data-testid="notification-unread" data-count={unread}>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={() => setOpened((o) => !o)} aria-label={t('notifications.bell.label', { count: unread })} data-testid="notification-bell">
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs" data-testid="notification-popover">
        <Group justify="space-between" px="xs" pb={4}>
          <Text fw={600} size="sm">{t('notifications.title')}</Text>
          <Button variant="subtle" size="compact-xs" disabled={unread === 0} loading={readAll.isPending} onClick={() => readAll.mutate()} data-testid="notification-read-all">
            {t('notifications.markAll')}
          </Button>
        </Group>
        <Divider />
        <ScrollArea.Autosize mah={360}>
          {items.length === 0 && <Text size="sm" c="dimmed" p="sm">{t('notifications.bell.empty')}</Text>}
          <Stack gap={0}>
            {items.map((n) => {
              const { title, text } = textOf(n)
              return (
                <UnstyledButton
                  key={n.id} p="xs" data-testid="notification-item" data-type={n.type} data-read={n.readAt !== null}
                  onClick={() => { if (n.readAt === null) read.mutate(n.id) }}
                  style={{ borderRadius: 6, background: n.readAt === null ? 'var(--mantine-color-blue-light)' : undefined }}
                >
                  <Text size="sm" fw={n.readAt === null ? 600 : 400} lineClamp={1}>{title}</Text>
                  <Text size="xs" c="dimmed" lineClamp={2}>{text}</Text>
                  <Text size="xs" c="dimmed">{formatDateTime(n.createdAt, i18n.language)}</Text>
                </UnstyledButton>
              )
            })}
          </Stack>
        </ScrollArea.Autosize>
        <Divider />
        <Group justify="space-between" px="xs" pt={6}>
          <Anchor component={Link} to="/cabinet/notifications" size="sm" onClick={() => setOpened(false)}>{t('notifications.bell.all')}</Anchor>
          <Anchor component={Link} to="/cabinet/settings/notifications" size="sm" onClick={() => setOpened(false)}>{t('notifications.bell.settings')}</Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  )
}
