import { Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { currentProfile } from '../../../lib/profiles'
import { useMe } from '../../../lib/session'
import { TeamInvites } from '../components/team-invites'

// /team_member: invitations to accept or decline, and the sellers the user works for (pick one).
export function TeamMemberHomePage() {
  const { t } = useTranslation()
  const user = useMe().data
  if (!user) return null
  const profile = currentProfile(user)
  const seller = profile?.type === 'team_member' ? profile.name ?? profile.sellerUsername : null
  return (
    <Stack gap="lg" data-testid="team-member-home">
      <Stack gap={4}>
        <Title order={2}>{t('teamMember.welcome', { name: user.firstName })}</Title>
        <Text c="dimmed">{seller ? t('teamMember.forSeller', { seller }) : t('teamMember.noSeller')}</Text>
      </Stack>
      <TeamInvites />
    </Stack>
  )
}

/** /team_member/invites: the open invitations only. */
export function TeamMemberInvitesPage() {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" data-testid="team-member-invites">
      <Title order={2}>{t('nav.team_member.invites')}</Title>
      <TeamInvites only="invites" />
    </Stack>
  )
}
