import { Alert, Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconChartBar, IconLink, IconUserPlus } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { hasProfileType } from '../../../lib/profiles'
import { useMe } from '../../../lib/session'

// /users/ablefy_affiliate (the spec's route name): the platform's own program for publishers, under the
// product's name. Signed out: sign up as a platform affiliate (/users/sign_up?profile_type=platform_affiliate).
// Signed in without that profile: `addProfile` (composed in src/web/app) adds it to the account.

export function PlatformAffiliatePage({ addProfile }: { addProfile?: ReactNode }) {
  const { t } = useTranslation()
  const me = useMe()
  const user = me.data
  const steps = [
    { icon: IconUserPlus, key: 'signUp' },
    { icon: IconLink, key: 'share' },
    { icon: IconChartBar, key: 'earn' },
  ] as const
  return (
    <Stack gap="xl" maw={860} mx="auto" py="xl" px="md" data-testid="platform-affiliate-page">
      <Stack gap="xs">
        <Title order={1}>{t('publisher.platformPage.title')}</Title>
        <Text size="lg" c="dimmed">{t('publisher.platformPage.subtitle')}</Text>
      </Stack>
      <Text>{t('publisher.platformPage.text')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {steps.map(({ icon: Icon, key }) => (
          <Card key={key} withBorder padding="lg" radius="md">
            <Stack gap="xs">
              <ThemeIcon variant="light" size="lg"><Icon size={20} /></ThemeIcon>
              <Text fw={600}>{t(`publisher.platformPage.steps.${key}.title`)}</Text>
              <Text size="sm" c="dimmed">{t(`publisher.platformPage.steps.${key}.text`)}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="xs">
          <Text fw={600}>{t('publisher.platformPage.factsTitle')}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('publisher.platformPage.facts.free')}</List.Item>
            <List.Item>{t('publisher.platformPage.facts.link')}</List.Item>
            <List.Item>{t('publisher.platformPage.facts.statistics')}</List.Item>
            <List.Item>{t('publisher.platformPage.facts.age')}</List.Item>
          </List>
        </Stack>
      </Card>
      {user ? (
        hasProfileType(user, 'platform_affiliate') ? (
          <Alert color="teal" variant="light">
            {t('affiliate.already')}{' '}
            <Anchor component={Link} to="/publish/affiliate_marketplace" search={{ tab: 'affiliate' } as never}>{t('affiliate.openArea')}</Anchor>
          </Alert>
        ) : addProfile
      ) : (
        <Group>
          <Button size="md" component={Link} to="/users/sign_up" search={{ profile_type: 'platform_affiliate' } as never} data-testid="platform-affiliate-sign-up">
            {t('publisher.platformPage.signUp')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('affiliate.haveAccount')}{' '}
            <Anchor underline="always" size="sm" component={Link} to="/users/sign_in" search={{ return_to: '/users/ablefy_affiliate' } as never}>{t('auth.signIn')}</Anchor>
          </Text>
        </Group>
      )}
    </Stack>
  )
}
