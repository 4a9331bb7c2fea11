import { Alert, Anchor, List, Text } from '@mantine/core'
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { PayoutArea, PayoutsBalance } from '../api/payouts'

// The payout availability in plain words, with what is missing and where to do it (the identity and bank
// account pages of the same area; docs/decisions/0049-money-out.md "Availability").

type Availability = NonNullable<PayoutsBalance['availability']>
type Missing = Availability['missing'][number]

const payoutValues = ['payouts', 'payments_payouts']

function MissingLine({ area, item }: { area: PayoutArea; item: Missing }) {
  const { t } = useTranslation()
  const toBank = item.kind === 'bank_account' || item.kind === 'bank_account_review'
  const text = item.kind === 'document'
    ? t(item.refused ? 'moneyPayouts.missing.documentRefused' : 'moneyPayouts.missing.document', { document: item.document ?? '' })
    : t(`moneyPayouts.missing.${item.kind}`, { state: item.state ?? '' })
  return (
    <List.Item>
      {text}{' '}
      {item.kind !== 'provider' && item.kind !== 'review' && item.kind !== 'bank_account_review' && (
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to={toBank ? `/${area}/bank_accounts` : `/${area}/identity`} />} data-testid={`missing-link-${item.kind}`}>
          {t(toBank ? 'moneyPayouts.missing.toBank' : 'moneyPayouts.missing.toIdentity')}
        </Anchor>
      )}
    </List.Item>
  )
}

export function BalanceAvailability({ area, availability }: { area: PayoutArea; availability: Availability }) {
  const { t } = useTranslation()
  if (payoutValues.includes(availability.value)) {
    return <Alert color="green" variant="light" icon={<IconCircleCheck size={20} />} data-testid="payout-availability" data-value={availability.value}>{t('moneyPayouts.availability.ready')}</Alert>
  }
  return (
    <Alert color={availability.value === 'rejected' ? 'red' : 'blue'} variant="light" icon={<IconInfoCircle size={20} />} title={t(`moneyPayouts.availability.${availability.value}`)} data-testid="payout-availability" data-value={availability.value}>
      {availability.missing.length > 0 ? (
        <>
          <Text size="sm">{t('moneyPayouts.availability.missing')}</Text>
          <List size="sm">{availability.missing.map((item, i) => <MissingLine key={i} area={area} item={item} />)}</List>
        </>
      ) : <Text size="sm">{t('moneyPayouts.availability.contact')}</Text>}
    </Alert>
  )
}
