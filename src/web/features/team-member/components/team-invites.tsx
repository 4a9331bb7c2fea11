import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../components/form-error'
import { meKey, switchProfile } from '../../../lib/session'
import { acceptInvite, declineInvite, invitesKey, invitesQuery, type TeamInvite } from '../api/invites'

// Invitations to the signed-in user's address (accept or decline) and the sellers they work for (pick one:
// the session switches to that team member profile and the seller's cabinet opens),
// docs/decisions/0053-team-members.md.

function levelsText(invite: TeamInvite, t: (key: string, options?: Record<string, unknown>) => string): string {
  // A sales team member prepares deals for a fee (docs/decisions/0054-sales-team-and-deals.md).
  if (invite.kind === 'sales') return t('teamMember.salesFee', { fee: (invite.feeBps ?? 0) / 100 })
  return Object.entries(invite.permissions).filter(([, level]) => level !== 'none')
    .map(([area, level]) => `${t(`team.areas.${area}`)}: ${t(`team.levels.${level}`)}`).join(', ') || t('team.levels.none')
}

export function TeamInvites({ only }: { only?: 'invites' }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const invites = useQuery(invitesQuery())
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: invitesKey })
    await queryClient.invalidateQueries({ queryKey: meKey })
  }
  const accept = useMutation({ mutationFn: acceptInvite, onSuccess: refresh })
  const decline = useMutation({ mutationFn: declineInvite, onSuccess: refresh })
  const work = useMutation({
    mutationFn: (invite: TeamInvite) => switchProfile(invite.profileId!),
    onSuccess: (_, invite) => void navigate({ to: invite.kind === 'sales' ? '/team_member/deals' : '/cabinet' }),
  })
  const list = invites.data?.list ?? []
  const open = list.filter((i) => i.state === 'invited')
  const sellers = list.filter((i) => i.state === 'active' && i.profileId !== null)
  return (
    <Stack gap="lg">
      <Stack gap="sm" data-testid="team-invites">
        <Title order={3} fz="lg">{t('teamMember.invitesTitle')}</Title>
        <FormError error={accept.error ?? decline.error} />
        {invites.isSuccess && open.length === 0 && <Text c="dimmed" size="sm">{t('teamMember.noInvites')}</Text>}
        {open.map((invite) => (
          <Card key={invite.id} withBorder padding="md" radius="md" data-testid="team-invite">
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Text fw={600}>{t('teamMember.invitedBy', { seller: invite.seller.name })}</Text>
                <Text size="xs" c="dimmed">{levelsText(invite, t)}</Text>
              </Stack>
              <Group gap="xs">
                <Button variant="default" loading={decline.isPending} onClick={() => decline.mutate(invite.id)} data-testid="invite-decline">{t('teamMember.decline')}</Button>
                <Button loading={accept.isPending} onClick={() => accept.mutate(invite.id)} data-testid="invite-accept">{t('teamMember.accept')}</Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
      {only !== 'invites' && (
        <Stack gap="sm" data-testid="team-sellers">
          <Title order={3} fz="lg">{t('teamMember.sellersTitle')}</Title>
          {invites.isSuccess && sellers.length === 0 && <Text c="dimmed" size="sm">{t('teamMember.noSellers')}</Text>}
          {work.error != null && <Alert color="red"><FormError error={work.error} /></Alert>}
          {sellers.map((invite) => (
            <Card key={invite.id} withBorder padding="md" radius="md" data-testid="team-seller">
              <Group justify="space-between" align="flex-start">
                <Stack gap={2}>
                  <Group gap="xs"><Text fw={600}>{invite.seller.name}</Text><Badge variant="light">@{invite.seller.username}</Badge></Group>
                  <Text size="xs" c="dimmed">{levelsText(invite, t)}</Text>
                </Stack>
                <Button loading={work.isPending} onClick={() => work.mutate(invite)} data-testid="work-for-seller">{t('teamMember.workFor')}</Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
