import { Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { CreditMemosSection, TransfersList } from '../components/money-lists'

// /publish/transfers: every ledger movement of the publisher's balance and their credit memos. The balance,
// payouts and payout settings pages are the payouts module's (src/web/features/payouts).

export function PublisherTransfersPage() {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" data-testid="publisher-transfers">
      <Title order={2}>{t('publisher.transfers.title')}</Title>
      <Text c="dimmed" size="sm">{t('publisher.transfers.lead')}</Text>
      <TransfersList />
      <CreditMemosSection />
    </Stack>
  )
}
