import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { IconUserShare } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { AdminUserAction } from '../../../../shared/schemas/admin-users'
import { useConfirm } from '../../../components/confirm-modal'
import { FormError } from '../../../components/form-error'
import { NotFoundState } from '../../../components/not-found-state'
import { formatDateTime } from '../../../lib/format'
import { updateSeller } from '../api/update-seller'
import { SellerFeaturesSection } from '../components/seller-features-section'
import { adminUserQuery, adminUsersKey, runUserAction, startAdminMode, type AdminUserDetail } from '../api/users'
import { AccountStateBadge } from './users-page'

// /admin/users/$id: one user (docs/decisions/0056-managers-admin-mode.md): profiles, states, last sign-in and
// sessions; the actions the account's states allow (each confirmed first), power seller for a seller, and
// "act as this user" (admin mode), which opens the user's area with the admin mode banner on every page.

type StateAction = Exclude<AdminUserAction, 'admin_mode'>
const actionColor: Record<StateAction, string> = {
  block: 'red', unblock: 'green', deactivate: 'orange', reactivate: 'green', start_deletion: 'red', complete_deletion: 'red',
}

function Facts({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useTranslation()
  const when = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '–')
  const rows: [string, React.ReactNode][] = [
    [t('adminUsers.fields.email'), user.email],
    [t('adminUsers.fields.username'), user.username ?? '–'],
    [t('adminUsers.fields.state'), <AccountStateBadge key="state" user={user} />],
    [t('adminUsers.fields.deletionState'), <span key="deletion" data-testid="user-deletion-state">{t(`adminUsers.deletionStates.${user.deletionState}`)}</span>],
    [t('adminUsers.fields.confirmed'), user.confirmed ? t('sellers.filters.yes') : t('sellers.filters.no')],
    [t('adminUsers.fields.lastSignIn'), when(user.lastSignInAt)],
    [t('adminUsers.fields.deactivatedAt'), when(user.deactivatedAt)],
    [t('adminUsers.fields.createdAt'), when(user.createdAt)],
  ]
  return (
    <Table withRowBorders={false} verticalSpacing={4} maw={640}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}><Table.Td c="dimmed" w={200}>{label}</Table.Td><Table.Td>{value}</Table.Td></Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

export function UserPage() {
  const { t, i18n } = useTranslation()
  const { id } = useParams({ strict: false }) as { id: string }
  const userId = Number(id)
  const queryClient = useQueryClient()
  const user = useQuery({ ...adminUserQuery(userId), enabled: Number.isInteger(userId) && userId > 0 })
  const { confirm, modal } = useConfirm()
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminUsersKey })
  const act = useMutation({
    mutationFn: (action: StateAction) => runUserAction(userId, action),
    onSuccess: (next) => {
      queryClient.setQueryData(adminUserQuery(userId).queryKey, next)
      void refresh()
      notifications.show({ color: 'green', autoClose: 4000, message: t('adminUsers.done') })
    },
  })
  const power = useMutation({
    mutationFn: (value: boolean) => updateSeller(user.data!.sellerId!, { power_seller: value }),
    onSuccess: () => void refresh(),
  })
  const adminMode = useMutation({
    mutationFn: () => startAdminMode(userId),
    // a full page load: nothing of the manager's screens stays cached while acting as the user
    onSuccess: (answer) => window.location.assign(answer.adminMode.redirectTo),
  })

  if (user.isError) return <NotFoundState homePath="/admin/users" homeLabel={t('adminUsers.back')} />
  const u = user.data
  if (!u) return null
  const name = `${u.firstName} ${u.lastName}`
  const ask = (action: StateAction) => confirm({
    name, title: t(`adminUsers.actions.${action}.title`, { name }), text: t(`adminUsers.actions.${action}.text`),
    confirmLabel: t(`adminUsers.actions.${action}.label`), onConfirm: () => act.mutate(action),
  })

  return (
    <Stack gap="lg" data-testid="admin-user-page">
      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/admin/users" />}>{t('adminUsers.back')}</Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>{name}</Title>
          <Text c="dimmed">{u.profileTypes.map((p) => t(`profileTypes.${p}`)).join(', ') || t('adminUsers.noProfile')}</Text>
        </Stack>
        {u.actions.includes('admin_mode') && (
          <Button leftSection={<IconUserShare size={16} />} onClick={() => adminMode.mutate()} loading={adminMode.isPending} data-testid="start-admin-mode">
            {t('adminMode.start')}
          </Button>
        )}
      </Group>
      <FormError error={act.error ?? power.error ?? adminMode.error} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Facts user={u} />
            {u.sellerId != null && (
              <Switch
                label={t('adminUsers.powerSeller')} checked={u.powerSeller ?? false} disabled={power.isPending}
                onChange={(e) => power.mutate(e.currentTarget.checked)} data-testid="user-power-seller"
              />
            )}
          </Stack>
        </Card>
        <Card withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Text fw={600}>{t('adminUsers.actionsTitle')}</Text>
            {u.deletionBlockers.length > 0 && u.deletionState === 'deletion_requested' && (
              <Alert color="yellow">{t('adminUsers.blockers', { blockers: u.deletionBlockers.join(', ') })}</Alert>
            )}
            <Group gap="xs">
              {u.actions.filter((a): a is StateAction => a !== 'admin_mode').map((action) => (
                <Button key={action} variant="light" color={actionColor[action]} onClick={() => ask(action)} loading={act.isPending && act.variables === action} data-testid={`user-action-${action}`}>
                  {t(`adminUsers.actions.${action}.label`)}
                </Button>
              ))}
              {u.actions.length === 0 && <Text size="sm" c="dimmed">{t('adminUsers.noActions')}</Text>}
            </Group>
          </Stack>
        </Card>
      </SimpleGrid>
      {u.sellerId != null && <SellerFeaturesSection sellerId={u.sellerId} />}
      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm">
          <Text fw={600}>{t('adminUsers.profilesTitle')}</Text>
          <Group gap="xs">
            {u.profiles.map((p) => (
              <Badge key={p.id} variant="light">{p.sellerUsername ? `${t(`profileTypes.${p.type}`)} · ${p.sellerUsername}` : t(`profileTypes.${p.type}`)}</Badge>
            ))}
          </Group>
          <Text fw={600} mt="sm">{t('adminUsers.sessionsTitle')}</Text>
          <Table striped data-testid="user-sessions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminUsers.sessions.createdAt')}</Table.Th><Table.Th>{t('adminUsers.sessions.lastUsedAt')}</Table.Th>
                <Table.Th>{t('adminUsers.sessions.client')}</Table.Th><Table.Th>{t('adminUsers.sessions.ended')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {u.sessions.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{formatDateTime(s.createdAt, i18n.language)}</Table.Td>
                  <Table.Td>{formatDateTime(s.lastUsedAt, i18n.language)}</Table.Td>
                  <Table.Td><Text size="xs" lineClamp={1}>{[s.ip, s.userAgent].filter(Boolean).join(' · ') || '–'}</Text></Table.Td>
                  <Table.Td>{s.revokedAt ? `${formatDateTime(s.revokedAt, i18n.language)} (${s.revokedReason ?? ''})` : t('adminUsers.sessions.open')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {u.sessions.length === 0 && <Text size="sm" c="dimmed">{t('adminUsers.sessions.none')}</Text>}
        </Stack>
      </Card>
      {modal}
    </Stack>
  )
}
