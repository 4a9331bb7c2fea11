import { Accordion, Anchor, Card, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

// /publish/support: whom to contact and answers about commissions, cookies, levels, holds and payouts
// (docs/decisions/0048-affiliates.md).

const questions = ['commissions', 'cookies', 'levels', 'hold', 'refunds', 'payouts', 'birthday'] as const

export function PublisherSupportPage() {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" maw={820} data-testid="publisher-support">
      <Title order={2}>{t('publisher.support.title')}</Title>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="xs">
          <Text fw={600}>{t('publisher.support.contactTitle')}</Text>
          <Text size="sm">{t('publisher.support.contactSeller')}</Text>
          <Text size="sm">
            {t('publisher.support.contactPlatform')}{' '}
            <Anchor component={Link} to="/imprint" size="sm">{t('publisher.support.imprint')}</Anchor>
          </Text>
        </Stack>
      </Card>
      <Title order={3} fz="lg">{t('publisher.support.faq')}</Title>
      <Accordion variant="separated">
        {questions.map((key) => (
          <Accordion.Item key={key} value={key}>
            <Accordion.Control>{t(`publisher.support.questions.${key}.q`)}</Accordion.Control>
            <Accordion.Panel><Text size="sm">{t(`publisher.support.questions.${key}.a`)}</Text></Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  )
}
