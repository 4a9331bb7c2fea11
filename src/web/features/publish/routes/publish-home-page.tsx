import { Badge, Card, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { currentProfile } from '../../../lib/profiles'
import { useMe } from '../../../lib/session'

// /publish: the publisher's start page. Programs, commissions and payouts arrive with the affiliate work.
export function PublishHomePage() {
  const { t } = useTranslation()
  const user = useMe().data
  if (!user) return null
  const profile = currentProfile(user)
  const platformAffiliate = profile?.type === 'platform_affiliate'
  return (
    <Stack gap="lg" data-testid="publish-home">
      <Stack gap={4}>
        <Title order={2}>{t('publish.welcome', { name: user.firstName })}</Title>
        <Text c="dimmed">{platformAffiliate ? t('publish.leadAffiliate') : t('publish.lead')}</Text>
      </Stack>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="xs">
          <Title order={3} fz="lg">{t('publish.programsTitle')} <Badge variant="light" color="gray" ml={6}>{t('soon.badge')}</Badge></Title>
          <Text size="sm" c="dimmed">{t('publish.programsText')}</Text>
        </Stack>
      </Card>
    </Stack>
  )
}
