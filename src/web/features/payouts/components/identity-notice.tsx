import { Alert, Button, Group, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { legitimationQuery, type PartyArea } from '../api/identity'

// A short notice on the area's home while the identity check still needs the party (docs/decisions/0049-money-out.md
// "Availability"): documents missing or the check rejected. Nothing once it is submitted or confirmed.
export function IdentityNotice({ area }: { area: PartyArea }) {
  const { t } = useTranslation()
  const legitimation = useQuery({ ...legitimationQuery(area, { silent: true }), retry: false })
  const value = legitimation.data?.availability.value
  if (value !== 'no_documents' && value !== 'rejected') return null
  return (
    <Alert color={value === 'rejected' ? 'red' : 'blue'} title={t('moneyIdentity.title')} data-testid="identity-notice">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t(`moneyIdentity.availability.${value}`)}</Text>
        <Button size="xs" variant="light" renderRoot={(props) => <Link {...props} to={`/${area}/identity`} />} data-testid="identity-notice-link">
          {t('moneyIdentity.dashboardLink')}
        </Button>
      </Group>
    </Alert>
  )
}
