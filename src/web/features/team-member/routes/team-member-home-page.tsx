import { Badge, Card, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { currentProfile } from '../../../lib/profiles'
import { useMe } from '../../../lib/session'

// /team_member: whom the team member works for, and what arrives next.
export function TeamMemberHomePage() {
  const { t } = useTranslation()
  const user = useMe().data
  if (!user) return null
  const profile = currentProfile(user)
  const seller = profile?.name ?? profile?.sellerUsername
  return (
    <Stack gap="lg" data-testid="team-member-home">
      <Stack gap={4}>
        <Title order={2}>{t('teamMember.welcome', { name: user.firstName })}</Title>
        <Text c="dimmed">{seller ? t('teamMember.forSeller', { seller }) : t('teamMember.noSeller')}</Text>
      </Stack>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="xs">
          <Title order={3} fz="lg">{t('teamMember.workTitle')} <Badge variant="light" color="gray" ml={6}>{t('soon.badge')}</Badge></Title>
          <Text size="sm" c="dimmed">{t('teamMember.workText')}</Text>
        </Stack>
      </Card>
    </Stack>
  )
}
