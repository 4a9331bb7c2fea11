import { Alert, Badge, Button, Card, Group, Stack, Switch, Table, Text, Title } from '@mantine/core'
import { notifications as toasts } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notificSettingsQuery, saveNotificSettings, type TeamMemberNotificationSetting } from '../api/notific-settings'

// /team_member/notific_settings: which mails the team member gets for the seller they act for
// (docs/decisions/0053-team-members.md "Notification settings").

export function TeamMemberNotificSettingsPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const settings = useQuery({ ...notificSettingsQuery(), retry: false })
  const [draft, setDraft] = useState<TeamMemberNotificationSetting[] | null>(null)
  useEffect(() => {
    if (settings.data && draft === null) setDraft(settings.data.list)
  }, [settings.data, draft])
  const save = useMutation({
    mutationFn: saveNotificSettings,
    onSuccess: (answer) => {
      setDraft(answer.list)
      queryClient.setQueryData(notificSettingsQuery().queryKey, answer)
      toasts.show({ color: 'green', message: t('teamMember.notificSettings.saved') })
    },
  })
  const change = (type: TeamMemberNotificationSetting['type'], email: boolean) =>
    setDraft((list) => (list ?? []).map((s) => (s.type === type ? { ...s, email } : s)))

  return (
    <Stack gap="lg" maw={760} data-testid="team-member-notific-settings">
      <Stack gap={2}>
        <Title order={2}>{t('teamMember.notificSettings.title')}</Title>
        <Text c="dimmed" size="sm">{t('teamMember.notificSettings.lead')}</Text>
      </Stack>
      {settings.isError ? <Alert color="yellow">{t('teamMember.notificSettings.noSeller')}</Alert> : (
        <>
          <Card withBorder padding="md" radius="md">
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('teamMember.notificSettings.type')}</Table.Th>
                  <Table.Th w={110}>{t('teamMember.notificSettings.email')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(draft ?? []).map((s) => (
                  <Table.Tr key={s.type} data-testid="team-member-notific-setting" data-type={s.type}>
                    <Table.Td>
                      <Group gap="xs">
                        <Text size="sm" fw={500}>{t(`teamMember.notificSettings.types.${s.type}`)}</Text>
                        {!s.available && <Badge size="xs" color="gray">{t('teamMember.notificSettings.unavailable')}</Badge>}
                      </Group>
                      <Text size="xs" c="dimmed">{t(`teamMember.notificSettings.help.${s.type}`)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        checked={s.email} disabled={!s.available} onChange={(e) => change(s.type, e.currentTarget.checked)}
                        aria-label={`${t(`teamMember.notificSettings.types.${s.type}`)}: ${t('teamMember.notificSettings.email')}`}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Group justify="flex-end">
            <Button onClick={() => draft && save.mutate(draft)} loading={save.isPending} disabled={!draft} data-testid="team-member-notific-settings-save">
              {t('teamMember.notificSettings.save')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  )
}
