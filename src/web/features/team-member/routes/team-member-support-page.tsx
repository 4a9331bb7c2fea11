import { Accordion, Anchor, Card, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

// /team_member/support: whom to ask and answers about rights, several sellers, removal and payouts
// (docs/decisions/0053-team-members.md).

const questions = ['rights', 'sellers', 'removed', 'audit', 'payouts'] as const

export function TeamMemberSupportPage() {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" maw={820} data-testid="team-member-support">
      <Title order={2}>{t('teamMember.support.title')}</Title>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="xs">
          <Text fw={600}>{t('teamMember.support.contactTitle')}</Text>
          <Text size="sm">{t('teamMember.support.contactSeller')}</Text>
          <Text size="sm">
            {t('teamMember.support.contactPlatform')}{' '}
            <Anchor component={Link} to="/imprint" size="sm">{t('teamMember.support.imprint')}</Anchor>
          </Text>
        </Stack>
      </Card>
      <Title order={3} fz="lg">{t('teamMember.support.faq')}</Title>
      <Accordion variant="separated">
        {questions.map((key) => (
          <Accordion.Item key={key} value={key}>
            <Accordion.Control>{t(`teamMember.support.questions.${key}.q`)}</Accordion.Control>
            <Accordion.Panel><Text size="sm">{t(`teamMember.support.questions.${key}.a`)}</Text></Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  )
}
